package store

import (
	"bytes"
	"sort"
)

// Row is one CQL row of a partition (or its static row, whose Clustering is nil).
type Row struct {
	Clustering [][]byte
	Marker     Liveness
	Deletion   Deletion
	// Cells is sorted by (Col, Path) and holds at most one cell per key.
	Cells   []Cell
	Complex []ComplexDeletion
}

func newRow(clustering [][]byte) *Row {
	return &Row{Clustering: clustering, Marker: NoLiveness, Deletion: Live}
}

// IsEmpty reports whether the row holds nothing at all, not even a tombstone.
func (r *Row) IsEmpty() bool {
	return r.Marker.TS == NoTimestamp && r.Deletion.IsLive() && len(r.Cells) == 0 && len(r.Complex) == 0
}

func (r *Row) find(col int32, path []byte) (int, bool) {
	i := sort.Search(len(r.Cells), func(i int) bool {
		c := &r.Cells[i]
		if c.Col != col {
			return c.Col > col
		}
		return bytes.Compare(c.Path, path) >= 0
	})
	return i, i < len(r.Cells) && r.Cells[i].Col == col && bytes.Equal(r.Cells[i].Path, path)
}

// Write merges c into the row, keeping the winner by Cells.resolveRegular's
// rules. A cell shadowed by the row's deletion or its collection's deletion
// is dropped.
func (r *Row) Write(c Cell) {
	if r.Deletion.Deletes(c.TS) || r.complexDeletion(c.Col).Deletes(c.TS) && c.Path != nil {
		return
	}
	i, ok := r.find(c.Col, c.Path)
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
	if r.Deletion.Deletes(l.TS) {
		return
	}
	if l.TS > r.Marker.TS || l.TS == r.Marker.TS && l.Expires > r.Marker.Expires {
		r.Marker = l
	}
}

// Delete applies a row tombstone, purging what it shadows.
func (r *Row) Delete(d Deletion) {
	if !d.Supersedes(r.Deletion) {
		return
	}
	r.Deletion = d
	r.purge(d)
}

// purge drops everything d shadows, the row's own deletion included when d
// supersedes it (Cassandra's row merge keeps only the newer deletion).
func (r *Row) purge(d Deletion) {
	if d.Supersedes(r.Deletion) {
		r.Deletion = Live
	}
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
	cx := r.Complex[:0]
	for _, c := range r.Complex {
		if !d.Deletes(c.MarkedAt) {
			cx = append(cx, c)
		}
	}
	r.Complex = cx
}

func (r *Row) complexDeletion(col int32) Deletion {
	for _, c := range r.Complex {
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
	if r.Deletion.Deletes(d.MarkedAt) {
		return
	}
	found := false
	for i := range r.Complex {
		if r.Complex[i].Col == col {
			found = true
			if d.Supersedes(r.Complex[i].Deletion) {
				r.Complex[i].Deletion = d
			}
			d = r.Complex[i].Deletion
		}
	}
	if !found {
		r.Complex = append(r.Complex, ComplexDeletion{Col: col, Deletion: d})
		sort.Slice(r.Complex, func(i, j int) bool { return r.Complex[i].Col < r.Complex[j].Col })
	}
	out := r.Cells[:0]
	for _, c := range r.Cells {
		if !(c.Col == col && c.Path != nil && d.Deletes(c.TS)) {
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
	if !r.Deletion.IsLive() && r.Deletion.LocalTime < gcBefore {
		r.Deletion = Live
		n++
	}
	if r.Marker.TS != NoTimestamp && r.Marker.TTL > 0 && r.Marker.Expires <= now && r.Marker.Expires < gcBefore {
		r.Marker = NoLiveness
		n++
	}
	out := r.Cells[:0]
	for _, c := range r.Cells {
		dead := c.Tombstone || c.IsExpired(now)
		if dead && c.LocalTime < gcBefore {
			n++
			continue
		}
		out = append(out, c)
	}
	r.Cells = out
	cx := r.Complex[:0]
	for _, c := range r.Complex {
		if c.LocalTime < gcBefore {
			n++
			continue
		}
		cx = append(cx, c)
	}
	r.Complex = cx
	return n
}
