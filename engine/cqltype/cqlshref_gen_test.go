package cqltype

import (
	"encoding/hex"
	"math"
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
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
