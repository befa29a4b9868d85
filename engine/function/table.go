package function

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// Native is one overload of a native scalar function: system.<Name>
// (<Params>) -> <Result>. A name with several overloads (toDate of a
// timeuuid or of a timestamp) has one Native each.
type Native struct {
	Name   string // lower case, without the "system." keyspace
	Params []*cqltype.Type
	Result *cqltype.Type
	// Aggregate marks an aggregate's signature (aggregates.go), which has
	// no exec: terms resolve it only to refuse it.
	Aggregate bool
	// OnNull: the function runs on a null argument (toJson gives "null")
	// instead of returning null.
	OnNull bool
	exec   func(ctx Context, args []cqltype.Value) (cqltype.Value, *cqlerr.Error)
}

// Context is what a call reads besides its arguments.
type Context interface {
	// NowMicros is the statement's time in microseconds since the epoch.
	NowMicros() int64
	// Random returns the session's next pseudo-random 64 bits; a seeded
	// source, so that a script produces the same uuid() and now() values
	// every time it runs.
	Random() uint64
}

// Call runs the function on evaluated arguments. A null argument gives
// null without running it: every native function of Cassandra 4.1 with
// parameters returns null for a null input (TimeFcts, BytesConversionFcts).
func (f *Native) Call(ctx Context, args []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
	for _, a := range args {
		if a == nil && !f.OnNull {
			return nil, nil
		}
	}
	return f.exec(ctx, args)
}

// QualifiedName is the function's name as Cassandra prints it in messages:
// system.totimestamp.
func (f *Native) QualifiedName() string { return "system." + f.Name }

// String is AbstractFunction.toString, the form "known type signatures"
// lists: system.totimestamp : (timeuuid) -> timestamp.
func (f *Native) String() string {
	var b strings.Builder
	b.WriteString(f.QualifiedName())
	b.WriteString(" : (")
	for i, p := range f.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.String())
	}
	b.WriteString(") -> ")
	b.WriteString(f.Result.String())
	return b.String()
}

// natives is the table: every native scalar function, its overloads in the
// order Cassandra registers them (which is the order "known type
// signatures" and "can be matched by" list them). See the package doc for
// how to add one.
var natives = buildTable()

func buildTable() map[string][]*Native {
	t := map[string][]*Native{}
	add := func(fs ...*Native) {
		for _, f := range fs {
			t[f.Name] = append(t[f.Name], f)
		}
	}
	add(uuidFcts()...)
	add(timeFcts()...)
	add(bytesConversionFcts()...)
	add(aggregateFcts()...)
	return t
}

// Lookup returns the overloads of the native function name (lower case,
// without keyspace), nil when there is none.
func Lookup(name string) []*Native { return natives[name] }
