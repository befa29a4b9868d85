package store

import (
	"bytes"
	"sort"
)

// Row is one CQL row of a partition (or its static row, whose Clustering is nil).
//
// A table of small rows is mostly Row structs, so a Row holds only what
// nearly every row has (its key, its marker, its cells) and keeps the rest,
// a row deletion and collection deletions, behind one pointer that is nil
// for most rows. Read them with Deletion and ComplexDeletions.
type Row struct {
	Clustering [][]byte
	Marker     Liveness
	// Cells is sorted by (Col, Path) and holds at most one cell per key.
	Cells []Cell
	tombs *rowTombstones
}

// rowTombstones is the rare part of a row: nil unless the row has a row
// deletion or a collection deletion.
type rowTombstones struct {
	deletion Deletion
	// complex is sorted by Col and holds at most one deletion per column.
	complex []ComplexDeletion
}

// rowKey1 and rowKey2 are a row allocated with the array its one- or
// two-value clustering key's slices live in: Row.Clustering points into the
// same object, so the key's slice headers cost no allocation of their own
// (a separate array was 24 of W1's 350 heap bytes a row; a row and a
// one-value key now fill a 96-byte size class exactly).
type rowKey1 struct {
	Row
	key [1][]byte
}

type rowKey2 struct {
	Row
	key [2][]byte
}

// newRow returns an empty row for clustering; the row owns the key's slice
// headers (not the value bytes), so the caller may reuse its slice.
func newRow(clustering [][]byte) *Row {
	switch len(clustering) {
	case 0:
		// nil (the static row) or empty (a table without clustering columns).
		return &Row{Clustering: clustering, Marker: NoLiveness}
	case 1:
		r := &rowKey1{key: [1][]byte(clustering)}
		r.Clustering, r.Marker = r.key[:], NoLiveness
		return &r.Row
	case 2:
		r := &rowKey2{key: [2][]byte(clustering)}
		r.Clustering, r.Marker = r.key[:], NoLiveness
		return &r.Row
	}
	return &Row{Clustering: append([][]byte(nil), clustering...), Marker: NoLiveness}
}

// Deletion returns the row's own tombstone, or Live.
func (r *Row) Deletion() Deletion {
	if r.tombs == nil {
		return Live
	}
	return r.tombs.deletion
}

// ComplexDeletions returns the row's collection tombstones, sorted by column.
// The slice is the row's: callers must not modify it.
func (r *Row) ComplexDeletions() []ComplexDeletion {
	if r.tombs == nil {
		return nil
	}
	return r.tombs.complex
}

// setTombstones stores a row deletion and collection deletions, dropping the
// rare part when both are empty.
func (r *Row) setTombstones(d Deletion, complex []ComplexDeletion) {
	if d.IsLive() && len(complex) == 0 {
		r.tombs = nil
		return
	}
	if r.tombs == nil {
		r.tombs = &rowTombstones{}
	}
	r.tombs.deletion, r.tombs.complex = d, complex
}

// IsEmpty reports whether the row holds nothing at all, not even a tombstone.
func (r *Row) IsEmpty() bool {
	return r.Marker.TS == NoTimestamp && r.tombs == nil && len(r.Cells) == 0
}

func (r *Row) find(col int32, path []byte) (int, bool) {
	i := sort.Search(len(r.Cells), func(i int) bool {
		c := &r.Cells[i]
		if c.Col != col {
			return c.Col > col
		}
		return bytes.Compare(c.Path(), path) >= 0
	})
	return i, i < len(r.Cells) && r.Cells[i].Col == col && bytes.Equal(r.Cells[i].Path(), path)
}

// Write merges c into the row, keeping the winner by Cells.resolveRegular's
// rules. A cell shadowed by the row's deletion or its collection's deletion
// is dropped.
func (r *Row) Write(c Cell) {
	if r.Deletion().Deletes(c.TS) || c.Path() != nil && r.complexDeletion(c.Col).Deletes(c.TS) {
		return
	}
	i, ok := r.find(c.Col, c.Path())
	if ok {
		if c.Supersedes(&r.Cells[i]) {
			r.Cells[i] = c
		}
		return
	}
	r.Cells = append(r.Cells, Cell{})
	copy(r.Cells[i+1:], r.Cells[i:])
	r.Cells[i] = c
}

// ReserveCells makes room for n cells in a row that has none yet, so a
// write of n columns to a fresh row allocates its cells once and exactly
// (append would grow 1, 2, 4: garbage, and room never used). It is a hint:
// a row with cells is left as it is.
func (r *Row) ReserveCells(n int) {
	if r.Cells == nil && n > 0 {
		r.Cells = make([]Cell, 0, n)
	}
}

// Cell returns the stored cell for (col, path), or nil.
func (r *Row) Cell(col int32, path []byte) *Cell {
	if i, ok := r.find(col, path); ok {
		return &r.Cells[i]
	}
	return nil
}

// Elements returns the stored cells of a complex column, in path order.
func (r *Row) Elements(col int32) []Cell {
	lo := sort.Search(len(r.Cells), func(i int) bool { return r.Cells[i].Col >= col })
	hi := lo
	for hi < len(r.Cells) && r.Cells[hi].Col == col {
		hi++
	}
	return r.Cells[lo:hi]
}

// SetMarker merges an INSERT's row marker.
func (r *Row) SetMarker(l Liveness) {
	if r.Deletion().Deletes(l.TS) {
		return
	}
	if l.TS > r.Marker.TS || l.TS == r.Marker.TS && l.Expires > r.Marker.Expires {
		r.Marker = l
	}
}

// Delete applies a row tombstone, purging what it shadows.
func (r *Row) Delete(d Deletion) {
	if !d.Supersedes(r.Deletion()) {
		return
	}
	r.purge(d)
	r.setTombstones(d, r.ComplexDeletions())
}

// purge drops everything d shadows, the row's own deletion included when d
// supersedes it (Cassandra's row merge keeps only the newer deletion).
func (r *Row) purge(d Deletion) {
	if d.Deletes(r.Marker.TS) {
		r.Marker = NoLiveness
	}
	out := r.Cells[:0]
	for _, c := range r.Cells {
		if !d.Deletes(c.TS) {
			out = append(out, c)
		}
	}
	r.Cells = out
	if r.tombs == nil {
		return
	}
	del := r.tombs.deletion
	if d.Supersedes(del) {
		del = Live
	}
	cx := r.tombs.complex[:0]
	for _, c := range r.tombs.complex {
		if !d.Deletes(c.MarkedAt) {
			cx = append(cx, c)
		}
	}
	r.setTombstones(del, cx)
}

func (r *Row) complexDeletion(col int32) Deletion {
	for _, c := range r.ComplexDeletions() {
		if c.Col == col {
			return c.Deletion
		}
	}
	return Live
}

// ComplexDeletionOf returns the collection tombstone of col, or Live.
func (r *Row) ComplexDeletionOf(col int32) Deletion { return r.complexDeletion(col) }

// DeleteComplex applies a tombstone over a whole collection column.
func (r *Row) DeleteComplex(col int32, d Deletion) {
	if r.Deletion().Deletes(d.MarkedAt) {
		return
	}
	cx := r.ComplexDeletions()
	i := sort.Search(len(cx), func(i int) bool { return cx[i].Col >= col })
	if i < len(cx) && cx[i].Col == col {
		if d.Supersedes(cx[i].Deletion) {
			cx[i].Deletion = d
		}
		d = cx[i].Deletion
	} else {
		cx = append(cx, ComplexDeletion{})
		copy(cx[i+1:], cx[i:])
		cx[i] = ComplexDeletion{Col: col, Deletion: d}
		r.setTombstones(r.Deletion(), cx)
	}
	out := r.Cells[:0]
	for _, c := range r.Cells {
		if !(c.Col == col && c.Path() != nil && d.Deletes(c.TS)) {
			out = append(out, c)
		}
	}
	r.Cells = out
}

// HasLiveData reports whether the row exists for a reader at now: a live row
// marker or a live cell, not shadowed by del (the partition's and range
// tombstones over the row).
func (r *Row) HasLiveData(now int64, del Deletion) bool {
	if !del.Deletes(r.Marker.TS) && r.Marker.IsLive(now) {
		return true
	}
	for i := range r.Cells {
		c := &r.Cells[i]
		if c.IsLive(now) && !del.Deletes(c.TS) {
			return true
		}
	}
	return false
}

// Compact purges tombstones and expired cells whose local deletion time is
// older than gcBefore (seconds), as compaction does after gc_grace_seconds.
// It returns how many tombstones it purged.
func (r *Row) Compact(now, gcBefore int64) int {
	n := 0
	if mk := int64(r.Marker.Expires); r.Marker.TS != NoTimestamp && r.Marker.TTL > 0 && mk <= now && mk < gcBefore {
		r.Marker = NoLiveness
		n++
	}
	out := r.Cells[:0]
	for _, c := range r.Cells {
		dead := c.Tombstone || c.IsExpired(now)
		if dead && int64(c.LocalTime) < gcBefore {
			n++
			continue
		}
		out = append(out, c)
	}
	r.Cells = out
	if r.tombs == nil {
		return n
	}
	del := r.tombs.deletion
	if !del.IsLive() && del.LocalTime < gcBefore {
		del = Live
		n++
	}
	cx := r.tombs.complex[:0]
	for _, c := range r.tombs.complex {
		if c.LocalTime < gcBefore {
			n++
			continue
		}
		cx = append(cx, c)
	}
	r.setTombstones(del, cx)
	return n
}
