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
// comparison shows it. A written partition too large to list whole is
// compared on the rows the two states do not share (narrow), not on its
// thousands of others.
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
				if narrowRows && bp != nil && bp != p && !small(i-1, p) && sameClock && sameColumns(bt, at) {
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
	return out, diffEntries(prior, layout.BuildOnly(t.db, afterTables, keep, nw.keep)), elided, nil
}

// narrowRows turns narrowed on; off, the tests compare with the written
// partitions compared whole.
var narrowRows = true

// narrowed is the written partitions time travel compares on their
// unshared rows only. Copy on write gives every row a statement writes,
// or purges, a new *store.Row, and a row both states share prints the
// same in both while their clocks (in seconds: what expires) and their
// table's columns are the same; so the rows that may differ are those
// one state holds and the other does not.
type narrowed struct {
	parts   map[*store.Partition]bool
	changed map[*store.Row]bool
}

// narrow marks bp and p, a partition before and after the statement, as
// compared on the rows they do not share.
func (n *narrowed) narrow(bp, p *store.Partition) {
	if n.parts == nil {
		n.parts, n.changed = map[*store.Partition]bool{}, map[*store.Row]bool{}
	}
	n.parts[bp], n.parts[p] = true, true
	rowsOf := func(p *store.Partition) []*store.Row {
		rows := make([]*store.Row, 0, p.Len())
		p.AscendFrom(store.Bound{}, func(r *store.Row) bool {
			rows = append(rows, r)
			return true
		})
		return rows
	}
	a, b, cmp := rowsOf(bp), rowsOf(p), p.Comparator()
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(a) > 0 && len(b) > 0 && a[0] == b[0]:
			a, b = a[1:], b[1:]
		case len(b) == 0 || len(a) > 0 && cmp.Compare(a[0].Clustering, b[0].Clustering) < 0:
			n.changed[a[0]], a = true, a[1:]
		case len(a) == 0 || cmp.Compare(a[0].Clustering, b[0].Clustering) > 0:
			n.changed[b[0]], b = true, b[1:]
		default: // one clustering, two rows: the statement wrote it
			n.changed[a[0]], n.changed[b[0]] = true, true
			a, b = a[1:], b[1:]
		}
	}
}

// keep reports whether row r of p is built for the comparison.
func (n *narrowed) keep(p *store.Partition, r *store.Row) bool {
	return !n.parts[p] || n.changed[r]
}

// sameColumns reports whether two states of a table have the same columns
// (names and IDs): then a row they share shows the same cells in both.
func sameColumns(a, b *schema.Table) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || len(a.Columns) != len(b.Columns) {
		return false
	}
	for i, c := range a.Columns {
		if d := b.Columns[i]; c.Name != d.Name || c.ID != d.ID {
			return false
		}
	}
	return true
}
