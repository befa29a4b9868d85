package cqltype

import (
	"math"
	"math/big"
	"strconv"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// Conversions behind CAST(x AS t) (cql3/functions/CastFcts.java), the time
// functions toDate/toTimestamp/toUnixTimestamp (TimeFcts.java) and
// blobAsX's validation (BytesConversionFcts.java). The functions' table,
// which calls these, is package function; CAST calls them here, so the two
// cannot disagree.

func isCastNumeric(k Kind) bool {
	switch k {
	case Tinyint, Smallint, Int, Bigint, Float, Double, Decimal, Counter, Varint:
		return true
	}
	return false
}

// CanCast reports whether CAST(x AS to) exists for a value of type from.
// Casting a type to itself is always allowed (the selector is dropped).
func CanCast(from, to *Type) bool {
	if from.Equal(to) {
		return true
	}
	if to.Kind == Ascii || to.Kind == Text {
		switch from.Kind {
		case Inet, Boolean, Timeuuid, Timestamp, Date, Time, UUID:
			return true
		case Ascii:
			return to.Kind == Text
		}
		return isCastNumeric(from.Kind)
	}
	switch to.Kind {
	case Tinyint, Smallint, Int, Bigint, Float, Double, Decimal, Varint:
		return isCastNumeric(from.Kind)
	case Date:
		return from.Kind == Timeuuid || from.Kind == Timestamp
	case Timestamp:
		return from.Kind == Timeuuid || from.Kind == Date
	}
	return false
}

// ErrCast is Selectable.WithCast's message when no cast exists, e.g.
// "b cannot be cast to int" (arg is the selected column's name).
func ErrCast(arg string, to *Type) *cqlerr.Error {
	return cqlerr.Invalid(arg + " cannot be cast to " + to.String())
}

// Cast converts v of type from to type to as CAST does. Null and the empty
// value give null. The caller checks CanCast first; an impossible cast
// returns v unchanged.
func Cast(from, to *Type, v Value) (Value, *cqlerr.Error) {
	if from.Equal(to) {
		return v, nil
	}
	if len(v) == 0 {
		return nil, nil
	}
	if !from.Valid(v) {
		return nil, errInvalidValue(from.String())
	}
	switch {
	case to.Kind == Ascii || to.Kind == Text:
		if from.Kind == Ascii {
			return v, nil
		}
		return TextValue(castText(from, v)), nil
	case isCastNumeric(to.Kind):
		return castNumber(from, to, v)
	case to.Kind == Date:
		return ToDate(from, v), nil
	case to.Kind == Timestamp:
		return ToTimestamp(from, v), nil
	}
	return v, nil
}

// castText is CastAsTextFunction: the type's toCQLLiteral text (Java's
// number formats, timestamps as 2026-01-01T00:00:00.000Z).
func castText(from *Type, v Value) string {
	switch from.Kind {
	case Inet:
		s, _ := javaHostAddress(v)
		return s
	case Timestamp:
		ms, _ := Int64Of(v)
		return javaTimestamp(ms, 'T')
	case Date:
		d, _ := DateDays(v)
		return javaDateString(d)
	case Time:
		n, _ := Int64Of(v)
		return formatTimeOfDay(n)
	}
	return from.Literal(v)
}

// castNumber converts between numbers with Java's Number.xxxValue rules:
// integers narrow by truncation, floating point saturates into long/int and
// truncates toward zero, NaN becomes 0.
func castNumber(from, to *Type, v Value) (Value, *cqlerr.Error) {
	switch to.Kind {
	case Float:
		f, _ := numberFloat(from, v)
		return FloatValue(float32(f)), nil
	case Double:
		f, _ := numberFloat(from, v)
		return DoubleValue(f), nil
	case Decimal:
		return castDecimal(from, v)
	case Varint:
		return VarintValue(big.NewInt(numberLong(from, v))), nil
	case Tinyint, Smallint, Int:
		if from.Kind == Float || from.Kind == Double {
			f, _ := numberFloat(from, v)
			return fixedInt(to.Kind, int64(javaD2I(f))), nil
		}
		return fixedInt(to.Kind, numberLong(from, v)), nil
	}
	return Int64Value(numberLong(from, v)), nil // bigint, counter
}

// numberFloat is Number.doubleValue.
func numberFloat(t *Type, v Value) (float64, bool) {
	switch t.Kind {
	case Float:
		f, ok := FloatOf(v)
		return float64(f), ok
	case Double:
		return DoubleOf(v)
	case Decimal:
		u, s, ok := DecimalOf(v)
		if !ok {
			return 0, false
		}
		f, _ := strconv.ParseFloat(javaDecimal(u, s), 64)
		return f, true
	}
	n, ok := IntegerOf(t, v)
	if !ok {
		return 0, false
	}
	f, _ := new(big.Float).SetInt(n).Float64()
	return f, true
}

// numberLong is Number.longValue: low 64 bits of integers, truncation
// toward zero with saturation for floating point, the integer part's low
// 64 bits for decimals.
func numberLong(t *Type, v Value) int64 {
	switch t.Kind {
	case Float, Double:
		f, _ := numberFloat(t, v)
		return javaD2L(f)
	case Decimal:
		u, s, ok := DecimalOf(v)
		if !ok {
			return 0
		}
		return lowInt64(decimalIntPart(u, s))
	}
	n, ok := IntegerOf(t, v)
	if !ok {
		return 0
	}
	return lowInt64(n)
}

// decimalIntPart truncates unscaled×10^-scale toward zero.
func decimalIntPart(u *big.Int, scale int32) *big.Int {
	if scale <= 0 {
		if scale < -4096 {
			return new(big.Int) // its low 64 bits are zero anyway (factor 2^4096)
		}
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-scale)), nil)
		return p.Mul(p, u)
	}
	if int64(scale) > int64(len(u.String())) {
		return new(big.Int)
	}
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(scale)), nil)
	return new(big.Int).Quo(u, p)
}

func lowInt64(n *big.Int) int64 {
	m := new(big.Int).And(n, new(big.Int).SetUint64(math.MaxUint64))
	return int64(m.Uint64())
}

// javaD2L is Java's (long) cast of a double.
func javaD2L(f float64) int64 {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt64:
		return math.MaxInt64
	case f <= math.MinInt64:
		return math.MinInt64
	}
	return int64(f)
}

// javaD2I is Java's (int) cast of a double: javaD2L's, saturated at the
// int's bounds (both truncate toward zero and map NaN to 0).
func javaD2I(f float64) int32 {
	return int32(min(max(javaD2L(f), math.MinInt32), math.MaxInt32))
}

// castDecimal is getDecimalConversionFunction: floats through their Java
// string (so 1.1f is 1.1), doubles via BigDecimal.valueOf, integers exactly.
func castDecimal(from *Type, v Value) (Value, *cqlerr.Error) {
	var s string
	switch from.Kind {
	case Float, Double:
		s = from.Literal(v)
		f, _ := numberFloat(from, v)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, errJavaDecimalCharacter(s[:1])
		}
	case Varint:
		n, _ := VarintOf(v)
		return DecimalValue(n, 0), nil
	default:
		return DecimalValue(big.NewInt(numberLong(from, v)), 0), nil
	}
	u, scale, ok := ParseDecimal(s)
	if !ok {
		return nil, errJavaNumberFormat()
	}
	return DecimalValue(u, scale), nil
}

// timeMillis is TemporalType.toTimeInMillis for timestamp, date and timeuuid.
func timeMillis(t *Type, v Value) (int64, bool) {
	switch t.Kind {
	case Timestamp:
		return Int64Of(v)
	case Date:
		d, ok := DateDays(v)
		return d * 86400000, ok
	case Timeuuid:
		return UUIDUnixMillis(v)
	}
	return 0, false
}

// ToDate is toDate(x) for a timestamp, date or timeuuid: the day of the
// instant as SimpleDateSerializer.timeInMillisToDay computes it in 4.1,
// Duration.ofMillis(ms).toDays(): whole seconds floored, then days truncated
// toward zero, so an instant less than 86,400 whole seconds before the
// epoch is 1970-01-01, as in Cassandra; the day count wraps to 32 bits as
// its (int) cast does. Null or empty gives null.
func ToDate(from *Type, v Value) Value {
	ms, ok := timeMillis(from, v)
	if !ok {
		return nil
	}
	return DateValue(FloorDiv(ms, 1000) / 86400)
}

// ToTimestamp is toTimestamp(x) for a date, timestamp or timeuuid.
func ToTimestamp(from *Type, v Value) Value {
	ms, ok := timeMillis(from, v)
	if !ok {
		return nil
	}
	return TimestampValue(ms)
}

// ToUnixTimestamp is toUnixTimestamp(x): milliseconds as a bigint.
func ToUnixTimestamp(from *Type, v Value) Value {
	ms, ok := timeMillis(from, v)
	if !ok {
		return nil
	}
	return Int64Value(ms)
}

// BlobAs is blobAsX(b): the bytes, unchanged, when X's serializer
// validates them (BytesConversionFcts.makeFromBlobFunction), else an
// InvalidRequest naming the function as its local name does there,
// without keyspace: "In call to function blobasint, value 0x0102 is not a
// valid binary representation for type int". Null gives null.
func BlobAs(to *Type, v Value) (Value, *cqlerr.Error) {
	if v == nil || serializerValid(to, v) {
		return v, nil
	}
	return nil, errBlobAs(to.String(), hexString(v))
}

// serializerValid is the validate of the type's TypeSerializer in 4.1,
// which differs from Valid (whether the engine can decode the bytes) in a
// few places: tinyint, smallint, date, time and duration refuse the empty
// value (their validate is a bare size check: ByteSerializer,
// ShortSerializer, SimpleDateSerializer, TimeSerializer,
// DurationSerializer's "at least 3 bytes"); time checks only its 8 bytes,
// not the range; a decimal needs 0 or at least 4 bytes (DecimalSerializer).
func serializerValid(t *Type, v Value) bool {
	switch t.Kind {
	case Tinyint, Smallint, Date, Duration:
		return len(v) > 0 && t.Valid(v)
	case Time:
		return len(v) == 8
	case Decimal:
		return len(v) == 0 || len(v) >= 4
	}
	return t.Valid(v)
}

// The messages of conversions (cql3/functions/CastFcts.java, BytesConversionFcts.java).

// errInvalidValue is the refusal, by a conversion (CastFcts,
// BytesConversionFcts), of bytes that are no value of typ.
func errInvalidValue(typ string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid value for type " + typ)
}

// errJavaDecimalCharacter: casting NaN or Infinity to decimal, which Java's BigDecimal refuses.
func errJavaDecimalCharacter(c string) *cqlerr.Error {
	return cqlerr.New(cqlerr.ServerError, "java.lang.NumberFormatException: Character "+c+
		" is neither a decimal digit number, decimal point, nor \"e\" notation exponential mark.")
}

// errJavaNumberFormat is the server error a CAST of text to a number raises
// when Java's parser throws NumberFormatException (CastFcts).
func errJavaNumberFormat() *cqlerr.Error {
	return cqlerr.New(cqlerr.ServerError, "java.lang.NumberFormatException")
}

// errBlobAs: blobAsT of bytes that are not a T (BytesConversionFcts).
func errBlobAs(typ, hex string) *cqlerr.Error {
	return cqlerr.Invalid("In call to function blobas" + typ + ", value " + hex + " is not a valid binary representation for type " + typ)
}
