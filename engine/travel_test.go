package engine

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// layoutsDuring runs script on a fresh session and returns the layout in
// form as it stands right after each outcome, then the final one (after
// the directives that follow the last outcome): what LayoutAt must rebuild.
func layoutsDuring(opts Options, prelude, script, form string) []string {
	s := NewSession(opts)
	if prelude != "" {
		s.Run(prelude)
	}
	var got []string
	s.RunEach(script, func(*Outcome) {
		l, err := s.layoutText(form, "")
		if err != nil {
			l = "error: " + err.Error()
		}
		got = append(got, l)
	})
	l, err := s.layoutText(form, "")
	if err != nil {
		l = "error: " + err.Error()
	}
	return append(got, l)
}

// TestLayoutAtMatchesFreshRun is time travel's property: for random
// scripts, edited at random as a reader would, the state LayoutAt rebuilds
// after statement n is the state a fresh session holds right after it ran
// statement n, and LayoutAt leaves the live session, and the next Rerun,
// as they were.
func TestLayoutAtMatchesFreshRun(t *testing.T) {
	seeds := 30
	if testing.Short() {
		seeds = 8
	}
	defer func(d int) { denseBytes = d }(denseBytes)
	for seed := range seeds {
		denseBytes = 2048
		if seed%2 == 1 {
			denseBytes = 48 // resume from snapshots further back
		}
		r := rand.New(rand.NewPCG(uint64(seed), 29))
		g := rerunGen{r}
		lines := g.script(20, 30)
		s := NewSession(Options{})
		for step := range 4 {
			script := strings.Join(lines, "\n")
			outs := s.Rerun(script)
			form := LayoutForms[(seed+step)%len(LayoutForms)]
			want := layoutsDuring(Options{}, "", script, form)
			if len(want) != len(outs)+1 {
				t.Fatalf("seed %d: %d outcomes, %d layouts", seed, len(outs), len(want)-1)
			}
			live, _ := s.layoutText("map", "")
			for range 6 {
				n := r.IntN(len(outs) + 2)
				got, _, err := s.layoutAtAll(form, "", n)
				if err != nil {
					got = "error: " + err.Error()
				}
				w := want[min(n, len(outs))]
				if got != w {
					t.Fatalf("seed %d, step %d: %s after statement %d of %d differs from a fresh run's\nscript:\n%s\n\nLayoutAt:\n%s\nfresh:\n%s", seed, step, form, n, len(outs), script, got, w)
				}
			}
			if after, _ := s.layoutText("map", ""); after != live {
				t.Fatalf("seed %d, step %d: LayoutAt changed the live session's state", seed, step)
			}
			if step == 3 {
				// Writes on the live session after LayoutAt (the page's
				// checks) land as on a fresh session's.
				more := g.statement() + "\n" + g.statement() + "\n" + g.statement()
				s.Run(more)
				fresh := NewSession(Options{})
				fresh.Run(script)
				fresh.Run(more)
				got, _ := s.layoutText("map", "")
				want, _ := fresh.layoutText("map", "")
				if got != want {
					t.Fatalf("seed %d: writes after LayoutAt differ from a fresh session's\nscript:\n%s\nthen:\n%s\n\ngot:\n%s\nwant:\n%s", seed, script, more, got, want)
				}
				for tab, d := range s.db.Tables() {
					if err := d.Check(); err != nil {
						t.Fatalf("seed %d: the store of %s is inconsistent after LayoutAt: %v", seed, tab.Name, err)
					}
				}
				break
			}
			lines = g.edit(lines)
			next := strings.Join(lines, "\n")
			if got, want := outcomesJSON(s.Rerun(next)), outcomesJSON(NewSession(Options{}).Run(next)); got != want {
				t.Fatalf("seed %d, step %d: a Rerun after LayoutAt differs from a fresh run\nscript:\n%s\n\nrerun:\n%s\nfresh:\n%s", seed, step, next, got, want)
			}
		}
	}
}

// TestLayoutAtMarksChanges checks what LayoutAt says a statement changed:
// an INSERT writes its marker and cells, an UPDATE writes its cell and
// shadows the one it replaces, and a DELETE lays a tombstone the
// statement before it does not show.
func TestLayoutAtMarksChanges(t *testing.T) {
	script := `CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c));
INSERT INTO t (k, c, v) VALUES (1, 1, 'a');
UPDATE t SET v = 'b' WHERE k = 1 AND c = 1;
DELETE FROM t WHERE k = 1 AND c = 1;`
	s := NewSession(Options{})
	s.Rerun(script)
	kinds := func(n int) string {
		_, cs, err := s.layoutAtAll("map", "", n)
		if err != nil {
			t.Fatal(err)
		}
		var b []string
		for _, c := range cs {
			b = append(b, c.Kind+" "+c.Table+" ["+c.Partition+"]["+c.Clustering+"] "+c.Column)
		}
		return strings.Join(b, "\n")
	}
	for _, tc := range []struct {
		n    int
		want string
	}{
		{0, ""},
		{1, "written cqlplay.t [1][1] @marker\nwritten cqlplay.t [1][1] v"},
		{2, "shadowed cqlplay.t [1][1] v\nwritten cqlplay.t [1][1] v"},
	} {
		if got := kinds(tc.n); got != tc.want {
			t.Errorf("statement %d marks:\n%s\nwant:\n%s", tc.n, got, tc.want)
		}
	}
	del := kinds(3)
	if !strings.Contains(del, "tombstone cqlplay.t [1][1] @row") {
		t.Errorf("the DELETE's marks show no row tombstone:\n%s", del)
	}
	before, _, _ := s.layoutAtAll("map", "", 2)
	after, _, _ := s.layoutAtAll("map", "", 3)
	if strings.Contains(before, `"deletion"`) || !strings.Contains(after, `"deletion"`) {
		t.Errorf("the tombstone should show after the DELETE only:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	if _, _, err := s.layoutAtAll("map", "", -1); err == nil {
		t.Error("a negative statement index is not an error")
	}
}

// BenchmarkLayoutAt is a caret move in the page: the layout of the
// 50-statement bench script after a statement in its middle (resumed from
// the snapshot before it) and after the last one, in the Storage view's
// form (map) and the cassandra-cli one.
func BenchmarkLayoutAt(b *testing.B) {
	script := benchScript50()
	for _, form := range []string{"map", "cli"} {
		for _, n := range []int{25, 48} {
			b.Run(form+"/"+strconv.Itoa(n), func(b *testing.B) {
				s := NewSession(Options{})
				s.Rerun(script)
				b.ReportAllocs()
				for b.Loop() {
					if _, _, err := s.layoutAtAll(form, "", n); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
