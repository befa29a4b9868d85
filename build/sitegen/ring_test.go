package sitegen

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
)

// TestRingView draws a ring of four nodes: one arc per vnode range, one dot
// per partition (not one per replica), a legend line per node, the engine's
// summary as text, and the ranges behind a disclosure, not in the text.
func TestRingView(t *testing.T) {
	s := engine.NewSession(engine.Options{})
	s.Run(`-- @nodes 4 rf 2
CREATE TABLE t (k text PRIMARY KEY, v int);
INSERT INTO t (k, v) VALUES ('a', 1);
INSERT INTO t (k, v) VALUES ('<b>', 2);
`)
	res, err := s.Layout(engine.LayoutRequest{Form: "ring"})
	if err != nil {
		t.Fatal(err)
	}
	text := res.Layout
	ranges := strings.Count(text, "] -> node ")
	for _, lang := range []string{"en", "zh"} {
		got := drawView(t, lang, "ring", "", exampleRun{Layouts: map[string]string{"ring": text}})
		if n := len(regexp.MustCompile(`class="ring-arc ring-c\d"`).FindAllString(got, -1)); n != ranges || n == 0 {
			t.Errorf("%s: %d arcs for %d ranges", lang, n, ranges)
		}
		if n := strings.Count(got, `class="ring-part"`); n != 2 {
			t.Errorf("%s: %d partition dots, want 2", lang, n)
		}
		if n := strings.Count(got, `class="ring-node"`); n != 4 {
			t.Errorf("%s: %d nodes in the legend, want 4", lang, n)
		}
		open := strings.Index(got, `<details class="ring-ranges"><summary>`)
		if open < 0 || strings.Contains(got[:open], "] -&gt; node ") || !strings.Contains(got[open:], "] -&gt; node ") {
			t.Errorf("%s: the ranges are not behind the disclosure:\n%s", lang, got)
		}
		if strings.Contains(got, "<b>") {
			t.Errorf("%s: a key made markup", lang)
		}
	}
}
