package cqltype

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// FromString converts a constant's text to a value of t exactly as the
// type's fromString does in Cassandra (db/marshal/*Type.java), with its
// messages: "Unable to make int from '3000000000'", "Unable to parse a
// date/time from 'x'", ... now is the statement's clock in milliseconds, for
// the timestamp literal 'now'. Counters parse as bigint, as Constants does.
func (t *Type) FromString(s string, now int64) (Value, *cqlerr.Error) {
	switch t.Kind {
	case Text:
		return TextValue(toValidUTF8(s)), nil
	case Ascii:
		return asciiFromString(s)
	case Int, Bigint, Counter, Smallint, Tinyint:
		return fixedIntFromString(t.Kind, s)
	case Varint:
		if s == "" {
			return Value{}, nil
		}
		n, ok := parseBigInteger(s)
		if !ok {
			return nil, errUnableToMake("unable to make int", s)
		}
		return VarintValue(n), nil
	case Decimal:
		if s == "" {
			return Value{}, nil
		}
		u, scale, ok := ParseDecimal(s)
		if !ok {
			return nil, errUnableToMake("unable to make BigDecimal", s)
		}
		return DecimalValue(u, scale), nil
	case Float, Double:
		return floatFromString(t.Kind, s)
	case Boolean:
		switch {
		case s == "" || strings.EqualFold(s, "false"):
			return BoolValue(false), nil
		case strings.EqualFold(s, "true"):
			return BoolValue(true), nil
		}
		return nil, errUnableToMake("Unable to make boolean", s)
	case Blob:
		b, ok := parseHex(s)
		if !ok {
			return nil, errHex(s)
		}
		return b, nil
	case UUID:
		if s == "" {
			return Value{}, nil
		}
		if u, ok := ParseUUID(s); ok {
			return u, nil
		}
		return nil, errUnableToMake("Unable to make UUID", s)
	case Timeuuid:
		if s == "" {
			return Value{}, nil
		}
		u, ok := ParseUUID(s)
		if !ok {
			return nil, errTimeuuidRepresentation(s)
		}
		if UUIDVersion(u) != 1 {
			return nil, errTimeuuidVersion()
		}
		return u, nil
	case Timestamp:
		if s == "" {
			return Value{}, nil
		}
		ms, err := ParseTimestamp(s, now)
		if err != nil {
			return nil, err
		}
		return TimestampValue(ms), nil
	case Date:
		days, err := ParseDate(s)
		if err != nil {
			return nil, err
		}
		return DateValue(days), nil
	case Time:
		n, err := ParseTime(s)
		if err != nil {
			return nil, err
		}
		return TimeOfDayValue(n), nil
	case Inet:
		if s == "" {
			return Value{}, nil
		}
		if v, ok := ParseInet(s); ok {
			return v, nil
		}
		return nil, errUnableToMake("Unable to make inet address", s)
	case Duration:
		if s == "" {
			return Value{}, nil
		}
		return ParseDuration(s)
	}
	return nil, errUnableToMake("Unable to make "+t.String(), s)
}

// toValidUTF8 replaces invalid bytes with U+FFFD, as the server's UTF-8
// decoding of the query string does.
func toValidUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// asciiFromString is AsciiType.fromString: the US-ASCII encoder rejects the
// first non-ASCII character; the message embeds Java's exception text, whose
// "Input length" is 2 for a character outside the BMP (a surrogate pair).
func asciiFromString(s string) (Value, *cqlerr.Error) {
	for _, r := range s {
		if r >= 0x80 {
			n := "1"
			if r > 0xffff {
				n = "2"
			}
			return nil, errASCII(n)
		}
	}
	return TextValue(s), nil
}

var intNames = map[Kind]string{Int: "int", Bigint: "long", Counter: "long", Smallint: "short", Tinyint: "byte"}

// fixedIntFromString is Integer/Long/Short/Byte.parseXxx with each type's
// message; an empty string is the empty value.
func fixedIntFromString(k Kind, s string) (Value, *cqlerr.Error) {
	if s == "" {
		return Value{}, nil
	}
	bits := 64 // Bigint, Counter
	switch k {
	case Int:
		bits = 32
	case Smallint:
		bits = 16
	case Tinyint:
		bits = 8
	}
	n, ok := javaParseLong(s, bits)
	if !ok {
		return nil, errUnableToMake("Unable to make "+intNames[k], s)
	}
	switch k {
	case Int:
		return Int32Value(int32(n)), nil
	case Smallint:
		return Int16Value(int16(n)), nil
	case Tinyint:
		return Int8Value(int8(n)), nil
	}
	return Int64Value(n), nil
}

// javaParseLong accepts what Long.parseLong does: an optional sign and ASCII
// digits, within bits.
func javaParseLong(s string, bits int) (int64, bool) {
	body := s
	if body != "" && (body[0] == '+' || body[0] == '-') {
		body = body[1:]
	}
	if !allDigits(body) {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, bits)
	return n, err == nil
}

// parseBigInteger is new BigInteger(String): optional sign, ASCII digits.
func parseBigInteger(s string) (*big.Int, bool) {
	body := s
	if body != "" && (body[0] == '+' || body[0] == '-') {
		body = body[1:]
	}
	if !allDigits(body) {
		return nil, false
	}
	n, ok := ParseBigInt(s)
	return n, ok
}

// floatFromString is Float.parseFloat / Double.valueOf for the forms CQL
// literals take (decimal, exponent, NaN, Infinity); values past the range
// become infinities as in Java.
func floatFromString(k Kind, s string) (Value, *cqlerr.Error) {
	if s == "" {
		return Value{}, nil
	}
	name := "double"
	size := 64
	if k == Float {
		name, size = "float", 32
	}
	f, ok := parseJavaFloat(strings.TrimSpace(s), size)
	if !ok {
		return nil, errUnableToMake("Unable to make "+name, s)
	}
	if k == Float {
		return FloatValue(float32(f)), nil
	}
	return DoubleValue(f), nil
}

func parseJavaFloat(s string, size int) (float64, bool) {
	body := strings.TrimLeft(s, "+-")
	switch body {
	case "NaN":
		return javaNaN, len(body) == len(s) || len(s)-len(body) == 1
	case "Infinity":
		if len(s)-len(body) > 1 {
			return 0, false
		}
		if strings.HasPrefix(s, "-") {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	}
	// Java accepts a trailing f/F/d/D type suffix.
	if n := len(body); n > 0 && strings.ContainsRune("fFdD", rune(body[n-1])) {
		s = s[:len(s)-1]
		body = body[:n-1]
	}
	if body == "" || strings.Contains(body, "_") || strings.EqualFold(body, "inf") || strings.EqualFold(body, "infinity") || strings.EqualFold(body, "nan") {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, size)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, true
		}
		return 0, false
	}
	return f, true
}

// parseHex is Hex.hexToBytes: an even number of hex digits.
func parseHex(s string) (Value, bool) {
	if len(s)%2 == 1 {
		return nil, false
	}
	out := make([]byte, len(s)/2)
	for i := range out {
		hi, ok1 := unhex(s[2*i])
		lo, ok2 := unhex(s[2*i+1])
		if !ok1 || !ok2 {
			return nil, false
		}
		out[i] = hi<<4 | lo
	}
	return out, true
}

// javaNaN is Java's canonical NaN (Double.NaN, 0x7ff8000000000000); Go's
// math.NaN has another payload, and the bytes are what Cassandra stores.
var javaNaN = math.Float64frombits(0x7ff8000000000000)

// The messages of values read from text, in each type's fromString (db/marshal/*Type.java).

// errUnableToMake: "<what> from '<s>'", the wording of most fromString failures.
func errUnableToMake(what, s string) *cqlerr.Error {
	return cqlerr.Invalid(what + " from '" + s + "'")
}

// errTimeuuidRepresentation is TimeUUIDType.fromString's refusal of text
// that is no UUID.
func errTimeuuidRepresentation(s string) *cqlerr.Error {
	return cqlerr.Invalid("Unknown timeuuid representation: " + s)
}

// errTimeuuidVersion is TimeUUIDType.fromString's refusal of a UUID that is
// not of version 1 (time).
func errTimeuuidVersion() *cqlerr.Error {
	return cqlerr.Invalid("TimeUUID supports only version 1 UUIDs")
}

// errASCII: a non-ASCII character in an ascii value (AsciiType), n its length in UTF-16 units.
func errASCII(n string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid ASCII character in string literal: java.nio.charset.UnmappableCharacterException: Input length = " + n)
}
