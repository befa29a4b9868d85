package cqltype

import (
	"cmp"
	"encoding/binary"
	"math/rand"
	"testing"
)

// OrderKey must order every pair of values of its width exactly as Compare
// does: readers compare slice bounds with it instead of Compare.
func TestOrderKeyAgreesWithCompare(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for _, typ := range []*Type{TinyintType, SmallintType, IntType, BigintType, CounterType, TimestampType, TimeType, DateType} {
		w, _ := typ.FixedOrder()
		vals := fixedEdges(w)
		for range 200 {
			v := make(Value, w)
			rng.Read(v)
			vals = append(vals, v)
		}
		for _, a := range vals {
			ka, ok := typ.OrderKey(a)
			if !ok {
				t.Fatalf("%s: OrderKey(%x) not ok", typ, a)
			}
			for _, b := range vals {
				kb, _ := typ.OrderKey(b)
				want, got := typ.Compare(a, b), cmp.Compare(ka, kb)
				if cmp.Compare(want, 0) != got {
					t.Fatalf("%s: %x vs %x: keys order %d, Compare %d", typ, a, b, got, want)
				}
			}
		}
	}
}

// fixedEdges returns the values of width w around zero and the extremes, as
// signed and unsigned integers.
func fixedEdges(w int) []Value {
	var out []Value
	for _, n := range []uint64{0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff, 1<<63 - 1, 1 << 63, 1<<64 - 1} {
		var b [8]byte
		binary.BigEndian.PutUint64(b[:], n)
		out = append(out, Value(b[8-w:]))
	}
	return out
}
