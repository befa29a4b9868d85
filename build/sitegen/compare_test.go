package sitegen

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/build/lesson"
	"github.com/cqlplay/cqlplay/engine"
)

// TestVs pairs model A's patterns with model B's by the first word of their
// names and writes each cell: B's extra pattern is a row of its own, a
// pattern missing from A is a dash, a failing one its message. The same
// pairing is tested under node (site/ts/compare.test.ts).
func TestVs(t *testing.T) {
	s := engine.NewSession(engine.Options{})
	s.Run("CREATE TABLE a (k int PRIMARY KEY, v int);")
	run := func(ps ...lesson.Pattern) []lesson.PatternRun { return lesson.RunPatterns(s, ps) }
	pa := run(lesson.Pattern{Name: "Q1 by key", Query: "SELECT * FROM a WHERE k = 1"}, lesson.Pattern{Name: "Q2 by value", Query: "SELECT * FROM a WHERE v = 1"})
	pb := run(lesson.Pattern{Name: "Q2 by value <i>", Query: "SELECT * FROM a WHERE v = 1 ALLOW FILTERING"}, lesson.Pattern{Name: "Q3 new", Query: "SELECT * FROM a WHERE k IN (1, 2)"})
	got, err := prerendererForTest(t).vsTable(uiStrings["en"], "one", "two", pa, pb)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<th scope="col">A · one</th><th scope="col">B · two</th>`,
		`<tr><th scope="row" class="vs-name">Q1 by key</th><td class="vs-ok" data-model="A · one"><span>partitions 1 · rows read 0 · returned 0</span><span class="vs-nodes">replica: node 1</span></td><td class="vs-none" data-model="B · two"><span>—</span></td></tr>`,
		// A failure's message whole.
		`<tr><th scope="row" class="vs-name">Q2 by value</th><td class="vs-bad" data-model="A · one"><span>Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING</span></td>`,
		`</td><td class="vs-warn" data-model="B · two"><span>partitions 0 · rows read 0 · returned 0</span><span class="vs-nodes">replicas: nodes 1, 2, 3</span></td>`,
		`<tr><th scope="row" class="vs-name">Q3 new</th><td class="vs-none" data-model="A · one"><span>—</span></td><td class="vs-warn" data-model="B · two"><span>partitions 2 · rows read 0 · returned 0</span><span class="vs-nodes">replica: node 1</span></td></tr>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the table lacks %s\n%s", want, got)
		}
	}
	if strings.Contains(got, "<i>") {
		t.Errorf("a pattern's name made markup: %s", got)
	}
}
