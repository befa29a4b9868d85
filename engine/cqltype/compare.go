package cqltype

import (
	"bytes"
	"encoding/binary"
	"math"
)

// Compare orders a and b as Cassandra's comparator for t does, ascending:
// negative when a sorts first. Null sorts before the empty value, which sorts
// before every other value (AbstractType's empty-first rule). DESC clustering
// is the caller's concern (schema.Column.Compare inverts the result).
//
// Bytes that do not decode as t compare by unsigned bytes after every value
// that does, so a corrupt value can never break the ordering's consistency.
func (t *Type) Compare(a, b Value) int {
	if len(a) == 0 || len(b) == 0 {
		return cmpInt(emptyRank(a), emptyRank(b))
	}
	switch t.Kind {
	case Ascii, Text, Blob, Inet, Date:
		return bytes.Compare(a, b)
	case Int, Bigint, Counter, Timestamp, Time, Smallint, Tinyint:
		if len(a) == len(b) && len(a) == fixedSize(t.Kind) {
			// Flipping the sign bit makes signed order unsigned order.
			flip := uint64(1) << (8*len(a) - 1)
			x, y := LoadOrderKey(a, flip), LoadOrderKey(b, flip)
			switch {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
		}
	case Varint:
		x, ok1 := VarintOf(a)
		y, ok2 := VarintOf(b)
		if ok1 && ok2 {
			return x.Cmp(y)
		}
	case Decimal:
		ua, sa, ok1 := DecimalOf(a)
		ub, sb, ok2 := DecimalOf(b)
		if ok1 && ok2 {
			return compareDecimal(ua, sa, ub, sb)
		}
	case Float:
		x, ok1 := FloatOf(a)
		y, ok2 := FloatOf(b)
		if ok1 && ok2 {
			return javaDoubleCompare(float64(x), float64(y))
		}
	case Double:
		x, ok1 := DoubleOf(a)
		y, ok2 := DoubleOf(b)
		if ok1 && ok2 {
			return javaDoubleCompare(x, y)
		}
	case Boolean:
		if len(a) == 1 && len(b) == 1 {
			return cmpInt(boolRank(a[0]), boolRank(b[0]))
		}
	case Timeuuid:
		if len(a) == 16 && len(b) == 16 {
			return compareTimeUUID(a, b)
		}
	case UUID:
		if len(a) == 16 && len(b) == 16 {
			return compareUUID(a, b)
		}
	case Duration:
		// DurationType is not comparable in Cassandra (it cannot be a key);
		// byte order keeps sorting deterministic.
		return bytes.Compare(a, b)
	case List, Set, Map:
		if c, ok := t.compareCollections(a, b); ok {
			return c
		}
	case Tuple, UDT:
		if c, ok := t.compareTuples(a, b); ok {
			return c
		}
	}
	return compareCorrupt(t, a, b)
}

// emptyRank puts null first, then the empty value, then everything else.
func emptyRank(v Value) int {
	switch {
	case v == nil:
		return 0
	case len(v) == 0:
		return 1
	}
	return 2
}

func boolRank(b byte) int {
	if b == 0 {
		return 0
	}
	return 1
}

func fixedSize(k Kind) int {
	switch k {
	case Tinyint:
		return 1
	case Smallint:
		return 2
	case Int:
		return 4
	}
	return 8
}

// compareCorrupt orders values that do not decode after those that do.
func compareCorrupt(t *Type, a, b Value) int {
	va, vb := t.Valid(a), t.Valid(b)
	switch {
	case va && !vb:
		return -1
	case !va && vb:
		return 1
	}
	return bytes.Compare(a, b)
}

// javaDoubleCompare is Double.compare: -0.0 < 0.0 and NaN after +Infinity,
// all NaNs equal.
func javaDoubleCompare(x, y float64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	xn, yn := math.IsNaN(x), math.IsNaN(y)
	switch {
	case xn && yn:
		return 0
	case xn:
		return 1
	case yn:
		return -1
	}
	return cmpInt(boolRankSign(y), boolRankSign(x)) // -0.0 before 0.0
}

func boolRankSign(f float64) int {
	if math.Signbit(f) {
		return 1
	}
	return 0
}

// reorderTimestamp moves a v1 uuid's time_hi, time_mid and time_low into
// significance order (TimeUUIDType.reorderTimestampBytes).
func reorderTimestamp(msb uint64) int64 {
	return int64(msb<<48 | msb<<16&0xFFFF00000000 | msb>>32)
}

// compareTimeUUID is TimeUUIDType's order: timestamp, then the clock
// sequence and node as signed bytes.
func compareTimeUUID(a, b []byte) int {
	ma := reorderTimestamp(binary.BigEndian.Uint64(a))
	mb := reorderTimestamp(binary.BigEndian.Uint64(b))
	if c := cmpInt64(ma, mb); c != 0 {
		return c
	}
	for i := 8; i < 16; i++ {
		if c := cmpInt(int(int8(a[i])), int(int8(b[i]))); c != 0 {
			return c
		}
	}
	return 0
}

// compareUUID is UUIDType's order: version, then the timestamp for v1 or
// the unsigned high half otherwise, then the unsigned low half.
func compareUUID(a, b []byte) int {
	va, vb := int(a[6]>>4), int(b[6]>>4)
	if va != vb {
		return cmpInt(va, vb)
	}
	if va == 1 {
		ma := reorderTimestamp(binary.BigEndian.Uint64(a))
		mb := reorderTimestamp(binary.BigEndian.Uint64(b))
		if c := cmpInt64(ma, mb); c != 0 {
			return c
		}
	} else if c := bytes.Compare(a[:8], b[:8]); c != 0 {
		return c
	}
	return bytes.Compare(a[8:], b[8:])
}

// compareCollections is CollectionType's element-wise order: elements (map:
// key then value) in turn, then the shorter collection first.
func (t *Type) compareCollections(a, b Value) (int, bool) {
	ia, ok1 := t.splitCollection(a)
	ib, ok2 := t.splitCollection(b)
	if !ok1 || !ok2 {
		return 0, false
	}
	for i := 0; i < len(ia) && i < len(ib); i++ {
		et := t.Elems[0]
		if t.Kind == Map && i%2 == 1 {
			et = t.Elems[1]
		}
		if c := et.Compare(ia[i], ib[i]); c != 0 {
			return c, true
		}
	}
	return cmpInt(len(ia), len(ib)), true
}

// compareTuples is TupleType's order: field by field (a null field first);
// when one value has more fields, it is greater only if one of its extra
// fields is non-empty (trailing nulls and empties compare equal).
func (t *Type) compareTuples(a, b Value) (int, bool) {
	fa, ok1 := t.Fields(a)
	fb, ok2 := t.Fields(b)
	if !ok1 || !ok2 || len(fa) > len(t.Elems) || len(fb) > len(t.Elems) {
		return 0, false
	}
	n := min(len(fa), len(fb))
	for i := 0; i < n; i++ {
		if c := t.Elems[i].Compare(fa[i], fb[i]); c != 0 {
			return c, true
		}
	}
	for _, f := range fa[n:] {
		if len(f) > 0 {
			return 1, true
		}
	}
	for _, f := range fb[n:] {
		if len(f) > 0 {
			return -1, true
		}
	}
	return 0, true
}

// Valid reports whether v is a well-formed value of t (null and the empty
// value are valid for every type, as Cassandra allows empty values).
func (t *Type) Valid(v Value) bool {
	if len(v) == 0 {
		return true
	}
	switch t.Kind {
	case Int, Float, Date:
		return len(v) == 4
	case Bigint, Counter, Timestamp, Double:
		return len(v) == 8
	case Time:
		n, ok := Int64Of(v)
		return ok && n >= 0 && n < nanosPerDay
	case Smallint:
		return len(v) == 2
	case Tinyint, Boolean:
		return len(v) == 1
	case UUID:
		return len(v) == 16
	case Timeuuid:
		return len(v) == 16 && v[6]>>4 == 1
	case Inet:
		return len(v) == 4 || len(v) == 16
	case Decimal:
		return len(v) >= 5
	case Ascii:
		for _, c := range v {
			if c >= 0x80 {
				return false
			}
		}
		return true
	case Text:
		return validUTF8(v)
	case Duration:
		_, _, _, ok := DurationOf(v)
		return ok
	case List, Set, Map:
		items, ok := t.splitCollection(v)
		if !ok {
			return false
		}
		for i, it := range items {
			et := t.Elems[0]
			if t.Kind == Map && i%2 == 1 {
				et = t.Elems[1]
			}
			if it == nil || !et.Valid(it) {
				return false
			}
		}
		return true
	case Tuple, UDT:
		fields, ok := t.Fields(v)
		if !ok || len(fields) > len(t.Elems) {
			return false
		}
		for i, f := range fields {
			if f != nil && !t.Elems[i].Valid(f) {
				return false
			}
		}
		return true
	}
	return true
}

// FixedOrder describes the types whose Compare, on two values of their fixed
// width, is the unsigned order of the big-endian integers they hold once the
// bits in flip are inverted (the sign bit of the signed integer types). A
// reader compiles a slice bound of such a column into one integer and
// compares each row's key with a load and an integer comparison instead of
// Compare's dispatch. It returns width 0 for every other type.
func (t *Type) FixedOrder() (width int, flip uint64) {
	switch t.Kind {
	case Tinyint, Smallint, Int, Bigint, Counter, Timestamp, Time:
		w := fixedSize(t.Kind)
		return w, 1 << (8*w - 1)
	case Date:
		return 4, 0
	}
	return 0, 0
}

// OrderKey loads a value of a FixedOrder type as the integer whose unsigned
// order is Compare's; ok is false when t has no fixed order or v is not of
// its width (empty, or corrupt), where only Compare can order it.
func (t *Type) OrderKey(v Value) (key uint64, ok bool) {
	w, flip := t.FixedOrder()
	if w == 0 || len(v) != w {
		return 0, false
	}
	return LoadOrderKey(v, flip), true
}

// LoadOrderKey is OrderKey's load for a value already known to have its
// type's FixedOrder width (1, 2, 4 or 8 bytes).
func LoadOrderKey(v Value, flip uint64) uint64 {
	var x uint64
	switch len(v) {
	case 8:
		x = binary.BigEndian.Uint64(v)
	case 4:
		x = uint64(binary.BigEndian.Uint32(v))
	case 2:
		x = uint64(binary.BigEndian.Uint16(v))
	case 1:
		x = uint64(v[0])
	}
	return x ^ flip
}
