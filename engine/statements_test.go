package engine

import (
	"reflect"
	"testing"
)

// TestStatementSpans: each statement's span runs from its first token to the
// ';' that ends it (comments before the ';' included, none before the
// statement), through a batch's inner ';' and past a failed statement's
// error to its ';'; a directive spans its line.
func TestStatementSpans(t *testing.T) {
	type span struct {
		Text, Span string
		Line       int
		Local, Dir bool
	}
	tests := []struct {
		name, script string
		want         []span
	}{
		{"two", "SELECT * FROM t;\n  INSERT INTO t (k) VALUES (1)",
			[]span{{"SELECT * FROM t", "SELECT * FROM t", 1, false, false}, {"INSERT INTO t (k) VALUES (1)", "INSERT INTO t (k) VALUES (1)", 2, false, false}}},
		{"comments", "-- first\nSELECT * /* ; */ FROM t // ;\n;",
			[]span{{"SELECT * /* ; */ FROM t", "SELECT * /* ; */ FROM t // ;\n", 2, false, false}}},
		{"quotes", "INSERT INTO t (k, \"a;b\") VALUES (1, 'x;''y'); SELECT $$;$$ FROM t;",
			[]span{{"INSERT INTO t (k, \"a;b\") VALUES (1, 'x;''y')", "INSERT INTO t (k, \"a;b\") VALUES (1, 'x;''y')", 1, false, false}, {"SELECT $$;$$ FROM t", "SELECT $$;$$ FROM t", 1, false, false}}},
		{"batch", "BEGIN BATCH\n INSERT INTO t (k) VALUES (1);\nAPPLY BATCH;;",
			[]span{{"BEGIN BATCH\n INSERT INTO t (k) VALUES (1);\nAPPLY BATCH", "BEGIN BATCH\n INSERT INTO t (k) VALUES (1);\nAPPLY BATCH", 1, false, false}}},
		{"syntax error", "SELECT FROM WHERE ; SELECT 1 FROM t;",
			[]span{{"SELECT FROM WHERE", "SELECT FROM WHERE ", 1, false, false}, {"SELECT 1 FROM t", "SELECT 1 FROM t", 1, false, false}}},
		{"directive and cqlsh", "-- @advance 2h\nCONSISTENCY ONE;\n",
			[]span{{"-- @advance 2h", "-- @advance 2h", 1, true, true}, {"CONSISTENCY ONE", "CONSISTENCY ONE", 2, true, false}}},
	}
	for _, tt := range tests {
		var got []span
		for _, st := range Statements(tt.script) {
			got = append(got, span{st.Text, tt.script[st.Start:st.End], st.Line, st.Local, st.Directive})
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Statements(%q)\n got %+v\nwant %+v", tt.name, tt.script, got, tt.want)
		}
	}
}

// TestComments: the comments of a script, with their lines, as the lexer
// reads them: none inside a string or a quoted name, a directive's line
// among them, and a /* with no */ marked open.
func TestComments(t *testing.T) {
	tests := []struct {
		script string
		want   []Comment
	}{
		{"SELECT '-- no', \"// no\" FROM t; -- rows: 1\n// two\n/* three\n */ x",
			[]Comment{{Text: "-- rows: 1", Line: 1, Start: 32}, {Text: "// two", Line: 2, Start: 43}, {Text: "/* three\n */", Line: 3, Start: 50}}},
		{"-- @advance 2h\nSELECT $$/*$$;\n/* open\n",
			[]Comment{{Text: "-- @advance 2h", Line: 1, Start: 0}, {Text: "/* open\n", Line: 3, Start: 30, Open: true}}},
		{"SELECT 1;", nil},
	}
	for _, tt := range tests {
		if got := Comments(tt.script); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Comments(%q)\n got %+v\nwant %+v", tt.script, got, tt.want)
		}
	}
}
