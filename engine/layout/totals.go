package layout

import (
	"math"

	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// totals is what the views say of a partition as a whole, whatever rows
// they list: its estimated size, its cells and its live rows. Counting
// them walks every row (76 ms in WebAssembly for lesson 08's 100,000
// rows, on every keystroke), so they are kept as the partition's memo
// (store/memo.go), which any write of the partition drops: a partition no
// statement changed, the same object in every snapshot that shares it, is
// counted once.
type totals struct {
	// bytes is the partition's estimated size (size.go), rowBytes its
	// clustering rows' part of it.
	bytes, rowBytes int
	// live is the partition's LiveRows (a static row alone counts one).
	live int
	// cells counts the stored cells by column ID, the static row's
	// included: which columns still exist is the schema's, not the
	// partition's (cellsOf).
	cells []int
	// live holds at a clock (seconds) in [from, until): no marker or cell
	// of the partition expires in between.
	from, until int64
}

// totalsOf returns p's totals at now (seconds), counted once for as long as
// p is unchanged and no TTL in it runs out.
func totalsOf(p *store.Partition, now int64) *totals {
	if m, ok := p.Memo().(*totals); ok && m.from <= now && now < m.until {
		if checkTotals {
			verifyTotals(p, m, now)
		}
		return m
	}
	m := countTotals(p, now)
	p.SetMemo(m)
	return m
}

// countTotals walks p: its size as size.go estimates it, its cells, and its
// rows live at now.
func countTotals(p *store.Partition, now int64) *totals {
	m := &totals{from: math.MinInt64, until: math.MaxInt64}
	m.bytes = partitionHeaderSize(p)
	if p.Static != nil && !p.Static.IsEmpty() {
		m.bytes += rowSize(p.Static)
		m.count(p.Static, now)
	}
	p.Ascend(store.All, func(r *store.Row) bool {
		m.rowBytes += rowSize(r)
		if r.HasLiveData(now, p.DeletionAt(r.Clustering).Max(r.Deletion())) {
			m.live++
		}
		m.count(r, now)
		return true
	})
	m.bytes += m.rowBytes
	for _, rt := range p.Ranges {
		m.bytes += rangeMarkerSize(rt.Start.Prefix) + rangeMarkerSize(rt.End.Prefix)
	}
	if m.live == 0 && p.Static != nil && p.Static.HasLiveData(now, p.Deletion.Max(p.Static.Deletion())) {
		m.live = 1 // SELECT * returns the static row alone
	}
	return m
}

// count adds r's cells, and narrows the clock range to the expiries
// around now of its marker and cells.
func (m *totals) count(r *store.Row, now int64) {
	if r.Marker.TS != store.NoTimestamp && r.Marker.TTL > 0 {
		m.around(int64(r.Marker.Expires), now)
	}
	for i := range r.Cells {
		c := &r.Cells[i]
		for int(c.Col) >= len(m.cells) {
			m.cells = append(m.cells, 0)
		}
		m.cells[c.Col]++
		if !c.Tombstone && c.TTL > 0 {
			m.around(int64(c.LocalTime), now)
		}
	}
}

// around narrows [from, until) to the side of an expiry at e where now is:
// whatever expires at e is expired from e on (Cell.IsLive, Liveness.IsLive).
func (m *totals) around(e, now int64) {
	if e <= now {
		m.from = max(m.from, e)
	} else {
		m.until = min(m.until, e)
	}
}

// cellsOf counts the cells of t's columns: a dropped column's are stored
// until a re-added column of its name purges them, and no view shows them.
func (m *totals) cellsOf(t *schema.Table) int {
	n := 0
	for id, k := range m.cells {
		if k > 0 && t.ColumnByID(id) != nil {
			n += k
		}
	}
	return n
}
