package store

// A row walk (a partition slice read) touches, for every row, its Row, its
// clustering key's bytes, its cells and each cell's value bytes. Allocated
// one by one they sit wherever the allocator put them, and a table written
// round-robin over its partitions (as W1 is) scatters one partition's rows
// over the heap: five or so cache misses a row. A packed row is one object
// holding the Row, its key's slice headers, room for its cells and the bytes
// of its key and values, so a walk reads one or two neighbouring cache
// lines a row. It is made for the common write, a new row written with a
// few plain values (every INSERT): a row that later outgrows its room grows
// as any other, with its cells or bytes allocated elsewhere.

// packedRow is a row with its key headers (K, an array of [][]byte), room
// for its cells (C, an array of Cell) and for the bytes of its key and
// values (B, a byte array) in the same allocation.
type packedRow[K, C, B any] struct {
	Row
	key   K
	cells C
	bytes B
}

// The bounds of a packed row: rows beyond them are allocated as before.
// The byte sizes are chosen so that common shapes fill their size class
// (a row with a one-value key, two cells and 32 bytes is 240 bytes, a size
// class of its own; W1's rows need 18 to 20 bytes).
const (
	maxPackedKey   = 2
	maxPackedCells = 4
	maxPackedBytes = 64
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

// newPackedRow returns a row for clustering, with room for ncells cells and
// valueBytes bytes of their values, and the room; ok is false when the row
// is beyond the packed bounds (the caller then allocates it as before). The
// key's bytes are copied into the row (an empty value is kept as it is).
func newPackedRow(clustering [][]byte, ncells, valueBytes int) (r *Row, room Room, ok bool) {
	need := valueBytes
	for _, v := range clustering {
		need += len(v)
	}
	if clustering == nil || len(clustering) > maxPackedKey || ncells < 1 || ncells > maxPackedCells || need > maxPackedBytes {
		return nil, Room{}, false
	}
	var key [][]byte
	var cells []Cell
	var buf []byte
	switch len(clustering) {
	case 0: // a table without clustering columns: an empty, non-nil key
		r, key, cells, buf = packKey[[0][]byte](ncells, need)
	case 1:
		r, key, cells, buf = packKey[[1][]byte](ncells, need)
	default:
		r, key, cells, buf = packKey[[2][]byte](ncells, need)
	}
	room.buf = buf[:0]
	for i, v := range clustering {
		key[i] = v
		if len(v) > 0 {
			key[i] = room.Copy(v)
		}
	}
	r.Clustering, r.Marker, r.Cells = key, NoLiveness, cells[:0]
	return r, room, true
}

func packKey[K any](ncells, need int) (*Row, [][]byte, []Cell, []byte) {
	switch ncells {
	case 1:
		return packCells[K, [1]Cell](need)
	case 2:
		return packCells[K, [2]Cell](need)
	case 3:
		return packCells[K, [3]Cell](need)
	}
	return packCells[K, [4]Cell](need)
}

func packCells[K, C any](need int) (*Row, [][]byte, []Cell, []byte) {
	switch {
	case need <= 16:
		return pack[K, C, [16]byte]()
	case need <= 32:
		return pack[K, C, [32]byte]()
	}
	return pack[K, C, [maxPackedBytes]byte]()
}

func pack[K, C, B any]() (*Row, [][]byte, []Cell, []byte) {
	p := new(packedRow[K, C, B])
	return &p.Row, keyHeaders(&p.key), cellArray(&p.cells), byteArray(&p.bytes)
}

// keyHeaders, cellArray and byteArray slice a packed row's arrays (a type
// parameter of several array types cannot be sliced directly).
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

func byteArray(a any) []byte {
	switch a := a.(type) {
	case *[16]byte:
		return a[:]
	case *[32]byte:
		return a[:]
	case *[maxPackedBytes]byte:
		return a[:]
	}
	panic("store: not packed bytes")
}
