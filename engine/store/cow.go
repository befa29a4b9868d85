package store

import (
	"slices"

	"github.com/cqlplay/cqlplay/engine/schema"
)

// Copy on write: a session kept ready for incremental runs (engine's
// Session.Rerun) keeps the state after some of its statements as snapshots,
// and the snapshots and the live state share everything neither has
// changed since. Fork makes the snapshot: the tables' btrees are cloned
// (google/btree copies a node the first time either tree writes it), and
// partitions and rows, which writes change in place, are copied the first
// time the live state writes them after the fork.
//
// An Owner tells the live state which partitions and rows are its own,
// made or copied since the last fork, and so may be changed in place. Its
// absence (a session that never forked, the command line's) changes
// nothing: every write goes in place as before.

// Owner is the live state's ownership of partitions and rows since the
// last fork. One Owner serves every table of a session: a fork ends the
// ownership of everything at once.
type Owner struct {
	// epoch is stamped on the partitions made or copied since the last
	// fork; a partition with another stamp may be a snapshot's too.
	epoch uint64
	// rows are the rows copied since the last fork. A row made since is
	// not listed (a table filled by one statement would list every row): a
	// later write copies it once more, harmlessly.
	rows map[*Row]struct{}
}

// NewOwner returns an Owner that owns nothing yet.
func NewOwner() *Owner { return &Owner{epoch: 1} }

// Fork ends the ownership of every partition and row: from now on the live
// state copies what it writes.
func (o *Owner) Fork() {
	o.epoch++
	o.rows = nil
}

func (o *Owner) ownsRow(r *Row) bool {
	_, ok := o.rows[r]
	return ok
}

func (o *Owner) addRow(r *Row) {
	if o.rows == nil {
		o.rows = map[*Row]struct{}{}
	}
	o.rows[r] = struct{}{}
}

// SetOwner makes o the owner of t's writes (nil: no snapshots, write in
// place). Tables forked from one another share the setting.
func (t *Table) SetOwner(o *Owner) { t.shared.own = o }

// Fork returns a copy of t, with schema s (the fork's copy of t's schema),
// sharing t's partitions and rows until either writes them. The caller
// forks the Owner too.
func (t *Table) Fork(s *schema.Table) *Table {
	return &Table{Schema: s, parts: t.parts.Clone(), shared: t.shared}
}

// ownPartition returns p, or, when p may be shared with a snapshot, a copy
// of it that replaces it in t; either is about to be written, so it has no
// memo (memo.go).
func (t *Table) ownPartition(p *Partition) *Partition {
	o := t.shared.own
	if o == nil || p.epoch == o.epoch {
		p.forget()
		return p
	}
	c := *p
	c.epoch = o.epoch
	c.Ranges = slices.Clip(slices.Clone(p.Ranges))
	if p.rows.tree != nil {
		c.rows.tree = p.rows.tree.clone()
	}
	t.parts.ReplaceOrInsert(&c)
	return &c
}

// ownRow returns r, a row of p, or, when r may be shared with a snapshot, a
// copy of it that replaces it in p. p must be the live state's own.
func (p *Partition) ownRow(r *Row) *Row {
	o := p.rows.shared.own
	if o == nil || o.ownsRow(r) {
		return r
	}
	c := &Row{Clustering: r.Clustering, Marker: r.Marker, Cells: slices.Clone(r.Cells)}
	if r.tombs != nil {
		c.tombs = &rowTombstones{deletion: r.tombs.deletion, complex: slices.Clone(r.tombs.complex)}
	}
	o.addRow(c)
	if r == p.Static {
		p.Static = c
	} else {
		p.rows.ReplaceOrInsert(c)
	}
	return c
}

// ownRows is ownRow for every row in rows, in place.
func (p *Partition) ownRows(rows []*Row) {
	for i, r := range rows {
		rows[i] = p.ownRow(r)
	}
}

// compactable reports whether Compact would purge anything from p, so that
// a compaction copies only the partitions it changes.
func (p *Partition) compactable(now, gcBefore int64) bool {
	if !p.Deletion.IsLive() && p.Deletion.LocalTime < gcBefore {
		return true
	}
	for _, rt := range p.Ranges {
		if rt.LocalTime < gcBefore {
			return true
		}
	}
	if p.Static != nil && p.Static.compactable(now, gcBefore) {
		return true
	}
	found := false
	p.rows.Ascend(func(r *Row) bool {
		found = r.compactable(now, gcBefore)
		return !found
	})
	return found
}

// compactable reports whether Compact would purge anything from r: the
// conditions of Row.Compact, without the changes.
func (r *Row) compactable(now, gcBefore int64) bool {
	if mk := int64(r.Marker.Expires); r.Marker.TS != NoTimestamp && r.Marker.TTL > 0 && mk <= now && mk < gcBefore {
		return true
	}
	for i := range r.Cells {
		c := &r.Cells[i]
		if (c.Tombstone || c.IsExpired(now)) && int64(c.LocalTime) < gcBefore {
			return true
		}
	}
	if r.tombs == nil {
		return false
	}
	if d := r.tombs.deletion; !d.IsLive() && d.LocalTime < gcBefore {
		return true
	}
	for _, c := range r.tombs.complex {
		if c.LocalTime < gcBefore {
			return true
		}
	}
	return false
}
