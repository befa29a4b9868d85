package store

// A row walk (a partition slice read) touches, for every row, its Row, its
// clustering key's bytes, its cells and each cell's value bytes. Allocated
// one by one they sit wherever the allocator put them, and a table written
// round-robin over its partitions (as W1 is) scatters one partition's rows
// over the heap: five or so cache misses a row. A packed row is one object
// holding the Row, its key's slice headers, room for its cells and the bytes
// of its key and values (while they fit), so a walk reads one or two neighbouring cache
// lines a row. It is made for the common write, a new row written with a
// few plain values (every INSERT): a row that later outgrows its room grows
// as any other, with its cells or bytes allocated elsewhere.

// packedRow is a row with its key headers (K, an array of [][]byte) and
// room for its cells (C, an array of Cell) and for packedBytes bytes of its
// key and values in the same allocation. Every shape has the same byte room
// (one more type parameter would multiply the instantiations, each a few
// hundred bytes of the module): W1's row, a one-value key and two cells,
// is 240 bytes, a size class exactly, and needs 18 to 20 of its 32 bytes.
type packedRow[K, C any] struct {
	Row
	key   K
	cells C
	bytes [packedBytes]byte
}

// The bounds of a packed row: a row with more key values or cells is
// allocated as before; key and value bytes beyond the room stay where the
// caller allocated them.
const (
	maxPackedKey   = 2
	maxPackedCells = 4
	packedBytes    = 32
)

// Room is a packed row's unused byte space, which its cells' values are
// copied into while they fit. The zero Room has no space.
type Room struct{ buf []byte }

// Copy returns v's bytes moved into the room, or v itself when they do not
// fit or v is empty (an empty value keeps its identity, nil or not). The
// returned slice's capacity is its length: appending to it cannot write
// over the room.
func (r *Room) Copy(v []byte) []byte {
	if len(v) == 0 || len(v) > cap(r.buf)-len(r.buf) {
		return v
	}
	n := len(r.buf)
	r.buf = append(r.buf, v...)
	return r.buf[n:len(r.buf):len(r.buf)]
}

// newPackedRow returns a row for clustering with room for ncells cells and
// the room for their values' bytes; ok is false when the row is beyond the
// packed bounds (the caller then allocates it as before). The key's bytes
// are copied into the room first, while they fit.
func newPackedRow(clustering [][]byte, ncells int) (r *Row, room Room, ok bool) {
	if clustering == nil || len(clustering) > maxPackedKey || ncells < 1 || ncells > maxPackedCells {
		return nil, Room{}, false
	}
	var key [][]byte
	var cells []Cell
	switch len(clustering) {
	case 0: // a table without clustering columns: an empty, non-nil key
		r, key, cells, room.buf = packKey[[0][]byte](ncells)
	case 1:
		r, key, cells, room.buf = packKey[[1][]byte](ncells)
	default:
		r, key, cells, room.buf = packKey[[2][]byte](ncells)
	}
	for i, v := range clustering {
		key[i] = room.Copy(v)
	}
	r.Clustering, r.Marker, r.Cells = key, NoLiveness, cells
	return r, room, true
}

func packKey[K any](ncells int) (*Row, [][]byte, []Cell, []byte) {
	switch ncells {
	case 1:
		return pack[K, [1]Cell]()
	case 2:
		return pack[K, [2]Cell]()
	case 3:
		return pack[K, [3]Cell]()
	}
	return pack[K, [4]Cell]()
}

// pack allocates a packed row and returns its parts: the key headers and
// cells with their full length, the cells at length 0, the room empty.
func pack[K, C any]() (*Row, [][]byte, []Cell, []byte) {
	p := new(packedRow[K, C])
	return &p.Row, keyHeaders(&p.key), cellArray(&p.cells)[:0], p.bytes[:0]
}

// keyHeaders and cellArray slice a packed row's arrays (a type parameter
// of several array types cannot be sliced directly).
func keyHeaders(a any) [][]byte {
	switch a := a.(type) {
	case *[0][]byte:
		return a[:]
	case *[1][]byte:
		return a[:]
	case *[2][]byte:
		return a[:]
	}
	panic("store: not a packed key")
}

func cellArray(a any) []Cell {
	switch a := a.(type) {
	case *[1]Cell:
		return a[:]
	case *[2]Cell:
		return a[:]
	case *[3]Cell:
		return a[:]
	case *[4]Cell:
		return a[:]
	}
	panic("store: not packed cells")
}
