package store

// PurgeDropped removes from every row the cells of column col written at or
// before droppedAt (microseconds) and its collection deletions marked then
// or before: what BTreeRow.filter never reads of a column dropped at
// droppedAt, so that the column, added again under the same ID, shows only
// what was written after the drop's timestamp. Rows left empty go.
func (t *Table) PurgeDropped(col int32, droppedAt int64) {
	var hit []*Partition
	t.parts.Ascend(func(p *Partition) bool {
		if p.hasDropped(col, droppedAt) {
			hit = append(hit, p)
		}
		return true
	})
	for _, p := range hit {
		p = t.ownPartition(p)
		if p.Static != nil && p.Static.hasDropped(col, droppedAt) {
			p.ownRow(p.Static).purgeDropped(col, droppedAt)
		}
		var rows, empty []*Row
		p.rows.Ascend(func(r *Row) bool {
			if r.hasDropped(col, droppedAt) {
				rows = append(rows, r)
			}
			return true
		})
		p.ownRows(rows)
		for _, r := range rows {
			r.purgeDropped(col, droppedAt)
			if r.IsEmpty() {
				empty = append(empty, r)
			}
		}
		for _, r := range empty {
			p.rows.Delete(r)
		}
	}
}

func (p *Partition) hasDropped(col int32, at int64) bool {
	if p.Static != nil && p.Static.hasDropped(col, at) {
		return true
	}
	found := false
	p.rows.Ascend(func(r *Row) bool {
		found = r.hasDropped(col, at)
		return !found
	})
	return found
}

func (r *Row) hasDropped(col int32, at int64) bool {
	for i := range r.Cells {
		if c := &r.Cells[i]; c.Col == col && c.TS <= at {
			return true
		}
	}
	if r.tombs != nil {
		for _, d := range r.tombs.complex {
			if d.Col == col && d.MarkedAt <= at {
				return true
			}
		}
	}
	return false
}

func (r *Row) purgeDropped(col int32, at int64) {
	out := r.Cells[:0]
	for _, c := range r.Cells {
		if c.Col != col || c.TS > at {
			out = append(out, c)
		}
	}
	r.Cells = out
	if r.tombs == nil {
		return
	}
	cx := r.tombs.complex[:0]
	for _, d := range r.tombs.complex {
		if d.Col != col || d.MarkedAt > at {
			cx = append(cx, d)
		}
	}
	r.setTombstones(r.tombs.deletion, cx)
}
