package cqltype

// Value is a value in the serialized form Cassandra stores: nil is null, an
// empty non-nil slice is an empty value, anything else is the type's bytes.
type Value = []byte

// Kind is a CQL type constructor.
type Kind uint8

// The kinds the engine supports. varchar is Text.
const (
	Ascii Kind = iota + 1
	Bigint
	Blob
	Boolean
	Counter
	Date
	Decimal
	Double
	Duration
	Float
	Inet
	Int
	Smallint
	Text
	Time
	Timestamp
	Timeuuid
	Tinyint
	UUID
	Varint
	List
	Set
	Map
	Tuple
	UDT
	kindEnd
)

// kindNames are the CQL names of the simple kinds, as asCQL3Type prints them.
var kindNames = [kindEnd]string{
	Ascii: "ascii", Bigint: "bigint", Blob: "blob", Boolean: "boolean", Counter: "counter",
	Date: "date", Decimal: "decimal", Double: "double", Duration: "duration", Float: "float",
	Inet: "inet", Int: "int", Smallint: "smallint", Text: "text", Time: "time",
	Timestamp: "timestamp", Timeuuid: "timeuuid", Tinyint: "tinyint", UUID: "uuid",
	Varint: "varint", List: "list", Set: "set", Map: "map", Tuple: "tuple", UDT: "udt",
}

// String returns the kind's CQL name ("int", "list", ...).
func (k Kind) String() string {
	if k == 0 || k >= kindEnd {
		return "kind(" + itoa(int64(k)) + ")"
	}
	return kindNames[k]
}

// Type is a CQL type. Simple types are the shared singletons below; build
// collection and tuple types with ListOf, SetOf, MapOf, TupleOf or FromRef.
// A Type is immutable once built and safe to share.
type Type struct {
	Kind Kind
	// Frozen is set for frozen collections and for tuples (always frozen).
	Frozen bool
	// Elems holds the element types: list/set [elem], map [key, value],
	// tuple its fields. Nil for simple types.
	Elems []*Type
	// Keyspace, Name and FieldNames are set for a user-defined type
	// (UserType): its Elems are the field types, in FieldNames' order.
	Keyspace, Name string
	FieldNames     []string
}

// The simple types, one shared instance each. (The Kind constants carry the
// plain names, so the singletons carry a Type suffix.)
var (
	AsciiType     = &Type{Kind: Ascii}
	BigintType    = &Type{Kind: Bigint}
	BlobType      = &Type{Kind: Blob}
	BooleanType   = &Type{Kind: Boolean}
	CounterType   = &Type{Kind: Counter}
	DateType      = &Type{Kind: Date}
	DecimalType   = &Type{Kind: Decimal}
	DoubleType    = &Type{Kind: Double}
	DurationType  = &Type{Kind: Duration}
	FloatType     = &Type{Kind: Float}
	InetType      = &Type{Kind: Inet}
	IntType       = &Type{Kind: Int}
	SmallintType  = &Type{Kind: Smallint}
	TextType      = &Type{Kind: Text}
	TimeType      = &Type{Kind: Time}
	TimestampType = &Type{Kind: Timestamp}
	TimeuuidType  = &Type{Kind: Timeuuid}
	TinyintType   = &Type{Kind: Tinyint}
	UUIDType      = &Type{Kind: UUID}
	VarintType    = &Type{Kind: Varint}
)

var simpleTypes = [...]*Type{
	Ascii: AsciiType, Bigint: BigintType, Blob: BlobType, Boolean: BooleanType,
	Counter: CounterType, Date: DateType, Decimal: DecimalType, Double: DoubleType,
	Duration: DurationType, Float: FloatType, Inet: InetType, Int: IntType,
	Smallint: SmallintType, Text: TextType, Time: TimeType, Timestamp: TimestampType,
	Timeuuid: TimeuuidType, Tinyint: TinyintType, UUID: UUIDType, Varint: VarintType,
}

// Simple returns the singleton of a simple kind, or nil for List, Set, Map
// and Tuple.
func Simple(k Kind) *Type {
	if int(k) < len(simpleTypes) {
		return simpleTypes[k]
	}
	return nil
}

// ListOf returns list<elem> (frozen<list<elem>> when frozen).
func ListOf(elem *Type, frozen bool) *Type {
	return &Type{Kind: List, Frozen: frozen, Elems: []*Type{elem}}
}

// SetOf returns set<elem> (frozen<set<elem>> when frozen).
func SetOf(elem *Type, frozen bool) *Type {
	return &Type{Kind: Set, Frozen: frozen, Elems: []*Type{elem}}
}

// MapOf returns map<key, value> (frozen<map<key, value>> when frozen).
func MapOf(key, value *Type, frozen bool) *Type {
	return &Type{Kind: Map, Frozen: frozen, Elems: []*Type{key, value}}
}

// TupleOf returns tuple<fields...>; tuples are always frozen.
func TupleOf(fields ...*Type) *Type {
	return &Type{Kind: Tuple, Frozen: true, Elems: fields}
}

// String prints t as Cassandra's asCQL3Type does, which is the form every
// message uses: "int", "list<text>", "frozen<map<text, int>>". Tuples are
// always frozen, so they print as "frozen<tuple<int, text>>", as in
// Cassandra's messages and DESCRIBE output.
func (t *Type) String() string {
	if t == nil {
		return "null"
	}
	var b []byte
	return string(t.appendString(b))
}

func (t *Type) appendString(b []byte) []byte {
	if t.Kind == UDT {
		// CQL3Type.UserDefined.toString: the bare name, frozen<> when frozen.
		if t.Frozen {
			return append(append(append(b, "frozen<"...), maybeQuote(t.Name)...), '>')
		}
		return append(b, maybeQuote(t.Name)...)
	}
	if !t.IsCollection() && t.Kind != Tuple {
		return append(b, t.Kind.String()...)
	}
	if t.Frozen {
		b = append(b, "frozen<"...)
	}
	b = append(b, t.Kind.String()...)
	b = append(b, '<')
	for i, e := range t.Elems {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = e.appendString(b)
	}
	b = append(b, '>')
	if t.Frozen {
		b = append(b, '>')
	}
	return b
}

// IsCollection reports whether t is a list, set or map (frozen or not).
func (t *Type) IsCollection() bool {
	return t.Kind == List || t.Kind == Set || t.Kind == Map
}

// MultiCell reports whether t is a non-frozen collection, stored one cell per
// element rather than as one serialized value.
func (t *Type) MultiCell() bool { return (t.IsCollection() || t.Kind == UDT) && !t.Frozen }

// UserTypeOf returns the user-defined type ks.name with the given fields
// (frozen<name> when frozen). Its values serialize as a tuple's do.
func UserTypeOf(ks, name string, fieldNames []string, fieldTypes []*Type, frozen bool) *Type {
	return &Type{Kind: UDT, Frozen: frozen, Elems: fieldTypes, Keyspace: ks, Name: name, FieldNames: fieldNames}
}

// FieldPosition is UserType.fieldPosition: the index of the named field, or -1.
//
//go:noinline
func (t *Type) FieldPosition(name string) int {
	for i, f := range t.FieldNames {
		if f == name {
			return i
		}
	}
	return -1
}

// maybeQuote is ColumnIdentifier.maybeQuote for the common case: a name is
// bare when it is a lower-case identifier, double-quoted otherwise.
func maybeQuote(name string) string {
	bare := name != "" && name[0] >= 'a' && name[0] <= 'z'
	for i := 0; bare && i < len(name); i++ {
		c := name[i]
		bare = c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
	}
	if bare {
		return name
	}
	q := []byte{'"'}
	for i := 0; i < len(name); i++ {
		if name[i] == '"' {
			q = append(q, '"')
		}
		q = append(q, name[i])
	}
	return string(append(q, '"'))
}

// IsNumeric reports whether t is one of the number types (counter included).
func (t *Type) IsNumeric() bool {
	switch t.Kind {
	case Tinyint, Smallint, Int, Bigint, Counter, Varint, Float, Double, Decimal:
		return true
	}
	return false
}

// ElemType returns a list's or set's element type (a map's value type).
func (t *Type) ElemType() *Type {
	if t.Kind == Map {
		return t.ValueType()
	}
	if len(t.Elems) == 0 {
		return nil
	}
	return t.Elems[0]
}

// KeyType returns a map's key type, or a set's element type (sets are keyed
// by their elements); nil otherwise.
func (t *Type) KeyType() *Type {
	if (t.Kind == Map || t.Kind == Set) && len(t.Elems) > 0 {
		return t.Elems[0]
	}
	return nil
}

// ValueType returns a map's value type, or a list's element type; nil otherwise.
func (t *Type) ValueType() *Type {
	switch {
	case t.Kind == Map && len(t.Elems) == 2:
		return t.Elems[1]
	case t.Kind == List && len(t.Elems) == 1:
		return t.Elems[0]
	}
	return nil
}

// Equal reports whether t and u are the same type (frozenness included).
func (t *Type) Equal(u *Type) bool {
	if t == u {
		return true
	}
	if t == nil || u == nil || t.Kind != u.Kind || t.Frozen != u.Frozen || len(t.Elems) != len(u.Elems) {
		return false
	}
	if t.Kind == UDT && (t.Keyspace != u.Keyspace || t.Name != u.Name || !slicesEqual(t.FieldNames, u.FieldNames)) {
		return false
	}
	for i := range t.Elems {
		if !t.Elems[i].Equal(u.Elems[i]) {
			return false
		}
	}
	return true
}

// Freeze returns the frozen form of t: collections frozen, with nested
// collections frozen too (as Cassandra's freeze() does); simple types as is.
func (t *Type) Freeze() *Type {
	if t.Kind == UDT && !t.Frozen {
		return UserTypeOf(t.Keyspace, t.Name, t.FieldNames, t.Elems, true)
	}
	if !t.IsCollection() || t.Frozen {
		return t
	}
	c := &Type{Kind: t.Kind, Frozen: true, Elems: make([]*Type, len(t.Elems))}
	for i, e := range t.Elems {
		c.Elems[i] = e.Freeze()
	}
	return c
}

// ReferencesDuration reports whether t is or contains duration.
func (t *Type) ReferencesDuration() bool {
	if t.Kind == Duration {
		return true
	}
	for _, e := range t.Elems {
		if e.ReferencesDuration() {
			return true
		}
	}
	return false
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
