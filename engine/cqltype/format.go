package cqltype

import (
	"encoding/binary"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Format renders v as cqlsh prints it in a result table (cqlshlib's
// formatting.py with its defaults): null as "null", text bare (backslashes
// doubled, control characters escaped), booleans True/False, floats and
// doubles with 5 significant digits widened by the integer part, decimals
// as Python's Decimal prints them, blobs 0x.., timestamps
// 2026-01-01 00:00:00.000000+0000, inside collections strings single-quoted with quotes
// doubled, maps sorted by key. An empty value prints as nothing (0x for a
// blob). Bytes that do not decode print as 0x hex.
func (t *Type) Format(v Value) string {
	if v == nil {
		return "null"
	}
	var b []byte
	return string(t.appendCqlsh(b, v, false))
}

func (t *Type) appendCqlsh(b []byte, v Value, quote bool) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	if len(v) == 0 {
		if t.Kind == Blob {
			return append(b, "0x"...)
		}
		if quote && (t.Kind == Text || t.Kind == Ascii) {
			return append(b, "''"...)
		}
		return b
	}
	if !t.Valid(v) {
		return appendHex(b, v)
	}
	switch t.Kind {
	case Ascii, Text:
		return appendPyText(b, string(v), quote)
	case Boolean:
		if v[0] != 0 {
			return append(b, "True"...)
		}
		return append(b, "False"...)
	case Float:
		f, _ := FloatOf(v)
		return appendCqlshFloat(b, float64(f))
	case Double:
		f, _ := DoubleOf(v)
		return appendCqlshFloat(b, f)
	case Decimal:
		u, s, _ := DecimalOf(v)
		return append(b, pythonDecimal(u, s)...)
	case Timestamp:
		ms, _ := Int64Of(v)
		s := cqlshTimestamp(ms)
		if quote {
			return append(append(append(b, '\''), s...), '\'')
		}
		return append(b, s...)
	case Date:
		days, _ := DateDays(v)
		return append(b, cqlshDate(days)...)
	case Time:
		n, _ := Int64Of(v)
		return append(b, formatTimeOfDay(n)...)
	case Inet:
		s, _ := inetNtop(v)
		if quote {
			return append(append(append(b, '\''), s...), '\'')
		}
		return append(b, s...)
	case List, Set:
		_, items := t.Elements(v)
		open, close := byte('['), byte(']')
		if t.Kind == Set {
			// The driver decodes a set into a sortedset, ordered as Python
			// compares the decoded elements.
			items, _ = t.Elements(v)
			items = t.Elems[0].pythonSorted(items)
			open, close = '{', '}'
		}
		b = append(b, open)
		for i, it := range items {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = t.Elems[0].appendCqlsh(b, it, true)
		}
		return append(b, close)
	case Map:
		return t.appendCqlshMap(b, v)
	case Tuple:
		fields, _ := t.Fields(v)
		b = append(b, '(')
		for i, et := range t.Elems {
			if i > 0 {
				b = append(b, ", "...)
			}
			if i >= len(fields) || fields[i] == nil {
				// The driver decodes a null field to None, which cqlsh prints
				// as str(None) (or, when formatting fails on it, as the
				// tuple's repr, which shows None too).
				b = append(b, "None"...)
				continue
			}
			b = et.appendCqlsh(b, fields[i], true)
		}
		return append(b, ')')
	case UDT:
		// cqlsh's format_value_utype: {name: value, ...}, a null field as
		// null; the name as it is (format_value_text with quote=False). The
		// driver decodes the value to a namedtuple (UserType's
		// _make_udt_tuple_type): a field Python cannot name is field_i_
		// (util._positional_rename_invalid_identifiers), and with a type
		// name Python cannot take the value is a plain tuple, printed as one.
		if !pyIdentifier(t.Name) {
			tt := *t
			tt.Kind = Tuple
			return tt.appendCqlsh(b, v, quote)
		}
		fields, _ := t.Fields(v)
		b = append(b, '{')
		for i, et := range t.Elems {
			if i > 0 {
				b = append(b, ", "...)
			}
			if n := t.FieldNames[i]; pyIdentifier(n) && n[0] != '_' {
				b = append(b, n...)
			} else {
				b = append(append(append(b, "field_"...), strconv.Itoa(i)...), '_')
			}
			b = append(b, ": "...)
			var f Value
			if i < len(fields) {
				f = fields[i]
			}
			b = et.appendCqlsh(b, f, true)
		}
		return append(b, '}')
	}
	return t.appendPlain(b, v)
}

// pyIdentifier reports whether Python 3 takes s as a name: an identifier
// (letters, digits and _, not starting with a digit) that is not a keyword.
// Every non-ASCII character counts as a letter: the unicode package's tables
// would cost the .wasm 6 KB brotli for names no lesson uses.
func pyIdentifier(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= utf8.RuneSelf || r|0x20 >= 'a' && r|0x20 <= 'z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != "" && !strings.Contains(pyKeywords, " "+s+" ")
}

// pyKeywords is Python 3's keyword.kwlist, space-separated.
const pyKeywords = " False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield "

// appendCqlshMap prints entries sorted as Python's sorted(val.items()) orders
// the driver's decoded keys.
func (t *Type) appendCqlshMap(b []byte, v Value) []byte {
	keys, vals := t.Elements(v)
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	kt := t.Elems[0]
	sort.SliceStable(idx, func(i, j int) bool { return pythonLess(kt, keys[idx[i]], keys[idx[j]]) })
	b = append(b, '{')
	for n, i := range idx {
		if n > 0 {
			b = append(b, ", "...)
		}
		b = kt.appendCqlsh(b, keys[i], true)
		b = append(b, ": "...)
		b = t.Elems[1].appendCqlsh(b, vals[i], true)
	}
	return append(b, '}')
}

// pythonSorted returns items in Python's order (see pythonLess).
func (t *Type) pythonSorted(items []Value) []Value {
	out := append([]Value(nil), items...)
	sort.SliceStable(out, func(i, j int) bool { return pythonLess(t, out[i], out[j]) })
	return out
}

// pythonLess orders map keys as Python compares the driver's values: uuids
// as 128-bit unsigned integers, inets as their strings (the driver decodes
// them to str), everything else agreeing with Cassandra's order.
func pythonLess(t *Type, a, b Value) bool {
	switch t.Kind {
	case UUID, Timeuuid:
		if len(a) == 16 && len(b) == 16 {
			return string(a) < string(b)
		}
	case Inet:
		sa, ok1 := inetNtop(a)
		sb, ok2 := inetNtop(b)
		if ok1 && ok2 {
			return sa < sb
		}
	}
	return t.Compare(a, b) < 0
}

// appendPlain prints the types whose cqlsh, literal and Java forms agree.
func (t *Type) appendPlain(b []byte, v Value) []byte {
	switch t.Kind {
	case Int, Bigint, Counter, Smallint, Tinyint, Varint:
		// Fixed-width integers skip the big.Int IntegerOf allocates: a
		// bigint column of 50 rows was a tenth of W2's time.
		switch {
		case t.Kind == Int && len(v) == 4:
			return strconv.AppendInt(b, int64(int32(binary.BigEndian.Uint32(v))), 10)
		case (t.Kind == Bigint || t.Kind == Counter) && len(v) == 8:
			return strconv.AppendInt(b, int64(binary.BigEndian.Uint64(v)), 10)
		}
		n, ok := IntegerOf(t, v)
		if !ok {
			return appendHex(b, v)
		}
		if n.IsInt64() {
			return strconv.AppendInt(b, n.Int64(), 10)
		}
		return n.Append(b, 10)
	case UUID, Timeuuid:
		return append(b, FormatUUID(v)...)
	case Blob:
		return appendHex(b, v)
	case Duration:
		m, d, n, ok := DurationOf(v)
		if !ok {
			return appendHex(b, v)
		}
		return append(b, formatDuration(m, d, n)...)
	}
	return appendHex(b, v)
}

func appendHex(b []byte, v []byte) []byte {
	b = append(b, "0x"...)
	for _, c := range v {
		b = append(b, hexDigits[c>>4], hexDigits[c&15])
	}
	return b
}

func hexString(v []byte) string { return string(appendHex(nil, v)) }

// appendPyText is format_value_text: backslashes doubled, quotes doubled
// and the whole quoted when nested, and control characters
// (U+0000-U+001F, U+007F-U+00A0) shown as Python's repr shows them.
func appendPyText(b []byte, s string, quote bool) []byte {
	if quote {
		b = append(b, '\'')
	}
	for _, r := range s {
		switch {
		case r == '\\':
			b = append(b, '\\', '\\')
		case r == '\'' && quote:
			b = append(b, '\'', '\'')
		case r == '\t':
			b = append(b, '\\', 't')
		case r == '\n':
			b = append(b, '\\', 'n')
		case r == '\r':
			b = append(b, '\\', 'r')
		case r < 0x20 || (r >= 0x7f && r <= 0xa0):
			b = append(b, '\\', 'x', hexDigits[r>>4], hexDigits[r&15])
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	if quote {
		b = append(b, '\'')
	}
	return b
}

// cqlshTimestamp prints milliseconds since the epoch as cqlsh's default
// '%Y-%m-%d %H:%M:%S.%f%z' in UTC; outside years 1-9999, where Python's
// datetime overflows, cqlsh prints the raw milliseconds.
//
// Two Python details show: the driver turns milliseconds into a datetime
// through the float ms/1000.0, so far from 1970 the microseconds pick up
// float noise (.147003); and glibc's %Y does not pad years below 1000.
func cqlshTimestamp(ms int64) string {
	days := FloorDiv(ms, 86400000)
	if y, _, _ := CivilFromDays(days); y < 1 || y > 9999 {
		return strconv.FormatInt(ms, 10)
	}
	us := pythonMicros(ms)
	days = FloorDiv(us, 86400e6)
	rem := us - days*86400e6
	y, m, d := CivilFromDays(days)
	if y < 1 || y > 9999 {
		return strconv.FormatInt(ms, 10)
	}
	b := make([]byte, 0, 31)
	b = strconv.AppendInt(b, y, 10)
	b = append(b, '-')
	b = appendPadded(b, m, 2)
	b = append(b, '-')
	b = appendPadded(b, d, 2)
	b = append(b, ' ')
	b = appendClock(b, rem*1000)
	b = append(b, '.')
	b = appendPadded(b, rem%1e6, 6)
	return string(append(b, "+0000"...))
}

// pythonMicros is the microseconds since the epoch of
// datetime(1970,1,1) + timedelta(seconds=ms/1000.0): CPython splits the
// float into whole seconds and a fraction and rounds the fraction's
// microseconds half to even.
func pythonMicros(ms int64) int64 {
	secs := float64(ms) / 1000.0
	whole, frac := math.Modf(secs)
	return int64(whole)*1e6 + int64(math.RoundToEven(frac*1e6))
}

// cqlshDate prints a date as the driver's Date does, or its day count when
// the year is outside 1-9999.
func cqlshDate(days int64) string {
	y, m, d := CivilFromDays(days)
	if y < 1 || y > 9999 {
		return strconv.FormatInt(days, 10)
	}
	return string(appendDate(nil, y, m, d))
}

func appendDate(b []byte, y, m, d int64) []byte {
	if y < 0 {
		b = append(b, '-')
		y = -y
	}
	b = appendPadded(b, y, 4)
	b = append(b, '-')
	b = appendPadded(b, m, 2)
	b = append(b, '-')
	return appendPadded(b, d, 2)
}

// appendClock prints HH:MM:SS of nanoseconds since midnight.
func appendClock(b []byte, nanos int64) []byte {
	s := nanos / nanosPerSecond
	b = appendPadded(b, s/3600, 2)
	b = append(b, ':')
	b = appendPadded(b, s/60%60, 2)
	b = append(b, ':')
	return appendPadded(b, s%60, 2)
}

// formatTimeOfDay prints a time as HH:MM:SS.nnnnnnnnn (TimeSerializer and
// the driver's Time agree).
func formatTimeOfDay(n int64) string {
	b := appendClock(make([]byte, 0, 18), n)
	b = append(b, '.')
	return string(appendPadded(b, n%nanosPerSecond, 9))
}

func appendPadded(b []byte, n int64, width int) []byte {
	s := strconv.FormatInt(n, 10)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// javaDateString prints days as LocalDate.toString / ISO_LOCAL_DATE:
// yyyy-MM-dd, with a sign past four digits.
func javaDateString(days int64) string {
	y, m, d := CivilFromDays(days)
	var b []byte
	if y > 9999 {
		b = append(b, '+')
	}
	return string(appendDate(b, y, m, d))
}

// javaTimestamp prints ms as Cassandra's fixed-format UTC formatters do:
// sep ' ' gives the JSON form "2026-01-01 00:00:00.000Z", 'T' the CQL
// literal form of toCQLLiteral.
func javaTimestamp(ms int64, sep byte) string {
	days := FloorDiv(ms, 86400000)
	rem := ms - days*86400000
	y, m, d := CivilFromDays(days)
	var b []byte
	if y > 9999 {
		b = append(b, '+')
	}
	b = appendDate(b, y, m, d)
	b = append(b, sep)
	b = appendClock(b, rem*1e6)
	b = append(b, '.')
	b = appendPadded(b, rem%1000, 3)
	return string(append(b, 'Z'))
}

// Literal renders v as a CQL literal that reads back as the same value:
// strings single-quoted with inner quotes doubled, 0xcafe, 42, 1.5, true,
// [1, 2], {'k': 1}, (1, 'a'), null for null.
// Timestamps print as '2026-01-01T00:00:00.000Z', dates '2026-01-01', times
// '12:30:00.000000000', durations 1h2m, uuids bare.
func (t *Type) Literal(v Value) string {
	return string(t.appendLiteral(nil, v))
}

func (t *Type) appendLiteral(b []byte, v Value) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	if len(v) == 0 {
		switch t.Kind {
		case Blob:
			return append(b, "0x"...)
		case Text, Ascii:
			return append(b, "''"...)
		}
		return append(b, "null"...)
	}
	if !t.Valid(v) {
		return appendHex(b, v)
	}
	quoted := func(s string) []byte {
		b = append(b, '\'')
		b = append(b, strings.ReplaceAll(s, "'", "''")...)
		return append(b, '\'')
	}
	switch t.Kind {
	case Ascii, Text:
		return quoted(string(v))
	case Boolean:
		if v[0] != 0 {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case Float:
		f, _ := FloatOf(v)
		return append(b, javaFloat(float64(f), 32)...)
	case Double:
		f, _ := DoubleOf(v)
		return append(b, javaFloat(f, 64)...)
	case Decimal:
		u, s, _ := DecimalOf(v)
		return append(b, javaDecimal(u, s)...)
	case Timestamp:
		ms, _ := Int64Of(v)
		if y, _, _ := CivilFromDays(FloorDiv(ms, 86400000)); y < 1 || y > 9999 {
			return strconv.AppendInt(b, ms, 10) // no date pattern reads these years back
		}
		return quoted(javaTimestamp(ms, 'T'))
	case Date:
		days, _ := DateDays(v)
		return quoted(javaDateString(days))
	case Time:
		n, _ := Int64Of(v)
		return quoted(formatTimeOfDay(n))
	case Inet:
		s, _ := javaHostAddress(v)
		return quoted(s)
	case Duration:
		if m, d, n, ok := DurationOf(v); ok && m == 0 && d == 0 && n == 0 {
			return append(b, "0s"...) // Duration.toString prints nothing
		}
	case List, Set, Map:
		return t.appendCollection(b, v, (*Type).appendLiteral, ": ")
	case Tuple:
		fields, _ := t.Fields(v)
		b = append(b, '(')
		for i, f := range fields {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = t.Elems[i].appendLiteral(b, f)
		}
		return append(b, ')')
	}
	return t.appendPlain(b, v)
}

// appendCollection prints a list [..], set {..} or map {k<sep>v, ..} in
// stored order with each element printed by elem.
func (t *Type) appendCollection(b []byte, v Value, elem func(*Type, []byte, Value) []byte, sep string) []byte {
	keys, vals := t.Elements(v)
	switch t.Kind {
	case List:
		b = append(b, '[')
		for i, it := range vals {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = elem(t.Elems[0], b, it)
		}
		return append(b, ']')
	case Set:
		b = append(b, '{')
		for i, it := range keys {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = elem(t.Elems[0], b, it)
		}
		return append(b, '}')
	}
	b = append(b, '{')
	for i := range keys {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = elem(t.Elems[0], b, keys[i])
		b = append(b, sep...)
		b = elem(t.Elems[1], b, vals[i])
	}
	return append(b, '}')
}

// JSON renders v as Cassandra's toJSONString (SELECT JSON, toJson(),
// sstabledump): numbers bare, text quoted and escaped as Jackson does,
// timestamps "2026-01-01 00:00:00.000Z", blobs "0x..", NaN and infinities as
// null, lists and sets as arrays, maps as objects with string keys, tuples
// as arrays. Null is null.
func (t *Type) JSON(v Value) string {
	return string(t.appendJSON(nil, v))
}

func (t *Type) appendJSON(b []byte, v Value) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	if len(v) == 0 {
		switch t.Kind {
		case Blob:
			return append(b, `"0x"`...)
		case List, Set, Tuple:
			return append(b, "[]"...)
		case Map:
			return append(b, "{}"...)
		}
		return append(b, `""`...)
	}
	if !t.Valid(v) {
		return AppendJSONString(b, hexString(v))
	}
	switch t.Kind {
	case Ascii, Text:
		return AppendJSONString(b, string(v))
	case Boolean:
		if v[0] != 0 {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case Float, Double:
		s := t.appendLiteral(nil, v)
		if s[len(s)-1] == 'N' || s[len(s)-1] == 'y' { // NaN, Infinity
			return append(b, "null"...)
		}
		return append(b, s...)
	case Decimal:
		return t.appendLiteral(b, v)
	case Timestamp:
		ms, _ := Int64Of(v)
		return AppendJSONString(b, javaTimestamp(ms, ' '))
	case Date:
		days, _ := DateDays(v)
		return AppendJSONString(b, javaDateString(days))
	case Time:
		n, _ := Int64Of(v)
		return AppendJSONString(b, formatTimeOfDay(n))
	case Inet:
		s, _ := javaHostAddress(v)
		return AppendJSONString(b, s)
	case UUID, Timeuuid, Duration, Blob:
		return AppendJSONString(b, string(t.appendPlain(nil, v)))
	case List:
		return t.appendCollection(b, v, (*Type).appendJSON, "")
	case Set:
		// ListType.setOrListToJsonString: a set is a JSON array too.
		return ListOf(t.Elems[0], true).appendCollection(b, v, (*Type).appendJSON, "")
	case Map:
		return t.appendJSONMap(b, v)
	case Tuple:
		fields, _ := t.Fields(v)
		b = append(b, '[')
		for i := range t.Elems {
			if i > 0 {
				b = append(b, ", "...)
			}
			var f Value
			if i < len(fields) {
				f = fields[i]
			}
			b = t.Elems[i].appendJSON(b, f)
		}
		return append(b, ']')
	case UDT:
		// UserType.toJSONString: a mixed-case field name keeps its quotes
		// inside the JSON key ({"\"Zip\"": 2}).
		fields, _ := t.Fields(v)
		b = append(b, '{')
		for i, name := range t.FieldNames {
			if i > 0 {
				b = append(b, ", "...)
			}
			if name != toLowerASCII(name) {
				name = `"` + name + `"`
			}
			b = append(AppendJSONString(b, name), ": "...)
			var f Value
			if i < len(fields) {
				f = fields[i]
			}
			b = t.Elems[i].appendJSON(b, f)
		}
		return append(b, '}')
	}
	return t.appendPlain(b, v)
}

// appendJSONMap is MapType.toJSONString: keys that are not JSON strings are
// quoted as strings.
func (t *Type) appendJSONMap(b []byte, v Value) []byte {
	keys, vals := t.Elements(v)
	b = append(b, '{')
	for i := range keys {
		if i > 0 {
			b = append(b, ", "...)
		}
		k := t.Elems[0].appendJSON(nil, keys[i])
		if len(k) > 0 && k[0] == '"' {
			b = append(b, k...)
		} else {
			b = AppendJSONString(b, string(k))
		}
		b = append(b, ": "...)
		b = t.Elems[1].appendJSON(b, vals[i])
	}
	return append(b, '}')
}

// AppendJSONString quotes s as Jackson's JsonStringEncoder.quoteAsString:
// " and \ escaped, \b \t \n \f \r short forms, other control characters
// \u00XX with upper-case hex; everything else, non-ASCII included, as is.
func AppendJSONString(b []byte, s string) []byte {
	const upper = "0123456789ABCDEF"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\b':
			b = append(b, '\\', 'b')
		case '\t':
			b = append(b, '\\', 't')
		case '\n':
			b = append(b, '\\', 'n')
		case '\f':
			b = append(b, '\\', 'f')
		case '\r':
			b = append(b, '\\', 'r')
		default:
			if c < 0x20 {
				b = append(b, '\\', 'u', '0', '0', upper[c>>4], upper[c&15])
			} else {
				b = append(b, c)
			}
		}
	}
	return append(b, '"')
}

// toLowerASCII is String.toLowerCase(Locale.US) for the ASCII letters.
func toLowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
