package query

import (
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// keyOrder is a table's clustering order compiled for a read: per column,
// the fixed-width integer order of its type when it has one
// (cqltype.FixedOrder), so a row's key is checked against a slice bound with
// a load and an integer comparison instead of Type.Compare's dispatch. It
// orders exactly as store.Clustering does, DESC columns reversed.
type keyOrder []keyCol

type keyCol struct {
	col   *schema.Column
	width int // 0 when the type has no fixed order
	flip  uint64
}

// appendKeyOrder appends the compiled order of cols to o (a reader's reused
// scratch).
func appendKeyOrder(o keyOrder, cols []*schema.Column) keyOrder {
	o = append(o[:0], make(keyOrder, len(cols))...)
	for i, c := range cols {
		o[i].col = c
		o[i].width, o[i].flip = c.Type.FixedOrder()
	}
	return o
}

// maxEncoded is how many leading columns of a bound keep a compiled integer;
// a later column compares with Type.Compare.
const maxEncoded = 4

// keyBound is a store.Bound with its leading values compiled: enc[i] is
// column i's order key when ok[i].
type keyBound struct {
	store.Bound
	enc [maxEncoded]uint64
	ok  [maxEncoded]bool
}

// keySlice is a store.Slice with compiled bounds. end1 is set when the end
// is one compiled value, the shape of a range on the first clustering
// column, which pastEnd then checks without a loop or a call.
type keySlice struct {
	start, end keyBound
	end1       bool
}

func (o keyOrder) bound(b store.Bound) keyBound {
	kb := keyBound{Bound: b}
	for i := 0; i < len(b.Prefix) && i < maxEncoded; i++ {
		if w := o[i].width; w != 0 && len(b.Prefix[i]) == w {
			kb.enc[i], kb.ok[i] = cqltype.LoadOrderKey(b.Prefix[i], o[i].flip), true
		}
	}
	return kb
}

// appendSlices appends the compiled ss to out (a reader's reused scratch).
func (o keyOrder) appendSlices(out []keySlice, ss []store.Slice) []keySlice {
	out = append(out[:0], make([]keySlice, len(ss))...)
	for i, s := range ss {
		out[i] = keySlice{start: o.bound(s.Start), end: o.bound(s.End)}
		out[i].end1 = len(s.End.Prefix) == 1 && out[i].end.ok[0]
	}
	return out
}

// compare compares key with b's prefix, looking only at the prefix's
// columns (store.Clustering.ComparePrefix): 0 means key starts with it.
func (o keyOrder) compare(key [][]byte, b *keyBound) int {
	for i, want := range b.Prefix {
		if i >= len(key) {
			return -1
		}
		a := key[i]
		c := &o[i]
		r := 0
		if i < maxEncoded && b.ok[i] && len(a) == c.width {
			x, y := cqltype.LoadOrderKey(a, c.flip), b.enc[i]
			switch {
			case x < y:
				r = -1
			case x > y:
				r = 1
			}
			if c.col.Desc {
				r = -r
			}
		} else {
			r = c.col.Compare(a, want)
		}
		if r != 0 {
			return r
		}
	}
	return 0
}

// pastEnd reports whether key sorts after the slice's end.
func (o keyOrder) pastEnd(key [][]byte, s *keySlice) bool {
	if s.end1 && len(key) > 0 && len(key[0]) == o[0].width {
		x, y := cqltype.LoadOrderKey(key[0], o[0].flip), s.end.enc[0]
		if o[0].col.Desc {
			x, y = y, x
		}
		return x > y || x == y && !s.end.Inclusive
	}
	return o.pastEndSlow(key, s)
}

func (o keyOrder) pastEndSlow(key [][]byte, s *keySlice) bool {
	if len(s.end.Prefix) == 0 {
		return false
	}
	c := o.compare(key, &s.end)
	return c > 0 || c == 0 && !s.end.Inclusive
}

// beforeStart reports whether key sorts before the slice's start.
func (o keyOrder) beforeStart(key [][]byte, s *keySlice) bool {
	if len(s.start.Prefix) == 0 {
		return false
	}
	c := o.compare(key, &s.start)
	return c < 0 || c == 0 && !s.start.Inclusive
}
