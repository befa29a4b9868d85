package cqltype

import (
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
)

func TestFromRef(t *testing.T) {
	cases := []struct{ in, want, err string }{
		{in: "int", want: "int"},
		{in: "varchar", want: "text"},
		{in: "list<text>", want: "list<text>"},
		{in: "frozen<map<text, int>>", want: "frozen<map<text, int>>"},
		{in: "frozen<list<set<int>>>", want: "frozen<list<frozen<set<int>>>>"},
		{in: "list<frozen<set<int>>>", want: "list<frozen<set<int>>>"},
		{in: "list<tuple<int, text>>", want: "list<frozen<tuple<int, text>>>"},
		{in: "tuple<int, list<text>>", want: "frozen<tuple<int, frozen<list<text>>>>"},
		{in: "frozen<tuple<int>>", want: "frozen<tuple<int>>"},
		{in: "map<timeuuid, duration>", want: "map<timeuuid, duration>"},
		{in: "frozen<int>", err: "frozen<> is only allowed on collections, tuples, and user-defined types (got int)"},
		{in: "list<list<int>>", err: "Non-frozen collections are not allowed inside collections: list<list<int>>"},
		{in: "map<list<int>, int>", err: "Non-frozen collections are not allowed inside collections: map<list<int>, int>"},
		{in: "set<map<int, int>>", err: "Non-frozen collections are not allowed inside collections: set<map<int, int>>"},
		{in: "list<counter>", err: "Counters are not allowed inside collections: list<counter>"},
		{in: "frozen<list<counter>>", err: "Counters are not allowed inside collections: frozen<list<counter>>"},
		{in: "map<counter, int>", err: "Counters are not allowed inside collections: map<counter, int>"},
		{in: "set<duration>", err: "Durations are not allowed inside sets: set<duration>"},
		{in: "map<duration, int>", err: "Durations are not allowed as map keys: map<duration, int>"},
		{in: "tuple<int, counter>", err: "Counters are not allowed inside tuples"},
		{in: "address", err: "Unknown type address"},
		{in: "list<address>", err: "Non-frozen UDTs are not allowed inside collections: list<address>"},
		{in: "list<frozen<address>>", err: "Unknown type address"},
		{in: "frozen<address>", err: "Unknown type address"},
	}
	for _, c := range cases {
		ref, _ := parseTypeRef(c.in)
		typ, err := FromRef(ref)
		switch {
		case c.err != "" && err == nil:
			t.Errorf("%s: got %s, want error %q", c.in, typ, c.err)
		case c.err != "" && err.Message != c.err:
			t.Errorf("%s: error %q\n\twant %q", c.in, err.Message, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%s: unexpected error %q", c.in, err.Message)
		case c.err == "" && typ.String() != c.want:
			t.Errorf("%s: String() = %q, want %q", c.in, typ.String(), c.want)
		}
	}
}

func TestFromRefKeyspaceAndArity(t *testing.T) {
	_, err := FromRefKeyspace(&cql.TypeRef{Name: "address"}, "shop", nil)
	if err == nil || err.Message != "Unknown type shop.address" {
		t.Errorf("got %v", err)
	}
	_, err = FromRef(&cql.TypeRef{Name: "address", Keyspace: "other"})
	if err == nil || err.Message != "Unknown type other.address" {
		t.Errorf("got %v", err)
	}
	_, err = FromRef(&cql.TypeRef{Name: "list", Params: []*cql.TypeRef{{Name: "int"}, {Name: "int"}}})
	if err == nil || err.Code != "SyntaxException" {
		t.Errorf("list<int, int>: got %v, want a SyntaxException", err)
	}
}

func TestTypeAccessors(t *testing.T) {
	m := mustType(t, "map<text, int>")
	if m.KeyType() != TextType || m.ValueType() != IntType || m.ElemType() != IntType || !m.MultiCell() || !m.IsCollection() {
		t.Errorf("map accessors wrong: %v %v %v", m.KeyType(), m.ValueType(), m.ElemType())
	}
	s := mustType(t, "frozen<set<uuid>>")
	if s.KeyType() != UUIDType || s.ElemType() != UUIDType || s.ValueType() != nil || s.MultiCell() {
		t.Errorf("set accessors wrong")
	}
	l := mustType(t, "list<int>")
	if l.ElemType() != IntType || l.ValueType() != IntType || l.KeyType() != nil {
		t.Errorf("list accessors wrong")
	}
	if tp := mustType(t, "tuple<int>"); tp.IsCollection() || tp.MultiCell() {
		t.Errorf("a tuple is not a collection")
	}
	if !mustType(t, "map<int, frozen<list<int>>>").Equal(mustType(t, "map<int, frozen<list<int>>>")) ||
		mustType(t, "list<int>").Equal(mustType(t, "frozen<list<int>>")) {
		t.Error("Equal is wrong")
	}
}
