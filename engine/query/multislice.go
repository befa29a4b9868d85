package query

import (
	"sort"

	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// A multi-column slice (c1, c2) > (1, 2) compares tuples by value, while
// rows are stored in clustering order, where a DESC column runs backwards.
// Like Cassandra's MultiColumnRestriction.SliceRestriction with mixed
// orders, multiSlices splits the tuple comparison into pieces, one per
// column, each a contiguous run of storage: x > v is the union over i of
// (x1..xi-1 = v1..vi-1, xi > vi), plus x = v when the bound is inclusive.
// With both bounds the result is the pairwise intersection of their pieces.
// DELETE turns these slices into range tombstones, so they must be exact.

// point is a position between stored keys: before every key starting with
// prefix, or, with after, past every such key. An empty prefix is the
// start (or, with after, the end) of the partition.
type point struct {
	prefix []cqltype.Value
	after  bool
}

func comparePoints(cs []*schema.Column, a, b point) int {
	n := min(len(a.prefix), len(b.prefix))
	for i := 0; i < n; i++ {
		if r := cs[i].Compare(a.prefix[i], b.prefix[i]); r != 0 {
			return r
		}
	}
	switch {
	case len(a.prefix) == len(b.prefix):
		if a.after == b.after {
			return 0
		}
		if a.after {
			return 1
		}
		return -1
	case len(a.prefix) < len(b.prefix):
		// b lies inside a's group.
		if a.after {
			return 1
		}
		return -1
	default:
		if b.after {
			return -1
		}
		return 1
	}
}

type pointRange struct{ start, end point }

func (r pointRange) slice() store.Slice {
	return store.Slice{
		Start: store.Bound{Prefix: r.start.prefix, Inclusive: !r.start.after},
		End:   store.Bound{Prefix: r.end.prefix, Inclusive: r.end.after},
	}
}

func with(prefix []cqltype.Value, vals ...cqltype.Value) []cqltype.Value {
	return append(append(make([]cqltype.Value, 0, len(prefix)+len(vals)), prefix...), vals...)
}

// boundPieces returns the storage ranges of the keys under prefix whose
// columns cols compare above (lower) or below (!lower) the tuple b.
func boundPieces(cols []*schema.Column, prefix []cqltype.Value, b bound, lower bool) []pointRange {
	var out []pointRange
	// A bound may cover fewer columns than the restriction: (a, b) > (1, 2)
	// AND a < 3 has a one-column upper bound.
	for i, c := range cols[:len(b.vals)] {
		group := with(prefix, b.vals[:i]...)
		at := with(group, b.vals[i])
		// Keys of the group past the value (in value order) lie after it
		// in storage for an ASC column and before it for a DESC one.
		if lower != c.Desc {
			out = append(out, pointRange{point{at, true}, point{group, true}})
		} else {
			out = append(out, pointRange{point{group, false}, point{at, false}})
		}
	}
	if b.incl {
		eq := with(prefix, b.vals...)
		out = append(out, pointRange{point{eq, false}, point{eq, true}})
	}
	return out
}

// multiSlices returns the storage slices of keys under prefix that satisfy
// the multi-column slice r, in storage order.
func multiSlices(cs []*schema.Column, prefix []cqltype.Value, r *restriction) []store.Slice {
	var ranges []pointRange
	switch {
	case r.lo.set && r.hi.set:
		for _, a := range boundPieces(r.cols, prefix, r.lo, true) {
			for _, b := range boundPieces(r.cols, prefix, r.hi, false) {
				x := a
				if comparePoints(cs, b.start, x.start) > 0 {
					x.start = b.start
				}
				if comparePoints(cs, b.end, x.end) < 0 {
					x.end = b.end
				}
				ranges = append(ranges, x)
			}
		}
	case r.lo.set:
		ranges = boundPieces(r.cols, prefix, r.lo, true)
	default:
		ranges = boundPieces(r.cols, prefix, r.hi, false)
	}
	sort.SliceStable(ranges, func(i, j int) bool { return comparePoints(cs, ranges[i].start, ranges[j].start) < 0 })
	var out []store.Slice
	for _, x := range ranges {
		if comparePoints(cs, x.start, x.end) < 0 {
			out = append(out, x.slice())
		}
	}
	return out
}
