package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/layout"
)

// boundedAfter is the bounded layout a fresh session gives right after the
// statement of outcome n of script (past the last one: at its end), and
// its elisions: counted afresh, for no layout ran on that session before.
func boundedAfter(script, form string, n int, bounds *layout.Bounds) string {
	s := NewSession(Options{})
	var got string
	i := 0
	take := func() {
		text, elided, err := s.layoutBounded(form, "", bounds)
		got = fmt.Sprint(text, elided, err)
	}
	s.RunEach(script, func(*Outcome) {
		if i == n {
			take()
		}
		i++
	})
	if n >= i {
		take()
	}
	return got
}

// TestTotalsNeverStale is the property of the totals a partition keeps
// (layout/totals.go, store/memo.go): over random scripts of writes, TTLs,
// deletes, range deletes, compactions, dropped columns and `-- @advance`,
// edited and rerun as a reader would, the bounded views of the live state
// and of the states time travel rebuilds (in any order, some twice, over
// partitions the snapshots share) are byte for byte those of a fresh
// session, whose views count every partition afresh; every kept total
// used on the way is checked against a fresh count (layout.CheckTotals);
// and the bounded map says of each partition what the whole map, which
// counts the rows it builds, says.
func TestTotalsNeverStale(t *testing.T) {
	layout.CheckTotals(true)
	defer layout.CheckTotals(false)
	seeds := 16
	if testing.Short() {
		seeds = 5
	}
	forms := []string{"map", "cli", "sstabledump", "summary", "ring"}
	for seed := range seeds {
		r := rand.New(rand.NewPCG(uint64(seed), 53))
		g := rerunGen{r}
		lines := g.script(20, 30,
			"-- @fill t 40 k=skew(3) c=seq(40) v=pick('a', 'b')",
			"INSERT INTO t (k, c, v) VALUES (0, 100, 'x') USING TTL 1800;",
			"INSERT INTO t (k, c, v) VALUES (1, 100, 'y') USING TTL 5400;")
		s := NewSession(Options{})
		bounds := &layout.Bounds{Rows: 2 + seed%3, Edge: 1, Partitions: 1 + seed%4}
		for step := range 4 {
			script := strings.Join(lines, "\n")
			outs := s.Rerun(script)
			for range 8 {
				n := r.IntN(len(outs) + 2)
				form := forms[r.IntN(len(forms))]
				text, _, elided, err := s.layoutAt(form, "", n, bounds)
				if got, want := fmt.Sprint(text, elided, err), boundedAfter(script, form, n, bounds); got != want {
					t.Fatalf("seed %d, step %d: %s after statement %d differs from a fresh session's\nscript:\n%s\n\ngot:\n%s\nwant:\n%s", seed, step, form, n, script, got, want)
				}
			}
			form := forms[r.IntN(len(forms))]
			text, elided, err := s.layoutBounded(form, "", bounds)
			if got, want := fmt.Sprint(text, elided, err), boundedAfter(script, form, len(outs), bounds); got != want {
				t.Fatalf("seed %d, step %d: the live %s differs from a fresh session's\nscript:\n%s\n\ngot:\n%s\nwant:\n%s", seed, step, form, script, got, want)
			}
			sameCounts(t, s, bounds, fmt.Sprintf("seed %d, step %d", seed, step))
			// A session that keeps no snapshots writes its partitions in
			// place: looked at after every statement, each view must see
			// what the statement before it changed.
			each := NewSession(Options{})
			each.RunEach(script, func(*Outcome) {
				each.layoutBounded(forms[r.IntN(len(forms))], "", bounds)
			})
			sameCounts(t, each, bounds, fmt.Sprintf("seed %d, step %d, statement by statement", seed, step))
			lines = g.edit(lines)
		}
	}
}

// sameCounts checks that the bounded map of s gives each partition it
// lists the rows, cells and bytes the whole map gives it.
func sameCounts(t *testing.T, s *Session, bounds *layout.Bounds, where string) {
	t.Helper()
	type model struct {
		Tables []struct {
			Keyspace, Name string
			Partitions     []struct {
				Token                  string
				LiveRows, Cells, Bytes int
			}
		}
	}
	var whole, bounded model
	w, _ := s.layoutText("map", "")
	b, _, _ := s.layoutBounded("map", "", bounds)
	if err := json.Unmarshal([]byte(w), &whole); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(b), &bounded); err != nil {
		t.Fatal(err)
	}
	for i, tb := range bounded.Tables {
		for j, p := range tb.Partitions {
			if wp := whole.Tables[i].Partitions[j]; p != wp {
				t.Fatalf("%s: %s.%s partition %s: bounded %+v, whole %+v", where, tb.Keyspace, tb.Name, p.Token, p, wp)
			}
		}
	}
}

// TestTotalsFollowTheClock checks that the live rows a partition keeps
// hold only until a TTL in it runs out: a view taken, then the clock moved
// past the TTL with no write at all, counts the expired row out (and in
// again when time travel goes back before it).
func TestTotalsFollowTheClock(t *testing.T) {
	layout.CheckTotals(true)
	defer layout.CheckTotals(false)
	s := NewSession(Options{})
	script := "CREATE TABLE w (k int, c int, v int, PRIMARY KEY (k, c));\n" +
		"-- @fill w 50 k=0 c=series(0, 1) v=uniform(0, 9)\n" +
		"INSERT INTO w (k, c, v) VALUES (0, 100, 1) USING TTL 60;\n"
	live := func(text string) int {
		var m struct {
			Tables []struct{ Partitions []struct{ LiveRows int } }
		}
		if err := json.Unmarshal([]byte(text), &m); err != nil {
			t.Fatal(err)
		}
		return m.Tables[0].Partitions[0].LiveRows
	}
	s.Rerun(script)
	before, _, _ := s.layoutBounded("map", "", ViewBounds(nil))
	s.Rerun(script + "-- @advance 1m\n")
	after, _, _ := s.layoutBounded("map", "", ViewBounds(nil))
	back, _, _, _ := s.layoutAt("map", "", 1, ViewBounds(nil))
	if live(before) != 51 || live(after) != 50 || live(back) != 51 {
		t.Errorf("live rows %d, then %d a minute later, %d back at the insert; want 51, 50, 51", live(before), live(after), live(back))
	}
}
