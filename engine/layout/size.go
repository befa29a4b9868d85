package layout

import (
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// The size estimate follows the shape of Cassandra 3+'s sstable format
// without its variable-length and delta encodings, so it is an upper-bound
// flavoured estimate that grows as the real one does: a partition header
// (key length, key, deletion time), then per row a flags byte, the
// clustering values with their lengths, the liveness info and row deletion
// when present, and per cell a flags byte, a timestamp, the TTL and local
// deletion time of expiring cells and tombstones, a collection path and the
// value with their lengths. Range tombstone markers count a flags byte, their
// bound and a deletion time.
const (
	deletionBytes = 12 // markedForDeleteAt (8) + localDeletionTime (4)
	tsBytes       = 8
	ttlBytes      = 8 // ttl (4) + localExpirationTime (4)
	lenBytes      = 2 // short length of a key or clustering component
	valueLenBytes = 4
)

func partitionHeaderSize(p *store.Partition) int {
	return lenBytes + len(p.Key) + deletionBytes
}

func rowSize(r *store.Row) int {
	n := 1
	for _, v := range r.Clustering {
		n += lenBytes + len(v)
	}
	if r.Marker.TS != store.NoTimestamp {
		n += tsBytes
		if r.Marker.TTL > 0 {
			n += ttlBytes
		}
	}
	if !r.Deletion().IsLive() {
		n += deletionBytes
	}
	n += len(r.ComplexDeletions()) * deletionBytes
	for i := range r.Cells {
		n += cellSize(&r.Cells[i])
	}
	return n
}

func cellSize(c *store.Cell) int {
	n := 1 + tsBytes
	switch {
	case c.Tombstone:
		n += 4
	case c.TTL > 0:
		n += ttlBytes
	}
	if c.Path() != nil {
		n += lenBytes + len(c.Path())
	}
	if !c.Tombstone {
		n += valueLenBytes + len(c.Value)
	}
	return n
}

func rangeMarkerSize(prefix [][]byte) int {
	n := 1 + deletionBytes
	for _, v := range prefix {
		n += lenBytes + len(v)
	}
	return n
}

// textSizeHint estimates the length of a text rendering of st that prints
// about perCell bytes for each cell and perRow for each row, so the output
// buffer is allocated once instead of doubling a dozen times (which showed
// as most of the cli's time in profiles).
func textSizeHint(t *schema.Table, st *store.Table, perRow, perCell int, bounds *Bounds) int {
	if st == nil {
		return 256
	}
	rows, listed := 0, 0
	st.Ascend(func(p *store.Partition) bool {
		if listed++; !bounds.listed(listed - 1) {
			return false
		}
		n := p.Len()
		if head, tail, ok := bounds.span(t.Keyspace+"."+t.Name, p); ok {
			n -= tail - head
		}
		rows += n + 1
		return true
	})
	return 256 + rows*(perRow+perCell*(len(t.Regulars)+len(t.Statics)))
}
