package function

import (
	"testing"

	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// fixedCtx is a session at a fixed instant with a counting random source.
type fixedCtx struct {
	micros int64
	n      uint64
}

func (c *fixedCtx) NowMicros() int64 { return c.micros }
func (c *fixedCtx) Random() uint64   { c.n++; return c.n }

// TimeFctsTest.java's instant: 2019-08-03 11:03:02 UTC.
const (
	testDay    = 18111 // 2019-08-03
	testMillis = testDay*86_400_000 + (11*3600+3*60+2)*1000
)

func call(t *testing.T, name string, params []string, args ...cqltype.Value) (string, string) {
	t.Helper()
	for _, f := range Lookup(name) {
		if len(f.Params) != len(params) {
			continue
		}
		same := true
		for i, p := range f.Params {
			same = same && p.String() == params[i]
		}
		if !same {
			continue
		}
		v, err := f.Call(&fixedCtx{micros: testMillis * 1000}, args)
		if err != nil {
			return "", err.Error()
		}
		if v == nil {
			return "null", ""
		}
		return f.Result.Format(v), ""
	}
	t.Fatalf("no %s(%v)", name, params)
	return "", ""
}

// TestNativeFunctions runs every native function of the table on values
// from TimeFctsTest.java and BytesConversionFcts' validation.
func TestNativeFunctions(t *testing.T) {
	tu := cqltype.TimeUUIDAt(testMillis*1e6, 0, 0x010000000000)
	tuBefore := cqltype.MinTimeUUID(-1) // one millisecond before the epoch
	cases := []struct {
		name   string
		params []string
		args   []cqltype.Value
		want   string // cqlsh rendering, "null", or "" when err is set
		err    string
	}{
		{"now", nil, nil, "", ""},
		{"currenttimestamp", nil, nil, "2019-08-03 11:03:02.000000+0000", ""},
		{"currentdate", nil, nil, "2019-08-03", ""},
		{"currenttime", nil, nil, "11:03:02.000000000", ""},
		{"mintimeuuid", []string{"timestamp"}, []cqltype.Value{cqltype.TimestampValue(testMillis)}, cqltype.TimeuuidType.Format(cqltype.MinTimeUUID(testMillis)), ""},
		{"maxtimeuuid", []string{"timestamp"}, []cqltype.Value{cqltype.TimestampValue(testMillis)}, cqltype.TimeuuidType.Format(cqltype.MaxTimeUUID(testMillis)), ""},
		{"dateof", []string{"timeuuid"}, []cqltype.Value{tu}, "2019-08-03 11:03:02.000000+0000", ""},
		{"unixtimestampof", []string{"timeuuid"}, []cqltype.Value{tu}, "1564830182000", ""},
		{"totimestamp", []string{"timeuuid"}, []cqltype.Value{tu}, "2019-08-03 11:03:02.000000+0000", ""},
		{"tounixtimestamp", []string{"timeuuid"}, []cqltype.Value{tu}, "1564830182000", ""},
		{"todate", []string{"timeuuid"}, []cqltype.Value{tu}, "2019-08-03", ""},
		{"todate", []string{"timeuuid"}, []cqltype.Value{tuBefore}, "1970-01-01", ""},
		{"totimestamp", []string{"date"}, []cqltype.Value{cqltype.DateValue(testDay)}, "2019-08-03 00:00:00.000000+0000", ""},
		{"tounixtimestamp", []string{"date"}, []cqltype.Value{cqltype.DateValue(testDay)}, "1564790400000", ""},
		{"tounixtimestamp", []string{"date"}, []cqltype.Value{cqltype.DateValue(-1)}, "-86400000", ""},
		{"todate", []string{"timestamp"}, []cqltype.Value{cqltype.TimestampValue(testMillis)}, "2019-08-03", ""},
		{"tounixtimestamp", []string{"timestamp"}, []cqltype.Value{cqltype.TimestampValue(testMillis)}, "1564830182000", ""},
		// Before 1970, SimpleDateSerializer.timeInMillisToDay is
		// Duration.ofMillis(ms).toDays(): whole seconds floored, then days
		// truncated toward zero, so up to 86,399 whole seconds before the
		// epoch is still 1970-01-01, as CAST(ts AS date) gives.
		{"todate", []string{"timestamp"}, []cqltype.Value{cqltype.TimestampValue(-1)}, "1970-01-01", ""},
		{"todate", []string{"timestamp"}, []cqltype.Value{cqltype.TimestampValue(-86_399_000)}, "1970-01-01", ""},
		{"todate", []string{"timestamp"}, []cqltype.Value{cqltype.TimestampValue(-86_399_001)}, "1969-12-31", ""},
		{"todate", []string{"timestamp"}, []cqltype.Value{cqltype.TimestampValue(-86_400_000)}, "1969-12-31", ""},
		{"todate", []string{"timestamp"}, []cqltype.Value{cqltype.TimestampValue(-86_400_001)}, "1969-12-31", ""},
		// TimeFctsTest's empty inputs give null.
		{"todate", []string{"timestamp"}, []cqltype.Value{{}}, "null", ""},
		{"tounixtimestamp", []string{"timestamp"}, []cqltype.Value{{}}, "null", ""},
		{"totimestamp", []string{"date"}, []cqltype.Value{nil}, "null", ""},
		{"intasblob", []string{"int"}, []cqltype.Value{cqltype.Int32Value(5)}, "0x00000005", ""},
		{"varcharasblob", []string{"text"}, []cqltype.Value{[]byte("a")}, "0x61", ""},
		{"blobasint", []string{"blob"}, []cqltype.Value{{0, 0, 0, 5}}, "5", ""},
		{"blobasint", []string{"blob"}, []cqltype.Value{{}}, "", ""},
		{"blobasint", []string{"blob"}, []cqltype.Value{{1, 2}}, "", "InvalidRequest: In call to function blobasint, value 0x0102 is not a valid binary representation for type int"},
		{"blobasbigint", []string{"blob"}, []cqltype.Value{{0, 0, 0, 0x7b}}, "", "InvalidRequest: In call to function blobasbigint, value 0x0000007b is not a valid binary representation for type bigint"},
		{"blobascounter", []string{"blob"}, []cqltype.Value{{1}}, "", "InvalidRequest: In call to function blobascounter, value 0x01 is not a valid binary representation for type counter"},
		{"blobastinyint", []string{"blob"}, []cqltype.Value{{}}, "", "InvalidRequest: In call to function blobastinyint, value 0x is not a valid binary representation for type tinyint"},
		{"blobassmallint", []string{"blob"}, []cqltype.Value{{}}, "", "InvalidRequest: In call to function blobassmallint, value 0x is not a valid binary representation for type smallint"},
		{"blobasdate", []string{"blob"}, []cqltype.Value{{}}, "", "InvalidRequest: In call to function blobasdate, value 0x is not a valid binary representation for type date"},
		{"blobastime", []string{"blob"}, []cqltype.Value{{}}, "", "InvalidRequest: In call to function blobastime, value 0x is not a valid binary representation for type time"},
		{"blobasduration", []string{"blob"}, []cqltype.Value{{}}, "", "InvalidRequest: In call to function blobasduration, value 0x is not a valid binary representation for type duration"},
		{"blobastext", []string{"blob"}, []cqltype.Value{{0xff}}, "", "InvalidRequest: In call to function blobastext, value 0xff is not a valid binary representation for type text"},
		{"blobasascii", []string{"blob"}, []cqltype.Value{{0x80}}, "", "InvalidRequest: In call to function blobasascii, value 0x80 is not a valid binary representation for type ascii"},
		{"blobastimeuuid", []string{"blob"}, []cqltype.Value{make([]byte, 16)}, "", "InvalidRequest: In call to function blobastimeuuid, value 0x00000000000000000000000000000000 is not a valid binary representation for type timeuuid"},
		{"blobasuuid", []string{"blob"}, []cqltype.Value{make([]byte, 16)}, "00000000-0000-0000-0000-000000000000", ""},
		{"blobasinet", []string{"blob"}, []cqltype.Value{{127, 0, 0, 1}}, "127.0.0.1", ""},
		{"blobasboolean", []string{"blob"}, []cqltype.Value{{1}}, "True", ""},
		{"blobasvarchar", []string{"blob"}, []cqltype.Value{{0xff}}, "", ""}, // declared without validation
		{"blobasint", []string{"blob"}, []cqltype.Value{nil}, "null", ""},
	}
	for _, c := range cases {
		got, err := call(t, c.name, c.params, c.args...)
		if err != c.err {
			t.Errorf("%s(%v): error %q, want %q", c.name, c.args, err, c.err)
			continue
		}
		if c.err == "" && c.want != "" && got != c.want {
			t.Errorf("%s(%v) = %s, want %s", c.name, c.args, got, c.want)
		}
	}
}

// TestToDateAgreesWithCast pins that toDate and CAST(x AS date), which
// Cassandra implements with the same function (CastFcts wraps toDate), give
// the same day at and around the edges.
func TestToDateAgreesWithCast(t *testing.T) {
	toDate := func(ms int64) string {
		got, _ := call(t, "todate", []string{"timestamp"}, cqltype.TimestampValue(ms))
		return got
	}
	for _, ms := range []int64{-86_400_001, -86_400_000, -86_399_001, -86_399_000, -1000, -1, 0, 1, 86_399_999, 86_400_000, -62_135_596_800_000, 253_402_300_799_999} {
		v, err := cqltype.Cast(cqltype.TimestampType, cqltype.DateType, cqltype.TimestampValue(ms))
		if err != nil {
			t.Fatal(err)
		}
		if cast := cqltype.DateType.Format(v); toDate(ms) != cast {
			t.Errorf("toDate(%d) = %s, CAST = %s", ms, toDate(ms), cast)
		}
	}
}

// TestTable checks every registered function's shape: the blob conversions
// exist for each native type but blob, and the signatures print as
// AbstractFunction.toString does.
func TestTable(t *testing.T) {
	for _, name := range []string{"asciiasblob", "blobasascii", "bigintasblob", "blobasbigint", "booleanasblob", "counterasblob", "blobascounter", "decimalasblob", "doubleasblob", "durationasblob", "floatasblob", "inetasblob", "intasblob", "smallintasblob", "textasblob", "blobastext", "timestampasblob", "tinyintasblob", "uuidasblob", "varintasblob", "timeuuidasblob", "dateasblob", "timeasblob", "blobastime", "varcharasblob", "blobasvarchar"} {
		if len(Lookup(name)) != 1 {
			t.Errorf("%s: %d overloads, want 1", name, len(Lookup(name)))
		}
	}
	if Lookup("blobasblob") != nil || Lookup("blobasempty") != nil {
		t.Error("there is no blobAsBlob")
	}
	want := map[string]string{
		"todate":          "system.todate : (timeuuid) -> date, system.todate : (timestamp) -> date",
		"totimestamp":     "system.totimestamp : (timeuuid) -> timestamp, system.totimestamp : (date) -> timestamp",
		"tounixtimestamp": "system.tounixtimestamp : (timeuuid) -> bigint, system.tounixtimestamp : (timestamp) -> bigint, system.tounixtimestamp : (date) -> bigint",
		"now":             "system.now : () -> timeuuid",
		"blobasint":       "system.blobasint : (blob) -> int",
	}
	for name, sig := range want {
		if got := signatures(Lookup(name)); got != sig {
			t.Errorf("%s: %s, want %s", name, got, sig)
		}
	}
}

// typedArg is an argument of a known type (a column, a function result).
type typedArg struct {
	name string
	typ  *cqltype.Type
}

func (a typedArg) String() string                       { return a.name }
func (a typedArg) TestAssignment(t *cqltype.Type) Match { return TypeMatch(t, a.typ) }
func args(as ...typedArg) []Arg {
	r := make([]Arg, len(as))
	for i, a := range as {
		r[i] = a
	}
	return r
}

// weakArg is a literal: weakly assignable to the types listed.
type weakArg struct {
	text string
	to   []*cqltype.Type
}

func (a weakArg) String() string { return a.text }
func (a weakArg) TestAssignment(t *cqltype.Type) Match {
	for _, x := range a.to {
		if x.Equal(t) {
			return WeaklyAssignable
		}
	}
	return NotAssignable
}

// TestResolve follows FunctionResolver.get through its branches.
func TestResolve(t *testing.T) {
	ts, date, tu := typedArg{"ts", cqltype.TimestampType}, typedArg{"d", cqltype.DateType}, typedArg{"tu", cqltype.TimeuuidType}
	k := typedArg{"k", cqltype.IntType}
	str := weakArg{"'2020-01-01'", []*cqltype.Type{cqltype.TimestampType, cqltype.DateType, cqltype.TextType}}
	cases := []struct {
		name     string
		args     []Arg
		receiver *cqltype.Type
		want     string // the chosen signature
		err      string
	}{
		{"todate", args(ts), nil, "system.todate : (timestamp) -> date", ""},
		{"system.todate", args(tu), nil, "system.todate : (timeuuid) -> date", ""},
		{"tounixtimestamp", args(date), nil, "system.tounixtimestamp : (date) -> bigint", ""},
		{"todate", args(k), nil, "", "Invalid call to function todate, none of its type signatures match (known type signatures: system.todate : (timeuuid) -> date, system.todate : (timestamp) -> date)"},
		{"tounixtimestamp", []Arg{str}, nil, "", "Ambiguous call to function tounixtimestamp (can be matched by following signatures: system.tounixtimestamp : (timestamp) -> bigint, system.tounixtimestamp : (date) -> bigint): use type casts to disambiguate"},
		{"tounixtimestamp", args(ts, ts), nil, "", "Invalid call to function tounixtimestamp, none of its type signatures match (known type signatures: system.tounixtimestamp : (timeuuid) -> bigint, system.tounixtimestamp : (timestamp) -> bigint, system.tounixtimestamp : (date) -> bigint)"},
		{"mintimeuuid", args(k), nil, "", "Type error: k cannot be passed as argument 0 of function system.mintimeuuid of type timestamp"},
		{"mintimeuuid", nil, nil, "", "Invalid number of arguments in call to function system.mintimeuuid: 1 required but 0 provided"},
		{"now", args(k), nil, "", "Invalid number of arguments in call to function system.now: 0 required but 1 provided"},
		{"blobasint", args(k), nil, "system.blobasint : (blob) -> int", ""}, // blob reads anything
		{"textasblob", args(typedArg{"a", cqltype.AsciiType}), nil, "system.textasblob : (text) -> blob", ""},
		{"uuidasblob", args(tu), nil, "system.uuidasblob : (uuid) -> blob", ""},
		{"bigintasblob", args(typedArg{"c", cqltype.CounterType}), nil, "", "Type error: c cannot be passed as argument 0 of function system.bigintasblob of type bigint"},
	}
	for _, c := range cases {
		f, err := Resolve(c.name, c.args, c.receiver)
		var got, msg string
		if f != nil && err == nil {
			got = f.String()
		}
		if err != nil {
			msg = err.Message
		}
		if got != c.want || msg != c.err {
			t.Errorf("Resolve(%s, %v) = %q, %q; want %q, %q", c.name, c.args, got, msg, c.want, c.err)
		}
	}
	if f, err := Resolve("nosuch", nil, nil); f != nil || err != nil {
		t.Error("an unknown function resolves to nil, nil")
	}
	if f, err := Resolve("ks.now", nil, nil); f != nil || err != nil {
		t.Error("a native function is only in keyspace system")
	}
}

// TestNowDraws pins the order of the random draws of now() (node, ticks,
// clock sequence), on which recorded scenario outputs depend.
func TestNowDraws(t *testing.T) {
	ctx := &fixedCtx{micros: 1767225600000000}
	v, _ := Lookup("now")[0].Call(ctx, nil)
	want := cqltype.TimeUUIDAt(1767225600000000*1000+int64(2%10)*100, uint16(3&0x3FFF), 1|0x010000000000)
	if cqltype.TimeuuidType.Format(v) != cqltype.TimeuuidType.Format(want) || ctx.n != 3 {
		t.Errorf("now() = %s after %d draws, want %s after 3", cqltype.TimeuuidType.Format(v), ctx.n, cqltype.TimeuuidType.Format(want))
	}
}
