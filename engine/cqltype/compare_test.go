package cqltype

import (
	"math"
	"math/big"
	"math/rand"
	"sort"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
)

// Each list is in Cassandra's ascending order; the test shuffles it, sorts
// with Compare and expects the same order back.
func TestCompareOrder(t *testing.T) {
	cases := []struct {
		typ   string
		order []Value
	}{
		{"int", []Value{nil, {}, Int32Value(math.MinInt32), Int32Value(-1), Int32Value(0), Int32Value(1), Int32Value(math.MaxInt32)}},
		{"bigint", []Value{Int64Value(math.MinInt64), Int64Value(-5), Int64Value(0), Int64Value(7), Int64Value(math.MaxInt64)}},
		{"smallint", []Value{Int16Value(-300), Int16Value(-1), Int16Value(2), Int16Value(300)}},
		{"tinyint", []Value{Int8Value(-128), Int8Value(-1), Int8Value(0), Int8Value(127)}},
		{"varint", []Value{varint("-100000000000000000000"), varint("-129"), varint("-1"), varint("0"), varint("1"), varint("128"), varint("100000000000000000000")}},
		{"decimal", []Value{dec("-1e10"), dec("-1.5"), dec("0"), dec("0.001"), dec("1"), dec("1.5"), dec("12.50"), dec("1e3"), dec("1001")}},
		{"double", []Value{DoubleValue(math.Inf(-1)), DoubleValue(-1.5), DoubleValue(math.Copysign(0, -1)), DoubleValue(0), DoubleValue(1e-300), DoubleValue(2), DoubleValue(math.Inf(1)), DoubleValue(math.NaN())}},
		{"float", []Value{FloatValue(float32(math.Inf(-1))), FloatValue(-2.5), FloatValue(0), FloatValue(3.5), FloatValue(float32(math.NaN()))}},
		{"text", []Value{{}, []byte("B"), []byte("a"), []byte("ab"), []byte("b"), []byte("é"), []byte("中")}},
		{"blob", []Value{{}, {0x00}, {0x00, 0x00}, {0x01}, {0x7f}, {0x80}, {0xff}}},
		{"boolean", []Value{BoolValue(false), BoolValue(true)}},
		{"timestamp", []Value{TimestampValue(-86400000), TimestampValue(-1), TimestampValue(0), TimestampValue(1767225600000)}},
		{"date", []Value{DateValue(-100000), DateValue(-1), DateValue(0), DateValue(20454)}},
		{"time", []Value{TimeOfDayValue(0), TimeOfDayValue(1), TimeOfDayValue(nanosPerDay - 1)}},
		{"inet", []Value{mustInet("::1"), mustInet("10.0.0.1"), mustInet("10.0.0.2"), mustInet("192.168.0.1"), mustInet("fe80::1")}}, // unsigned bytes
		{"timeuuid", []Value{
			mustUUID("ffffffff-ffff-1000-8000-000000000000"), // earliest: time_hi 0, time_mid 0xffff
			mustUUID("00000000-0000-1001-8000-000000000000"),
			mustUUID("00000000-0001-1001-8000-000000000000"),
			mustUUID("00000001-0001-1001-8000-000000000000"),
			mustUUID("00000001-0001-1001-ff00-000000000000"), // same time: clock bytes compare signed
			mustUUID("00000001-0001-1001-7f00-000000000000"),
		}},
		{"uuid", []Value{
			mustUUID("ffffffff-ffff-1000-8000-000000000000"), // v1, earliest time
			mustUUID("00000000-0000-1001-8000-000000000000"), // v1, later time
			mustUUID("00000000-0000-4000-8000-000000000000"), // v4 after every v1
			mustUUID("00000000-0000-4000-ff00-000000000000"), // unsigned low half
			mustUUID("80000000-0000-4000-0000-000000000000"), // unsigned high half
		}},
		{"list<int>", []Value{listOf(), listOf(1), listOf(1, 2), listOf(1, 3), listOf(2)}},
		{"tuple<int, text>", []Value{tupleOf(nil, []byte("a")), tupleOf(Int32Value(1), nil), tupleOf(Int32Value(1), []byte("a")), tupleOf(Int32Value(2), []byte(""))}},
		{"map<text, int>", []Value{mapOf(), mapOf("a", 1), mapOf("a", 2), mapOf("b", 0)}},
	}
	rng := rand.New(rand.NewSource(1))
	for _, c := range cases {
		typ := mustType(t, c.typ)
		if c.typ == "map<text, int>" || c.typ == "list<int>" {
			typ = typ.Freeze()
		}
		got := append([]Value(nil), c.order...)
		rng.Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
		sort.SliceStable(got, func(i, j int) bool { return typ.Compare(got[i], got[j]) < 0 })
		for i := range got {
			if typ.Compare(got[i], c.order[i]) != 0 || string(got[i]) != string(c.order[i]) {
				t.Errorf("%s: position %d is %s, want %s", c.typ, i, typ.Literal(got[i]), typ.Literal(c.order[i]))
			}
		}
		for i := range c.order {
			if typ.Compare(c.order[i], c.order[i]) != 0 {
				t.Errorf("%s: %s does not equal itself", c.typ, typ.Literal(c.order[i]))
			}
		}
	}
}

func TestCompareTupleTrailingNulls(t *testing.T) {
	typ := TupleOf(IntType, TextType)
	short, long := tupleOf(Int32Value(1)), tupleOf(Int32Value(1), nil)
	if typ.Compare(short, long) != 0 || typ.Compare(long, short) != 0 {
		t.Error("a trailing null field compares equal to a missing one")
	}
	if typ.Compare(short, tupleOf(Int32Value(1), []byte("a"))) >= 0 {
		t.Error("a missing field sorts before a present one")
	}
}

func TestCompareDecimalEqualScales(t *testing.T) {
	if DecimalType.Compare(dec("1.0"), dec("1.00")) != 0 {
		t.Error("1.0 and 1.00 should compare equal, as BigDecimal.compareTo does")
	}
}

func varint(s string) Value {
	n, _ := new(big.Int).SetString(s, 10)
	return VarintValue(n)
}

func dec(s string) Value {
	u, scale, ok := ParseDecimal(s)
	if !ok {
		panic(s)
	}
	return DecimalValue(u, scale)
}

func mustInet(s string) Value {
	v, ok := ParseInet(s)
	if !ok {
		panic(s)
	}
	return v
}

func mustUUID(s string) Value {
	v, ok := ParseUUID(s)
	if !ok {
		panic(s)
	}
	return v
}

func listOf(ns ...int32) Value {
	var vs []Value
	for _, n := range ns {
		vs = append(vs, Int32Value(n))
	}
	return ListOf(IntType, true).Join(nil, vs)
}

func tupleOf(fields ...Value) Value { return JoinFields(fields) }

func mapOf(kv ...any) Value {
	var ks, vs []Value
	for i := 0; i < len(kv); i += 2 {
		ks = append(ks, []byte(kv[i].(string)))
		vs = append(vs, Int32Value(int32(kv[i+1].(int))))
	}
	return MapOf(TextType, IntType, true).Join(ks, vs)
}

func TestVarintEncoding(t *testing.T) {
	cases := map[string]string{"0": "00", "1": "01", "127": "7f", "128": "0080", "-1": "ff", "-128": "80", "-129": "ff7f", "255": "00ff", "-256": "ff00", "65536": "010000"}
	for s, want := range cases {
		n, _ := new(big.Int).SetString(s, 10)
		v := VarintValue(n)
		if hexOf(v) != want {
			t.Errorf("varint %s = %s, want %s", s, hexOf(v), want)
		}
		back, ok := VarintOf(v)
		if !ok || back.Cmp(n) != 0 {
			t.Errorf("varint %s decodes as %v", s, back)
		}
	}
}

func TestVIntRoundTrip(t *testing.T) {
	for _, n := range []int64{0, 1, -1, 63, -64, 64, 1 << 20, -(1 << 40), math.MaxInt64, math.MinInt64, 5400 * nanosPerSecond} {
		b := appendVInt(nil, n)
		got, size, ok := readVInt(b)
		if !ok || got != n || size != len(b) {
			t.Errorf("vint %d: encoded %x, decoded %d (%d bytes, ok %v)", n, b, got, size, ok)
		}
	}
	// VIntCoding's one-byte form holds zig-zag values below 128.
	if b := appendVInt(nil, -64); len(b) != 1 || b[0] != 127 {
		t.Errorf("vint -64 = %x, want 7f", b)
	}
	if b := appendVInt(nil, 64); hexOf(b) != "8080" {
		t.Errorf("vint 64 = %x, want 8080", b)
	}
}

func TestTimeUUID(t *testing.T) {
	ms := int64(1767225600123)
	u := TimeUUIDAt(ms*1e6+456700, 0x1234, 0x0000abcdef01)
	if UUIDVersion(u) != 1 || u[8]&0xc0 != 0x80 {
		t.Fatalf("not a v1 IETF uuid: %s", FormatUUID(u))
	}
	if got, _ := UUIDUnixMillis(u); got != ms {
		t.Errorf("UUIDUnixMillis = %d, want %d", got, ms)
	}
	if got, _ := UUIDTime(u); got.UnixNano() != ms*1e6+456700 {
		t.Errorf("UUIDTime = %v", got)
	}
	// Python: uuid.UUID(fields=(time_low, time_mid, time_hi|0x1000, 0x92, 0x34, node)) for 2026-01-01.
	if got := FormatUUID(TimeUUIDAt(1767225600000*1e6, 0x1234, 0xabcdef)); got != "d0c3c000-e6a4-11f0-9234-000000abcdef" {
		t.Errorf("TimeUUIDAt(2026-01-01) = %s", got)
	}
	lo, hi := MinTimeUUID(ms), MaxTimeUUID(ms)
	if TimeuuidType.Compare(lo, u) >= 0 || TimeuuidType.Compare(u, hi) >= 0 {
		t.Errorf("min %s / max %s do not bracket %s", FormatUUID(lo), FormatUUID(hi), FormatUUID(u))
	}
	if TimeuuidType.Compare(hi, MinTimeUUID(ms+1)) >= 0 {
		t.Error("maxTimeuuid(ms) must sort before minTimeuuid(ms+1)")
	}
	r := RandomUUID([16]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	if FormatUUID(r) != "ffffffff-ffff-4fff-bfff-ffffffffffff" {
		t.Errorf("RandomUUID = %s", FormatUUID(r))
	}
}

func TestNormalizeKeepsLastDuplicate(t *testing.T) {
	typ := MapOf(TextType, IntType, true)
	v, err := typ.Assign(mapLit(str("k"), num("1"), str("a"), num("0"), str("k"), num("2")), "m", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := typ.Format(v); got != "{'a': 0, 'k': 2}" {
		t.Errorf("got %s", got)
	}
	keys, vals := typ.Elements(v)
	if len(keys) != 2 || len(vals) != 2 || string(keys[1]) != "k" {
		t.Errorf("Elements = %q %x", keys, vals)
	}
	if string(typ.Join(keys, vals)) != string(v) {
		t.Error("Join(Elements(v)) != v")
	}
}

var _ cql.Expr = (*cql.Literal)(nil)
