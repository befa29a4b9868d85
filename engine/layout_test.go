package engine

import (
	"strings"
	"testing"
)

func TestLayoutErrors(t *testing.T) {
	empty := NewSession(Options{})
	s := NewSession(Options{})
	s.Run("CREATE TABLE b (k int PRIMARY KEY, v int);\nCREATE TABLE a (k int PRIMARY KEY, v int);\nCREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\nCREATE TABLE ks.c (k int PRIMARY KEY);")
	tests := []struct {
		s           *Session
		form, table string
		want        string
	}{
		{s, "xml", "", `unknown layout form "xml" (known: map, tree, cli, sstabledump, ring, summary)`},
		{s, "", "a", `unknown layout form "" (known: map, tree, cli, sstabledump, ring, summary)`},
		{s, "cli", "nope", `unknown table "nope" (tables: cqlplay.a, cqlplay.b, ks.c)`},
		{s, "cli", "c", `unknown table "c" (tables: cqlplay.a, cqlplay.b, ks.c)`},
		{s, "map", "ks.a", `unknown table "ks.a" (tables: cqlplay.a, cqlplay.b, ks.c)`},
		{empty, "tree", "t", `unknown table "t": no table has been created`},
	}
	for _, tc := range tests {
		out, err := tc.s.layoutText(tc.form, tc.table)
		if err == nil {
			t.Errorf("Layout(%q, %q) = %q, want error %q", tc.form, tc.table, out, tc.want)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("Layout(%q, %q) error:\n got %s\nwant %s", tc.form, tc.table, err, tc.want)
		}
	}
}

func TestLayoutTables(t *testing.T) {
	s := NewSession(Options{})
	s.Run("CREATE TABLE b (k int PRIMARY KEY, v int);\nCREATE TABLE a (k int PRIMARY KEY, v int);\nCREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\nCREATE TABLE ks.c (k int PRIMARY KEY, v int);\nINSERT INTO ks.c (k, v) VALUES (1, 2);")
	tests := []struct {
		form, table string
		want        string // the first lines of the text
	}{
		{"cli", "", "[default@cqlplay] list a;\n\n0 Rows Returned.\n\n[default@cqlplay] list b;\n\n0 Rows Returned.\n\n[default@ks] list c;\n-------------------\nRowKey: 1\n"},
		{"cli", "A", "[default@cqlplay] list a;\n\n0 Rows Returned.\n"},
		{"cli", "ks.c", "[default@ks] list c;\n"},
		{"tree", "cqlplay.b", "table cqlplay.b  partition key: (k int)\n  (no data)\n"},
		{"sstabledump", "a", "[ ]\n"},
		{"sstabledump", "", "$ sstabledump cqlplay/a/nb-1-big-Data.db\n[ ]\n\n$ sstabledump cqlplay/b/nb-1-big-Data.db\n[ ]\n\n$ sstabledump ks/c/nb-1-big-Data.db\n[\n"},
		{"map", "a", `{"now":`},
		{"ring", "", "ring: 3 nodes, 16 vnodes each, replication factor 1\n"},
	}
	for _, tc := range tests {
		out, err := s.layoutText(tc.form, tc.table)
		if err != nil {
			t.Errorf("Layout(%q, %q): %v", tc.form, tc.table, err)
			continue
		}
		if !strings.HasPrefix(out, tc.want) {
			t.Errorf("Layout(%q, %q):\n got %q\nwant a text starting %q", tc.form, tc.table, out, tc.want)
		}
	}
}
