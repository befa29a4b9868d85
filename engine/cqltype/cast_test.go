package cqltype

import (
	"math"
	"testing"
)

func TestCast(t *testing.T) {
	cases := []struct {
		from string
		v    Value
		to   string
		show string // cqlsh rendering of the result
	}{
		{"int", Int32Value(300), "tinyint", "44"},
		{"int", Int32Value(-1), "bigint", "-1"},
		{"int", Int32Value(7), "text", "7"},
		{"int", Int32Value(7), "double", "7"},
		{"int", Int32Value(7), "decimal", "7"},
		{"int", Int32Value(7), "varint", "7"},
		{"bigint", Int64Value(1 << 40), "int", "0"},
		{"double", DoubleValue(1.9), "int", "1"},
		{"double", DoubleValue(-1.9), "bigint", "-1"},
		{"double", DoubleValue(1e300), "int", "2147483647"},
		{"double", DoubleValue(math.NaN()), "int", "0"},
		{"double", DoubleValue(0.1), "decimal", "0.1"},
		{"double", DoubleValue(100), "text", "100.0"},
		{"double", DoubleValue(1e7), "text", "1.0E7"},
		{"float", FloatValue(1.1), "decimal", "1.1"},
		{"float", FloatValue(1.1), "double", "1.1"},
		{"decimal", dec("12.99"), "int", "12"},
		{"decimal", dec("-12.99"), "bigint", "-12"},
		{"decimal", dec("1E+3"), "int", "1000"},
		{"decimal", dec("12.5"), "double", "12.5"},
		{"decimal", dec("1E+3"), "text", "1E+3"},
		{"varint", varint("18446744073709551617"), "bigint", "1"},
		{"counter", Int64Value(5), "int", "5"},
		{"boolean", BoolValue(true), "text", "true"},
		{"inet", mustInet("::1"), "text", "0:0:0:0:0:0:0:1"},
		{"timestamp", TimestampValue(1767225600000), "text", "2026-01-01T00:00:00.000Z"},
		{"timestamp", TimestampValue(1767225600000 + 3600000), "date", "2026-01-01"},
		{"timestamp", TimestampValue(-1), "date", "1970-01-01"}, // SimpleDateSerializer truncates toward zero
		{"timestamp", TimestampValue(-86400001), "date", "1969-12-31"},
		{"date", DateValue(20454), "timestamp", "2026-01-01 00:00:00.000000+0000"},
		{"date", DateValue(20454), "text", "2026-01-01"},
		{"time", TimeOfDayValue(nanosPerHour), "text", "01:00:00.000000000"},
		{"timeuuid", TimeUUIDAt(1767225600000*1e6, 1, 2), "timestamp", "2026-01-01 00:00:00.000000+0000"},
		{"timeuuid", TimeUUIDAt(1767225600000*1e6, 1, 2), "date", "2026-01-01"},
		{"uuid", mustUUID("5132b130-ae79-11e4-ab27-0800200c9a66"), "ascii", "5132b130-ae79-11e4-ab27-0800200c9a66"},
		{"ascii", []byte("x"), "text", "x"},
		{"text", []byte("x"), "text", "x"},
	}
	for _, c := range cases {
		from, to := mustType(t, c.from), mustType(t, c.to)
		if !CanCast(from, to) {
			t.Errorf("CanCast(%s, %s) = false", c.from, c.to)
			continue
		}
		got, err := Cast(from, to, c.v)
		if err != nil {
			t.Errorf("cast(%s as %s): %v", from.Format(c.v), c.to, err)
			continue
		}
		if to.Format(got) != c.show {
			t.Errorf("cast(%s as %s) = %s, want %s", from.Format(c.v), c.to, to.Format(got), c.show)
		}
	}
	for _, pair := range [][2]string{{"text", "int"}, {"blob", "text"}, {"int", "timestamp"}, {"boolean", "int"}, {"uuid", "timeuuid"}, {"date", "time"}, {"list<int>", "text"}} {
		if CanCast(mustType(t, pair[0]), mustType(t, pair[1])) {
			t.Errorf("CanCast(%s, %s) = true; Cassandra has no such cast", pair[0], pair[1])
		}
	}
	if e := ErrCast("b", BooleanType); e.Message != "b cannot be cast to boolean" {
		t.Errorf("ErrCast = %q", e.Message)
	}
	if _, err := Cast(DoubleType, DecimalType, DoubleValue(math.NaN())); err == nil {
		t.Error("NaN cannot become a decimal")
	}
}

func TestTimeFunctions(t *testing.T) {
	u := TimeUUIDAt(1767225600123*1e6, 1, 2)
	if ms, _ := Int64Of(ToUnixTimestamp(TimeuuidType, u)); ms != 1767225600123 {
		t.Errorf("toUnixTimestamp = %d", ms)
	}
	if ms, _ := Int64Of(ToTimestamp(DateType, DateValue(1))); ms != 86400000 {
		t.Errorf("toTimestamp(date 1) = %d", ms)
	}
	if ToDate(TimestampType, nil) != nil || ToTimestamp(DateType, Value{}) != nil {
		t.Error("null and empty give null")
	}
}

func TestBlobAs(t *testing.T) {
	if v, err := BlobAs(IntType, []byte{0, 0, 0, 5}); err != nil || IntType.Format(v) != "5" {
		t.Errorf("blobAsInt(0x00000005) = %v, %v", v, err)
	}
	_, err := BlobAs(IntType, []byte{1, 2})
	if err == nil || err.Message != "In call to function blobasint, value 0x0102 is not a valid binary representation for type int" {
		t.Errorf("blobAsInt(0x0102): %v", err)
	}
	if _, err := BlobAs(DateType, Value{}); err == nil {
		t.Error("a date needs 4 bytes")
	}
	if _, err := BlobAs(TextType, []byte{0xff}); err == nil || err.Message != "In call to function blobastext, value 0xff is not a valid binary representation for type text" {
		t.Errorf("blobAsText(0xff): %v", err)
	}
	if v, err := BlobAs(IntType, nil); v != nil || err != nil {
		t.Error("blobAsInt(null) is null")
	}
	// The serializers' validate (4.1), which differs from Valid in places.
	for _, c := range []struct {
		t    *Type
		v    Value
		okay bool
	}{
		{TinyintType, Value{}, false}, {SmallintType, Value{}, false}, {DurationType, Value{}, false},
		{TimeType, Value{}, false}, {IntType, Value{}, true}, {TextType, Value{}, true}, {BooleanType, Value{}, true},
		{TimeType, Int64Value(-1), true}, // TimeSerializer checks only the size
		{DecimalType, Value{0, 0, 0, 0}, true}, {DecimalType, Value{0, 0, 0}, false},
		{CounterType, Value{1}, false}, {CounterType, Int64Value(1), true},
		{TimeuuidType, make(Value, 16), false}, {UUIDType, make(Value, 16), true},
	} {
		if _, err := BlobAs(c.t, c.v); (err == nil) != c.okay {
			t.Errorf("blobAs%s(%x): %v, want valid %v", c.t, c.v, err, c.okay)
		}
	}
}

func TestAddCounter(t *testing.T) {
	v := AddCounter(nil, 5)
	v = AddCounter(v, -7)
	if n, _ := Int64Of(v); n != -2 {
		t.Errorf("counter = %d", n)
	}
	if n, _ := Int64Of(AddCounter(Int64Value(math.MaxInt64), 1)); n != math.MinInt64 {
		t.Error("counters wrap as Java longs")
	}
}

func TestIsValueCompatibleWith(t *testing.T) {
	yes := [][2]string{{"blob", "int"}, {"text", "ascii"}, {"bigint", "timestamp"}, {"timestamp", "bigint"}, {"varint", "int"}, {"varint", "bigint"}, {"uuid", "timeuuid"}, {"int", "int"}, {"list<text>", "list<ascii>"}}
	no := [][2]string{{"int", "bigint"}, {"timeuuid", "uuid"}, {"bigint", "counter"}, {"ascii", "text"}, {"int", "varint"}, {"text", "blob"}, {"list<int>", "frozen<list<int>>"}}
	for _, p := range yes {
		if !mustType(t, p[0]).IsValueCompatibleWith(mustType(t, p[1])) {
			t.Errorf("%s should read %s", p[0], p[1])
		}
	}
	for _, p := range no {
		if mustType(t, p[0]).IsValueCompatibleWith(mustType(t, p[1])) {
			t.Errorf("%s should not read %s", p[0], p[1])
		}
	}
}
