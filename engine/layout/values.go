package layout

import (
	"math"
	"strconv"

	"github.com/cqlplay/cqlplay/engine/cqltype"
)

const hexDigits = "0123456789abcdef"

// appendHex appends v as lowercase hex without a prefix.
func appendHex(b []byte, v []byte) []byte {
	for _, c := range v {
		b = append(b, hexDigits[c>>4], hexDigits[c&15])
	}
	return b
}

// Hex returns the value's bytes as 0x-prefixed lowercase hex.
func (v Value) Hex() string {
	b := make([]byte, 0, 2+2*len(v.Bytes))
	b = append(b, "0x"...)
	return string(appendHex(b, v.Bytes))
}

// javaString renders v as Cassandra's AbstractType.getString does, the form
// partition keys, cell paths and cassandra-cli names use: text bare, blobs
// as hex without 0x, numbers, uuids and booleans plain, times ISO-8601.
func javaString(t *cqltype.Type, v []byte) string {
	if v == nil {
		return ""
	}
	return t.CassandraString(v)
}

// cqlshText is t.Format(v) with fast paths for the types that fill
// benchmarks and lessons (ints, bigints, plain ASCII text), which Format
// renders through big.Int or an escaping pass.
func cqlshText(t *cqltype.Type, v []byte) string {
	switch t.Kind {
	case cqltype.Int:
		if n, ok := cqltype.Int32Of(v); ok {
			return strconv.FormatInt(int64(n), 10)
		}
	case cqltype.Bigint, cqltype.Counter:
		if n, ok := cqltype.Int64Of(v); ok {
			return strconv.FormatInt(n, 10)
		}
	case cqltype.Text, cqltype.Ascii:
		if plainASCII(v) {
			return string(v)
		}
	}
	return t.Format(v)
}

// plainASCII reports whether cqlsh prints v as it is: printable ASCII with
// no backslash, and not empty (empty values have a rendering of their own).
func plainASCII(v []byte) bool {
	if len(v) == 0 {
		return false
	}
	for _, c := range v {
		if c < 0x20 || c > 0x7e || c == '\\' {
			return false
		}
	}
	return true
}

// appendInstant appends secs and nanos as Java's Instant.toString
// (ISO_INSTANT): the fraction is left out when zero, else printed in 3, 6 or
// 9 digits.
func appendInstant(b []byte, secs int64, nanos int64) []byte {
	days := cqltype.FloorDiv(secs, 86400)
	rem := secs - days*86400
	y, m, d := cqltype.CivilFromDays(days)
	switch {
	case y > 9999:
		b = append(b, '+')
		b = strconv.AppendInt(b, y, 10)
	case y < 0:
		b = append(b, '-')
		b = pad(b, -y, 4)
	default:
		b = pad(b, y, 4)
	}
	b = append(b, '-')
	b = pad(b, m, 2)
	b = append(b, '-')
	b = pad(b, d, 2)
	b = append(b, 'T')
	b = pad(b, rem/3600, 2)
	b = append(b, ':')
	b = pad(b, rem/60%60, 2)
	b = append(b, ':')
	b = pad(b, rem%60, 2)
	switch {
	case nanos == 0:
	case nanos%1_000_000 == 0:
		b = append(b, '.')
		b = pad(b, nanos/1_000_000, 3)
	case nanos%1000 == 0:
		b = append(b, '.')
		b = pad(b, nanos/1000, 6)
	default:
		b = append(b, '.')
		b = pad(b, nanos, 9)
	}
	return append(b, 'Z')
}

// appendMicrosInstant is sstabledump's dateString(MICROSECONDS, t): Java's
// TimeUnit.toSeconds truncates toward zero, the nanos are a floorMod of
// TimeUnit.toNanos, which saturates at the long range rather than wrap, and
// the tool prints exactly that.
func appendMicrosInstant(b []byte, t int64) []byte {
	const limit = math.MaxInt64 / 1000
	nanos := t * 1000
	switch {
	case t > limit:
		nanos = math.MaxInt64
	case t < -limit:
		nanos = math.MinInt64
	}
	return appendInstant(b, t/1_000_000, cqltype.FloorMod(nanos, 1_000_000_000))
}

// microsInstant and secondsInstant are sstabledump's dateString for
// microseconds and seconds, as strings.
func microsInstant(t int64) string { return string(appendMicrosInstant(nil, t)) }

func secondsInstant(t int64) string { return string(appendInstant(nil, t, 0)) }

// pad appends a non-negative n with at least width digits, zero-filled.
func pad(b []byte, n int64, width int) []byte {
	digits := 1
	for x := n; x >= 10; x /= 10 {
		digits++
	}
	for ; digits < width; digits++ {
		b = append(b, '0')
	}
	return strconv.AppendInt(b, n, 10)
}
