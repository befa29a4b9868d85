package cqltype

import (
	"cmp"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
)

// fuzzTypes covers every kind, nested and frozen forms included.
var fuzzTypes = []string{
	"ascii", "bigint", "blob", "boolean", "counter", "date", "decimal", "double", "duration",
	"float", "inet", "int", "smallint", "text", "time", "timestamp", "timeuuid", "tinyint",
	"uuid", "varint", "list<int>", "set<text>", "map<text, int>", "frozen<list<frozen<map<int, text>>>>",
	"tuple<int, text, frozen<set<double>>>", "map<timeuuid, frozen<tuple<decimal, varint>>>",
}

func fuzzType(t *testing.T, i uint8) *Type {
	return mustType(t, fuzzTypes[int(i)%len(fuzzTypes)])
}

// FuzzAssign feeds any literal text of any kind to every type: Assign must
// return a value or an error, never panic, and what it returns must be a
// valid value that every renderer handles.
func FuzzAssign(f *testing.F) {
	seeds := []struct {
		ti   uint8
		kind uint8
		text string
	}{
		{11, 2, "42"}, {11, 2, "3000000000"}, {15, 1, "2026-01-01 00:00:00+0000"}, {15, 1, "2026-02-30T25:61"},
		{5, 1, "2026-01-01"}, {5, 1, "-99999999-01-01"}, {14, 1, "12:30:00.123"}, {8, 7, "1y2mo3w4d5h6m7s8ms9us10ns"},
		{8, 7, "P0001-02-03T04:05:06"}, {8, 7, "-P2W"}, {6, 3, "1e-2147483648"}, {6, 3, "12.50"}, {10, 1, "::ffff:1.2.3.4"},
		{10, 1, "1.2.3"}, {2, 6, "0xcafe"}, {16, 5, "5132b130-ae79-11e4-ab27-0800200c9a66"}, {7, 3, "NaN"},
		{9, 3, "1e39"}, {0, 1, "héllo"}, {13, 1, "\xff\xfe"}, {19, 2, "-123456789012345678901234567890"},
	}
	for _, s := range seeds {
		f.Add(s.ti, s.kind, s.text)
	}
	f.Fuzz(func(t *testing.T, ti, kind uint8, text string) {
		typ := fuzzType(t, ti)
		lit := &cql.Literal{Kind: cql.LiteralKind(kind%8 + 1), Text: text}
		exprs := []cql.Expr{lit, &cql.Collection{Kind: cql.ListColl, Elems: []cql.Expr{lit, lit}},
			&cql.Collection{Kind: cql.SetColl, Elems: []cql.Expr{lit}},
			&cql.Collection{Kind: cql.MapColl, Keys: []cql.Expr{lit}, Elems: []cql.Expr{lit}},
			&cql.Tuple{Elems: []cql.Expr{lit, lit, lit}}}
		for _, e := range exprs {
			v, err := typ.Assign(e, "x", testEnv{})
			if err != nil {
				if err.Message == "" {
					t.Fatalf("%s <- %q: empty message", typ, text)
				}
				continue
			}
			if !typ.Valid(v) {
				t.Fatalf("%s <- %q produced invalid bytes %x", typ, text, v)
			}
			_, _, _ = typ.Format(v), typ.Literal(v), typ.JSON(v)
			if typ.Compare(v, v) != 0 {
				t.Fatalf("%s: %x does not equal itself", typ, v)
			}
		}
	})
}

// FuzzFormat feeds arbitrary bytes, as a corrupt cell would hold, to every
// reader of values: none may panic, and Compare must stay antisymmetric.
func FuzzFormat(f *testing.F) {
	f.Add(uint8(0), []byte("abc"), []byte{})
	f.Add(uint8(20), []byte{0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 7}, []byte{0xff, 0xff, 0xff, 0xff})
	f.Add(uint8(22), []byte{0, 0, 0, 1, 0, 0, 0, 1, 'a', 0xff, 0xff, 0xff, 0xff}, []byte{0x7f})
	f.Add(uint8(24), []byte{0, 0, 0, 4, 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff}, []byte{0, 0, 0, 3})
	f.Add(uint8(8), []byte{0xff, 0xff, 0xff}, []byte{0xfe, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add(uint8(6), []byte{0x7f, 0xff, 0xff, 0xff, 1}, []byte{0x80, 0, 0, 0, 0xff})
	f.Fuzz(func(t *testing.T, ti uint8, a, b []byte) {
		typ := fuzzType(t, ti)
		for _, v := range []Value{a, b} {
			_, _, _ = typ.Format(v), typ.Literal(v), typ.JSON(v)
			_, _ = typ.Elements(v)
			_, _ = typ.Fields(v)
			_ = typ.Valid(v)
			_ = Token(v)
			_ = SplitComposite(v)
			_, _ = BlobAs(typ, v)
			for _, to := range []*Type{TextType, IntType, DecimalType, DoubleType, DateType, TimestampType} {
				if CanCast(typ, to) {
					_, _ = Cast(typ, to, v)
				}
			}
		}
		ab, ba := typ.Compare(a, b), typ.Compare(b, a)
		if cmp.Compare(ab, 0) != -cmp.Compare(ba, 0) {
			t.Fatalf("%s: Compare(%x, %x) = %d but Compare(b, a) = %d", typ, a, b, ab, ba)
		}
	})
}

// FuzzFromJSON: any JSON text for any type gives a valid value or an error.
func FuzzFromJSON(f *testing.F) {
	for _, s := range []string{`1`, `"x"`, `[1, "a", null]`, `{"k": [1.5e3]}`, `"[1,2]"`, `"\ud83d\ude00"`, `99999999999999999999`, `[[[[`} {
		f.Add(uint8(3), s)
	}
	f.Fuzz(func(t *testing.T, ti uint8, s string) {
		typ := fuzzType(t, ti)
		v, err := typ.FromJSON(s)
		if err == nil && !typ.Valid(v) {
			t.Fatalf("%s from %q: invalid bytes %x", typ, s, v)
		}
		_, _, _ = ParseJSONObject(s)
	})
}
