package store

import (
	"bytes"
	"reflect"
	"testing"
	"unsafe"

	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// TestRoomCopy pins Room.Copy: a value that fits is moved into the room with
// its capacity clipped, one that does not (or an empty one) is returned as
// it is, so a nil value stays nil and an empty one stays empty and non-nil.
func TestRoomCopy(t *testing.T) {
	var arr [8]byte
	room := Room{buf: arr[:0]}
	inRoom := func(b []byte) bool {
		p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
		lo := uintptr(unsafe.Pointer(&arr[0]))
		return len(b) > 0 && p >= lo && p < lo+uintptr(len(arr))
	}
	empty := []byte{}
	tests := []struct {
		name   string
		v      []byte
		inRoom bool
	}{
		{"nil stays nil", nil, false},
		{"empty stays empty", empty, false},
		{"fits", []byte("abc"), true},
		{"fits exactly", []byte("defgh"), true},
		{"room full", []byte("i"), false},
	}
	for _, tt := range tests {
		got := room.Copy(tt.v)
		if !bytes.Equal(got, tt.v) || (got == nil) != (tt.v == nil) {
			t.Errorf("%s: Copy(%q) = %q", tt.name, tt.v, got)
		}
		if inRoom(got) != tt.inRoom {
			t.Errorf("%s: in the room %v, want %v", tt.name, inRoom(got), tt.inRoom)
		}
		if tt.inRoom && cap(got) != len(got) {
			t.Errorf("%s: capacity %d, want %d", tt.name, cap(got), len(got))
		}
	}
	if string(arr[:]) != "abcdefgh" {
		t.Errorf("room holds %q, want \"abcdefgh\"", arr[:])
	}
}

// packedTable returns a partition of a table with nkey blob clustering
// columns (none: a table without clustering columns).
func packedTable(nkey int) *Partition {
	tab := &schema.Table{Keyspace: "ks", Name: "t"}
	tab.AddColumn(&schema.Column{Name: "k", Type: cqltype.IntType, Kind: schema.PartitionKey})
	for i := 0; i < nkey; i++ {
		tab.AddColumn(&schema.Column{Name: "c" + string(rune('0'+i)), Type: cqltype.BlobType, Kind: schema.Clustering})
	}
	return NewTable(tab).PartitionForWrite(intKey(1))
}

// TestNewRowForWriteAgrees writes the same cells to a new row through
// NewRowForWrite and Room.Copy, and through RowForWrite, for every packed
// shape and its bounds: the rows are equal; a packed one is one allocation
// holding its cells, and its key's and values' bytes, in that order, while
// they fit in its 32 bytes.
func TestNewRowForWriteAgrees(t *testing.T) {
	val := func(n int) []byte { return bytes.Repeat([]byte{byte(n)}, n) }
	tests := []struct {
		name   string
		key    [][]byte
		vals   [][]byte
		packed bool
		// inRow lists, key values first, which non-empty values are copied.
		inRow []bool
	}{
		{"no clustering, one cell", [][]byte{}, [][]byte{val(4)}, true, []bool{true}},
		{"one-value key, two cells (W1)", [][]byte{val(8)}, [][]byte{val(8), val(4)}, true, []bool{true, true, true}},
		{"two-value key, four cells", [][]byte{val(8), val(8)}, [][]byte{val(1), nil, {}, val(2)}, true, []bool{true, true, true, true}},
		{"a value past the room, a later one in it", [][]byte{val(8), val(8)}, [][]byte{val(10), val(7), val(6)}, true, []bool{true, true, true, false, true}},
		{"a key past the room", [][]byte{val(33)}, [][]byte{val(32)}, true, []bool{false, true}},
		{"five cells", [][]byte{val(1)}, [][]byte{val(1), val(1), val(1), val(1), val(1)}, false, nil},
		{"three-value key", [][]byte{val(1), val(1), val(1)}, [][]byte{val(1)}, false, nil},
		{"no cells", [][]byte{val(1)}, nil, false, nil},
	}
	for _, tt := range tests {
		pa, pb := packedTable(len(tt.key)), packedTable(len(tt.key))
		a, room := pa.NewRowForWrite(tt.key, len(tt.vals))
		b := pb.RowForWrite(tt.key)
		for i, v := range tt.vals {
			c := Cell{Col: int32(i), TS: 5}
			c.Tombstone = v == nil
			c.Value = v
			pb.Write(b, c)
			c.Value = room.Copy(v)
			pa.Write(a, c)
		}
		if !reflect.DeepEqual(a.Clustering, b.Clustering) || !reflect.DeepEqual(a.Cells, b.Cells) || a.Marker != b.Marker {
			t.Errorf("%s: packed row %v %v, want %v %v", tt.name, a.Clustering, a.Cells, b.Clustering, b.Cells)
		}
		again, room2 := pa.NewRowForWrite(tt.key, 1)
		if again != a || room2.buf != nil {
			t.Errorf("%s: NewRowForWrite of a stored row made a new one, or room", tt.name)
		}
		if _, _, ok := newPackedRow(tt.key, len(tt.vals)); ok != tt.packed {
			t.Errorf("%s: packed %v, want %v", tt.name, ok, tt.packed)
		}
		if !tt.packed {
			continue
		}
		if n := testing.AllocsPerRun(10, func() { newPackedRow(tt.key, len(tt.vals)) }); n != 1 {
			t.Errorf("%s: a packed row is %v allocations, want 1", tt.name, n)
		}
		// The row's object is at most the struct of its shape.
		lo := uintptr(unsafe.Pointer(a))
		hi := lo + unsafe.Sizeof(Row{}) + uintptr(len(tt.key))*unsafe.Sizeof([]byte(nil)) + uintptr(len(tt.vals))*unsafe.Sizeof(Cell{}) + packedBytes
		within := func(b []byte) bool {
			p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
			return p >= lo && p < hi
		}
		if p := uintptr(unsafe.Pointer(unsafe.SliceData(a.Cells))); p < lo || p >= hi || cap(a.Cells) != len(tt.vals) {
			t.Errorf("%s: cells not in the row, or capacity %d", tt.name, cap(a.Cells))
		}
		var got []bool
		for _, v := range a.Clustering {
			if len(v) > 0 {
				got = append(got, within(v))
			}
		}
		for i := range a.Cells {
			if v := a.Cells[i].Value; len(v) > 0 {
				got = append(got, within(v))
			}
		}
		if !reflect.DeepEqual(got, tt.inRow) {
			t.Errorf("%s: values in the row %v, want %v", tt.name, got, tt.inRow)
		}
	}
}
