package cqltype

import (
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
)

// addr is the user type of the UDT tests: (street text, zip int).
func addrType(frozen bool) *Type {
	return UserTypeOf("ks", "addr", []string{"street", "zip"}, []*Type{TextType, IntType}, frozen)
}

func TestUDTString(t *testing.T) {
	for _, c := range []struct {
		typ  *Type
		want string
	}{
		{addrType(false), "addr"},
		{addrType(true), "frozen<addr>"},
		{UserTypeOf("ks", "Addr", nil, nil, true), `frozen<"Addr">`},
		{ListOf(addrType(true), false), "list<frozen<addr>>"},
	} {
		if got := c.typ.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
	if !addrType(false).MultiCell() || addrType(true).MultiCell() {
		t.Error("a non-frozen UDT is multi-cell, a frozen one is not")
	}
	if !addrType(false).Freeze().Equal(addrType(true)) {
		t.Error("Freeze of addr is frozen<addr>")
	}
}

// TestUDTFormat: cqlsh prints {street: 'x', zip: 1}, a null field as null,
// a mixed-case field name double-quoted.
func TestUDTFormat(t *testing.T) {
	a := addrType(true)
	for _, c := range []struct {
		v    Value
		want string
	}{
		{JoinFields([]Value{TextValue("x"), Int32Value(1)}), "{street: 'x', zip: 1}"},
		{JoinFields([]Value{nil, Int32Value(1)}), "{street: null, zip: 1}"},
		{JoinFields([]Value{TextValue("it's")}), `{street: 'it''s', zip: null}`},
	} {
		if got := a.Format(c.v); got != c.want {
			t.Errorf("Format = %q, want %q", got, c.want)
		}
	}
	// cqlsh's format_value_utype prints a field name as it is, unquoted.
	m := UserTypeOf("ks", "t", []string{"Zip"}, []*Type{IntType}, true)
	if got := m.Format(JoinFields([]Value{Int32Value(2)})); got != `{Zip: 2}` {
		t.Errorf("Format = %q", got)
	}
}

// TestUDTCompare: frozen UDTs compare field by field, as TupleType does.
func TestUDTCompare(t *testing.T) {
	a := addrType(true)
	v := func(s string, z int32) Value { return JoinFields([]Value{TextValue(s), Int32Value(z)}) }
	for _, c := range []struct {
		x, y Value
		want int
	}{
		{v("a", 2), v("b", 1), -1},
		{v("b", 1), v("b", 2), -1},
		{v("b", 2), v("b", 2), 0},
		{JoinFields([]Value{nil, Int32Value(9)}), v("", 0), -1},
		{JoinFields([]Value{TextValue("b")}), v("b", 0), -1},
	} {
		if got := a.Compare(c.x, c.y); got != c.want {
			t.Errorf("Compare(%s, %s) = %d, want %d", a.Format(c.x), a.Format(c.y), got, c.want)
		}
	}
}

// TestUDTLiteral: UserTypes.Literal's checks and messages, fields in the
// type's order, a field left out null.
func TestUDTLiteral(t *testing.T) {
	a := addrType(true)
	for _, c := range []struct {
		src, want, err string
		typ            *Type
	}{
		{src: "{street: 'x', zip: 1}", want: "{street: 'x', zip: 1}"},
		{src: "{zip: 1}", want: "{street: null, zip: 1}"},
		{src: "{zip: 1, street: null}", want: "{street: null, zip: 1}"},
		{src: "{zip: 1, foo: 2}", err: "Unknown field 'foo' in value of user defined type addr"},
		{src: "{zip: 'x'}", err: "Invalid user type literal for a: field zip is not of type int"},
		{src: "{zip: 1}", typ: IntType, err: "Invalid user type literal for a of type int"},
		{src: "{zip: 3000000000}", err: "Unable to make int from '3000000000'"},
	} {
		typ := c.typ
		if typ == nil {
			typ = a
		}
		v, err := typ.Assign(parseTerm(t, c.src), "a", nil)
		switch {
		case c.err != "":
			if err == nil || err.Message != c.err {
				t.Errorf("%s: error %v, want %q", c.src, err, c.err)
			}
		case err != nil:
			t.Errorf("%s: %v", c.src, err)
		case a.Format(v) != c.want:
			t.Errorf("%s: %s, want %s", c.src, a.Format(v), c.want)
		}
	}
}

// parseTerm parses src as the value of an INSERT, the way a script writes it.
func parseTerm(t *testing.T, src string) cql.Expr {
	t.Helper()
	items := cql.Parse("INSERT INTO t (a) VALUES (" + src + ")")
	ins, ok := items[0].Stmt.(*cql.Insert)
	if !ok || items[0].Err != nil {
		t.Fatalf("%s: %v", src, items[0].Err)
	}
	return ins.Values[0]
}

// TestUDTJSON: UserType.toJSONString, as SELECT JSON prints a UDT.
func TestUDTJSON(t *testing.T) {
	a := addrType(true)
	if got := a.JSON(JoinFields([]Value{TextValue("x"), nil})); got != `{"street": "x", "zip": null}` {
		t.Errorf("JSON = %s", got)
	}
	m := UserTypeOf("ks", "t", []string{"Zip"}, []*Type{IntType}, true)
	if got := m.JSON(JoinFields([]Value{Int32Value(2)})); got != `{"\"Zip\"": 2}` {
		t.Errorf("JSON = %s", got)
	}
}

// TestPyIdentifier: the names the Python driver keeps for a user type's
// fields (util._positional_rename_invalid_identifiers renames the others).
func TestPyIdentifier(t *testing.T) {
	for name, want := range map[string]bool{
		"zip": true, "Field": true, "a1": true, "_x": true, "été": true, "to": true, "select": true,
		"": false, "1a": false, "from": false, "class": false, "None": false, "a b": false, `a"b`: false, "a-b": false,
	} {
		if got := pyIdentifier(name); got != want {
			t.Errorf("pyIdentifier(%q) = %v, want %v", name, got, want)
		}
	}
}
