package store

// PurgeDropped removes from every row the cells of column col written at or
// before droppedAt (microseconds): what BTreeRow.filter never reads of a
// column dropped at droppedAt, so that the column, added again under the
// same ID, shows only what was written after the drop's timestamp. Rows
// left empty go. A collection deletion of the column stays: marked at or
// before droppedAt, it can shadow only cells that are purged.
func (t *Table) PurgeDropped(col int32, droppedAt int64) {
	var parts []*Partition
	t.parts.Ascend(func(p *Partition) bool {
		parts = append(parts, p)
		return true
	})
	for _, p := range parts {
		var rows []*Row
		if p.Static != nil {
			rows = append(rows, p.Static)
		}
		p.rows.Ascend(func(r *Row) bool {
			rows = append(rows, r)
			return true
		})
		owned := false
		for _, r := range rows {
			if !r.hasDropped(col, droppedAt) {
				continue
			}
			if !owned {
				// A snapshot may share p and its rows: copy before writing.
				p, owned = t.ownPartition(p), true
			}
			r = p.ownRow(r)
			r.purgeDropped(col, droppedAt)
			if r.IsEmpty() && r != p.Static {
				p.rows.Delete(r)
			}
		}
	}
}

// hasDropped reports whether purgeDropped would remove anything from r.
func (r *Row) hasDropped(col int32, at int64) bool {
	for i := range r.Cells {
		if c := &r.Cells[i]; c.Col == col && c.TS <= at {
			return true
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
}
