package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/layout"
)

// TestKeyLength checks Cassandra's 65535-byte limits on keys (docs/engine.md),
// with literals too long for a scenario file.
func TestKeyLength(t *testing.T) {
	s := NewSession(Options{})
	mustRun(t, s, "CREATE TABLE big (k text, c text, v int, PRIMARY KEY (k, c)); CREATE TABLE big2 (a text, b text, c text, v int, PRIMARY KEY ((a, b), c));")
	lit := func(n int) string { return "'" + strings.Repeat("k", n) + "'" }
	tests := []struct {
		stmt, want string
	}{
		{"INSERT INTO big (k, c, v) VALUES (" + lit(65535) + ", 'c', 1)", ""},
		{"INSERT INTO big (k, c, v) VALUES (" + lit(65536) + ", 'c', 1)", "Key length of 65536 is longer than maximum of 65535"},
		{"UPDATE big SET v = 1 WHERE k = " + lit(70000) + " AND c = 'c'", "Key length of 70000 is longer than maximum of 65535"},
		{"DELETE FROM big WHERE k = " + lit(65536), "Key length of 65536 is longer than maximum of 65535"},
		{"SELECT v FROM big WHERE k = " + lit(65536), "Key length of 65536 is longer than maximum of 65535"},
		// A composite key adds 3 bytes per component: 2 x (32765 + 3) = 65536.
		{"INSERT INTO big2 (a, b, c, v) VALUES (" + lit(32765) + ", " + lit(32765) + ", 'c', 1)", "Key length of 65536 is longer than maximum of 65535"},
		{"INSERT INTO big2 (a, b, c, v) VALUES (" + lit(32764) + ", " + lit(32765) + ", 'c', 1)", ""},
		{"INSERT INTO big (k, c, v) VALUES ('k', " + lit(65535) + ", 1)", ""},
		{"INSERT INTO big (k, c, v) VALUES ('k', " + lit(65536) + ", 1)", "Key length of 65536 is longer than maximum of 65535"},
	}
	for _, tt := range tests {
		outs := s.Run(tt.stmt)
		got := ""
		if outs[0].Error != nil {
			got = outs[0].Error.Message
		}
		if got != tt.want {
			t.Errorf("%.60s...: error %q, want %q", tt.stmt, got, tt.want)
		}
		checkStore(t, s, "key length", 0)
	}
	if outs := mustRun(t, s, "SELECT count(*) FROM big;"); outs[0].Rows[0][0] != "2" {
		t.Errorf("big holds %s rows, want 2", outs[0].Rows[0][0])
	}
}

// TestLayoutRowLimit checks the bound on layouts that list every row
// (maxLayoutRows, lowered here to 100): at the bound every form answers as
// without it, byte for byte, changes included; one row past it the forms
// that list every row (and tree within bounds, which it ignores) refuse
// with a message naming what to ask instead, Layout and LayoutAt alike,
// while summary, ring and the bounded forms answer, and LayoutAt of summary
// and ring compares as the bounded views do. A partition holding only its
// static row counts as a row.
func TestLayoutRowLimit(t *testing.T) {
	defer func(n int) { maxLayoutRows = n }(maxLayoutRows)
	const create = "CREATE TABLE t (k int, c int, s int static, v int, PRIMARY KEY (k, c));\n"
	scripts := map[string]string{
		"at the bound":      create + "-- @fill t 99 k=seq(7) c=series(0, 1) v=1\nINSERT INTO t (k, c, v) VALUES (1, 1000, 2);",
		"one row past it":   create + "-- @fill t 100 k=seq(7) c=series(0, 1) v=1\nINSERT INTO t (k, c, v) VALUES (1, 1000, 2);",
		"a static row past": create + "-- @fill t 100 k=seq(7) c=series(0, 1) v=1\nINSERT INTO t (k, s) VALUES (99, 1);",
	}
	for _, tc := range []struct {
		script string
		form   string
		bounds bool
		refuse bool
	}{
		{"at the bound", "map", false, false},
		{"at the bound", "tree", false, false},
		{"at the bound", "cli", false, false},
		{"at the bound", "sstabledump", false, false},
		{"at the bound", "ring", false, false},
		{"at the bound", "summary", false, false},
		{"at the bound", "tree", true, false},
		{"one row past it", "map", false, true},
		{"one row past it", "tree", false, true},
		{"one row past it", "cli", false, true},
		{"one row past it", "sstabledump", false, true},
		{"one row past it", "tree", true, true},
		{"one row past it", "summary", false, false},
		{"one row past it", "ring", false, false},
		{"one row past it", "map", true, false},
		{"one row past it", "cli", true, false},
		{"one row past it", "sstabledump", true, false},
		{"a static row past", "map", false, true},
		{"a static row past", "ring", false, false},
	} {
		s := NewSession(Options{})
		n := len(s.Rerun(scripts[tc.script])) - 1
		var bounds *layout.Bounds
		if tc.bounds {
			bounds = ViewBounds(nil)
		}
		maxLayoutRows = 1 << 30
		want, _, _ := s.layoutBounded(tc.form, "", bounds)
		wantAt, wantChanges, _ := s.layoutAtAll(tc.form, "", n)
		maxLayoutRows = 100
		got, _, err := s.layoutBounded(tc.form, "", bounds)
		gotAt, changes, atErr := s.layoutAtAll(tc.form, "", n)
		name := tc.script + ", " + tc.form
		if tc.bounds {
			name += " within bounds"
		}
		switch {
		case tc.refuse && (err == nil || !strings.Contains(err.Error(), "more than 100: too many to list") || !strings.Contains(err.Error(), "cqlplay.layoutBounded")):
			t.Errorf("%s: %v, want the refusal", name, err)
		case tc.refuse && atErr == nil:
			t.Errorf("%s: LayoutAt answers past the bound", name)
		case tc.refuse:
		case err != nil || got != want:
			t.Errorf("%s: %v, or the output differs from the one without the bound", name, err)
		case tc.bounds:
		case atErr != nil || gotAt != wantAt:
			t.Errorf("%s: LayoutAt: %v, or its output differs from the one without the bound", name, atErr)
		case tc.script == "at the bound" && fmt.Sprint(changes) != fmt.Sprint(wantChanges):
			t.Errorf("%s: LayoutAt's changes %v, without the bound %v", name, changes, wantChanges)
		case tc.script != "at the bound":
			_, bounded, _, _ := s.layoutAt(tc.form, "", n, ViewBounds(nil))
			if len(changes) == 0 || fmt.Sprint(changes) != fmt.Sprint(bounded) {
				t.Errorf("%s: LayoutAt's changes past the bound %v, the bounded views' %v", name, changes, bounded)
			}
		}
	}
}
