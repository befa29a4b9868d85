package cqltype

import (
	"encoding/binary"
	"sort"
)

// Frozen collections serialize as an int32 element count followed by each
// element as an int32 length and its bytes (a map: key then value). Tuples
// are their fields, each as an int32 length (-1 for null) and bytes, with no
// count. These are CollectionSerializer's and TupleType's v3+ formats.

// readItems splits n length-prefixed items (n < 0: until the input ends).
// A length of -1 is a null item. ok is false when the bytes do not parse.
func readItems(b []byte, n int) ([]Value, bool) {
	var out []Value
	for i := 0; n < 0 || i < n; i++ {
		if n < 0 && len(b) == 0 {
			break
		}
		if len(b) < 4 {
			return out, false
		}
		l := int32(binary.BigEndian.Uint32(b))
		b = b[4:]
		if l < 0 {
			out = append(out, nil)
			continue
		}
		if int(l) > len(b) {
			return out, false
		}
		out = append(out, b[:l:l])
		b = b[l:]
	}
	return out, len(b) == 0
}

// splitCollection returns the items of a serialized frozen collection (for a
// map: key, value, key, value, ...).
func (t *Type) splitCollection(v Value) ([]Value, bool) {
	if len(v) < 4 {
		return nil, false
	}
	n := int32(binary.BigEndian.Uint32(v))
	per := 1
	if t.Kind == Map {
		per = 2
	}
	if n < 0 || int64(n)*int64(per)*4 > int64(len(v)-4) {
		return nil, false
	}
	return readItems(v[4:], int(n)*per)
}

// Elements splits a serialized collection into its elements: a list's in
// vals, a set's in keys, a map's keys and values side by side. Bytes that do
// not parse give no elements (see Valid). The elements alias v.
func (t *Type) Elements(v Value) (keys, vals []Value) {
	items, ok := t.splitCollection(v)
	if !ok {
		return nil, nil
	}
	switch t.Kind {
	case List:
		return nil, items
	case Set:
		return items, nil
	case Map:
		keys = make([]Value, 0, len(items)/2)
		vals = make([]Value, 0, len(items)/2)
		for i := 0; i+1 < len(items); i += 2 {
			keys = append(keys, items[i])
			vals = append(vals, items[i+1])
		}
		return keys, vals
	}
	return nil, nil
}

// Join serializes elements as a frozen collection of t, the inverse of
// Elements: a list from vals, a set from keys, a map from both. The caller
// supplies sets sorted and deduplicated and maps sorted by key, as Cassandra
// stores them (SortedSet/SortedMap, see Normalize).
func (t *Type) Join(keys, vals []Value) Value {
	var items []Value
	n := 0
	switch t.Kind {
	case List:
		items, n = vals, len(vals)
	case Set:
		items, n = keys, len(keys)
	case Map:
		n = len(keys)
		items = make([]Value, 0, 2*n)
		for i := range keys {
			var v Value
			if i < len(vals) {
				v = vals[i]
			}
			items = append(items, keys[i], v)
		}
	}
	size := 4
	for _, it := range items {
		size += 4 + len(it)
	}
	out := make([]byte, 4, size)
	binary.BigEndian.PutUint32(out, uint32(n))
	return appendItems(out, items)
}

func appendItems(out []byte, items []Value) []byte {
	for _, it := range items {
		if it == nil {
			out = binary.BigEndian.AppendUint32(out, 0xffffffff)
			continue
		}
		out = binary.BigEndian.AppendUint32(out, uint32(len(it)))
		out = append(out, it...)
	}
	return out
}

// Fields splits a serialized tuple into its fields (nil for a null field).
// A value with fewer fields than the type (written by a shorter literal)
// gives fewer fields.
func (t *Type) Fields(v Value) ([]Value, bool) {
	return readItems(v, -1)
}

// JoinFields serializes tuple fields (nil for null).
func JoinFields(fields []Value) Value {
	return appendItems(make([]byte, 0, 16), fields)
}

// Normalize sorts and deduplicates set elements, and sorts map entries by
// key keeping the last value written for a repeated key, as Cassandra's set
// and map literals do.
func (t *Type) Normalize(keys, vals []Value) ([]Value, []Value) {
	kt := t.KeyType()
	if kt == nil {
		return keys, vals
	}
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	// A stable sort keeps duplicates in writing order, so the last one wins.
	sort.SliceStable(idx, func(a, b int) bool { return kt.Compare(keys[idx[a]], keys[idx[b]]) < 0 })
	var nk, nv []Value
	for j := 0; j < len(idx); j++ {
		i := idx[j]
		if j+1 < len(idx) && kt.Compare(keys[i], keys[idx[j+1]]) == 0 {
			continue // the later one (stable order) is kept
		}
		nk = append(nk, keys[i])
		if t.Kind == Map && i < len(vals) {
			nv = append(nv, vals[i])
		}
	}
	return nk, nv
}
