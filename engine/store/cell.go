// Package store keeps a table's data as Cassandra's memtable does: partitions
// in token order, each a sorted map of rows by clustering key, each row a set
// of cells with write timestamps, TTLs and tombstones.
//
// Writes merge into what is stored with Cassandra's reconciliation rules
// (last write wins, with its tie-break), and data shadowed by a newer
// deletion is purged at write time, as Cassandra's row merge does. Tombstones
// themselves stay until Compact purges the ones older than gc_grace_seconds.
// Reads decide liveness at a given instant (TTL expiry) and never modify.
//
// The store knows the schema only to compare clustering keys; it does not
// validate: the query layer does, before writing.
//
// A session may hold a million small rows, so a stored row is kept compact
// (about 260 heap bytes for a W1 row, docs/performance.md): what most rows
// lack (row and collection deletions, a cell's collection path) sits behind
// a nil pointer, local times are int32 seconds as in Cassandra, a short
// clustering key shares its row's allocation, a partition of one row has no
// btree, and the partitions of a table share their comparator, search keys
// and btree free list. TestStoredSizes pins the struct sizes this relies on.
//
// A row an INSERT creates is packed (packed.go): the row, its key, its
// cells and their bytes in one object, so a read walking a partition
// touches one place a row rather than five.
package store

import (
	"bytes"
	"math"
)

// NoTimestamp marks "no write": a row without a row marker, a live deletion.
const NoTimestamp = math.MinInt64

// Deletion is a tombstone: data written at or before MarkedAt (micros) is
// deleted. LocalTime is when the deletion happened (seconds), which decides
// when compaction may purge it. (It stays an int64, unlike Cell.LocalTime:
// MarkedAt's alignment pads a Deletion to 16 bytes either way.)
type Deletion struct {
	MarkedAt  int64
	LocalTime int64
}

// Live is the absence of a deletion.
var Live = Deletion{MarkedAt: NoTimestamp}

// IsLive reports whether d deletes nothing.
func (d Deletion) IsLive() bool { return d.MarkedAt == NoTimestamp }

// Deletes reports whether d shadows data written at ts.
func (d Deletion) Deletes(ts int64) bool { return d.MarkedAt != NoTimestamp && ts <= d.MarkedAt }

// Supersedes reports whether d is newer than o.
func (d Deletion) Supersedes(o Deletion) bool {
	return d.MarkedAt > o.MarkedAt || (d.MarkedAt == o.MarkedAt && d.LocalTime > o.LocalTime)
}

// Max returns the newer of d and o.
func (d Deletion) Max(o Deletion) Deletion {
	if o.Supersedes(d) {
		return o
	}
	return d
}

// Liveness is a row's primary key liveness info (the "row marker"), written by
// INSERT and not by UPDATE. TS is NoTimestamp when there is none.
//
// Expires is an int32 of seconds, as Cassandra's localExpirationTime is an
// int (which is why TTLs past 2038 are refused): it keeps Liveness at 16
// bytes, and every stored row carries one.
type Liveness struct {
	TS      int64
	TTL     int32
	Expires int32 // local seconds; 0 when TTL is 0
}

// NoLiveness is a row without a marker.
var NoLiveness = Liveness{TS: NoTimestamp}

// IsLive reports whether the marker keeps the row alive at now (seconds).
func (l Liveness) IsLive(now int64) bool {
	return l.TS != NoTimestamp && (l.TTL == 0 || now < int64(l.Expires))
}

// Cell is one stored value: a column's value, or one element of a non-frozen
// collection (Path is the element's key: a set element, a map key, a list
// element's timeuuid).
//
// A row stores its cells in one array, so the struct's size is paid per
// cell, and it is kept at 56 bytes: the path sits behind a pointer, as
// Cassandra's BufferCell holds a CellPath reference, because most cells have
// none and a slice header would be a third of every cell; LocalTime and TTL
// are int32, as Cassandra's localDeletionTime and ttl are ints (so, as for
// Cassandra 4.x, a clock past 2038-01-19 is out of range; the query layer
// refuses TTLs that would expire after it).
type Cell struct {
	Value []byte
	path  *[]byte
	TS    int64
	// LocalTime is, for an expiring cell, when it expires, and for a
	// tombstone, when it was deleted (seconds).
	LocalTime int32
	TTL       int32
	Col       int32
	Tombstone bool
}

// Path returns the element's key when c is a collection element, or nil.
func (c *Cell) Path() []byte {
	if c.path == nil {
		return nil
	}
	return *c.path
}

// SetPath makes c the element of its collection at path (an empty path is
// an element too); a nil path makes it a column's value.
func (c *Cell) SetPath(path []byte) {
	if path == nil {
		c.path = nil
		return
	}
	c.path = &path
}

// IsLive reports whether c holds a value at now (seconds).
func (c *Cell) IsLive(now int64) bool {
	return !c.Tombstone && (c.TTL == 0 || now < int64(c.LocalTime))
}

// IsExpired reports whether c is an expiring cell whose TTL has passed: it then
// behaves as a tombstone deleted at its expiry.
func (c *Cell) IsExpired(now int64) bool {
	return !c.Tombstone && c.TTL > 0 && now >= int64(c.LocalTime)
}

// Supersedes reports whether c wins over o when both write the same cell, by
// Cassandra's rules (Cells.resolveRegular): the higher timestamp wins; on a
// tie a tombstone beats an expiring cell, which beats a plain one; two
// expiring cells keep the later expiry; and otherwise the greater value by
// unsigned byte comparison wins, so every replica picks the same one.
func (c *Cell) Supersedes(o *Cell) bool {
	if c.TS != o.TS {
		return c.TS > o.TS
	}
	if c.Tombstone != o.Tombstone {
		return c.Tombstone
	}
	if c.Tombstone {
		return c.LocalTime > o.LocalTime
	}
	cExp, oExp := c.TTL > 0, o.TTL > 0
	if cExp != oExp {
		return cExp
	}
	if cExp && c.LocalTime != o.LocalTime {
		return c.LocalTime > o.LocalTime
	}
	return bytes.Compare(c.Value, o.Value) > 0
}

// ComplexDeletion is a tombstone over a whole non-frozen collection, written
// when the collection is overwritten or deleted.
type ComplexDeletion struct {
	Col int32
	Deletion
}
