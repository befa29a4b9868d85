package function

import "github.com/cqlplay/cqlplay/engine/cqltype"

// aggregateFcts are AggregateFcts.all()'s signatures, in its order, for
// resolution only: a term that calls an aggregate (WHERE k = max((int)1))
// resolves it as FunctionResolver.get does, then FunctionCall.Raw.prepare
// refuses it. The engine computes aggregates in SELECT clauses itself
// (engine/query/aggregate.go). count(*) is countRows, reached by no name.
//
// CQL3Type.Native's EMPTY type has no counterpart in cqltype: its count,
// max and min are missing from the "known type signatures" a failed
// resolution lists.
func aggregateFcts() []*Native {
	agg := func(name string, param, result *cqltype.Type) *Native {
		return &Native{Name: name, Params: []*cqltype.Type{param}, Result: result, Aggregate: true}
	}
	numbers := []*cqltype.Type{cqltype.TinyintType, cqltype.SmallintType, cqltype.IntType, cqltype.BigintType,
		cqltype.FloatType, cqltype.DoubleType, cqltype.DecimalType, cqltype.VarintType, cqltype.CounterType}
	var fs []*Native
	for _, name := range []string{"sum", "avg"} {
		for _, t := range numbers {
			fs = append(fs, agg(name, t, t))
		}
	}
	// CQL3Type.Native's order, varchar left out (it is text).
	for _, t := range []*cqltype.Type{cqltype.AsciiType, cqltype.BigintType, cqltype.BlobType, cqltype.BooleanType,
		cqltype.CounterType, cqltype.DateType, cqltype.DecimalType, cqltype.DoubleType, cqltype.DurationType,
		cqltype.FloatType, cqltype.InetType, cqltype.IntType, cqltype.SmallintType, cqltype.TextType,
		cqltype.TimeType, cqltype.TimestampType, cqltype.TimeuuidType, cqltype.TinyintType, cqltype.UUIDType,
		cqltype.VarintType} {
		fs = append(fs, agg("count", t, cqltype.BigintType), agg("max", t, t), agg("min", t, t))
	}
	return fs
}
