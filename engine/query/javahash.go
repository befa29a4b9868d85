package query

import "github.com/cqlplay/cqlplay/engine/schema"

// javaHashOrder returns names in the order a java.util.HashSet of their
// ColumnIdentifiers, filled in the order given, iterates them:
// ColumnIdentifier.hashCode is its UTF-8 bytes' ByteBuffer.hashCode. Cassandra
// lists such sets in messages (CreateViewStatement's columns missing IS NOT
// NULL) and applies HashMaps of them in that order (RENAME's columns).
func javaHashOrder(names []string) []string {
	return schema.HashMapOrder(names, javaBytesHash, schema.DefaultCapacity(len(names)))
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
