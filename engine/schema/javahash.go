package schema

// Cassandra lists some sets of option names in its messages as a
// java.util.HashMap iterates its keys: by bucket (the key's hashCode, spread
// as HashMap.hash does, masked by the table's size), then in insertion order
// within a bucket. A map copied from another takes its source's iteration
// order as its insertion order, so a chain of copies is followed step by step
// (HashMapOrder), each with the table size its constructor gives.

// HashMapOrder orders keys, inserted in the order given, as a HashMap whose
// table has capacity buckets iterates them; hash is the keys' hashCode.
// With several capacities, keys go through one map of each in turn, each
// filled from the one before.
func HashMapOrder(keys []string, hash func(string) int32, capacities ...int) []string {
	for _, capacity := range capacities {
		out := make([]string, 0, len(keys))
		for b := int32(0); b < int32(capacity); b++ {
			for _, k := range keys {
				if h := hash(k); (h^int32(uint32(h)>>16))&int32(capacity-1) == b {
					out = append(out, k)
				}
			}
		}
		keys = out
	}
	return keys
}

// SizedCapacity is the table size of new HashMap<>(n) once it holds n keys
// (tableSizeFor(n), doubled past a 0.75 load).
func SizedCapacity(n int) int { return grownCapacity(tableSizeFor(n), n) }

// DefaultCapacity is the table size of new HashMap<>() (or HashSet) once it holds n keys.
func DefaultCapacity(n int) int { return grownCapacity(16, n) }

// CopiedCapacity is the table size of new HashMap<>(m) for a map m of n keys,
// grown to hold total keys once more are put (putMapEntries' sizing, then resize).
func CopiedCapacity(n, total int) int {
	if n == 0 {
		return DefaultCapacity(total)
	}
	return grownCapacity(tableSizeFor(int(float32(n)/0.75+1)), total)
}

func grownCapacity(c, n int) int {
	for n*4 > c*3 {
		c *= 2
	}
	return c
}

func tableSizeFor(n int) int {
	c := 1
	for c < n {
		c <<= 1
	}
	return c
}

// JavaStringHash is String.hashCode: over the UTF-16 code units.
func JavaStringHash(s string) int32 {
	var h int32
	for _, r := range s {
		if r >= 0x10000 { // a surrogate pair
			r -= 0x10000
			h = 31*h + 0xD800 + r>>10
			r = 0xDC00 + r&0x3FF
		}
		h = 31*h + r
	}
	return h
}
