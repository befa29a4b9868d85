package engine

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/layout"
)

// TestLayoutAfterFill checks time travel around -- @fill: the state after
// a fill is a fresh session's after the script up to it (each fill of two
// in a row on its own), the statement before it shows none of its rows,
// and the statement after it marks only what that statement wrote, bounded
// or not; a line with no fill that ran is refused.
func TestLayoutAfterFill(t *testing.T) {
	defer func(d int) { denseBytes = d }(denseBytes)
	lines := []string{
		"CREATE TABLE t (k int, c int, v int, PRIMARY KEY (k, c));", // 1
		"-- @fill nope 5 k=seq(3)",                                  // 2: fails
		"-- @fill t 300 k=seq(3) c=series(0, 1) v=uniform(0, 9)",    // 3
		"",
		"-- @fill t 50 k=5 c=series(0, 1) v=7", // 5
		"INSERT INTO t (k, c, v) VALUES (9, 9, 9);", // 6
		"SELECT * FROM t WHERE k = 9;",              // 7
	}
	script := strings.Join(lines, "\n")
	upTo := func(n int) string {
		s := NewSession(Options{})
		s.Run(strings.Join(lines[:n], "\n"))
		l, _ := s.layoutText("map", "")
		return l
	}
	for _, dense := range []int{2048, 48} {
		denseBytes = dense
		s := NewSession(Options{})
		outs := s.Rerun(script)
		if len(outs) != 4 {
			t.Fatalf("%d outcomes, want 4 (CREATE, the failed fill, INSERT, SELECT)", len(outs))
		}
		for _, tc := range []struct {
			line, rows int
		}{{3, 300}, {5, 50}} {
			got, fill, _, err := s.layoutAfterFill("map", "", tc.line, nil)
			if err != nil {
				t.Fatalf("dense %d, line %d: %v", dense, tc.line, err)
			}
			if fill != (Fill{Line: tc.line, Table: "cqlplay.t", Rows: tc.rows}) {
				t.Errorf("dense %d, line %d: %+v", dense, tc.line, fill)
			}
			if want := upTo(tc.line); got != want {
				t.Errorf("dense %d: the state after the fill on line %d differs from a fresh run's up to it:\n%s\nwant:\n%s", dense, tc.line, got, want)
			}
			bounded, _, elided, err := s.layoutAfterFill("cli", "", tc.line, ViewBounds(nil))
			if err != nil || len(elided) == 0 || strings.Count(bounded, "\n") > 300 {
				t.Errorf("dense %d, line %d: bounded: %v, %d elisions, %d lines", dense, tc.line, err, len(elided), strings.Count(bounded, "\n"))
			}
		}
		for _, line := range []int{1, 2, 4, 6, 99, 0} {
			if _, _, _, err := s.layoutAfterFill("map", "", line, nil); err == nil {
				t.Errorf("dense %d: line %d has no fill that ran, yet the layout after it answers", dense, line)
			}
		}
		// The CREATE TABLE: an empty table.
		if got, _, _ := s.layoutAtAll("map", "", 0); got != upTo(1) || !strings.Contains(got, `"partitions":[]}`) {
			t.Errorf("dense %d: the state after CREATE TABLE is not the empty table:\n%s", dense, got)
		}
		// The INSERT after the fills: its own marker and cell, not the fills' rows.
		for _, bounds := range []*layout.Bounds{nil, ViewBounds(nil)} {
			_, changes, _, err := s.layoutAt("map", "", 2, bounds)
			var b []string
			for _, c := range changes {
				b = append(b, c.Kind+" ["+c.Partition+"]["+c.Clustering+"] "+c.Column)
			}
			if want := "written [9][9] @marker\nwritten [9][9] v"; err != nil || strings.Join(b, "\n") != want {
				t.Errorf("dense %d, bounds %v: the INSERT after the fills marks\n%s\nwant\n%s", dense, bounds != nil, strings.Join(b, "\n"), want)
			}
		}
		if live, _ := s.layoutText("map", ""); live != upTo(len(lines)) {
			t.Errorf("dense %d: the layout after a fill changed the live session", dense)
		}
	}
}
