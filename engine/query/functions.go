package query

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/function"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// env evaluates what literals cannot express: function calls inside values
// (now(), uuid(), toTimestamp(now()), ...) and bind markers, which the
// playground rejects.
type env struct{ db *DB }

func (db *DB) env() cqltype.Env { return env{db} }

// Eval implements cqltype.Env.
func (e env) Eval(x cql.Expr, want *cqltype.Type, receiver string) (cqltype.Value, *cqlerr.Error) {
	switch f := x.(type) {
	case *cql.BindMarker:
		return e.db.bindMarker(f, want, receiver)
	case *cql.FuncCall:
		return e.db.evalFunc(f, want, receiver)
	case *cql.ColumnRef:
		return nil, errColumnAsValue(receiver)
	}
	return nil, errNotAValue(x.String(), receiver)
}

// ErrBindVariables says that a statement has bind markers, which a script
// cannot bind (QueryProcessor's check on the number of bound values); the
// session raises it too, for a statement it sees has markers.
func ErrBindVariables() *cqlerr.Error {
	return cqlerr.Invalid("Invalid amount of bind variables")
}

// errBindMarker is ErrBindVariables located at the marker.
func errBindMarker(m *cql.BindMarker) *cqlerr.Error {
	return ErrBindVariables().At(m.Pos, len(m.String()))
}

func exprPos(e cql.Expr) cqlerr.Pos {
	if e == nil {
		return cqlerr.Pos{}
	}
	return e.Position()
}

func formatFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// callCtx is what a native function reads of the session: its clock and
// its seeded random source (package function).
type callCtx struct{ db *DB }

func (c callCtx) NowMicros() int64 { return c.db.Clock }
func (c callCtx) Random() uint64   { return c.db.next() }

// funcName is the called name as Cassandra's FunctionName prints it:
// lower case (the parser lowers unquoted names), with the keyspace when one
// was written (system.now).
func funcName(f *cql.FuncCall) string {
	if f.Keyspace != "" {
		return strings.ToLower(f.Keyspace) + "." + f.Name
	}
	return f.Name
}

// evalFunc evaluates a function call used as a term (an INSERT or UPDATE
// value, a WHERE term, an argument of another call) for receiver, as
// FunctionCall.Raw.prepare does: resolve the overload against the receiver's
// type, check its result fits the receiver, prepare each argument against
// its parameter (receiver "arg0(system.f)"), then call.
func (db *DB) evalFunc(f *cql.FuncCall, want *cqltype.Type, receiver string) (cqltype.Value, *cqlerr.Error) {
	name := funcName(f)
	args := make([]function.Arg, len(f.Args))
	for i, a := range f.Args {
		args[i] = termArg{db, a}
	}
	fn, err := db.resolveTerm(name, args, want)
	if err != nil {
		return nil, err
	}
	if fn == nil {
		return nil, errUnknownFunction(name)
	}
	if fn.Aggregate {
		return nil, errAggregateAsTerm()
	}
	if function.TypeMatch(want, fn.Result) == function.NotAssignable {
		return nil, errFunctionResultType(fn.QualifiedName(), fn.Result.String(), receiver, want.String())
	}
	vals := make([]cqltype.Value, len(f.Args))
	for i, a := range f.Args {
		v, err := fn.Params[i].Assign(a, function.ArgReceiver(fn, i), db.env())
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	return fn.Call(callCtx{db}, vals)
}

// resolveTerm is FunctionResolver.get for a term of type want: token is
// made for the receiver's table (TokenFct), toJson is no value, fromJson
// takes the receiver's type; any other name is looked up in the table.
func (db *DB) resolveTerm(name string, args []function.Arg, want *cqltype.Type) (*function.Native, *cqlerr.Error) {
	var fn *function.Native
	switch {
	case function.IsToken(name) && db.recv != nil:
		fn = db.tokenFct(db.recv)
	case function.IsToJSON(name):
		return nil, function.ErrToJSONAsTerm()
	case function.IsFromJSON(name):
		fn = function.FromJSON(want)
	default:
		return function.Resolve(name, args, want)
	}
	return fn, function.Validate(fn, args)
}

// tokenFct is TokenFct for table t: its partition key's types in.
func (db *DB) tokenFct(t *schema.Table) *function.Native {
	keys := make([]*cqltype.Type, len(t.PartitionKey))
	for i, c := range t.PartitionKey {
		keys[i] = c.Type
	}
	return function.Token(keys)
}

// termArg is a term passed to a function, tested as its Raw class's
// testAssignment does: a type hint by its type (TypeCast), a function call
// by its resolved result (FunctionCall.Raw: weakly when it does not
// resolve, so that its own error surfaces later), a marker weakly, a
// literal or collection weakly when it could be a value of the parameter.
type termArg struct {
	db *DB
	e  cql.Expr
}

func (a termArg) String() string { return a.e.String() }

func (a termArg) TestAssignment(t *cqltype.Type) function.Match {
	switch x := a.e.(type) {
	case *cql.TypeHint:
		ht, err := cqltype.FromRef(x.Type)
		if err != nil {
			return function.WeaklyAssignable
		}
		return function.TypeMatch(t, ht)
	case *cql.FuncCall:
		args := make([]function.Arg, len(x.Args))
		for i, e := range x.Args {
			args[i] = termArg{a.db, e}
		}
		fn, err := a.db.resolveTerm(funcName(x), args, t)
		if err != nil || fn == nil {
			return function.WeaklyAssignable
		}
		return function.TypeMatch(t, fn.Result)
	case *cql.BindMarker:
		return function.WeaklyAssignable
	}
	if t.Assignable(a.e) {
		return function.WeaklyAssignable
	}
	return function.NotAssignable
}

// castValue is CAST(x AS type), with Cassandra's CastFcts conversions.
func castValue(from, to *cqltype.Type, v cqltype.Value) (cqltype.Value, *cqlerr.Error) {
	if v == nil {
		return nil, nil
	}
	return cqltype.Cast(from, to, v)
}

// The messages of terms and function calls (cql3/Terms.java,
// cql3/functions/FunctionCall.java).

// errFunctionResultType: FunctionCall.Raw.prepare, a result that does not
// fit its receiver; fn is qualified (system.now).
func errFunctionResultType(fn, typ, receiver, want string) *cqlerr.Error {
	return cqlerr.Invalid("Type error: cannot assign result of function " + fn + " (type " + typ + ") to " + receiver + " (type " + want + ")")
}

// errColumnAsValue is the refusal of a column reference as a written value
// outside SET c = c + value (Operation.Raw, Terms).
func errColumnAsValue(receiver string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid value for " + receiver + ": column references are only allowed in SET c = c + value")
}

// errNotAValue is Term.Raw.prepare's refusal of a term that cannot be a
// value for receiver, such as a function of the wrong return type
// (cql3/Terms.java).
func errNotAValue(term, receiver string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot use " + term + " as a value for " + receiver)
}

// errAggregateAsTerm: FunctionCall.Raw.prepare, an aggregate called as a
// term (a WHERE value, an INSERT or UPDATE value), whatever the clause.
func errAggregateAsTerm() *cqlerr.Error {
	return cqlerr.Invalid("Aggregation function are not supported in the where clause")
}

// errUnknownFunction: FunctionCall.Raw.prepare, a term calling no function
// (a selector words it differently: errUnknownSelectorFunction).
func errUnknownFunction(fn string) *cqlerr.Error {
	return cqlerr.Invalid("Unknown function " + fn + " called")
}
