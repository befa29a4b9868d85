package store

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

func intKey(n byte) []byte { return []byte{0, 0, 0, n} }

// newCheckTable returns a table (k int, c int, v int, PRIMARY KEY (k, c))
// holding partitions 1 and 2 with two rows each.
func newCheckTable(t *testing.T) *Table {
	t.Helper()
	tab := &schema.Table{Keyspace: "ks", Name: "t"}
	tab.AddColumn(&schema.Column{Name: "k", Type: cqltype.IntType, Kind: schema.PartitionKey})
	tab.AddColumn(&schema.Column{Name: "c", Type: cqltype.IntType, Kind: schema.Clustering})
	tab.AddColumn(&schema.Column{Name: "v", Type: cqltype.IntType, Kind: schema.Regular})
	st := NewTable(tab)
	for k := byte(1); k <= 2; k++ {
		p := st.PartitionForWrite(intKey(k))
		for c := byte(1); c <= 2; c++ {
			r := p.RowForWrite([][]byte{intKey(c)})
			r.SetMarker(Liveness{TS: 10})
			p.Write(r, Cell{Col: 0, Value: intKey(c), TS: 10})
			p.Write(r, Cell{Col: 1, Value: intKey(c), TS: 10})
		}
	}
	if err := st.Check(); err != nil {
		t.Fatalf("a freshly written table fails the check: %v", err)
	}
	return st
}

func firstRow(st *Table) (*Partition, *Row) {
	var p *Partition
	st.Ascend(func(x *Partition) bool { p = x; return false })
	var r *Row
	p.Ascend(All, func(x *Row) bool { r = x; return false })
	return p, r
}

// TestCheckFindsCorruption breaks each invariant in turn and expects Check
// to name it.
func TestCheckFindsCorruption(t *testing.T) {
	tests := []struct {
		name    string
		corrupt func(st *Table)
		want    string
	}{
		{"search key left set", func(st *Table) { st.shared.rowProbe.Clustering = [][]byte{intKey(1)} }, "a search key still holds a key after its write"},
		{"wrong token", func(st *Table) { p, _ := firstRow(st); p.Token++ }, "but its key hashes to"},
		{"cells out of order", func(st *Table) {
			_, r := firstRow(st)
			r.Cells[0], r.Cells[1] = r.Cells[1], r.Cells[0]
		}, "not after the previous cell"},
		{"duplicate cell", func(st *Table) {
			_, r := firstRow(st)
			r.Cells[1].Col = r.Cells[0].Col
		}, "not after the previous cell"},
		{"cell shadowed by the row deletion", func(st *Table) {
			_, r := firstRow(st)
			r.tombs = &rowTombstones{deletion: Deletion{MarkedAt: 10}}
		}, "shadowed by a stored deletion"},
		{"row shadowed by the partition deletion", func(st *Table) {
			p, _ := firstRow(st)
			p.Deletion = Deletion{MarkedAt: 20}
		}, "row marker at 10 is shadowed"},
		{"row shadowed by a range tombstone", func(st *Table) {
			p, _ := firstRow(st)
			p.Ranges = append(p.Ranges, RangeTombstone{Slice: All, Deletion: Deletion{MarkedAt: 10}})
		}, "shadowed by a stored deletion"},
		{"empty row tombstones", func(st *Table) {
			_, r := firstRow(st)
			r.tombs = &rowTombstones{deletion: Live}
		}, "holds an empty set of row tombstones"},
		{"empty row", func(st *Table) {
			_, r := firstRow(st)
			r.Cells, r.Marker = nil, NoLiveness
		}, "is stored but empty"},
		{"wrong clustering arity", func(st *Table) {
			_, r := firstRow(st)
			r.Clustering = append(r.Clustering, intKey(9))
		}, "clustering values"},
		{"collection element shadowed by its collection deletion", func(st *Table) {
			_, r := firstRow(st)
			r.Cells[1].SetPath([]byte{1})
			r.tombs = &rowTombstones{deletion: Live, complex: []ComplexDeletion{{Col: 1, Deletion: Deletion{MarkedAt: 10}}}}
		}, "shadowed by its collection's stored deletion"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newCheckTable(t)
			tt.corrupt(st)
			err := st.Check()
			if err == nil {
				t.Fatalf("Check found nothing")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Check = %v\nwant a problem containing %q", err, tt.want)
			}
		})
	}
}
