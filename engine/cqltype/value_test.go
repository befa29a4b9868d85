package cqltype

import (
	"encoding/hex"
	"math"
	"math/big"
	"testing"
	"time"
)

// Serialized forms, byte for byte, and their decoders.
func TestSerializedForms(t *testing.T) {
	cases := []struct {
		name string
		v    Value
		hex  string
	}{
		{"int -2", Int32Value(-2), "fffffffe"},
		{"bigint 1", Int64Value(1), "0000000000000001"},
		{"smallint -1", Int16Value(-1), "ffff"},
		{"tinyint 5", Int8Value(5), "05"},
		{"boolean true", BoolValue(true), "01"},
		{"float 1.5", FloatValue(1.5), "3fc00000"},
		{"double -2", DoubleValue(-2), "c000000000000000"},
		{"text é", TextValue("é"), "c3a9"},
		{"timestamp epoch+1ms", TimestampValue(1), "0000000000000001"},
		{"date epoch", DateValue(0), "80000000"},
		{"date 1969-12-31", DateValue(-1), "7fffffff"},
		{"time 1ns", TimeOfDayValue(1), "0000000000000001"},
		{"decimal 12.50", DecimalValue(big.NewInt(1250), 2), "0000000204e2"},
		{"decimal -1E+3", DecimalValue(big.NewInt(-1), -3), "fffffffdff"},
		{"duration 1mo2d3ns", DurationValue(1, 2, 3), "020406"},
		{"duration -1d", DurationValue(0, -1, 0), "000100"},
		{"list<int> [1]", ListOf(IntType, true).Join(nil, []Value{Int32Value(1)}), "000000010000000400000001"},
		{"map<text,int> {a: 1}", MapOf(TextType, IntType, true).Join([]Value{[]byte("a")}, []Value{Int32Value(1)}), "00000001000000016100000004" + "00000001"},
		{"tuple (1, null)", JoinFields([]Value{Int32Value(1), nil}), "0000000400000001ffffffff"},
		{"uuid", mustUUID("5132b130-ae79-11e4-ab27-0800200c9a66"), "5132b130ae7911e4ab270800200c9a66"},
	}
	for _, c := range cases {
		if got := hex.EncodeToString(c.v); got != c.hex {
			t.Errorf("%s = %s, want %s", c.name, got, c.hex)
		}
	}
	if n, ok := Int32Of(Int32Value(math.MinInt32)); !ok || n != math.MinInt32 {
		t.Error("Int32Of")
	}
	if n, ok := Int64Of(Int64Value(math.MinInt64)); !ok || n != math.MinInt64 {
		t.Error("Int64Of")
	}
	if f, ok := FloatOf(FloatValue(-0.25)); !ok || f != -0.25 {
		t.Error("FloatOf")
	}
	if f, ok := DoubleOf(DoubleValue(math.Inf(-1))); !ok || !math.IsInf(f, -1) {
		t.Error("DoubleOf")
	}
	if d, ok := DateDays(DateValue(-719529)); !ok || d != -719529 {
		t.Error("DateDays")
	}
	if b, ok := BoolOf([]byte{2}); !ok || !b {
		t.Error("BoolOf: any non-zero byte is true")
	}
	if m, d, n, ok := DurationOf(DurationValue(-14, -3, -nanosPerHour)); !ok || m != -14 || d != -3 || n != -nanosPerHour {
		t.Error("DurationOf")
	}
	if u, s, ok := DecimalOf(DecimalValue(big.NewInt(-5), 7)); !ok || u.Int64() != -5 || s != 7 {
		t.Error("DecimalOf")
	}
	for _, bad := range []Value{{}, {1, 2, 3}} {
		if _, ok := Int32Of(bad); ok {
			t.Errorf("Int32Of(%x) accepted", bad)
		}
	}
	if _, _, _, ok := DurationOf([]byte{0xff}); ok {
		t.Error("DurationOf accepted a truncated vint")
	}
}

func TestTimeConversions(t *testing.T) {
	at := time.Date(1969, 12, 31, 23, 59, 59, 999_999_999, time.UTC)
	if ms := UnixMillis(at); ms != -1 {
		t.Errorf("UnixMillis = %d, want -1 (floored)", ms)
	}
	if got := TimeOfMillis(-1); !got.Equal(time.Date(1969, 12, 31, 23, 59, 59, 999_000_000, time.UTC)) {
		t.Errorf("TimeOfMillis(-1) = %v", got)
	}
	if v := TimeValueOf(time.Unix(1767225600, 5e6)); TimestampType.Format(v) != "2026-01-01 00:00:00.005000+0000" {
		t.Errorf("TimeValueOf = %s", TimestampType.Format(v))
	}
	if n, ok := IntegerOf(TinyintType, Int8Value(-3)); !ok || n.Int64() != -3 {
		t.Error("IntegerOf tinyint")
	}
	if n, ok := IntegerOf(SmallintType, Int16Value(-300)); !ok || n.Int64() != -300 {
		t.Error("IntegerOf smallint")
	}
	if v := Negate(IntType, Int32Value(math.MinInt32)); IntType.Format(v) != "-2147483648" {
		t.Errorf("Negate(MIN_VALUE) wraps as in Java: %s", IntType.Format(v))
	}
}
