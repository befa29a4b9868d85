package cqltype

import (
	"encoding/binary"
	"math"
	"strconv"
)

// AppendFormat appends Format(v) to b. A reader formatting a whole result
// appends every cell to one buffer and slices one string of it, instead of
// allocating a buffer and a string per cell (W2: 100 cells a query).
//
// The types results are mostly made of take a short path here, without
// appendCqlsh's validity check and dispatch (in WebAssembly every call
// counts): a well-formed int, bigint or double, and text that is printable
// ASCII without a backslash, which cqlsh prints as it is.
func (t *Type) AppendFormat(b []byte, v Value) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	switch t.Kind {
	case Bigint, Counter:
		if len(v) == 8 {
			return strconv.AppendInt(b, int64(binary.BigEndian.Uint64(v)), 10)
		}
	case Int:
		if len(v) == 4 {
			return strconv.AppendInt(b, int64(int32(binary.BigEndian.Uint32(v))), 10)
		}
	case Double:
		if len(v) == 8 {
			if out, ok := appendCqlshFloatFixed(b, math.Float64frombits(binary.BigEndian.Uint64(v))); ok {
				return out
			}
		}
	case Text, Ascii:
		if len(v) > 0 && plainASCII(v) {
			return append(b, v...)
		}
	}
	return t.appendCqlsh(b, v, false)
}

// plainASCII reports whether cqlsh prints v unchanged: printable ASCII
// without a backslash (appendPyText escapes nothing else outside quotes).
func plainASCII(v []byte) bool {
	for _, c := range v {
		if c < 0x20 || c >= 0x7f || c == '\\' {
			return false
		}
	}
	return true
}
