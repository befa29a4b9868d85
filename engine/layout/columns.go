package layout

import (
	"sort"

	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// colData is one column's data in a row: its cells (one, or one per
// collection element in the collection's order) and its collection tombstone.
type colData struct {
	col     *schema.Column
	cells   []store.Cell
	complex store.Deletion
}

// columnsOf groups a row's cells by column. With sstable set, the order is
// Cassandra 3+'s: simple columns by name, then collections by name; without
// it, every column by name, the legacy (cassandra-cli) comparator order.
// Cells of dropped columns are left out: Cassandra never reads them again.
// The result is appended to dst, a scratch slice the caller may reuse.
func columnsOf(dst []colData, t *schema.Table, r *store.Row, sstable bool) []colData {
	out := dst
	for i := 0; i < len(r.Cells); {
		j := i + 1
		for j < len(r.Cells) && r.Cells[j].Col == r.Cells[i].Col {
			j++
		}
		if col := t.ColumnByID(int(r.Cells[i].Col)); col != nil {
			out = append(out, colData{col: col, cells: r.Cells[i:j], complex: store.Live})
		}
		i = j
	}
	for _, cx := range r.ComplexDeletions() {
		col := t.ColumnByID(int(cx.Col))
		if col == nil {
			continue
		}
		found := false
		for k := range out {
			if out[k].col == col {
				out[k].complex = cx.Deletion
				found = true
			}
		}
		if !found {
			out = append(out, colData{col: col, complex: cx.Deletion})
		}
	}
	for k := range out {
		if out[k].col.Type.MultiCell() && len(out[k].cells) > 1 {
			out[k].cells = sortedElements(out[k].col.Type, out[k].cells)
		}
	}
	// Rows have a handful of columns: an insertion sort beats sort.Slice's
	// allocation on the 100,000-row path.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && colLess(out[j].col, out[j-1].col, sstable); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func colLess(a, b *schema.Column, sstable bool) bool {
	if sstable && a.Type.MultiCell() != b.Type.MultiCell() {
		return !a.Type.MultiCell()
	}
	return a.Name < b.Name
}

// sortedElements returns a copy of a collection's cells in the order of the
// collection's key comparator (the store keeps them in byte order).
func sortedElements(t *cqltype.Type, cells []store.Cell) []store.Cell {
	kt, _ := elementTypes(t)
	out := append([]store.Cell(nil), cells...)
	sort.SliceStable(out, func(i, j int) bool { return kt.Compare(out[i].Path(), out[j].Path()) < 0 })
	return out
}
