package engine

import (
	"github.com/cqlplay/cqlplay/engine/layout"
	"github.com/cqlplay/cqlplay/engine/query"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// travelBounded finishes LayoutAtBounded on t, the copy standing right
// before statement n (at: it got there): it keeps a snapshot of that
// state, runs statement n (step, which reports whether it ran), and
// renders the state after it within bounds. Its changes compare only the
// partitions that may differ, so that a step through a script of 100,000
// rows builds a few partitions rather than every row twice: those the
// statement wrote (copy on write gives each a new *store.Partition, so an
// unchanged one is the snapshot's own), and every partition the view
// lists whole (small enough, among the partitions a table lists), where a
// TTL that ran out between the two states shows too, as LayoutAt's full
// comparison shows it.
func (t *Session) travelBounded(form, table string, n int, bounds *layout.Bounds, at bool, step func() bool) (string, []Change, []layout.Elision, error) {
	var before *query.DB
	if at {
		before = t.db.Fork()
	}
	ran := step()
	out, elided, err := t.LayoutBounded(form, table, bounds)
	if err != nil || before == nil || !ran {
		return out, nil, elided, err
	}
	afterTables, err := t.layoutTables(table)
	if err != nil {
		return out, nil, elided, nil
	}
	beforeTables, _ := (&Session{db: before}).layoutTables(table)
	// The partitions to compare, by table and key: the written ones and the
	// small ones, of either state.
	pick := map[string]bool{}
	// A small partition past the partitions a table lists is not shown:
	// only a write of it counts.
	small := func(i int, p *store.Partition) bool {
		return p.Len() <= bounds.Rows && (bounds.Partitions <= 0 || i < bounds.Partitions)
	}
	afterData, beforeData := t.db.Tables(), before.Tables()
	byName := map[string]*store.Table{}
	for _, bt := range beforeTables {
		byName[bt.Qualified()] = beforeData[bt]
	}
	for _, at := range afterTables {
		name := at.Qualified()
		bs, as := byName[name], afterData[at]
		if as != nil {
			i := 0
			as.Ascend(func(p *store.Partition) bool {
				var bp *store.Partition
				if bs != nil {
					bp = bs.Partition(p.Key)
				}
				i++
				if bp != p || small(i-1, p) {
					pick[name+"\x00"+string(p.Key)] = true
				}
				return true
			})
		}
		if bs != nil {
			i := 0
			bs.Ascend(func(p *store.Partition) bool {
				i++
				if as == nil || as.Partition(p.Key) != p || small(i-1, p) {
					pick[name+"\x00"+string(p.Key)] = true
				}
				return true
			})
		}
	}
	keep := func(tb *schema.Table, p *store.Partition) bool { return pick[tb.Qualified()+"\x00"+string(p.Key)] }
	var prior storageEntries
	prior.prints = map[string]string{}
	entries(layout.BuildOnly(before, beforeTables, keep), func(k, print string) {
		prior.prints[k] = print
		prior.keys = append(prior.keys, k)
	})
	return out, diffEntries(prior, layout.BuildOnly(t.db, afterTables, keep)), elided, nil
}
