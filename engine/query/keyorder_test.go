package query

import (
	"math/rand"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// keyOrder.compare must agree with store.Clustering.ComparePrefix, the order
// the rows are stored in, for every key and bound: fixed-width columns both
// ways, the others, DESC, empty and corrupt values, short keys and prefixes.
func TestKeyOrderAgreesWithClustering(t *testing.T) {
	schemas := [][]*schema.Column{
		{{Type: cqltype.BigintType}},
		{{Type: cqltype.IntType, Desc: true}, {Type: cqltype.TextType}},
		{{Type: cqltype.DateType}, {Type: cqltype.TimestampType, Desc: true}, {Type: cqltype.SmallintType}, {Type: cqltype.TinyintType}, {Type: cqltype.TimeType, Desc: true}},
		{{Type: cqltype.VarintType}, {Type: cqltype.BooleanType, Desc: true}},
	}
	rng := rand.New(rand.NewSource(5))
	for _, cols := range schemas {
		o := appendKeyOrder(nil, cols)
		cmp := store.Clustering(cols)
		keys := make([][][]byte, 300)
		for i := range keys {
			keys[i] = randomKey(rng, cols, len(cols))
		}
		for range 300 {
			b := o.bound(store.Bound{Prefix: randomKey(rng, cols, rng.Intn(len(cols)+1))})
			for _, k := range keys {
				if got, want := sign(o.compare(k, &b)), sign(cmp.ComparePrefix(k, b.Prefix)); got != want {
					t.Fatalf("key %x, prefix %x: keyOrder %d, Clustering %d", k, b.Prefix, got, want)
				}
			}
		}
	}
}

// randomKey draws n values for the leading columns, mostly of the type's
// width from a small range (so that equal values occur), sometimes empty or
// of a corrupt length.
func randomKey(rng *rand.Rand, cols []*schema.Column, n int) [][]byte {
	key := make([][]byte, n)
	for i := range key {
		w, _ := cols[i].Type.FixedOrder()
		switch r := rng.Intn(20); {
		case r == 0:
			key[i] = []byte{}
		case r == 1:
			key[i] = []byte{byte(rng.Intn(256)), byte(rng.Intn(256)), byte(rng.Intn(256))}
		case w > 0:
			v := make([]byte, w)
			for j := range v {
				v[j] = byte(rng.Intn(3)) * 0x7f
			}
			key[i] = v
		default:
			key[i] = []byte{byte(rng.Intn(3))}
		}
	}
	return key
}

func sign(c int) int {
	switch {
	case c < 0:
		return -1
	case c > 0:
		return 1
	}
	return 0
}
