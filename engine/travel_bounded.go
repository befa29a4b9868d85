package engine

import (
	"github.com/cqlplay/cqlplay/engine/layout"
	"github.com/cqlplay/cqlplay/engine/query"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// travelBounded finishes LayoutAtBounded on t, the copy on its way to
// statement n: it runs statement n (step, which reports whether it ran
// and leaves in before a copy of the state right before it, nil when the
// script ended sooner), and renders the state after it within bounds. Its changes compare only the
// partitions that may differ, so that a step through a script of 100,000
// rows builds a few partitions rather than every row twice: those the
// statement wrote (copy on write gives each a new *store.Partition, so an
// unchanged one is the snapshot's own), and every partition the view
// lists whole (small enough, among the partitions a table lists), where a
// TTL that ran out between the two states shows too, as LayoutAt's full
// comparison shows it. A written partition too large to list whole is
// compared on the rows the two states do not share (narrow), not on its
// thousands of others.
func (t *Session) travelBounded(form, table string, bounds *layout.Bounds, before **query.DB, step func() bool) (string, []Change, []layout.Elision, error) {
	ran := step()
	out, elided, err := t.LayoutBounded(form, table, bounds)
	if err != nil || *before == nil || !ran {
		return out, nil, elided, err
	}
	return out, t.changedBounded(table, bounds, *before), elided, nil
}

// changedBounded is what travelBounded says changed between before and
// t's state.
func (t *Session) changedBounded(table string, bounds *layout.Bounds, before *query.DB) []Change {
	afterTables, err := t.layoutTables(table)
	if err != nil {
		return nil
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
	byName := map[string]*schema.Table{}
	for _, bt := range beforeTables {
		byName[bt.Qualified()] = bt
	}
	var nw narrowed
	sameClock := before.NowSeconds() == t.db.NowSeconds()
	for _, at := range afterTables {
		name := at.Qualified()
		bt := byName[name]
		bs, as := beforeData[bt], afterData[at]
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
				if narrowRows && bp != nil && bp != p && !small(i-1, p) && sameClock && len(bt.Columns) == len(at.Columns) {
					nw.narrow(bp, p)
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
	entries(layout.BuildOnly(before, beforeTables, keep, nw.keep), func(k, print string) {
		prior.prints[k] = print
		prior.keys = append(prior.keys, k)
	})
	return diffEntries(prior, layout.BuildOnly(t.db, afterTables, keep, nw.keep))
}

// narrowRows turns narrowed on; off, the tests compare with the written
// partitions compared whole.
var narrowRows = true

// narrowed is the written partitions time travel compares on their
// unshared rows only. Copy on write gives every row a statement writes,
// or purges, a new *store.Row, and a row both states share prints the
// same in both while the clock (in seconds: what has expired) and the
// table's columns are the same in both. The one statement that writes a
// partition and changes the columns is ALTER TABLE ADD of a column
// dropped before: it purges the old cells, copying the rows that had
// some, and the rows it did not copy show the cells written after the
// drop again. Like every ADD and DROP it changes the number of columns (a
// RENAME keeps it and writes no row), which travelBounded compares. So the
// rows that may differ are those one state holds and the other does not:
// the rows met once.
type narrowed struct {
	parts []*store.Partition
	// odd holds the rows met an odd number of times: those of one state
	// only (the type of store.Owner's set, already in the module).
	odd map[*store.Row]struct{}
}

// narrow marks bp and p, a partition before and after the statement, as
// compared on the rows they do not share.
func (n *narrowed) narrow(bp, p *store.Partition) {
	if n.odd == nil {
		n.odd = map[*store.Row]struct{}{}
	}
	n.parts = append(n.parts, bp, p)
	toggle := func(r *store.Row) bool {
		if _, ok := n.odd[r]; ok {
			delete(n.odd, r)
		} else {
			n.odd[r] = struct{}{}
		}
		return true
	}
	bp.AscendFrom(store.Bound{}, toggle)
	p.AscendFrom(store.Bound{}, toggle)
}

// keep reports whether row r of p is built for the comparison.
func (n *narrowed) keep(p *store.Partition, r *store.Row) bool {
	for _, q := range n.parts {
		if q == p {
			_, ok := n.odd[r]
			return ok
		}
	}
	return true
}
