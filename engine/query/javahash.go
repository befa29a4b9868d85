package query

import "sort"

// javaHashOrder returns names in the order a java.util.HashSet of their
// ColumnIdentifiers, filled in the order given, iterates them: by bucket
// (ColumnIdentifier.hashCode is its UTF-8 bytes' ByteBuffer.hashCode, spread
// as HashMap.hash does, over a table of 16 doubled past a 0.75 load), and in
// insertion order within a bucket. Cassandra lists such sets in messages
// (CreateViewStatement's columns missing IS NOT NULL).
func javaHashOrder(names []string) []string {
	capacity := 16
	for len(names)*4 > capacity*3 {
		capacity *= 2
	}
	out := append([]string(nil), names...)
	bucket := func(s string) int32 {
		h := javaBytesHash(s)
		return (h ^ int32(uint32(h)>>16)) & int32(capacity-1)
	}
	sort.SliceStable(out, func(i, j int) bool { return bucket(out[i]) < bucket(out[j]) })
	return out
}

// javaBytesHash is ByteBuffer.hashCode over s's bytes: from the last byte
// to the first, each as a signed Java byte.
func javaBytesHash(s string) int32 {
	h := int32(1)
	for i := len(s) - 1; i >= 0; i-- {
		h = 31*h + int32(int8(s[i]))
	}
	return h
}
