package function

import (
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

const (
	microsPerMilli = 1000
	microsPerDay   = 86_400_000_000
)

// timeFcts is TimeFcts.all() of Cassandra 4.1, in its order: the current
// time in each temporal type, min/maxTimeuuid, the deprecated dateOf and
// unixTimestampOf, and the conversions between timeuuid, timestamp and
// date. The conversions are cqltype's (ToDate, ToTimestamp,
// ToUnixTimestamp), which CAST calls too.
func timeFcts() []*Native {
	tu, ts, date, bigint := cqltype.TimeuuidType, cqltype.TimestampType, cqltype.DateType, cqltype.BigintType
	return []*Native{
		{Name: "now", Result: tu, exec: nowTimeUUID},
		{Name: "currenttimeuuid", Result: tu, exec: nowTimeUUID},
		{Name: "currenttimestamp", Result: ts, exec: nowTimestamp},
		{Name: "currentdate", Result: date, exec: nowDate},
		{Name: "currenttime", Result: cqltype.TimeType, exec: nowTime},
		{Name: "mintimeuuid", Params: []*cqltype.Type{ts}, Result: tu, exec: timeuuidBound(cqltype.MinTimeUUID)},
		{Name: "maxtimeuuid", Params: []*cqltype.Type{ts}, Result: tu, exec: timeuuidBound(cqltype.MaxTimeUUID)},
		{Name: "dateof", Params: []*cqltype.Type{tu}, Result: ts, exec: convert(tu, cqltype.ToTimestamp)},
		{Name: "unixtimestampof", Params: []*cqltype.Type{tu}, Result: bigint, exec: convert(tu, cqltype.ToUnixTimestamp)},
		{Name: "todate", Params: []*cqltype.Type{tu}, Result: date, exec: convert(tu, cqltype.ToDate)},
		{Name: "totimestamp", Params: []*cqltype.Type{tu}, Result: ts, exec: convert(tu, cqltype.ToTimestamp)},
		{Name: "tounixtimestamp", Params: []*cqltype.Type{tu}, Result: bigint, exec: convert(tu, cqltype.ToUnixTimestamp)},
		{Name: "tounixtimestamp", Params: []*cqltype.Type{ts}, Result: bigint, exec: convert(ts, cqltype.ToUnixTimestamp)},
		{Name: "todate", Params: []*cqltype.Type{ts}, Result: date, exec: convert(ts, cqltype.ToDate)},
		{Name: "tounixtimestamp", Params: []*cqltype.Type{date}, Result: bigint, exec: convert(date, cqltype.ToUnixTimestamp)},
		{Name: "totimestamp", Params: []*cqltype.Type{date}, Result: ts, exec: convert(date, cqltype.ToTimestamp)},
	}
}

// nowTimeUUID is now() and currentTimeUUID(): a version 1 UUID at the
// statement's time, the 100 ns ticks below the microsecond, the clock
// sequence and the node drawn from the session's source (in that order of
// draws, node first, which the scenario outputs depend on).
func nowTimeUUID(ctx Context, _ []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
	node := ctx.Random() & 0xFFFFFFFFFFFF
	ticks := ctx.NowMicros()*1000 + int64(ctx.Random()%10)*100
	return cqltype.TimeUUIDAt(ticks, uint16(ctx.Random()&0x3FFF), node|0x010000000000), nil
}

func nowTimestamp(ctx Context, _ []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
	return cqltype.TimestampValue(floorDiv(ctx.NowMicros(), microsPerMilli)), nil
}

func nowDate(ctx Context, _ []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
	return cqltype.DateValue(floorDiv(ctx.NowMicros(), microsPerDay)), nil
}

func nowTime(ctx Context, _ []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
	us := ctx.NowMicros()
	return cqltype.TimeOfDayValue((us - floorDiv(us, microsPerDay)*microsPerDay) * 1000), nil
}

// timeuuidBound is minTimeuuid/maxTimeuuid of a timestamp.
func timeuuidBound(bound func(ms int64) cqltype.Value) func(Context, []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
	return func(_ Context, a []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
		ms, ok := cqltype.Int64Of(a[0])
		if !ok {
			return nil, nil
		}
		return bound(ms), nil
	}
}

// convert wraps one of cqltype's temporal conversions (an empty value gives
// null, as TimeFcts' "!bb.hasRemaining()" does).
func convert(from *cqltype.Type, conv func(*cqltype.Type, cqltype.Value) cqltype.Value) func(Context, []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
	return func(_ Context, a []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
		return conv(from, a[0]), nil
	}
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
