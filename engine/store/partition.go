package store

import "github.com/cqlplay/cqlplay/engine/schema"

// Clustering compares clustering keys in storage order: column by column,
// each with its type's comparator, reversed for DESC columns. The order lives
// here, in the comparator, so scans never need to think about DESC.
type Clustering []*schema.Column

// Compare orders two clustering keys; a key that is a prefix of the other
// sorts first.
func (c Clustering) Compare(a, b [][]byte) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if r := c[i].Compare(a[i], b[i]); r != 0 {
			return r
		}
	}
	return len(a) - len(b)
}

// ComparePrefix compares key with a prefix of clustering values, looking only
// at the prefix's columns: 0 means key starts with prefix.
func (c Clustering) ComparePrefix(key, prefix [][]byte) int {
	for i := range prefix {
		if i >= len(key) {
			return -1
		}
		if r := c[i].Compare(key[i], prefix[i]); r != 0 {
			return r
		}
	}
	return 0
}

// Bound is one end of a clustering slice, in storage order. An empty Prefix
// is unbounded.
type Bound struct {
	Prefix    [][]byte
	Inclusive bool
}

// Slice is a contiguous range of clustering keys in storage order.
type Slice struct {
	Start, End Bound
}

// All is the slice of every row.
var All = Slice{Start: Bound{Inclusive: true}, End: Bound{Inclusive: true}}

// Contains reports whether key lies in s.
func (c Clustering) Contains(s Slice, key [][]byte) bool {
	if len(s.Start.Prefix) > 0 {
		r := c.ComparePrefix(key, s.Start.Prefix)
		if r < 0 || r == 0 && !s.Start.Inclusive {
			return false
		}
	}
	if len(s.End.Prefix) > 0 {
		r := c.ComparePrefix(key, s.End.Prefix)
		if r > 0 || r == 0 && !s.End.Inclusive {
			return false
		}
	}
	return true
}

// RangeTombstone deletes every row in a clustering slice (DELETE with a
// clustering prefix or range).
type RangeTombstone struct {
	Slice
	Deletion
}

// Partition is the data of one partition key.
type Partition struct {
	Token int64
	// Key is the serialized partition key (CompositeType bytes for a
	// multi-column key), the bytes the token is computed from.
	Key      []byte
	Deletion Deletion
	// Static is the static row, or nil.
	Static *Row
	Ranges []RangeTombstone
	rows   rowSet
	// epoch is the Owner's epoch the partition was made or copied in
	// (cow.go); 0 when the session keeps no snapshots.
	epoch uint64
}

// rowsDegree is the degree of a partition's row btree. Rows written in
// clustering order (the usual ingest) split every full node in half and the
// left half never fills again, so a node holds about degree-1 rows in an
// items array of 2*degree pointers: the node's own fixed cost is what a
// larger degree spreads (about 21 bytes a row at 16, 17 at 64).
const rowsDegree = 64

func newPartition(token int64, key []byte, shared *tableShared) *Partition {
	p := &Partition{Token: token, Key: key, Deletion: Live, rows: rowSet{shared: shared}}
	if shared.own != nil {
		p.epoch = shared.own.epoch
	}
	return p
}

// Comparator returns the partition's clustering comparator.
func (p *Partition) Comparator() Clustering { return p.rows.shared.cmp }

// cmp is the table's clustering comparator.
func (p *Partition) cmp() Clustering { return p.rows.shared.cmp }

// Len returns the number of stored rows (live or not).
func (p *Partition) Len() int { return p.rows.Len() }

// Row returns the stored row with exactly this clustering key, or nil.
func (p *Partition) Row(clustering [][]byte) *Row {
	r, _ := p.rows.Get(&Row{Clustering: clustering})
	return r
}

// RowForWrite returns the row for clustering, creating it if needed. A nil
// clustering on a table with clustering columns means the static row. A new
// row copies clustering's slice headers and keeps its value bytes: the
// caller may reuse the slice, not the values.
func (p *Partition) RowForWrite(clustering [][]byte) *Row {
	p.forget()
	if clustering == nil && len(p.cmp()) > 0 {
		if p.Static == nil {
			p.Static = newRow(nil)
		}
		return p.ownRow(p.Static)
	}
	probe := &p.rows.shared.rowProbe
	probe.Clustering = clustering
	r, ok := p.rows.Get(probe)
	probe.Clustering = nil
	if ok {
		return p.ownRow(r)
	}
	r = newRow(clustering)
	p.rows.ReplaceOrInsert(r)
	return r
}

// NewRowForWrite is RowForWrite for a write of ncells plain values (an
// INSERT): a row it creates is packed, one allocation with room for its
// cells and their bytes (packed.go), and room is that space, to copy the
// values into with Room.Copy as they are written. An existing row, the
// static row or a row beyond the packed bounds comes with no room.
func (p *Partition) NewRowForWrite(clustering [][]byte, ncells int) (r *Row, room Room) {
	p.forget()
	if clustering == nil {
		return p.RowForWrite(nil), Room{}
	}
	probe := &p.rows.shared.rowProbe
	probe.Clustering = clustering
	r, ok := p.rows.Get(probe)
	probe.Clustering = nil
	if ok {
		return p.ownRow(r), Room{}
	}
	r, room, ok = newPackedRow(clustering, ncells)
	if !ok {
		r = newRow(clustering)
		r.ReserveCells(ncells)
	}
	p.rows.ReplaceOrInsert(r)
	return r, room
}

// Ascend calls fn for every stored row of s in storage order until fn returns false.
func (p *Partition) Ascend(s Slice, fn func(*Row) bool) {
	visit := func(r *Row) bool {
		if len(s.End.Prefix) > 0 {
			c := p.cmp().ComparePrefix(r.Clustering, s.End.Prefix)
			if c > 0 || c == 0 && !s.End.Inclusive {
				return false
			}
		}
		if len(s.Start.Prefix) > 0 && !s.Start.Inclusive && p.cmp().ComparePrefix(r.Clustering, s.Start.Prefix) == 0 {
			return true
		}
		return fn(r)
	}
	if len(s.Start.Prefix) == 0 {
		p.rows.Ascend(visit)
		return
	}
	p.rows.AscendGreaterOrEqual(&Row{Clustering: s.Start.Prefix}, visit)
}

// Descend calls fn for every stored row of s in reverse storage order.
func (p *Partition) Descend(s Slice, fn func(*Row) bool) {
	visit := func(r *Row) bool {
		if len(s.Start.Prefix) > 0 {
			c := p.cmp().ComparePrefix(r.Clustering, s.Start.Prefix)
			if c < 0 || c == 0 && !s.Start.Inclusive {
				return false
			}
		}
		if len(s.End.Prefix) > 0 {
			c := p.cmp().ComparePrefix(r.Clustering, s.End.Prefix)
			if c > 0 || c == 0 && !s.End.Inclusive {
				return true
			}
		}
		return fn(r)
	}
	p.rows.Descend(visit)
}

// Delete applies a partition tombstone, purging what it shadows.
func (p *Partition) Delete(d Deletion) {
	if !d.Supersedes(p.Deletion) {
		return
	}
	p.Deletion = d
	if p.Static != nil {
		p.ownRow(p.Static).purge(d)
	}
	p.purgeRows(All, d)
	kept := p.Ranges[:0]
	for _, rt := range p.Ranges {
		if !d.Deletes(rt.MarkedAt) {
			kept = append(kept, rt)
		}
	}
	p.Ranges = kept
}

// DeleteRange applies a range tombstone over s, purging the rows it shadows.
func (p *Partition) DeleteRange(s Slice, d Deletion) {
	if p.Deletion.Deletes(d.MarkedAt) {
		return
	}
	p.Ranges = append(p.Ranges, RangeTombstone{Slice: s, Deletion: d})
	p.purgeRows(s, d)
}

func (p *Partition) purgeRows(s Slice, d Deletion) {
	var rows, empty []*Row
	p.Ascend(s, func(r *Row) bool {
		rows = append(rows, r)
		return true
	})
	p.ownRows(rows)
	for _, r := range rows {
		r.purge(d)
		if r.IsEmpty() {
			empty = append(empty, r)
		}
	}
	for _, r := range empty {
		p.rows.Delete(r)
	}
}

// DeletionAt returns the newest deletion covering the row with this
// clustering key: the partition's, a range tombstone's, or live.
func (p *Partition) DeletionAt(clustering [][]byte) Deletion {
	d := p.Deletion
	if clustering == nil {
		// The static row sorts before every clustering: no range tombstone
		// covers it, only the partition deletion does.
		return d
	}
	for i := range p.Ranges {
		if p.cmp().Contains(p.Ranges[i].Slice, clustering) {
			d = d.Max(p.Ranges[i].Deletion)
		}
	}
	return d
}

// Write merges a cell into the row, unless a partition or range tombstone
// shadows it.
func (p *Partition) Write(r *Row, c Cell) {
	if p.DeletionAt(r.Clustering).Deletes(c.TS) {
		return
	}
	r.Write(c)
}

// DeleteRow applies a row tombstone to the row with this clustering key,
// unless a stored partition or range deletion supersedes it; it returns the
// row, or nil when nothing was stored.
func (p *Partition) DeleteRow(clustering [][]byte, d Deletion) *Row {
	if p.DeletionAt(clustering).Supersedes(d) {
		return nil
	}
	r := p.RowForWrite(clustering)
	r.Delete(d)
	return r
}

// DeleteComplex applies a tombstone over a whole collection of row r, unless
// a partition or range tombstone already shadows it (Cassandra's row merge
// drops such a collection deletion).
func (p *Partition) DeleteComplex(r *Row, col int32, d Deletion) {
	if p.DeletionAt(r.Clustering).Deletes(d.MarkedAt) {
		return
	}
	r.DeleteComplex(col, d)
}

// RemoveIfEmpty drops a row that holds nothing, not even a tombstone.
func (p *Partition) RemoveIfEmpty(r *Row) {
	if r.IsEmpty() && r.Clustering != nil {
		p.rows.Delete(r)
	}
}

// RemoveRow drops the row with this clustering key outright (a materialized
// view rebuilding the rows derived from one base partition).
func (p *Partition) RemoveRow(clustering [][]byte) { p.rows.Delete(&Row{Clustering: clustering}) }

// IsEmpty reports whether the partition holds nothing at all.
func (p *Partition) IsEmpty() bool {
	return p.rows.Len() == 0 && p.Deletion.IsLive() && len(p.Ranges) == 0 && (p.Static == nil || p.Static.IsEmpty())
}

// Compact purges tombstones older than gcBefore and drops rows left empty.
// It returns how many tombstones it purged.
func (p *Partition) Compact(now, gcBefore int64) int {
	n := 0
	if !p.Deletion.IsLive() && p.Deletion.LocalTime < gcBefore {
		p.Deletion = Live
		n++
	}
	kept := p.Ranges[:0]
	for _, rt := range p.Ranges {
		if rt.LocalTime < gcBefore {
			n++
			continue
		}
		kept = append(kept, rt)
	}
	p.Ranges = kept
	if p.Static != nil && p.Static.compactable(now, gcBefore) {
		n += p.ownRow(p.Static).Compact(now, gcBefore)
	}
	var purge, empty []*Row
	p.rows.Ascend(func(r *Row) bool {
		if r.compactable(now, gcBefore) {
			purge = append(purge, r)
		} else if r.IsEmpty() {
			empty = append(empty, r)
		}
		return true
	})
	p.ownRows(purge)
	for _, r := range purge {
		n += r.Compact(now, gcBefore)
		if r.IsEmpty() {
			empty = append(empty, r)
		}
	}
	for _, r := range empty {
		p.rows.Delete(r)
	}
	return n
}
