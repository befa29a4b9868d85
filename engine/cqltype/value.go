package cqltype

import (
	"encoding/binary"
	"math"
	"math/big"
	"strconv"
	"time"
	"unicode/utf8"
)

// Encoders and decoders between Go values and Cassandra's serialized forms.
// Decoders report ok=false when the bytes have the wrong length, so callers
// can fall back to a hex rendering instead of guessing.

// Int32Value encodes an int (4 bytes big-endian two's complement).
func Int32Value(v int32) Value { return binary.BigEndian.AppendUint32(make([]byte, 0, 4), uint32(v)) }

// Int64Value encodes a bigint, counter or timestamp (8 bytes big-endian).
func Int64Value(v int64) Value { return binary.BigEndian.AppendUint64(make([]byte, 0, 8), uint64(v)) }

// Int16Value encodes a smallint.
func Int16Value(v int16) Value { return []byte{byte(uint16(v) >> 8), byte(v)} }

// Int8Value encodes a tinyint.
func Int8Value(v int8) Value { return []byte{byte(v)} }

// BoolValue encodes a boolean (one byte, 0 or 1).
func BoolValue(b bool) Value {
	if b {
		return []byte{1}
	}
	return []byte{0}
}

// FloatValue encodes a float (IEEE-754 single, big-endian).
func FloatValue(f float32) Value {
	return binary.BigEndian.AppendUint32(make([]byte, 0, 4), math.Float32bits(f))
}

// DoubleValue encodes a double (IEEE-754 double, big-endian).
func DoubleValue(f float64) Value {
	return binary.BigEndian.AppendUint64(make([]byte, 0, 8), math.Float64bits(f))
}

// TextValue encodes text or ascii (UTF-8 bytes; the empty string is an empty, non-null value).
func TextValue(s string) Value { return append(make([]byte, 0, len(s)), s...) }

// TimestampValue encodes a timestamp given in milliseconds since the epoch.
func TimestampValue(ms int64) Value { return Int64Value(ms) }

// TimeValueOf encodes a time.Time as a timestamp (millisecond precision,
// truncated toward negative infinity as Java's Date does).
func TimeValueOf(t time.Time) Value { return TimestampValue(UnixMillis(t)) }

// UnixMillis returns t's milliseconds since the epoch, floored.
func UnixMillis(t time.Time) int64 {
	s := t.Unix()
	return s*1000 + int64(t.Nanosecond())/1e6
}

// TimeOfMillis returns the UTC instant ms milliseconds after the epoch.
func TimeOfMillis(ms int64) time.Time {
	sec, rem := ms/1000, ms%1000
	if rem < 0 {
		sec--
		rem += 1000
	}
	return time.Unix(sec, rem*1e6).UTC()
}

// DateValue encodes a date from days since the epoch (stored unsigned with
// 2^31 at the epoch, so byte order is date order).
func DateValue(days int64) Value {
	return binary.BigEndian.AppendUint32(make([]byte, 0, 4), uint32(days+1<<31))
}

// DateDays decodes a date to days since the epoch.
func DateDays(v Value) (int64, bool) {
	if len(v) != 4 {
		return 0, false
	}
	return int64(binary.BigEndian.Uint32(v)) - 1<<31, true
}

// TimeOfDayValue encodes a time (nanoseconds since midnight).
func TimeOfDayValue(nanos int64) Value { return Int64Value(nanos) }

// Int32Of decodes an int.
func Int32Of(v Value) (int32, bool) {
	if len(v) != 4 {
		return 0, false
	}
	return int32(binary.BigEndian.Uint32(v)), true
}

// Int64Of decodes a bigint, counter, timestamp or time.
func Int64Of(v Value) (int64, bool) {
	if len(v) != 8 {
		return 0, false
	}
	return int64(binary.BigEndian.Uint64(v)), true
}

// FloatOf decodes a float.
func FloatOf(v Value) (float32, bool) {
	if len(v) != 4 {
		return 0, false
	}
	return math.Float32frombits(binary.BigEndian.Uint32(v)), true
}

// DoubleOf decodes a double.
func DoubleOf(v Value) (float64, bool) {
	if len(v) != 8 {
		return 0, false
	}
	return math.Float64frombits(binary.BigEndian.Uint64(v)), true
}

// BoolOf decodes a boolean (any non-zero byte is true, as in BooleanSerializer).
func BoolOf(v Value) (bool, bool) {
	if len(v) != 1 {
		return false, false
	}
	return v[0] != 0, true
}

// VarintValue encodes a varint: the minimal big-endian two's complement form
// (BigInteger.toByteArray), at least one byte.
func VarintValue(n *big.Int) Value {
	switch n.Sign() {
	case 0:
		return []byte{0}
	case 1:
		b := n.Bytes()
		if b[0]&0x80 != 0 {
			b = append([]byte{0}, b...)
		}
		return b
	}
	// Negative: two's complement of |n| over enough bytes.
	m := new(big.Int).Neg(n)
	m.Sub(m, big.NewInt(1)) // -n-1 = ^n
	b := m.Bytes()
	for i := range b {
		b[i] = ^b[i]
	}
	if len(b) == 0 || b[0]&0x80 == 0 {
		b = append([]byte{0xff}, b...)
	}
	return b
}

// VarintOf decodes a varint; an empty slice is not a varint.
func VarintOf(v Value) (*big.Int, bool) {
	if len(v) == 0 {
		return nil, false
	}
	n := new(big.Int).SetBytes(v)
	if v[0]&0x80 != 0 {
		n.Sub(n, new(big.Int).Lsh(big.NewInt(1), uint(len(v))*8))
	}
	return n, true
}

// DecimalValue encodes a decimal unscaled×10^-scale: int32 scale then varint.
func DecimalValue(unscaled *big.Int, scale int32) Value {
	return append(Int32Value(scale), VarintValue(unscaled)...)
}

// DecimalOf decodes a decimal into its unscaled value and scale.
func DecimalOf(v Value) (*big.Int, int32, bool) {
	if len(v) < 5 {
		return nil, 0, false
	}
	scale, _ := Int32Of(v[:4])
	n, ok := VarintOf(v[4:])
	return n, scale, ok
}

// IntegerOf decodes any integer type (tinyint, smallint, int, bigint,
// counter, varint) into a big.Int.
func IntegerOf(t *Type, v Value) (*big.Int, bool) {
	switch t.Kind {
	case Tinyint:
		if len(v) == 1 {
			return big.NewInt(int64(int8(v[0]))), true
		}
	case Smallint:
		if len(v) == 2 {
			return big.NewInt(int64(int16(binary.BigEndian.Uint16(v)))), true
		}
	case Int:
		if n, ok := Int32Of(v); ok {
			return big.NewInt(int64(n)), true
		}
	case Bigint, Counter:
		if n, ok := Int64Of(v); ok {
			return big.NewInt(n), true
		}
	case Varint:
		return VarintOf(v)
	}
	return nil, false
}

// AddCounter adds delta to a counter value (nil counts as 0), wrapping as
// Java's long arithmetic does.
func AddCounter(v Value, delta int64) Value {
	n, _ := Int64Of(v)
	return Int64Value(n + delta)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func validUTF8(b []byte) bool { return utf8.Valid(b) }
