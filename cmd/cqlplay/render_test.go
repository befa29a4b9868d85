package main

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
	"github.com/cqlplay/cqlplay/engine/golden"
)

// renderCases are hand-made outcomes covering each thing the printer draws;
// the golden files under testdata/render show them in cqlsh's file layout and
// in its terminal layout.
var renderCases = []struct {
	name string
	outs []engine.Outcome
}{
	{"select", []engine.Outcome{{
		Statement: "SELECT mainland, state, uid, name, zip FROM users",
		Line:      3,
		Columns:   []string{"mainland", "state", "uid", "name", "zip"},
		Rows: [][]string{
			{"northamerica", "california", "2", "bob", "90210"},
			{"northamerica", "delaware", "12345678901", "a much longer name than the header", "null"},
		},
		Nulls: [][2]int{{1, 4}},
	}}},
	{"pages", []engine.Outcome{pagedOutcome()}},
	{"select-empty", []engine.Outcome{{
		Statement: "select k, v from t where k = 1",
		Line:      1,
		Columns:   []string{"k", "v"},
		Rows:      [][]string{},
	}}},
	{"unicode-width", []engine.Outcome{{
		Statement: "SELECT city, name, note FROM people",
		Line:      1,
		Columns:   []string{"city", "name", "note"},
		Rows: [][]string{
			{"北京", "张伟", "wide: two columns a character"},
			{"Zürich", "José", "e\u0301 combining accent: zero columns"},
			{"Seoul", "김민준", "😀 emoji: one column, as cqlsh counts"},
			{"ｔｏｋｙｏ", "null", "fullwidth latin"},
		},
		Nulls: [][2]int{{3, 1}},
	}, {
		Statement: "SELECT \"名前\" FROM t",
		Line:      2,
		Columns:   []string{"名前"},
		Rows:      [][]string{{"a"}},
	}}},
	{"lwt", []engine.Outcome{{
		Statement: "INSERT INTO accounts (id, owner, balance) VALUES (1, 'ann', 100) IF NOT EXISTS",
		Line:      1,
		Columns:   []string{"[applied]"},
		Rows:      [][]string{{"True"}},
	}, {
		Statement: "INSERT INTO accounts (id, owner, balance) VALUES (1, 'bob', 5) IF NOT EXISTS",
		Line:      2,
		Columns:   []string{"[applied]", "id", "balance", "owner"},
		Rows:      [][]string{{"False", "1", "100", "ann"}},
	}}},
	{"warnings", []engine.Outcome{{
		Statement: "SELECT count(*) FROM t",
		Line:      1,
		Columns:   []string{"count"},
		Rows:      [][]string{{"3"}},
		Warnings:  []string{"Aggregation query used without partition key"},
	}, {
		Statement: "BEGIN UNLOGGED BATCH INSERT INTO t (k) VALUES (1); INSERT INTO t (k) VALUES (2); APPLY BATCH",
		Line:      2,
		Warnings: []string{
			"Unlogged batch covering 11 partitions detected against table [cqlplay.t]. You should use a logged batch for atomicity, or asynchronous writes for performance.",
			"second warning",
		},
	}}},
	{"errors", []engine.Outcome{{
		Statement: "CREATE TABLE t (k int PRIMARY KEY)",
		Line:      1,
	}, {
		Statement: "SELECT *\nFROM t\nWHERE v = 1",
		Line:      2,
		Error:     invalidErr("Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING"),
	}, {
		Statement: "SELEC 1",
		Line:      6,
		Error:     syntaxErr(engine.Pos{Offset: 60, Line: 6, Col: 1}, 5, "line 6:0 no viable alternative at input 'SELEC' ([SELEC]...)"),
	}, {
		Statement: "CREATE TABLE t (k int PRIMARY KEY)",
		Line:      7,
		Error:     codeErr(engine.AlreadyExists, `Cannot add already existing table "t" to keyspace "cqlplay"`),
	}, {
		Statement: "CREATE KEYSPACE cqlplay WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
		Line:      8,
		Error:     codeErr(engine.AlreadyExists, `Cannot add existing keyspace "cqlplay"`),
	}, {
		Statement: "CREATE TABLE c (k int PRIMARY KEY, n counter)",
		Line:      9,
		Error:     configErr("Cannot mix counter and non counter columns in the same table"),
	}, {
		Statement: "SELECT k FROM t",
		Line:      10,
		Columns:   []string{"k"},
		Rows:      [][]string{},
	}}},
	{"describe", []engine.Outcome{{
		Statement: "DESCRIBE TABLE t",
		Line:      1,
		Text:      "CREATE TABLE cqlplay.t (\n    k int PRIMARY KEY,\n    v text\n) WITH additional_write_policy = '99p';",
	}, {
		Statement: "desc tables",
		Line:      2,
		Text:      "t  u",
	}, {
		Statement: "SELECT k FROM t",
		Line:      3,
		Columns:   []string{"k"},
		Rows:      [][]string{{"1"}},
	}}},
}

// pagedOutcome has 250 rows whose widths grow from page to page (cqlsh's
// pages are 100 rows): 0-99, 100-199, 200-249 as numbers and as x's.
func pagedOutcome() engine.Outcome {
	o := engine.Outcome{Statement: "SELECT n, s FROM t", Line: 1, Columns: []string{"n", "s"}, PageSize: 100}
	for i := range 250 {
		o.Rows = append(o.Rows, []string{strconv.Itoa(i), strings.Repeat("x", i/100+1)})
	}
	return o
}

func TestRenderGolden(t *testing.T) {
	for _, tc := range renderCases {
		t.Run(tc.name, func(t *testing.T) {
			fileOut, fileErr, fileFailed := render(tc.outs, false)
			ttyOut, ttyErr, _ := render(tc.outs, true)
			failed := "false\n"
			if fileFailed {
				failed = "true\n"
			}
			got := sections(
				"file stdout", fileOut, "file stderr", fileErr,
				"terminal stdout", ttyOut, "terminal stderr", ttyErr,
				"failed", failed)
			golden.Check(t, filepath.Join("testdata", "render", tc.name+".golden"), string(got))
		})
	}
}

func render(outs []engine.Outcome, tty bool) (stdout, stderr string, failed bool) {
	var o, e bytes.Buffer
	p := &printer{out: &o, errOut: &e, tty: tty, source: "script.cql"}
	for i := range outs {
		p.print(&outs[i])
	}
	return o.String(), e.String(), p.failed
}

func TestDisplayWidth(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"abc", 3},
		{"北美洲", 6},
		{"김민준", 6},
		{"ｔｏｋｙｏ", 10},
		{"😀", 1},
		{"e\u0301", 1},
		{"a\u200bb", 2},
		{"\u00ad", 1},
		{"\u303f", 1},
		{"\u3000", 2},
		{"B\x00ig br\u00f8wn moose\ub143\u200b", 17}, // cqlshlib/wcwidth.py's own self-test string
	}
	for _, tt := range tests {
		if got := engine.DisplayWidth(tt.in); got != tt.want {
			t.Errorf("DisplayWidth(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestIsSelect(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"SELECT * FROM t", true},
		{"select k from t", true},
		{"\n  SeLeCt 1", true},
		{"INSERT INTO t (k) VALUES (1) IF NOT EXISTS", false},
		{"SELEC", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := isSelect(tt.in); got != tt.want {
			t.Errorf("isSelect(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestRenderSessionGolden renders a real session's outcomes, in cqlsh's file
// and terminal layouts: EXPAND ON results (print_formatted_result_vertically,
// and print_result's blank line outside a terminal) and TRACING ON's trace
// (tracing.print_trace, whose table ends with one more blank line at a
// terminal).
func TestRenderSessionGolden(t *testing.T) {
	s := engine.NewSession(engine.Options{})
	outs := s.Run(`CREATE TABLE t (k int PRIMARY KEY, v text);
INSERT INTO t (k, v) VALUES (1, 'one');
EXPAND ON;
SELECT * FROM t;
SELECT * FROM t WHERE k = 2;
EXPAND OFF;
TRACING ON;
SELECT v FROM t WHERE k = 1;`)
	fileOut, fileErr, _ := render(outs, false)
	ttyOut, ttyErr, _ := render(outs, true)
	got := sections("file stdout", fileOut, "file stderr", fileErr, "terminal stdout", ttyOut, "terminal stderr", ttyErr)
	golden.Check(t, filepath.Join("testdata", "render", "session.golden"), string(got))
}
