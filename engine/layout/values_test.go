package layout

import (
	"testing"

	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// TestCqlshTextMatchesFormat checks the fast paths against cqltype's Format,
// which is the definition.
func TestCqlshTextMatchesFormat(t *testing.T) {
	tests := []struct {
		typ *cqltype.Type
		v   []byte
	}{
		{cqltype.IntType, cqltype.Int32Value(-7)},
		{cqltype.IntType, cqltype.Int32Value(2147483647)},
		{cqltype.IntType, []byte{1, 2}}, // malformed: Format's hex
		{cqltype.BigintType, cqltype.Int64Value(-9223372036854775808)},
		{cqltype.CounterType, cqltype.Int64Value(5)},
		{cqltype.TextType, []byte("plain text")},
		{cqltype.TextType, []byte("back\\slash")},
		{cqltype.TextType, []byte("tab\there")},
		{cqltype.TextType, []byte("é")},
		{cqltype.TextType, []byte{}},
		{cqltype.AsciiType, []byte("~")},
		{cqltype.DoubleType, cqltype.DoubleValue(1.5)},
		{cqltype.BlobType, []byte{0xca, 0xfe}},
	}
	for _, tc := range tests {
		if got, want := cqlshText(tc.typ, tc.v), tc.typ.Format(tc.v); got != want {
			t.Errorf("cqlshText(%s, %x) = %q, Format gives %q", tc.typ, tc.v, got, want)
		}
	}
}

// TestInstant checks Java's Instant.toString forms, which sstabledump prints.
func TestInstant(t *testing.T) {
	tests := []struct {
		micros int64
		want   string
	}{
		{0, "1970-01-01T00:00:00Z"},
		{1374630892473000, "2013-07-24T01:54:52.473Z"},
		{1374630892473001, "2013-07-24T01:54:52.473001Z"},
		{1767225600000000, "2026-01-01T00:00:00Z"},
		{1767225600100000, "2026-01-01T00:00:00.100Z"},
		{-1000000, "1969-12-31T23:59:59Z"},
		{951782400000000, "2000-02-29T00:00:00Z"},
		// Past the range of TimeUnit.toNanos, which saturates: Java prints
		// the nanos of Long.MAX_VALUE.
		{253402300800000000, "+10000-01-01T00:00:00.854775807Z"},
		{-1, "1970-01-01T00:00:00.999999Z"}, // toSeconds truncates, floorMod does not

	}
	for _, tc := range tests {
		if got := microsInstant(tc.micros); got != tc.want {
			t.Errorf("microsInstant(%d) = %s, want %s", tc.micros, got, tc.want)
		}
	}
	if got := secondsInstant(1767225660); got != "2026-01-01T00:01:00Z" {
		t.Errorf("secondsInstant = %s", got)
	}
}

// TestJacksonPrinter checks the emulated pretty printer on the shapes
// sstabledump writes: compact objects inside expanded ones, empty arrays.
func TestJacksonPrinter(t *testing.T) {
	var g jsonGen
	g.startArray()
	g.startObject()
	g.field("a")
	g.num(1)
	g.field("empty")
	g.startArray()
	g.endArray()
	g.field("inline")
	g.objCompact = true
	g.startObject()
	g.field("x")
	g.str("q\"\n")
	g.endObject()
	g.objCompact = false
	g.endObject()
	g.endArray()
	want := "[\n  {\n    \"a\" : 1,\n    \"empty\" : [ ],\n    \"inline\" : { \"x\" : \"q\\\"\\n\" }\n  }\n]"
	if string(g.b) != want {
		t.Errorf("got\n%s\nwant\n%s", g.b, want)
	}
}
