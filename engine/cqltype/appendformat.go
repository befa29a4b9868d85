package cqltype

// AppendFormat appends Format(v) to b. A reader formatting a whole result
// appends every cell to one buffer and slices one string of it, instead of
// allocating a buffer and a string per cell (W2: 100 cells a query).
func (t *Type) AppendFormat(b []byte, v Value) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	return t.appendCqlsh(b, v, false)
}
