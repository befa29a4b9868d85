package cqltype

import (
	"strconv"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// nameKinds maps the CQL names of the simple types to their kinds.
var nameKinds = map[string]Kind{
	"ascii": Ascii, "bigint": Bigint, "blob": Blob, "boolean": Boolean, "counter": Counter,
	"date": Date, "decimal": Decimal, "double": Double, "duration": Duration, "float": Float,
	"inet": Inet, "int": Int, "smallint": Smallint, "text": Text, "varchar": Text,
	"time": Time, "timestamp": Timestamp, "timeuuid": Timeuuid, "tinyint": Tinyint,
	"uuid": UUID, "varint": Varint,
}

// FromRef resolves a type as written ("frozen<list<int>>") into a Type, with
// Cassandra's messages (CQL3Type.Raw) for misuse: frozen<> on a simple type,
// non-frozen collections nested in collections, counters in collections or
// tuples, durations in sets or as map keys. It knows no user-defined type:
// any other name is "Unknown type <name>".
func FromRef(ref *cql.TypeRef) (*Type, *cqlerr.Error) {
	return FromRefKeyspace(ref, "", nil)
}

// UserTypes looks up a user-defined type of a keyspace by name (nil when
// there is none): the keyspace's types as they stand.
type UserTypes func(ks, name string) *Type

// FromRefKeyspace is FromRef for a statement on keyspace ks whose user types
// are types: a type name is looked up in ks as RawUT.prepare does (a name
// qualified with another keyspace is refused, an unknown one is "Unknown
// type ks.name"), and a user type is frozen when written frozen<>.
func FromRefKeyspace(ref *cql.TypeRef, ks string, types UserTypes) (*Type, *cqlerr.Error) {
	if ref == nil {
		return nil, errMissingType()
	}
	r, err := rawOf(ref, ks)
	if err != nil {
		return nil, err
	}
	t, err := r.prepare(ks, types)
	if err != nil {
		return nil, err.At(ref.Pos, len(ref.Name))
	}
	return t, nil
}

// RawString is CQL3Type.Raw's toString for a type as written for keyspace
// ks: user types qualified with the keyspace.
func RawString(ref *cql.TypeRef, ks string) string {
	r, _ := rawOf(ref, ks)
	return r.String()
}

// CheckUserTypeField is CreateTypeStatement's check of a field's type as
// written: no counter, no user type that is not frozen.
func CheckUserTypeField(ref *cql.TypeRef) *cqlerr.Error {
	r, err := rawOf(ref, "")
	switch {
	case err != nil:
	case r.kind == Counter:
		return errTypeWithCounter()
	case r.udt != "" && !r.frozen:
		return errTypeWithNonFrozenUDT()
	}
	return nil
}

// raw mirrors CQL3Type.Raw: a type as written, before validation, whose
// String() is what Cassandra's messages print.
type raw struct {
	kind   Kind
	frozen bool
	elems  []*raw
	udt    string // a user type's qualified name (kind is 0)
	// utKs is the keyspace the type reference names (empty when it names
	// none), utName the type's name
	utKs, utName string
}

func rawOf(ref *cql.TypeRef, ks string) (*raw, *cqlerr.Error) {
	name := ref.Name
	arity := func(n int) *cqlerr.Error {
		if len(ref.Params) == n {
			return nil
		}
		return errTypeArguments(ref.Pos, name, n, len(ref.Params))
	}
	if k, ok := nameKinds[name]; ok {
		if err := arity(0); err != nil {
			return nil, err
		}
		return &raw{kind: k}, nil
	}
	var params []*raw
	for _, p := range ref.Params {
		r, err := rawOf(p, ks)
		if err != nil {
			return nil, err
		}
		params = append(params, r)
	}
	switch name {
	case "frozen":
		if err := arity(1); err != nil {
			return nil, err
		}
		return params[0].freeze()
	case "list", "set":
		if err := arity(1); err != nil {
			return nil, err
		}
		k := List
		if name == "set" {
			k = Set
		}
		return &raw{kind: k, elems: params}, nil
	case "map":
		if err := arity(2); err != nil {
			return nil, err
		}
		return &raw{kind: Map, elems: params}, nil
	case "tuple":
		if len(params) == 0 {
			return nil, arity(1)
		}
		for i, p := range params {
			if p.supportsFreezing() {
				params[i], _ = p.freeze()
			}
		}
		return &raw{kind: Tuple, frozen: true, elems: params}, nil
	}
	if err := arity(0); err != nil {
		return nil, err
	}
	switch {
	case ref.Keyspace != "":
		name = ref.Keyspace + "." + name
	case ks != "":
		name = ks + "." + name
	}
	// A user type, looked up when prepared: after the checks that come
	// first in Cassandra (a non-frozen UDT inside a collection is reported
	// as such).
	return &raw{udt: name, utKs: ref.Keyspace, utName: ref.Name}, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (r *raw) isCollection() bool     { return r.kind == List || r.kind == Set || r.kind == Map }
func (r *raw) supportsFreezing() bool { return r.isCollection() || r.kind == Tuple || r.udt != "" }

func (r *raw) freeze() (*raw, *cqlerr.Error) {
	if !r.supportsFreezing() {
		return nil, errFrozenNonCollection(r.String())
	}
	if r.kind == Tuple {
		return r, nil
	}
	if r.udt != "" {
		c := *r
		c.frozen = true
		return &c, nil
	}
	c := &raw{kind: r.kind, frozen: true, elems: make([]*raw, len(r.elems))}
	for i, e := range r.elems {
		c.elems[i] = e
		if e.supportsFreezing() {
			c.elems[i], _ = e.freeze()
		}
	}
	return c, nil
}

func (r *raw) String() string {
	if r.udt != "" {
		if r.frozen {
			return "frozen<" + r.udt + ">"
		}
		return r.udt
	}
	var b []byte
	if r.frozen && r.kind != Tuple {
		b = append(b, "frozen<"...)
	}
	b = append(b, r.kind.String()...)
	if len(r.elems) > 0 {
		b = append(b, '<')
		for i, e := range r.elems {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(b, e.String()...)
		}
		b = append(b, '>')
	}
	if r.frozen && r.kind != Tuple {
		b = append(b, '>')
	}
	return string(b)
}

// prepare validates r in the order of CQL3Type.Raw.RawCollection.prepare.
func (r *raw) prepare(ks string, types UserTypes) (*Type, *cqlerr.Error) {
	switch {
	case r.udt != "":
		// RawUT.prepare
		if r.utKs != "" && ks != "" && r.utKs != ks {
			return nil, errUserTypeKeyspace(ks, r.utKs)
		}
		uks := r.utKs
		if uks == "" {
			uks = ks
		}
		var t *Type
		if types != nil {
			t = types(uks, r.utName)
		}
		if t == nil {
			return nil, errUnknownType(r.udt)
		}
		if r.frozen {
			t = t.Freeze()
		}
		return t, nil
	case r.kind == Tuple:
		fields := make([]*Type, len(r.elems))
		for i, e := range r.elems {
			if e.kind == Counter {
				return nil, errCounterInTuple()
			}
			t, err := e.prepare(ks, types)
			if err != nil {
				return nil, err
			}
			fields[i] = t
		}
		return TupleOf(fields...), nil
	case !r.isCollection():
		return simpleTypes[r.kind], nil
	}
	values := r.elems[len(r.elems)-1]
	if err := r.checkNestedFrozen(values); err != nil {
		return nil, err
	}
	if values.kind == Counter {
		return nil, errInsideCollection("Counters are", r.String())
	}
	if values.kind == Duration && r.kind == Set {
		return nil, errDurationInSet(r.String())
	}
	if r.kind == Map {
		keys := r.elems[0]
		if keys.kind == Counter {
			return nil, errInsideCollection("Counters are", r.String())
		}
		if keys.kind == Duration {
			return nil, errDurationMapKey(r.String())
		}
		if err := r.checkNestedFrozen(keys); err != nil {
			return nil, err
		}
	}
	elems := make([]*Type, len(r.elems))
	for i, e := range r.elems {
		t, err := e.prepare(ks, types)
		if err != nil {
			return nil, err
		}
		elems[i] = t
	}
	return &Type{Kind: r.kind, Frozen: r.frozen, Elems: elems}, nil
}

// checkNestedFrozen is throwNestedNonFrozenError: a non-frozen collection or
// user type inside a non-frozen collection.
func (r *raw) checkNestedFrozen(inner *raw) *cqlerr.Error {
	if r.frozen || inner.frozen {
		return nil
	}
	switch {
	case inner.isCollection():
		return errInsideCollection("Non-frozen collections are", r.String())
	case inner.udt != "":
		return errInsideCollection("Non-frozen UDTs are", r.String())
	}
	return nil
}

// The messages of type references (cql3/CQL3Type.java, Raw and its subclasses).

// errMissingType is the refusal of no type reference at all, which the
// parser never builds: a guard.
func errMissingType() *cqlerr.Error { return cqlerr.Invalid("missing type") }

// errTypeArguments: a collection or tuple type with the wrong number of parameters (the parser's check).
func errTypeArguments(pos cqlerr.Pos, name string, want, got int) *cqlerr.Error {
	return cqlerr.Syntax(pos, len(name), "Type "+name+" expects "+strconv.Itoa(want)+" type argument"+plural(want)+", got "+strconv.Itoa(got))
}

// errFrozenNonCollection is CQL3Type.Raw.frozen's refusal of frozen<> around
// a type that is no collection, tuple or user type.
func errFrozenNonCollection(typ string) *cqlerr.Error {
	return cqlerr.Invalid("frozen<> is only allowed on collections, tuples, and user-defined types (got " + typ + ")")
}

// errUnknownType is CQL3Type.Raw.RawUT.prepare's refusal of a type name that
// is neither native nor a user type of the keyspace.
func errUnknownType(name string) *cqlerr.Error { return cqlerr.Invalid("Unknown type " + name) }

// errTypeWithCounter is CreateTypeStatement's refusal of a counter field in
// a user type.
func errTypeWithCounter() *cqlerr.Error {
	return cqlerr.Invalid("A user type cannot contain counters")
}

// errTypeWithNonFrozenUDT is CreateTypeStatement's refusal of a non-frozen
// user type as a field of a user type.
func errTypeWithNonFrozenUDT() *cqlerr.Error {
	return cqlerr.Invalid("A user type cannot contain non-frozen UDTs")
}

// errUserTypeKeyspace: RawUT.prepare, a user type of another keyspace.
func errUserTypeKeyspace(ks, other string) *cqlerr.Error {
	return cqlerr.Invalid("Statement on keyspace " + ks + " cannot refer to a user type in keyspace " + other + "; user types can only be used in the keyspace they are defined in")
}

// errCounterInTuple is CQL3Type.Raw.RawTuple.prepare's refusal of a counter
// among a tuple's types.
func errCounterInTuple() *cqlerr.Error {
	return cqlerr.Invalid("Counters are not allowed inside tuples")
}

// errInsideCollection: what may not be an element of a collection ("Counters are", ...).
func errInsideCollection(what, typ string) *cqlerr.Error {
	return cqlerr.Invalid(what + " not allowed inside collections: " + typ)
}

// errDurationInSet is CQL3Type.Raw.RawCollection.prepare's refusal of
// durations as set elements: they have no order.
func errDurationInSet(typ string) *cqlerr.Error {
	return cqlerr.Invalid("Durations are not allowed inside sets: " + typ)
}

// errDurationMapKey is CQL3Type.Raw.RawCollection.prepare's refusal of
// durations as map keys: they have no order.
func errDurationMapKey(typ string) *cqlerr.Error {
	return cqlerr.Invalid("Durations are not allowed as map keys: " + typ)
}
