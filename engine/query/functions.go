package query

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
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
		return nil, errBindMarker(f)
	case *cql.FuncCall:
		v, typ, err := e.db.evalFunc(f, want)
		if err != nil {
			return nil, err
		}
		if !valueCompatible(want, typ) {
			return nil, errFunctionResultType(strings.ToLower(f.Name), typ.String(), receiver, want.String())
		}
		return v, nil
	case *cql.ColumnRef:
		return nil, errColumnAsValue(receiver)
	}
	return nil, errNotAValue(x.String(), receiver)
}

// errBindMarker explains that the playground runs statements as text, with
// nothing to bind a marker to (QueryProcessor's check on bound values).
func errBindMarker(m *cql.BindMarker) *cqlerr.Error {
	return cqlerr.Invalid("Invalid amount of bind variables").At(m.Pos, len(m.String()))
}

func exprPos(e cql.Expr) cqlerr.Pos {
	if e == nil {
		return cqlerr.Pos{}
	}
	return e.Position()
}

func formatFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// valueCompatible is AbstractType.isValueCompatibleWith for the cases
// functions produce.
func valueCompatible(want, got *cqltype.Type) bool {
	if want.Equal(got) {
		return true
	}
	switch {
	case want.Kind == cqltype.UUID && got.Kind == cqltype.Timeuuid:
		return true
	case want.Kind == cqltype.Text && got.Kind == cqltype.Ascii:
		return true
	case want.Kind == cqltype.Blob:
		return true
	case want.Kind == cqltype.Bigint && (got.Kind == cqltype.Timestamp || got.Kind == cqltype.Counter):
		return true
	}
	return false
}

// nativeFunction is one of Cassandra's built-in scalar functions.
type nativeFunction struct {
	params []*cqltype.Type // nil entry: any type
	result *cqltype.Type
	call   func(db *DB, args []cqltype.Value, types []*cqltype.Type) (cqltype.Value, *cqlerr.Error)
}

func (db *DB) nowUUID() cqltype.Value {
	node := db.next() & 0xFFFFFFFFFFFF
	return cqltype.TimeUUIDAt(db.Clock*1000+int64(db.next()%10)*100, uint16(db.next()&0x3FFF), node|0x010000000000)
}

func nativeFunctions(name string) []nativeFunction {
	ts, tu, date, bigint := cqltype.TimestampType, cqltype.TimeuuidType, cqltype.DateType, cqltype.BigintType
	switch name {
	case "now", "currenttimeuuid":
		return []nativeFunction{{result: tu, call: func(db *DB, _ []cqltype.Value, _ []*cqltype.Type) (cqltype.Value, *cqlerr.Error) {
			return db.nowUUID(), nil
		}}}
	case "uuid":
		return []nativeFunction{{result: cqltype.UUIDType, call: func(db *DB, _ []cqltype.Value, _ []*cqltype.Type) (cqltype.Value, *cqlerr.Error) {
			var b [16]byte
			a, c := db.next(), db.next()
			for i := 0; i < 8; i++ {
				b[i], b[8+i] = byte(a>>(8*i)), byte(c>>(8*i))
			}
			return cqltype.RandomUUID(b), nil
		}}}
	case "currenttimestamp":
		return []nativeFunction{{result: ts, call: func(db *DB, _ []cqltype.Value, _ []*cqltype.Type) (cqltype.Value, *cqlerr.Error) {
			return cqltype.TimestampValue(floorDiv(db.Clock, 1000)), nil
		}}}
	case "currentdate":
		return []nativeFunction{{result: date, call: func(db *DB, _ []cqltype.Value, _ []*cqltype.Type) (cqltype.Value, *cqlerr.Error) {
			return cqltype.DateValue(floorDiv(db.Clock, 86_400_000_000)), nil
		}}}
	case "currenttime":
		return []nativeFunction{{result: cqltype.TimeType, call: func(db *DB, _ []cqltype.Value, _ []*cqltype.Type) (cqltype.Value, *cqlerr.Error) {
			day := int64(86_400_000_000)
			return cqltype.TimeOfDayValue((db.Clock - floorDiv(db.Clock, day)*day) * 1000), nil
		}}}
	case "totimestamp":
		return timeConversions(ts, cqltype.ToTimestamp, tu, date)
	case "dateof":
		return timeConversions(ts, cqltype.ToTimestamp, tu)
	case "tounixtimestamp":
		return timeConversions(bigint, cqltype.ToUnixTimestamp, tu, ts, date)
	case "unixtimestampof":
		return timeConversions(bigint, cqltype.ToUnixTimestamp, tu)
	case "todate":
		return timeConversions(date, cqltype.ToDate, tu, ts)
	case "mintimeuuid", "maxtimeuuid":
		return []nativeFunction{{params: []*cqltype.Type{ts}, result: tu, call: func(_ *DB, a []cqltype.Value, _ []*cqltype.Type) (cqltype.Value, *cqlerr.Error) {
			ms, _ := cqltype.Int64Of(a[0])
			if name == "mintimeuuid" {
				return cqltype.MinTimeUUID(ms), nil
			}
			return cqltype.MaxTimeUUID(ms), nil
		}}}
	}
	if strings.HasPrefix(name, "blobas") {
		t := simpleType(strings.TrimPrefix(name, "blobas"))
		if t != nil {
			return []nativeFunction{{params: []*cqltype.Type{cqltype.BlobType}, result: t, call: func(_ *DB, a []cqltype.Value, _ []*cqltype.Type) (cqltype.Value, *cqlerr.Error) {
				return cqltype.BlobAs(t, a[0])
			}}}
		}
	}
	if strings.HasSuffix(name, "asblob") {
		t := simpleType(strings.TrimSuffix(name, "asblob"))
		if t != nil {
			return []nativeFunction{{params: []*cqltype.Type{t}, result: cqltype.BlobType, call: func(_ *DB, a []cqltype.Value, _ []*cqltype.Type) (cqltype.Value, *cqlerr.Error) {
				return a[0], nil
			}}}
		}
	}
	return nil
}

// timeConversions is one of TimeFcts' conversion functions, one overload per
// argument type, each computed by cqltype's implementation (the same that
// CAST uses), so a conversion has one home.
func timeConversions(result *cqltype.Type, conv func(from *cqltype.Type, v cqltype.Value) cqltype.Value, from ...*cqltype.Type) []nativeFunction {
	fns := make([]nativeFunction, len(from))
	for i, t := range from {
		fns[i] = nativeFunction{params: []*cqltype.Type{t}, result: result,
			call: func(_ *DB, a []cqltype.Value, types []*cqltype.Type) (cqltype.Value, *cqlerr.Error) {
				return conv(types[0], a[0]), nil
			}}
	}
	return fns
}

// evalFunc evaluates a function call used as a value (INSERT, WHERE, SET).
func (db *DB) evalFunc(f *cql.FuncCall, want *cqltype.Type) (cqltype.Value, *cqltype.Type, *cqlerr.Error) {
	name := strings.ToLower(f.Name)
	cands := nativeFunctions(name)
	if len(cands) == 0 {
		return nil, nil, errUnknownFunction(f.Name)
	}
	for ci, fn := range cands {
		if len(fn.params) != len(f.Args) {
			if ci == len(cands)-1 {
				return nil, nil, errFunctionArgs(name, len(fn.params), len(f.Args))
			}
			continue
		}
		args := make([]cqltype.Value, len(f.Args))
		ok := true
		var firstErr *cqlerr.Error
		for i, a := range f.Args {
			v, err := fn.params[i].Assign(a, "arg"+itoa(i)+"("+name+")", env{db})
			if err != nil {
				ok = false
				if firstErr == nil {
					firstErr = err
				}
				break
			}
			args[i] = v
		}
		if !ok {
			if ci == len(cands)-1 {
				return nil, nil, firstErr
			}
			continue
		}
		for _, a := range args {
			if a == nil && len(fn.params) > 0 {
				return nil, fn.result, nil
			}
		}
		v, err := fn.call(db, args, fn.params)
		return v, fn.result, err
	}
	return nil, nil, errUnknownFunction(f.Name)
}

// functionType resolves a scalar function used as a selector.
func (db *DB) functionType(name string, args []*selector) (*cqltype.Type, *cqlerr.Error) {
	cands := nativeFunctions(name)
	if len(cands) == 0 {
		return nil, errUnknownFunction(name)
	}
	for _, fn := range cands {
		if fn.match(args) {
			return fn.result, nil
		}
	}
	if len(cands[0].params) != len(args) {
		return nil, errFunctionArgs(name, len(cands[0].params), len(args))
	}
	return nil, errFunctionArgType(args[0].name, name, cands[0].params[0].String())
}

func (fn nativeFunction) match(args []*selector) bool {
	if len(fn.params) != len(args) {
		return false
	}
	for i, p := range fn.params {
		if args[i].typ != nil && !valueCompatible(p, args[i].typ) {
			return false
		}
	}
	return true
}

// callFunction evaluates a selector's function over evaluated arguments.
func (db *DB) callFunction(s *selector, args []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
	if s.fn == "cast" {
		return castValue(s.args[0].typ, s.typ, args[0])
	}
	for _, fn := range nativeFunctions(s.fn) {
		if fn.match(s.args) {
			for _, a := range args {
				if a == nil && len(fn.params) > 0 {
					return nil, nil
				}
			}
			return fn.call(db, args, fn.params)
		}
	}
	return nil, nil
}

// castValue is CAST(x AS type), with Cassandra's CastFcts conversions.
func castValue(from, to *cqltype.Type, v cqltype.Value) (cqltype.Value, *cqlerr.Error) {
	if v == nil {
		return nil, nil
	}
	return cqltype.Cast(from, to, v)
}

// simpleType returns the simple type called name, or nil.
func simpleType(name string) *cqltype.Type {
	t, err := cqltype.FromRef(&cql.TypeRef{Name: name})
	if err != nil || t.Elems != nil {
		return nil
	}
	return t
}

// The messages of terms and function calls (cql3/Terms.java,
// cql3/functions/FunctionResolver.java, FunctionCall.java).

func errFunctionResultType(fn, typ, receiver, want string) *cqlerr.Error {
	return cqlerr.Invalid("Type error: cannot assign result of function system." + fn + " (type " + typ + ") to " + receiver + " (type " + want + ")")
}

func errColumnAsValue(receiver string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid value for " + receiver + ": column references are only allowed in SET c = c + value")
}

func errNotAValue(term, receiver string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot use " + term + " as a value for " + receiver)
}

func errUnknownFunction(fn string) *cqlerr.Error { return cqlerr.Invalid("Unknown function " + fn) }

func errFunctionArgType(arg, fn, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Type error: " + arg + " cannot be passed as argument 0 of function system." + fn + " of type " + typ)
}
