package lesson

import (
	"reflect"
	"testing"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		name string
		code string
		want []Statement
	}{
		{"plain", "CREATE TABLE t (k int PRIMARY KEY);\nSELECT * FROM t;\n",
			[]Statement{{Text: "CREATE TABLE t (k int PRIMARY KEY)", Line: 1, Rows: -1}, {Text: "SELECT * FROM t", Line: 2, Rows: -1}}},
		{"same-line expectation", "SELECT * FROM t WHERE v = 1; -- fails: ALLOW FILTERING\n",
			[]Statement{{Text: "SELECT * FROM t WHERE v = 1", Line: 1, Fails: "ALLOW FILTERING", Rows: -1, ExpectLine: 1}}},
		{"next-line expectation", "SELECT *\n  FROM t;\n-- rows: 3\n\nINSERT INTO t (k) VALUES (1);",
			[]Statement{{Text: "SELECT *\n  FROM t", Line: 1, Rows: 3, ExpectLine: 3}, {Text: "INSERT INTO t (k) VALUES (1)", Line: 5, Rows: -1}}},
		{"semicolons in strings, names and comments", "INSERT INTO t (k, \"a;b\") VALUES (1, 'x;''y'); /* ; */ SELECT $$;$$ FROM t // ;\n;",
			[]Statement{{Text: "INSERT INTO t (k, \"a;b\") VALUES (1, 'x;''y')", Line: 1, Rows: -1}, {Text: "SELECT $$;$$ FROM t // ;", Line: 1, Rows: -1}}},
		{"directives and prose comments are not expectations", "-- @advance 2h\n-- the fails: here is prose\nSELECT 1 FROM t; -- returns rows: soon\n",
			[]Statement{{Text: "SELECT 1 FROM t", Line: 3, Rows: -1}}},
		{"empty statements and trailing text", ";;\nSELECT * FROM t",
			[]Statement{{Text: "SELECT * FROM t", Line: 2, Rows: -1}}},
		{"multi-line string counts lines", "INSERT INTO t (k, v) VALUES (1, 'a\nb');\nSELECT * FROM t; -- rows: 1",
			[]Statement{{Text: "INSERT INTO t (k, v) VALUES (1, 'a\nb')", Line: 1, Rows: -1}, {Text: "SELECT * FROM t", Line: 3, Rows: 1, ExpectLine: 3}}},
		{"a batch is one statement", "BEGIN BATCH\n  INSERT INTO t (k) VALUES (1);\n  INSERT INTO u (k) VALUES (1);\nAPPLY BATCH;\nSELECT * FROM t; -- rows: 1\n",
			[]Statement{{Text: "BEGIN BATCH\n  INSERT INTO t (k) VALUES (1);\n  INSERT INTO u (k) VALUES (1);\nAPPLY BATCH", Line: 1, Rows: -1}, {Text: "SELECT * FROM t", Line: 5, Rows: 1, ExpectLine: 5}}},
		{"non-ASCII", "INSERT INTO t (k, v) VALUES (1, '分区;键');\n-- fails: 不",
			[]Statement{{Text: "INSERT INTO t (k, v) VALUES (1, '分区;键')", Line: 1, Fails: "不", Rows: -1, ExpectLine: 2}}},
	}
	for _, tt := range tests {
		got, err := Split(tt.code)
		if err != nil {
			t.Errorf("%s: Split: %v", tt.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Split(%q)\n got %+v\nwant %+v", tt.name, tt.code, got, tt.want)
		}
	}
}

func TestSplitErrors(t *testing.T) {
	tests := []struct{ code, want string }{
		{"-- fails: x\nSELECT * FROM t;", "line 1: `-- fails:` before any statement: put it after the statement it is about"},
		{"SELECT *\n-- rows: 2\nFROM t;", "line 2: `-- rows:` inside a statement: put it after the statement's ';'"},
		{"SELECT * FROM t; -- rows: 1\n-- rows: 2", "line 2: statement on line 1 already has an expectation (line 1)"},
		{"SELECT * FROM t; -- rows: many", "line 1: `-- rows:` needs a row count, not \"many\""},
		{"SELECT * FROM t; -- rows: -1", "line 1: `-- rows:` needs a row count, not \"-1\""},
		{"SELECT * FROM t; -- fails:", "line 1: `-- fails:` needs a part of Cassandra's error message"},
		{"SELECT 1;\n/* open", "line 2: unterminated /* comment"},
	}
	for _, tt := range tests {
		_, err := Split(tt.code)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Split(%q) error = %v, want %q", tt.code, err, tt.want)
		}
	}
}

func FuzzSplit(f *testing.F) {
	for _, s := range []string{"SELECT 1; -- rows: 1", "a 'b;c' \"d\" $$e$$ /* f */ -- fails: g\n;", "'", "/*", "$$"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		stmts, err := Split(code)
		if err != nil {
			return
		}
		for _, s := range stmts {
			if s.Line < 1 || s.Text == "" {
				t.Fatalf("bad statement %+v in %q", s, code)
			}
		}
	})
}
