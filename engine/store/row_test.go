package store

import (
	"bytes"
	"testing"
	"unsafe"
)

// TestStoredSizes pins the sizes a stored row is made of: a table of small
// rows is these structs and little else (docs/performance-history.md, "heap per
// row"), so a field added to one of them shows up here first. The sizes are
// those of 64-bit platforms, WebAssembly included.
func TestStoredSizes(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("sizes pinned for 64-bit pointers")
	}
	tests := []struct {
		name      string
		got, want uintptr
	}{
		{"Cell", unsafe.Sizeof(Cell{}), 56},
		{"Liveness", unsafe.Sizeof(Liveness{}), 16},
		{"Row", unsafe.Sizeof(Row{}), 72},
		{"Row with a one-value key", unsafe.Sizeof(rowKey1{}), 96},
		{"Row with a two-value key", unsafe.Sizeof(rowKey2{}), 120},
		{"W1's packed row (one-value key, two cells, 32 bytes)", unsafe.Sizeof(packedRow[[1][]byte, [2]Cell]{}), 240},
		{"Partition", unsafe.Sizeof(Partition{}), 112}, // 112 bytes is the size class 104 was in
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s is %d bytes, want %d", tt.name, tt.got, tt.want)
		}
	}
}

// TestRowOwnsKeyHeaders checks that a new row keeps its own copy of the
// key's slice headers for every key length, so a caller may reuse the slice
// it passed, and that the static row and a table without clustering columns
// keep their nil and empty keys.
func TestRowOwnsKeyHeaders(t *testing.T) {
	for n := 0; n <= 3; n++ {
		key := make([][]byte, n)
		for i := range key {
			key[i] = []byte{byte(i)}
		}
		r := newRow(key)
		for i := range key {
			key[i] = []byte{99}
		}
		if len(r.Clustering) != n || r.Clustering == nil {
			t.Fatalf("%d values: row key %v", n, r.Clustering)
		}
		for i, v := range r.Clustering {
			if !bytes.Equal(v, []byte{byte(i)}) {
				t.Errorf("%d values: value %d is %v after the caller reused its slice, want [%d]", n, i, v, i)
			}
		}
		if r.Marker != NoLiveness || !r.Deletion().IsLive() || !r.IsEmpty() {
			t.Errorf("%d values: a new row is not empty: marker %v, deletion %v", n, r.Marker, r.Deletion())
		}
	}
	if r := newRow(nil); r.Clustering != nil {
		t.Errorf("the static row's key is %v, want nil", r.Clustering)
	}
}

// TestRowTombstones follows a row's rare part through the writes that set
// and purge it: it exists exactly while the row has a row deletion or a
// collection deletion, so an ordinary row pays one nil pointer.
func TestRowTombstones(t *testing.T) {
	d := func(at int64) Deletion { return Deletion{MarkedAt: at, LocalTime: 100 + at} }
	tests := []struct {
		name        string
		apply       func(r *Row)
		wantDel     Deletion
		wantComplex []ComplexDeletion
	}{
		{"none", func(r *Row) {}, Live, nil},
		{"row deletion", func(r *Row) { r.Delete(d(5)) }, d(5), nil},
		{"older row deletion ignored", func(r *Row) { r.Delete(d(5)); r.Delete(d(4)) }, d(5), nil},
		{"collection deletions sorted by column", func(r *Row) {
			r.DeleteComplex(3, d(5))
			r.DeleteComplex(1, d(6))
			r.DeleteComplex(3, d(7))
		}, Live, []ComplexDeletion{{Col: 1, Deletion: d(6)}, {Col: 3, Deletion: d(7)}}},
		{"collection deletion under the row deletion dropped", func(r *Row) {
			r.Delete(d(5))
			r.DeleteComplex(1, d(5))
		}, d(5), nil},
		{"newer row deletion purges older collection deletions", func(r *Row) {
			r.DeleteComplex(1, d(5))
			r.DeleteComplex(2, d(8))
			r.Delete(d(6))
		}, d(6), []ComplexDeletion{{Col: 2, Deletion: d(8)}}},
		{"purge by a partition deletion empties it", func(r *Row) {
			r.Delete(d(5))
			r.DeleteComplex(1, d(6))
			r.purge(d(9))
		}, Live, nil},
		{"compaction past gc grace empties it", func(r *Row) {
			r.Delete(d(5))
			r.DeleteComplex(1, d(6))
			if n := r.Compact(1000, 1000); n != 2 {
				t.Errorf("Compact purged %d tombstones, want 2", n)
			}
		}, Live, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRow([][]byte{{1}})
			tt.apply(r)
			if got := r.Deletion(); got != tt.wantDel {
				t.Errorf("Deletion() = %v, want %v", got, tt.wantDel)
			}
			got := r.ComplexDeletions()
			if len(got) != len(tt.wantComplex) {
				t.Fatalf("ComplexDeletions() = %v, want %v", got, tt.wantComplex)
			}
			for i := range got {
				if got[i] != tt.wantComplex[i] {
					t.Errorf("ComplexDeletions()[%d] = %v, want %v", i, got[i], tt.wantComplex[i])
				}
			}
			if wantNil := tt.wantDel.IsLive() && len(tt.wantComplex) == 0; (r.tombs == nil) != wantNil {
				t.Errorf("rare part allocated = %v, want %v", r.tombs != nil, !wantNil)
			}
		})
	}
}

// TestCellPath checks that a path is kept as given: an empty path still
// makes a collection element (a set of one empty blob), and nil makes a
// column's value again.
func TestCellPath(t *testing.T) {
	tests := []struct {
		name string
		path []byte
	}{
		{"column value", nil},
		{"empty element key", []byte{}},
		{"element key", []byte{0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Cell{Value: []byte{7}, TS: 1}
			c.SetPath(tt.path)
			if got := c.Path(); (got == nil) != (tt.path == nil) || !bytes.Equal(got, tt.path) {
				t.Errorf("Path() = %#v, want %#v", got, tt.path)
			}
			c.SetPath(nil)
			if c.Path() != nil {
				t.Errorf("after SetPath(nil), Path() = %#v, want nil", c.Path())
			}
		})
	}
}

// TestRowElements writes a collection's elements out of order next to a
// column's value and reads them back sorted by path, each replaced only by a
// newer write.
func TestRowElements(t *testing.T) {
	r := newRow([][]byte{{1}})
	elem := func(path string, ts int64, v byte) Cell {
		c := Cell{Col: 2, Value: []byte{v}, TS: ts}
		c.SetPath([]byte(path))
		return c
	}
	r.Write(Cell{Col: 1, Value: []byte("v"), TS: 1})
	r.Write(elem("b", 1, 'w'))
	r.Write(elem("a", 1, 'x'))
	r.Write(elem("b", 2, 'y'))
	r.Write(elem("a", 0, 'z'))
	var got []string
	for _, c := range r.Elements(2) {
		got = append(got, string(c.Path())+"="+string(c.Value))
	}
	if want := []string{"a=x", "b=y"}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("elements %v, want %v", got, want)
	}
	if c := r.Cell(2, []byte("b")); c == nil || c.TS != 2 {
		t.Errorf("Cell(2, b) = %v, want the write at 2", c)
	}
	if c := r.Cell(1, nil); c == nil || c.Path() != nil {
		t.Errorf("Cell(1, nil) = %v, want the column's value", c)
	}
}
