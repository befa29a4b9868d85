package cqltype

import (
	"math/big"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// Env evaluates what Assign cannot: function calls (now(), uuid(),
// toTimestamp(...)) and bind markers, which the engine rejects.
type Env interface {
	// Eval computes a function call or rejects a bind marker, returning a
	// value of type want for the receiver named receiver.
	Eval(e cql.Expr, want *Type, receiver string) (Value, *cqlerr.Error)
}

// Clock is an optional interface of an Env: the statement's time in
// milliseconds since the epoch, which the timestamp literal 'now' reads.
// Without it, 'now' is evaluated as the function call currenttimestamp().
type Clock interface {
	NowMillis() int64
}

// Assign converts e to a value of t for the receiver named receiver, as
// Cassandra prepares a term for a column: a null literal gives nil, a
// constant is checked for assignability ("Invalid STRING constant (abc) for
// "uid" of type int") then parsed by the type ("Unable to make int from
// '3000000000'"), collection and tuple literals are checked element by
// element ("Invalid list literal for l: value 'a' is not of type int") then
// built in Cassandra's serialized form (sets sorted and deduplicated, maps
// sorted by key), and a type hint is checked both ways as TypeCast does.
// Function calls and bind markers go to env.
//
// Element receivers are named as Cassandra names them: value(l), key(m),
// t[0]. An empty collection literal ([], {}) is an empty, non-null
// collection value: the serialized count 0 (four zero bytes), whose Elements
// are none. For a non-frozen column Cassandra stores nothing for it, which
// the engine decides.
func (t *Type) Assign(e cql.Expr, receiver string, env Env) (Value, *cqlerr.Error) {
	if e == nil {
		return nil, errMissingValue(receiver)
	}
	v, err := t.assign(e, receiver, env)
	if err != nil {
		return nil, err.At(e.Position(), len(exprText(e)))
	}
	return v, nil
}

// AssignLiteral is Assign for a plain literal, reached without the Expr
// interface: a prepared INSERT binds literals read straight from the script
// (query.DB's insert template). Its errors carry no position; the engine
// runs a statement whose value fails here through the full path instead.
func (t *Type) AssignLiteral(x *cql.Literal, receiver string, env Env) (Value, *cqlerr.Error) {
	return t.assignLiteral(x, receiver, env)
}

func (t *Type) assign(e cql.Expr, receiver string, env Env) (Value, *cqlerr.Error) {
	if e == nil {
		return nil, errMissingValue(receiver)
	}
	switch x := e.(type) {
	case *cql.Literal:
		v, err := t.assignLiteral(x, receiver, env)
		if err != nil {
			// Point at the innermost offending constant, not the whole literal.
			return nil, err.At(x.Pos, literalLen(x))
		}
		return v, nil
	case *cql.Collection:
		if isUserTypeLiteral(x) {
			return t.assignUserType(x, receiver, env)
		}
		return t.assignCollection(x, receiver, env)
	case *cql.Tuple:
		if len(x.Elems) == 1 && t.Kind != Tuple {
			return t.assign(x.Elems[0], receiver, env) // (v) is v
		}
		return t.assignTuple(x, receiver, env)
	case *cql.TypeHint:
		return t.assignHint(x, receiver, env)
	case *cql.Negate:
		if !t.IsNumeric() || t.Kind == Counter {
			break
		}
		v, err := t.assign(x.Expr, receiver, env)
		if err != nil || v == nil {
			return v, err
		}
		return Negate(t, v), nil
	}
	if env == nil {
		return nil, errCannotEvaluate(exprText(e), receiver)
	}
	return env.Eval(e, t, receiver)
}

// RuleLiteralKind is Constants.Literal's rule: a literal's kind (string,
// integer, float, uuid, hex, boolean, duration) must suit the receiver's type.
const RuleLiteralKind cqlerr.Rule = "types.literal-kind"

func (t *Type) assignLiteral(x *cql.Literal, receiver string, env Env) (Value, *cqlerr.Error) {
	if x.Kind == cql.NullLit {
		if t.Kind == Counter {
			return nil, ErrNullIncrement()
		}
		return nil, nil
	}
	if !literalAssignable(x.Kind, t) {
		return nil, errLiteralKind(x.Kind.String(), x.Text, receiver, t.String())
	}
	switch {
	case x.Kind == cql.HexLit:
		if len(x.Text) < 2 {
			return nil, errHex("")
		}
		return BlobType.FromString(x.Text[2:], 0)
	case t.Kind == Counter:
		return BigintType.FromString(x.Text, 0)
	case t.Kind == Int && x.Kind == cql.IntegerLit:
		// The hot path of bulk INSERTs: no map lookups, one allocation.
		if n, ok := javaParseLong(x.Text, 32); ok {
			return Int32Value(int32(n)), nil
		}
	case t.Kind == Text && x.Kind == cql.StringLit:
		return TextValue(toValidUTF8(x.Text)), nil
	}
	var now int64
	if c, ok := env.(Clock); ok {
		now = c.NowMillis()
	} else if t.Kind == Timestamp && x.Kind == cql.StringLit && env != nil && strings.EqualFold(x.Text, "now") {
		// Without a Clock, 'now' is what currentTimestamp() gives.
		return env.Eval(&cql.FuncCall{Pos: x.Pos, Name: "currenttimestamp"}, t, receiver)
	}
	return t.FromString(x.Text, now)
}

// literalAssignable is Constants.Literal.testAssignment.
func literalAssignable(k cql.LiteralKind, t *Type) bool {
	switch k {
	case cql.StringLit:
		switch t.Kind {
		case Ascii, Text, Inet, Date, Time, Timestamp:
			return true
		}
	case cql.IntegerLit:
		switch t.Kind {
		case Bigint, Counter, Date, Decimal, Double, Duration, Float, Int, Smallint, Time, Timestamp, Tinyint, Varint:
			return true
		}
	case cql.UUIDLit:
		return t.Kind == UUID || t.Kind == Timeuuid
	case cql.FloatLit:
		return t.Kind == Decimal || t.Kind == Double || t.Kind == Float
	case cql.BooleanLit:
		return t.Kind == Boolean
	case cql.HexLit:
		return t.Kind == Blob
	case cql.DurationLit:
		return t.Kind == Duration
	case cql.NullLit:
		return t.Kind != Counter
	}
	return false
}

// Assignable is AssignmentTestable.testAssignment(...).isAssignable() for
// a term: whether e could be a value of t, without parsing it. Function
// calls and bind markers are always assignable here; the engine decides.
func (t *Type) Assignable(e cql.Expr) bool { return assignable(e, t) }

// assignable is AssignmentTestable.testAssignment: whether e could be a
// value of t, without parsing it.
func assignable(e cql.Expr, t *Type) bool {
	switch x := e.(type) {
	case *cql.Literal:
		return literalAssignable(x.Kind, t)
	case *cql.Collection:
		if isUserTypeLiteral(x) {
			return userTypeAssignable(x, t) == nil
		}
		return collectionAssignable(x, t)
	case *cql.Tuple:
		if len(x.Elems) == 1 && t.Kind != Tuple {
			return assignable(x.Elems[0], t)
		}
		if t.Kind != Tuple || len(x.Elems) > len(t.Elems) {
			return false
		}
		for i, el := range x.Elems {
			if !assignable(el, t.Elems[i]) {
				return false
			}
		}
		return true
	case *cql.TypeHint:
		ht, err := FromRef(x.Type)
		return err == nil && valueCompatible(t, ht)
	case *cql.Negate:
		return t.IsNumeric() && assignable(x.Expr, t)
	}
	return true // function calls and markers: the engine decides
}

func collectionAssignable(x *cql.Collection, t *Type) bool {
	switch x.Kind {
	case cql.ListColl:
		if t.Kind != List {
			return false
		}
	case cql.SetColl, cql.EmptyBraces:
		if t.Kind == Map && len(x.Elems) == 0 {
			return true
		}
		if t.Kind != Set {
			return false
		}
	case cql.MapColl:
		if t.Kind != Map {
			return false
		}
		for i, k := range x.Keys {
			if !assignable(k, t.Elems[0]) || !assignable(x.Elems[i], t.Elems[1]) {
				return false
			}
		}
		return true
	}
	for _, el := range x.Elems {
		if !assignable(el, t.Elems[0]) {
			return false
		}
	}
	return true
}

// IsValueCompatibleWith is AbstractType.isValueCompatibleWith: whether
// values of other read correctly as t (blob reads anything, text reads
// ascii, bigint and timestamp read each other, varint reads int, bigint and
// timestamp, uuid reads timeuuid). Type hints and function results are checked with it.
func (t *Type) IsValueCompatibleWith(other *Type) bool { return valueCompatible(t, other) }

// valueCompatible is receiver.isValueCompatibleWith(other): whether bytes of
// other read correctly as receiver.
func valueCompatible(receiver, other *Type) bool {
	if receiver.Equal(other) {
		return true
	}
	switch receiver.Kind {
	case Blob:
		return true
	case Text:
		return other.Kind == Ascii
	case Bigint:
		return other.Kind == Timestamp
	case Timestamp:
		return other.Kind == Bigint
	case Varint:
		return other.Kind == Int || other.Kind == Bigint || other.Kind == Timestamp
	case UUID:
		return other.Kind == Timeuuid // UUIDType.isValueCompatibleWithInternal
	}
	if receiver.Kind == other.Kind && len(receiver.Elems) == len(other.Elems) {
		if receiver.IsCollection() && receiver.Frozen != other.Frozen {
			return false
		}
		for i := range receiver.Elems {
			if !valueCompatible(receiver.Elems[i], other.Elems[i]) {
				return false
			}
		}
		return true
	}
	return false
}

func (t *Type) assignCollection(x *cql.Collection, receiver string, env Env) (Value, *cqlerr.Error) {
	name := map[cql.CollectionKind]string{cql.ListColl: "list", cql.SetColl: "set", cql.MapColl: "map", cql.EmptyBraces: "set"}[x.Kind]
	if !collectionAssignable(x, t) {
		return nil, t.collectionMismatch(x, name, receiver)
	}
	if len(x.Elems) == 0 {
		return t.Join(nil, nil), nil
	}
	if x.Kind == cql.MapColl {
		return t.assignMap(x, receiver, env)
	}
	et := t.Elems[0]
	elemName := "value(" + receiver + ")"
	vals := make([]Value, len(x.Elems))
	for i, el := range x.Elems {
		if _, ok := el.(*cql.BindMarker); ok {
			return nil, errBindInCollection(name, receiver)
		}
		v, err := et.assign(el, elemName, env)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	for _, v := range vals {
		if v == nil {
			return nil, errNullInCollection()
		}
	}
	if t.Kind == List {
		return t.Join(nil, vals), nil
	}
	keys, _ := t.Normalize(vals, nil)
	return t.Join(keys, nil), nil
}

// collectionMismatch builds validateAssignableTo's message: the literal does
// not fit the receiver's type at all, or one element does not fit.
func (t *Type) collectionMismatch(x *cql.Collection, name, receiver string) *cqlerr.Error {
	fits := (name == "list" && t.Kind == List) || (name == "set" && t.Kind == Set) || (name == "map" && t.Kind == Map)
	if !fits {
		return errCollectionLiteral(name, receiver, t.String())
	}
	if x.Kind == cql.MapColl {
		for i, k := range x.Keys {
			if !assignable(k, t.Elems[0]) {
				return errCollectionElement("map", receiver, "key", exprText(k), t.Elems[0].String())
			}
			if !assignable(x.Elems[i], t.Elems[1]) {
				return errCollectionElement("map", receiver, "value", exprText(x.Elems[i]), t.Elems[1].String())
			}
		}
	}
	for _, el := range x.Elems {
		if !assignable(el, t.Elems[0]) {
			return errCollectionElement(name, receiver, "value", exprText(el), t.Elems[0].String())
		}
	}
	return errCollectionLiteral(name, receiver, t.String())
}

func (t *Type) assignMap(x *cql.Collection, receiver string, env Env) (Value, *cqlerr.Error) {
	keys := make([]Value, len(x.Keys))
	vals := make([]Value, len(x.Keys))
	for i := range x.Keys {
		for _, el := range []cql.Expr{x.Keys[i], x.Elems[i]} {
			if _, ok := el.(*cql.BindMarker); ok {
				return nil, errBindInCollection("map", receiver)
			}
		}
		k, err := t.Elems[0].assign(x.Keys[i], "key("+receiver+")", env)
		if err != nil {
			return nil, err
		}
		v, err := t.Elems[1].assign(x.Elems[i], "value("+receiver+")", env)
		if err != nil {
			return nil, err
		}
		keys[i], vals[i] = k, v
	}
	for i := range keys {
		if keys[i] == nil || vals[i] == nil {
			return nil, errNullInCollection()
		}
	}
	keys, vals = t.Normalize(keys, vals)
	return t.Join(keys, vals), nil
}

func (t *Type) assignTuple(x *cql.Tuple, receiver string, env Env) (Value, *cqlerr.Error) {
	if t.Kind != Tuple {
		return nil, errTupleLiteral(receiver, t.String())
	}
	for i, el := range x.Elems {
		if i >= len(t.Elems) {
			return nil, errTupleTooLong(receiver, t.String(), len(t.Elems), len(x.Elems))
		}
		if !assignable(el, t.Elems[i]) {
			return nil, errTupleComponent(receiver, i, t.Elems[i].String())
		}
	}
	fields := make([]Value, len(x.Elems))
	for i, el := range x.Elems {
		v, err := t.Elems[i].assign(el, receiver+"["+itoa(int64(i))+"]", env)
		if err != nil {
			return nil, err
		}
		fields[i] = v
	}
	return JoinFields(fields), nil
}

// assignHint is TypeCast.prepare: the term must fit the hinted type, the
// hinted type must be value-compatible with the receiver, and the term is
// then prepared for the receiver itself.
func (t *Type) assignHint(x *cql.TypeHint, receiver string, env Env) (Value, *cqlerr.Error) {
	ht, err := FromRef(x.Type)
	if err != nil {
		return nil, err
	}
	if !assignable(x.Expr, ht) {
		return nil, errTypeHint(exprText(x.Expr), typeRefText(x.Type))
	}
	if !valueCompatible(t, ht) {
		return nil, errHintedValue(exprText(x), receiver, t.String())
	}
	return t.assign(x.Expr, receiver, env)
}

// Negate returns -v for a numeric type (wrapping for the fixed-size
// integers as Java's negation does; NaN stays NaN).
func Negate(t *Type, v Value) Value {
	switch t.Kind {
	case Float:
		f, ok := FloatOf(v)
		if ok {
			return FloatValue(-f)
		}
	case Double:
		f, ok := DoubleOf(v)
		if ok {
			return DoubleValue(-f)
		}
	case Decimal:
		u, s, ok := DecimalOf(v)
		if ok {
			return DecimalValue(new(big.Int).Neg(u), s)
		}
	case Varint:
		n, ok := VarintOf(v)
		if ok {
			return VarintValue(n.Neg(n))
		}
	case Tinyint, Smallint, Int, Bigint, Counter:
		n, ok := IntegerOf(t, v)
		if ok {
			return fixedInt(t.Kind, -n.Int64())
		}
	}
	return v
}

// fixedInt encodes n in a fixed-size integer kind, truncating as a Java
// narrowing conversion does.
func fixedInt(k Kind, n int64) Value {
	switch k {
	case Tinyint:
		return Int8Value(int8(n))
	case Smallint:
		return Int16Value(int16(n))
	case Int:
		return Int32Value(int32(n))
	}
	return Int64Value(n)
}

// exprText renders a term as Cassandra's Term.Raw.getText does, which is how
// messages quote it: strings in single quotes (as written, not re-escaped),
// other constants as written, NULL, [..], {..}, (..), (type)term.
func exprText(e cql.Expr) string {
	switch x := e.(type) {
	case *cql.Literal:
		switch x.Kind {
		case cql.StringLit:
			return "'" + x.Text + "'"
		case cql.NullLit:
			return "NULL"
		}
		return x.Text
	case *cql.Collection:
		open, close := "{", "}"
		if x.Kind == cql.ListColl {
			open, close = "[", "]"
		}
		s := open
		for i, el := range x.Elems {
			if i > 0 {
				s += ", "
			}
			if x.Kind == cql.MapColl {
				s += exprText(x.Keys[i]) + ": "
			}
			s += exprText(el)
		}
		return s + close
	case *cql.Tuple:
		s := "("
		for i, el := range x.Elems {
			if i > 0 {
				s += ", "
			}
			s += exprText(el)
		}
		return s + ")"
	case *cql.TypeHint:
		return "(" + typeRefText(x.Type) + ")" + exprText(x.Expr)
	case *cql.Negate:
		return "-" + exprText(x.Expr)
	case *cql.FuncCall:
		s := x.Name
		if x.Keyspace != "" {
			s = x.Keyspace + "." + s
		}
		s += "("
		for i, a := range x.Args {
			if i > 0 {
				s += ", "
			}
			s += exprText(a)
		}
		return s + ")"
	case *cql.BindMarker:
		if x.Name != "" {
			return ":" + x.Name
		}
		return "?"
	case nil:
		return ""
	}
	return e.String()
}

// typeRefText prints a type as written (CQL3Type.Raw.toString).
func typeRefText(r *cql.TypeRef) string {
	if r == nil {
		return ""
	}
	if raw, err := rawOf(r, ""); err == nil {
		return raw.String()
	}
	s := r.Name
	if len(r.Params) > 0 {
		s += "<"
		for i, p := range r.Params {
			if i > 0 {
				s += ", "
			}
			s += typeRefText(p)
		}
		s += ">"
	}
	return s
}

// literalLen approximates the constant's length in the script: strings
// carry their quotes (inner quotes were doubled, so the count is a floor).
func literalLen(x *cql.Literal) int {
	if x.Kind == cql.StringLit {
		return len(x.Text) + 2
	}
	return len(x.Text)
}

// isUserTypeLiteral reports whether x is {field: term, ...}: the parser keeps
// a field name as a column reference, which no map key can be.
func isUserTypeLiteral(x *cql.Collection) bool {
	if x.Kind != cql.MapColl || len(x.Keys) == 0 {
		return false
	}
	for _, k := range x.Keys {
		if _, ok := k.(*cql.ColumnRef); !ok {
			return false
		}
	}
	return true
}

// userTypeAssignable is UserTypes.Literal.validateAssignableTo, with its
// receiver named "": the receiver must be a user type, and each field the
// literal names must take its term.
func userTypeAssignable(x *cql.Collection, t *Type) *userTypeMismatch {
	if t.Kind != UDT {
		return &userTypeMismatch{field: -1}
	}
	for i, name := range t.FieldNames {
		for j, k := range x.Keys {
			if k.(*cql.ColumnRef).Name == name && !assignable(x.Elems[j], t.Elems[i]) {
				return &userTypeMismatch{field: i}
			}
		}
	}
	return nil
}

// userTypeMismatch says which check of validateAssignableTo failed: the
// receiver's type (field -1) or that field's term.
type userTypeMismatch struct{ field int }

// assignUserType is UserTypes.Literal.prepare: validateAssignableTo first,
// then each field in the type's order (a field left out is null), then the
// fields the type does not have. A field named twice keeps its last term.
func (t *Type) assignUserType(x *cql.Collection, receiver string, env Env) (Value, *cqlerr.Error) {
	if m := userTypeAssignable(x, t); m != nil {
		if m.field < 0 {
			return nil, errUserTypeLiteral(receiver, t.String())
		}
		return nil, errUserTypeField(receiver, t.FieldNames[m.field], t.Elems[m.field].String())
	}
	fields := make([]Value, len(t.Elems))
	found := 0
	for i, name := range t.FieldNames {
		j := -1
		for k, key := range x.Keys {
			if key.(*cql.ColumnRef).Name == name {
				j = k
			}
		}
		if j < 0 {
			continue
		}
		found++
		v, err := t.Elems[i].assign(x.Elems[j], receiver+"."+name, env)
		if err != nil {
			return nil, err
		}
		fields[i] = v
	}
	if found != len(x.Keys) {
		for _, key := range x.Keys {
			if name := key.(*cql.ColumnRef).Name; t.FieldPosition(name) < 0 {
				return nil, errUnknownField(name, t.Name)
			}
		}
	}
	return JoinFields(fields), nil
}

// The messages of assigning a term to a receiver, in cql3/{Constants, Lists,
// Sets, Maps, Tuples, TypeCast, Terms}.java.

// errMissingValue is Assign's refusal of no term at all for receiver (a
// value left out), a guard in Cassandra's words.
func errMissingValue(receiver string) *cqlerr.Error {
	return cqlerr.Invalid("Missing value for " + receiver)
}

// errCannotEvaluate is the refusal of a term that needs evaluating (a
// function call) where Assign has no evaluator, a guard in the words of
// Term.Raw.prepare (cql3/Terms.java).
func errCannotEvaluate(term, receiver string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot evaluate " + term + " for " + receiver)
}

// ErrNullIncrement: c = c + null on a counter (Constants.Adder), also raised by engine/query.
func ErrNullIncrement() *cqlerr.Error {
	return cqlerr.Invalid("Invalid null value for counter increment/decrement")
}

// errLiteralKind breaks RuleLiteralKind (Constants.Literal.testAssignment).
func errLiteralKind(kind, text, receiver, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid "+kind+" constant ("+text+") for \""+receiver+"\" of type "+typ).
		For(RuleLiteralKind, receiver, typ)
}

// errHex: a blob literal or string that is not hex (BytesType.fromString).
func errHex(s string) *cqlerr.Error {
	return cqlerr.Invalid("cannot parse '" + s + "' as hex bytes")
}

// errBindInCollection is cqlplay's refusal of a bind marker inside a
// collection literal of kind (list, set, map): Cassandra binds them, the
// engine's prepared statements do not.
func errBindInCollection(kind, receiver string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid " + kind + " literal for " + receiver + ": bind variables are not supported inside collection literals")
}

// errNullInCollection is Lists, Sets and Maps .Literal's refusal of a null
// element: collections hold no nulls.
func errNullInCollection() *cqlerr.Error {
	return cqlerr.Invalid("null is not supported inside collections")
}

// errCollectionLiteral is Lists, Sets or Maps
// .Literal.validateAssignableTo's refusal of a literal of kind (list, set,
// map) for a receiver of another type.
func errCollectionLiteral(kind, receiver, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid " + kind + " literal for " + receiver + " of type " + typ)
}

// errCollectionElement: a key or value of a collection literal not of the element type.
func errCollectionElement(kind, receiver, part, term, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid " + kind + " literal for " + receiver + ": " + part + " " + term + " is not of type " + typ)
}

// errTupleLiteral is Tuples.Literal.validateAssignableTo's refusal of a
// tuple literal for a receiver that is no tuple.
func errTupleLiteral(receiver, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid tuple type literal for " + receiver + " of type " + typ)
}

// errTupleTooLong is Tuples.Literal.validateAssignableTo's refusal of a
// tuple literal with more elements than the receiver's tuple type.
func errTupleTooLong(receiver, typ string, want, got int) *cqlerr.Error {
	return cqlerr.Invalid("Invalid tuple literal for " + receiver + ": too many elements. Type " + typ +
		" expects " + itoa(int64(want)) + " but got " + itoa(int64(got)))
}

// errTupleComponent is Tuples.Literal.validateAssignableTo's refusal of a
// component not assignable to the tuple type's component i.
func errTupleComponent(receiver string, i int, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid tuple literal for " + receiver + ": component " + itoa(int64(i)) + " is not of type " + typ)
}

// errTypeHint is TypeCast.validateAssignableTo's refusal of a cast, (type)
// term, whose term is not assignable to the type named.
func errTypeHint(term, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot cast value " + term + " to type " + typ)
}

// errHintedValue is TypeCast.prepare's refusal of a cast term whose type is
// not assignable to the receiver.
func errHintedValue(term, receiver, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot assign value " + term + " to " + receiver + " of type " + typ)
}

// The messages of user type literals (cql3/UserTypes.java, Literal).

// errUserTypeLiteral is UserTypes.Literal.validateAssignableTo's refusal of
// a user type literal for a receiver that is no user type.
func errUserTypeLiteral(receiver, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid user type literal for " + receiver + " of type " + typ)
}

// errUserTypeField is UserTypes.Literal.validateAssignableTo's refusal of a
// field value not assignable to the field's type.
func errUserTypeField(receiver, field, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid user type literal for " + receiver + ": field " + field + " is not of type " + typ)
}

// errUnknownField is UserTypes.Literal.validateAssignableTo's refusal of a
// field the user type does not declare.
func errUnknownField(field, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Unknown field '" + field + "' in value of user defined type " + typ)
}
