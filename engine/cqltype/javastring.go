package cqltype

import "strings"

// CassandraString renders v as Cassandra's AbstractType.getString does (the
// serializer's toString): the form sstabledump prints partition keys in and
// the Java side prints values in logs. Text bare, blobs as hex without 0x,
// timestamps 2026-01-01T00:00:00.000Z, Java number formats, inet as
// getHostAddress, collections [a, b] / {a, b} / {k: v} with elements in the
// same form, tuples as fields joined by ':' (':' and '@' escaped, null '@').
// Null is "null"; an empty value is "".
func (t *Type) CassandraString(v Value) string {
	if v == nil {
		return "null"
	}
	return string(t.appendCassandraString(nil, v))
}

func (t *Type) appendCassandraString(b []byte, v Value) []byte {
	if len(v) == 0 {
		return b
	}
	if !t.Valid(v) {
		return append(b, hexString(v)[2:]...)
	}
	switch t.Kind {
	case Ascii, Text:
		return append(b, v...)
	case Blob:
		return append(b, hexString(v)[2:]...)
	case Timestamp, Date, Time, Inet:
		return append(b, castText(t, v)...)
	case Duration:
		m, d, n, _ := DurationOf(v)
		return append(b, formatDuration(m, d, n)...)
	case List, Set, Map:
		return t.appendCollection(b, v, (*Type).appendCassandraString, ": ")
	case Tuple, UDT:
		fields, _ := t.Fields(v)
		for i, f := range fields {
			if i > 0 {
				b = append(b, ':')
			}
			if f == nil {
				b = append(b, '@')
				continue
			}
			s := string(t.Elems[i].appendCassandraString(nil, f))
			s = strings.ReplaceAll(s, ":", `\:`)
			b = append(b, strings.ReplaceAll(s, "@", `\@`)...)
		}
		return b
	}
	return t.appendLiteral(b, v) // numbers, booleans, uuids, durations
}
