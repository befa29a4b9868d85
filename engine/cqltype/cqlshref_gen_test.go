package cqltype

import (
	"encoding/hex"
	"math"
	"math/big"
	"math/rand"
	"os"
	"strings"
	"testing"
)

// marshalName is t's Cassandra marshal class, which the Python driver's
// lookup_casstype reads.
func marshalName(t *Type) string {
	names := map[Kind]string{Ascii: "AsciiType", Bigint: "LongType", Blob: "BytesType", Boolean: "BooleanType", Counter: "CounterColumnType",
		Date: "SimpleDateType", Decimal: "DecimalType", Double: "DoubleType", Duration: "DurationType", Float: "FloatType", Inet: "InetAddressType",
		Int: "Int32Type", Smallint: "ShortType", Text: "UTF8Type", Time: "TimeType", Timestamp: "TimestampType", Timeuuid: "TimeUUIDType",
		Tinyint: "ByteType", UUID: "UUIDType", Varint: "IntegerType", List: "ListType", Set: "SetType", Map: "MapType", Tuple: "TupleType"}
	s := "org.apache.cassandra.db.marshal." + names[t.Kind]
	if len(t.Elems) > 0 {
		var parts []string
		for _, e := range t.Elems {
			parts = append(parts, marshalName(e))
		}
		s += "(" + strings.Join(parts, ",") + ")"
	}
	if t.Frozen && t.Kind != Tuple {
		s = "org.apache.cassandra.db.marshal.FrozenType(" + s + ")"
	}
	return s
}

// TestDumpCqlshInputs writes the values behind testdata/cqlsh.txt when
// CQLTYPE_DUMP names a file; testdata/reference/cqlshfmt.py then formats them
// with the Python driver and cqlshlib (see testdata/reference/README).
func TestDumpCqlshInputs(t *testing.T) {
	path := os.Getenv("CQLTYPE_DUMP")
	if path == "" {
		t.Skip()
	}
	var b strings.Builder
	emit := func(typ *Type, v Value) {
		if v == nil {
			return
		}
		b.WriteString(typ.String() + "\t" + marshalName(typ) + "\t" + hex.EncodeToString(v) + "\n")
	}
	for _, c := range renderCases {
		typ := mustType(t, c.typ)
		v, _ := typ.Assign(c.expr, "x", testEnv{})
		emit(typ, v)
	}
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 300; i++ {
		emit(DoubleType, DoubleValue(math.Float64frombits(rng.Uint64())))
		emit(FloatType, FloatValue(math.Float32frombits(rng.Uint32())))
		emit(TimestampType, TimestampValue(rng.Int63n(400000000000000)-200000000000000))
		emit(DateType, DateValue(rng.Int63n(8000000)-4000000))
		emit(TimeType, TimeOfDayValue(rng.Int63n(nanosPerDay)))
		emit(DurationType, DurationValue(int32(rng.Intn(1000)), int32(rng.Intn(1000)), rng.Int63n(1e15)))
		emit(DurationType, DurationValue(-int32(rng.Intn(1000)), 0, -rng.Int63n(1e15)))
		ip := make([]byte, 16)
		rng.Read(ip)
		for j := 0; j < 16; j++ {
			if rng.Intn(2) == 0 {
				ip[j] = 0
			}
		}
		emit(InetType, ip)
		txt := make([]rune, rng.Intn(6))
		for j := range txt {
			txt[j] = rune(rng.Intn(0x200))
		}
		emit(TextType, TextValue(string(txt)))
		emit(ListOf(TextType, false), ListOf(TextType, false).Join(nil, []Value{TextValue(string(txt)), TextValue("a'b\\c")}))
	}
	randVal := func(typ *Type) Value {
		switch typ.Kind {
		case Int:
			return Int32Value(int32(rng.Intn(2000) - 1000))
		case Text:
			r := make([]rune, rng.Intn(4))
			for j := range r {
				r[j] = rune(0x20 + rng.Intn(0x90))
			}
			return TextValue(string(r))
		case UUID, Timeuuid:
			var u [16]byte
			rng.Read(u[:])
			if typ.Kind == Timeuuid {
				return TimeUUID(rng.Int63n(1<<60), uint16(rng.Intn(1<<14)), rng.Uint64())
			}
			return RandomUUID(u)
		case Inet:
			ip := make([]byte, 4)
			rng.Read(ip)
			return ip
		case Timestamp:
			return TimestampValue(rng.Int63n(4e12))
		case Double:
			return DoubleValue((rng.Float64() - 0.5) * math.Pow(10, float64(rng.Intn(20)-10)))
		case Decimal:
			return DecimalValue(big.NewInt(rng.Int63n(1e12)-5e11), int32(rng.Intn(20)-8))
		case Boolean:
			return BoolValue(rng.Intn(2) == 0)
		case Blob:
			bl := make([]byte, rng.Intn(4))
			rng.Read(bl)
			return bl
		case Varint:
			return VarintValue(big.NewInt(rng.Int63() - rng.Int63()))
		}
		return nil
	}
	collections := []string{"map<int, text>", "map<text, int>", "map<uuid, int>", "map<timeuuid, boolean>", "map<inet, double>",
		"map<timestamp, decimal>", "set<text>", "set<int>", "set<timeuuid>", "list<blob>", "list<varint>", "map<boolean, text>",
		"map<double, int>", "map<decimal, int>", "map<varint, text>", "map<blob, int>"}
	for i := 0; i < 400; i++ {
		typ := mustType(t, collections[i%len(collections)])
		var keys, vals []Value
		for j := rng.Intn(4); j >= 0; j-- {
			keys = append(keys, randVal(typ.Elems[0]))
			if typ.Kind == Map {
				vals = append(vals, randVal(typ.Elems[1]))
			}
		}
		if typ.Kind == List {
			emit(typ, typ.Join(nil, keys))
			continue
		}
		keys, vals = typ.Normalize(keys, vals)
		emit(typ, typ.Join(keys, vals))
	}
	for i := 0; i < 100; i++ {
		tt := TupleOf(IntType, DoubleType, BooleanType)
		fields := []Value{randVal(IntType), randVal(DoubleType), randVal(BooleanType)}
		if rng.Intn(3) == 0 {
			fields[rng.Intn(3)] = nil
		}
		emit(tt, JoinFields(fields))
		emit(DecimalType, randVal(DecimalType))
		emit(VarintType, randVal(VarintType))
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
