package engine

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestBaseRerunsAfterThePrelude is Base's property: once a session has run
// a prelude and been based there, Rerun gives, for random scripts and
// random edits, byte for byte the outcomes of a fresh session that ran the
// prelude and then the script, leaves the state that session holds, and
// LayoutAt rebuilds the state that session held after each statement.
func TestBaseRerunsAfterThePrelude(t *testing.T) {
	seeds := 24
	if testing.Short() {
		seeds = 6
	}
	defer func(d int) { denseBytes = d }(denseBytes)
	for seed := range seeds {
		denseBytes = 2048
		if seed%2 == 1 {
			denseBytes = 48 // resume from snapshots further back, and from the base
		}
		r := rand.New(rand.NewPCG(uint64(seed), 43))
		g := rerunGen{r}
		// cqlsh's own state crosses the base too.
		pre := g.script(5, 15, "PAGING 3;")
		prelude := strings.Join(pre, "\n")
		var lines []string
		for range 10 + r.IntN(20) {
			lines = append(lines, g.statement())
		}
		// A Rerun before the prelude leaves snapshots Base lets go; what
		// it ran is part of the session's history, as the prelude is.
		early := "INSERT INTO gone (k) VALUES (1);"
		prelude = early + "\n" + prelude
		s := NewSession(Options{})
		s.Rerun(early)
		s.Run(strings.Join(pre, "\n"))
		s.Base()
		for step := range 8 {
			script := strings.Join(lines, "\n")
			got := outcomesJSON(s.Rerun(script))
			fresh := NewSession(Options{})
			fresh.Run(prelude)
			want := outcomesJSON(fresh.Run(script))
			if got != want {
				t.Fatalf("seed %d, step %d: Rerun after Base differs from the prelude and the script run fresh\nprelude:\n%s\nscript:\n%s\n\nrerun:\n%s\nfresh:\n%s", seed, step, prelude, script, got, want)
			}
			gl, _ := s.layoutText("map", "")
			wl, _ := fresh.layoutText("map", "")
			if gl != wl {
				t.Fatalf("seed %d, step %d: the state after Rerun differs from a fresh run's\nrerun:\n%s\nfresh:\n%s", seed, step, gl, wl)
			}
			if step%2 == 0 {
				form := LayoutForms[(seed+step)%len(LayoutForms)]
				during := layoutsDuring(Options{}, prelude, script, form)
				for n := range len(during) {
					at, _, err := s.layoutAtAll(form, "", n)
					if err != nil {
						at = "error: " + err.Error()
					}
					if at != during[n] {
						t.Fatalf("seed %d, step %d: %s after statement %d differs from a fresh run's\nprelude:\n%s\nscript:\n%s\n\nLayoutAt:\n%s\nfresh:\n%s", seed, step, form, n, prelude, script, at, during[n])
					}
				}
			}
			lines = g.edit(lines)
		}
	}
}
