package function

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// toJson and fromJson take their types from where they are called, so they
// are not in the table: FunctionResolver makes fromJson for the receiver of
// a term (FromJsonFct.getInstance), and a SELECT clause makes toJson for
// the type of its argument (ToJsonFct.getInstance). Each refuses the other
// place (the messages below).

// IsToJSON and IsFromJSON tell the two names, as written (lower case,
// "system." or no keyspace).
func IsToJSON(name string) bool   { return strings.TrimPrefix(name, "system.") == "tojson" }
func IsFromJSON(name string) bool { return strings.TrimPrefix(name, "system.") == "fromjson" }

// ToJSON is toJson(x) for an argument of type t: the JSON form SELECT JSON
// gives x, as text; a null gives the text null.
func ToJSON(t *cqltype.Type) *Native {
	return &Native{Name: "tojson", Params: []*cqltype.Type{t}, Result: cqltype.TextType, OnNull: true,
		exec: func(_ Context, args []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
			if args[0] == nil {
				return cqltype.Value("null"), nil
			}
			return cqltype.Value(t.JSON(args[0])), nil
		}}
}

// FromJSON is fromJson(text) for a receiver of type t: the value the JSON
// text gives t, as INSERT JSON reads a column's value; JSON null is null.
// A text t cannot take fails the call (FunctionExecutionException).
func FromJSON(t *cqltype.Type) *Native {
	f := &Native{Name: "fromjson", Params: []*cqltype.Type{cqltype.TextType}, Result: t}
	f.exec = func(ctx Context, args []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
		v, err := t.FromJSONAt(string(args[0]), ctx.NowMicros()/1000)
		if err != nil {
			return nil, errFunctionExecution(f, err.Message)
		}
		return v, nil
	}
	return f
}

// ErrToJSONArgs is ToJsonFct.getInstance's refusal of other than one argument.
func ErrToJSONArgs(n int) *cqlerr.Error {
	return cqlerr.Invalid("toJson() only accepts one argument (got " + strconv.Itoa(n) + ")")
}

// ErrToJSONAsTerm is FunctionResolver.get's refusal of toJson as a value.
func ErrToJSONAsTerm() *cqlerr.Error {
	return cqlerr.Invalid("toJson() may only be used within the selection clause of SELECT statements")
}

// ErrFromJSONInSelection is FunctionResolver.get's refusal of fromJson
// where no receiver gives it a type.
func ErrFromJSONInSelection() *cqlerr.Error {
	return cqlerr.Invalid("fromJson() cannot be used in the selection clause of a SELECT statement")
}

// errFunctionExecution is FunctionExecutionException.create: the function
// with its parameter types, then the cause as Java prints an exception
// (the marshalling errors of fromJSONObject are MarshalExceptions).
func errFunctionExecution(f *Native, cause string) *cqlerr.Error {
	params := make([]string, len(f.Params))
	for i, p := range f.Params {
		params[i] = p.String()
	}
	return cqlerr.New(cqlerr.FunctionFailure, "execution of '"+f.QualifiedName()+"["+strings.Join(params, ", ")+"]' failed: org.apache.cassandra.serializers.MarshalException: "+cause)
}
