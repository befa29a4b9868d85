package cqltype

import (
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
)

// The parser's trees, not hand-built ones: types and literals as written in
// a script resolve and assign as expected.
func TestWithParser(t *testing.T) {
	items := cql.Parse(`CREATE TABLE t (k int PRIMARY KEY, a frozen<list<set<int>>>, b map<text, frozen<tuple<int, varchar>>>, c "Unknown");
INSERT INTO t (k, a, b, c) VALUES (-5, [{3, 1}, {}], {'x': (1, 'it''s')}, (int) -7);
INSERT INTO t (k, a) VALUES ('k', [[1]]);`)
	if len(items) != 3 {
		t.Fatalf("got %d items", len(items))
	}
	ct, ok := items[0].Stmt.(*cql.CreateTable)
	if !ok {
		t.Fatalf("item 0: %v", items[0].Err)
	}
	want := []string{"int", "frozen<list<frozen<set<int>>>>", "map<text, frozen<tuple<int, text>>>"}
	types := make([]*Type, 3)
	for i, w := range want {
		typ, err := FromRef(ct.Columns[i].Type)
		if err != nil || typ.String() != w {
			t.Errorf("column %d: %v %v, want %s", i, typ, err, w)
		}
		types[i] = typ
	}
	if _, err := FromRef(ct.Columns[3].Type); err == nil || err.Message != "Unknown type Unknown" {
		t.Errorf("quoted user type: %v", err)
	}
	ins, ok := items[1].Stmt.(*cql.Insert)
	if !ok {
		t.Fatalf("item 1: %v", items[1].Err)
	}
	shows := []string{"-5", "[{1, 3}, {}]", "{'x': (1, 'it''s')}"}
	for i, w := range shows {
		v, err := types[i].Assign(ins.Values[i], ct.Columns[i].Name.Name, nil)
		if err != nil || types[i].Format(v) != w {
			t.Errorf("value %d: %q %v, want %q", i, types[i].Format(v), err, w)
		}
	}
	if v, err := IntType.Assign(ins.Values[3], "c", nil); err != nil || IntType.Format(v) != "-7" {
		t.Errorf("(int) -7: %x %v", v, err)
	}
	bad := items[2].Stmt.(*cql.Insert)
	if _, err := IntType.Assign(bad.Values[0], "k", nil); err == nil || err.Message != `Invalid STRING constant (k) for "k" of type int` {
		t.Errorf("'k' for int: %v", err)
	}
	if _, err := types[1].Assign(bad.Values[1], "a", nil); err == nil || err.Message != "Invalid list literal for a: value [1] is not of type frozen<set<int>>" {
		t.Errorf("[[1]]: %v", err)
	}
}
