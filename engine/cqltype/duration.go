package cqltype

import (
	"math"
	"math/bits"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// Durations are three signed numbers (months, days, nanoseconds), all of one
// sign, serialized as three Cassandra vints (DurationSerializer). The text
// forms and messages follow cql3/Duration.java.

const (
	nanosPerMicro  = int64(1000)
	nanosPerMilli  = 1000 * nanosPerMicro
	nanosPerSecond = 1000 * nanosPerMilli
	nanosPerMinute = 60 * nanosPerSecond
	nanosPerHour   = 60 * nanosPerMinute
	nanosPerDay    = 24 * nanosPerHour
)

// DurationValue encodes a duration.
func DurationValue(months, days int32, nanos int64) Value {
	b := make([]byte, 0, 12)
	b = appendVInt(b, int64(months))
	b = appendVInt(b, int64(days))
	return appendVInt(b, nanos)
}

// DurationOf decodes a duration.
func DurationOf(v Value) (months, days int32, nanos int64, ok bool) {
	m, n1, ok1 := readVInt(v)
	d, n2, ok2 := readVInt(v[n1:])
	ns, n3, ok3 := readVInt(v[n1+n2:])
	if !ok1 || !ok2 || !ok3 || n1+n2+n3 != len(v) || m != int64(int32(m)) || d != int64(int32(d)) {
		return 0, 0, 0, false
	}
	return int32(m), int32(d), ns, true
}

// appendVInt writes a signed vint: zig-zag, then VIntCoding's unsigned form
// whose first byte's leading one bits count the extra bytes.
func appendVInt(b []byte, v int64) []byte {
	u := uint64(v<<1) ^ uint64(v>>63)
	mag := bits.LeadingZeros64(u | 1)
	size := (639 - mag*9) >> 6
	extra := size - 1
	if extra == 0 {
		return append(b, byte(u))
	}
	first := byte(0xff << (8 - extra))
	if extra < 8 {
		first |= byte(u >> (8 * extra))
	}
	b = append(b, first)
	for i := extra - 1; i >= 0; i-- {
		b = append(b, byte(u>>(8*i)))
	}
	return b
}

// readVInt reads a signed vint, returning it and the bytes consumed.
func readVInt(b []byte) (int64, int, bool) {
	if len(b) == 0 {
		return 0, 0, false
	}
	first := b[0]
	extra := bits.LeadingZeros8(^first)
	if len(b) < 1+extra {
		return 0, 0, false
	}
	var u uint64
	if extra < 8 {
		u = uint64(first & (0xff >> extra))
	}
	for i := 1; i <= extra; i++ {
		u = u<<8 | uint64(b[i])
	}
	return int64(u>>1) ^ -int64(u&1), 1 + extra, true
}

// durationBuilder mirrors Duration.Builder: units must come in decreasing
// order, each at most once, and totals must fit.
type durationBuilder struct {
	neg         bool
	months      int64
	days        int64
	nanos       int64
	currentUnit int
}

var durationUnitNames = [...]string{"", "years", "months", "weeks", "days", "hours", "minutes",
	"seconds", "milliseconds", "microseconds", "nanoseconds"}

func (b *durationBuilder) order(unit int) *cqlerr.Error {
	if unit == b.currentUnit {
		return errDurationUnitTwice(durationUnitNames[unit])
	}
	if unit <= b.currentUnit {
		return errDurationUnitOrder(durationUnitNames[b.currentUnit], durationUnitNames[unit])
	}
	b.currentUnit = unit
	return nil
}

// errDurationLimit is Duration's refusal of a literal whose total of months,
// days or nanoseconds (name) exceeds Integer.MAX_VALUE or Long.MAX_VALUE.
func errDurationLimit(name string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid duration. The total number of " + name + " must be less or equal to 2147483647")
}

// add adds n of unit (1 years ... 10 nanoseconds).
func (b *durationBuilder) add(unit int, n int64) *cqlerr.Error {
	if err := b.order(unit); err != nil {
		return err
	}
	switch unit {
	case 1, 2:
		per := int64(12)
		if unit == 2 {
			per = 1
		}
		if n > (math.MaxInt32-b.months)/per {
			return errDurationLimit("months")
		}
		b.months += n * per
	case 3, 4:
		per := int64(7)
		if unit == 4 {
			per = 1
		}
		if n > (math.MaxInt32-b.days)/per {
			return errDurationLimit("days")
		}
		b.days += n * per
	default:
		per := [...]int64{5: nanosPerHour, 6: nanosPerMinute, 7: nanosPerSecond, 8: nanosPerMilli, 9: nanosPerMicro, 10: 1}[unit]
		if n > (math.MaxInt64-b.nanos)/per {
			return errDurationLimit("nanoseconds")
		}
		b.nanos += n * per
	}
	return nil
}

func (b *durationBuilder) value() Value {
	if b.neg {
		return DurationValue(int32(-b.months), int32(-b.days), -b.nanos)
	}
	return DurationValue(int32(b.months), int32(b.days), b.nanos)
}

// ParseDuration parses a duration as Duration.from does: 1h30m, 1y2mo3w,
// ISO 8601 P1Y2M3DT4H5M6S, P2W, or P0001-02-03T04:05:06, optionally negative.
func ParseDuration(input string) (Value, *cqlerr.Error) {
	neg := strings.HasPrefix(input, "-")
	src := input
	if neg {
		src = input[1:]
	}
	bad := errDuration(src)
	b := &durationBuilder{neg: neg}
	var err *cqlerr.Error
	switch {
	case strings.HasPrefix(src, "P") && strings.HasSuffix(src, "W"):
		n, ok := parseDurationNumber(src[1 : len(src)-1])
		if !ok {
			return nil, bad
		}
		err = b.add(3, n)
	case strings.HasPrefix(src, "P") && strings.Contains(src, "-"):
		err = parseISOAlternative(b, src, bad)
	case strings.HasPrefix(src, "P"):
		err = parseISODuration(b, src[1:], bad)
	default:
		err = parseStandardDuration(b, src, bad)
	}
	if err != nil {
		return nil, err
	}
	return b.value(), nil
}

// parseDurationNumber parses \d+ as a Java long (overflow is an error, as
// Long.parseLong's NumberFormatException would escape as a server error; we
// report it as unparsable).
func parseDurationNumber(s string) (int64, bool) {
	if s == "" {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' || n > (math.MaxInt64-int64(c-'0'))/10 {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// durationSymbols maps the standard format's unit symbols (case-insensitive)
// to builder units; longer symbols first so "ms" wins over "m".
var durationSymbols = []struct {
	sym  string
	unit int
}{
	{"mo", 2}, {"ms", 8}, {"us", 9}, {"µs", 9}, {"ns", 10},
	{"y", 1}, {"w", 3}, {"d", 4}, {"h", 5}, {"m", 6}, {"s", 7},
}

func parseStandardDuration(b *durationBuilder, s string, bad *cqlerr.Error) *cqlerr.Error {
	if s == "" {
		return bad
	}
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 {
			return bad
		}
		n, ok := parseDurationNumber(s[:i])
		if !ok {
			return bad
		}
		s = s[i:]
		unit := 0
		for _, ds := range durationSymbols {
			if len(s) >= len(ds.sym) && strings.EqualFold(s[:len(ds.sym)], ds.sym) {
				unit = ds.unit
				s = s[len(ds.sym):]
				break
			}
		}
		if unit == 0 {
			return bad
		}
		if err := b.add(unit, n); err != nil {
			return err
		}
	}
	return nil
}

// parseISODuration parses the part after P of P[nY][nM][nD][T[nH][nM][nS]].
func parseISODuration(b *durationBuilder, s string, bad *cqlerr.Error) *cqlerr.Error {
	date, tm, hasT := strings.Cut(s, "T")
	type part struct {
		sym  byte
		unit int
	}
	take := func(s string, parts []part) *cqlerr.Error {
		for _, p := range parts {
			i := 0
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			if i == 0 || i >= len(s) || s[i] != p.sym {
				continue
			}
			n, ok := parseDurationNumber(s[:i])
			if !ok {
				return bad
			}
			if err := b.add(p.unit, n); err != nil {
				return err
			}
			s = s[i+1:]
		}
		if s != "" {
			return bad
		}
		return nil
	}
	if err := take(date, []part{{'Y', 1}, {'M', 2}, {'D', 4}}); err != nil {
		return err
	}
	if hasT {
		return take(tm, []part{{'H', 5}, {'M', 6}, {'S', 7}})
	}
	return nil
}

// parseISOAlternative parses P yyyy-MM-ddTHH:mm:ss.
func parseISOAlternative(b *durationBuilder, s string, bad *cqlerr.Error) *cqlerr.Error {
	const layout = "P0000-00-00T00:00:00"
	if len(s) != len(layout) {
		return bad
	}
	for i := 0; i < len(s); i++ {
		if layout[i] == '0' {
			if s[i] < '0' || s[i] > '9' {
				return bad
			}
		} else if s[i] != layout[i] {
			return bad
		}
	}
	fields := []struct {
		from, to, unit int
	}{{1, 5, 1}, {6, 8, 2}, {9, 11, 4}, {12, 14, 5}, {15, 17, 6}, {18, 20, 7}}
	for _, f := range fields {
		n, _ := parseDurationNumber(s[f.from:f.to])
		if err := b.add(f.unit, n); err != nil {
			return err
		}
	}
	return nil
}

// formatDuration prints a duration as Duration.toString and cqlsh's
// duration_as_str do: 1y2mo3d4h5m6s7ms8us9ns, "-" first when negative.
func formatDuration(months, days int32, nanos int64) string {
	var b []byte
	if months < 0 || days < 0 || nanos < 0 {
		b = append(b, '-')
	}
	appendUnit := func(dividend, divisor uint64, unit string) uint64 {
		if dividend == 0 || dividend < divisor {
			return dividend
		}
		b = appendUint(b, dividend/divisor)
		b = append(b, unit...)
		return dividend % divisor
	}
	rem := appendUnit(absU(int64(months)), 12, "y")
	appendUnit(rem, 1, "mo")
	appendUnit(absU(int64(days)), 1, "d")
	if nanos != 0 {
		rem = appendUnit(absU(nanos), uint64(nanosPerHour), "h")
		rem = appendUnit(rem, uint64(nanosPerMinute), "m")
		rem = appendUnit(rem, uint64(nanosPerSecond), "s")
		rem = appendUnit(rem, uint64(nanosPerMilli), "ms")
		rem = appendUnit(rem, uint64(nanosPerMicro), "us")
		appendUnit(rem, 1, "ns")
	}
	return string(b)
}

func absU(n int64) uint64 {
	if n < 0 {
		return uint64(-n)
	}
	return uint64(n)
}

func appendUint(b []byte, n uint64) []byte {
	var buf [20]byte
	i := len(buf)
	for {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return append(b, buf[i:]...)
}

// The messages of duration literals (cql3/Duration.java).

// errDurationUnitTwice is Duration.Builder's refusal of a literal that gives
// the same unit twice (1h2h).
func errDurationUnitTwice(unit string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid duration. The " + unit + " are specified multiple times")
}

// errDurationUnitOrder is Duration.Builder's refusal of units out of order,
// largest first (1m1h).
func errDurationUnitOrder(unit, before string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid duration. The " + unit + " should be after " + before)
}

// errDuration is Duration.from's refusal of text that is no duration in any
// of its three formats.
func errDuration(s string) *cqlerr.Error {
	return cqlerr.Invalid("Unable to convert '" + s + "' to a duration")
}
