package store

// The walks below position once in the partition's btree and then leave
// every bound check to the caller: a reader that has compiled its slice into
// comparisons cheaper than Clustering's (fixed-width keys compared as
// integers) checks both ends itself, in the one callback it makes per row.

// AscendFrom calls fn for the stored rows in storage order, starting at the
// first row whose clustering key sorts at or after start.Prefix (every row
// when the prefix is empty), until fn returns false. Rows equal to an
// exclusive start, and every row past the slice's end, are the caller's to
// skip or stop at.
func (p *Partition) AscendFrom(start Bound, fn func(*Row) bool) {
	if len(start.Prefix) == 0 {
		p.rows.Ascend(fn)
		return
	}
	p.rows.AscendGreaterOrEqual(&Row{Clustering: start.Prefix}, fn)
}

// DescendFrom calls fn for the stored rows in reverse storage order, starting
// at most one row past end (every row when end.Prefix is empty), until fn
// returns false. The caller skips a row past end and stops at the slice's
// start.
//
// A prefix sorts before the keys that extend it, so the prefix itself is the
// pivot of an exclusive end, or of an inclusive end naming every clustering
// column; an inclusive end on a shorter prefix first finds the row after the
// last key the prefix covers.
func (p *Partition) DescendFrom(end Bound, fn func(*Row) bool) {
	if len(end.Prefix) == 0 {
		p.rows.Descend(fn)
		return
	}
	pivot := &Row{Clustering: end.Prefix}
	if end.Inclusive && len(end.Prefix) < len(p.cmp()) {
		pivot = nil
		p.rows.AscendGreaterOrEqual(&Row{Clustering: end.Prefix}, func(r *Row) bool {
			if p.cmp().ComparePrefix(r.Clustering, end.Prefix) > 0 {
				pivot = r
				return false
			}
			return true
		})
		if pivot == nil {
			p.rows.Descend(fn)
			return
		}
	}
	p.rows.DescendLessOrEqual(pivot, fn)
}
