package sitegen

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/build/lesson"
	"github.com/cqlplay/cqlplay/engine"
)

// TestDiagram draws a script's model: the table box lists the key columns
// first with Chebotko's marks (K, C↓ for a descending clustering column, S
// for a static one), each SELECT is a query box, an arrow joins a query to
// the table it read, a failing query is marked and carries its message, a
// query of a table that does not exist has no arrow, and names holding
// markup stay text.
func TestDiagram(t *testing.T) {
	s := engine.NewSession(engine.Options{})
	outs := s.Run(`CREATE TABLE "Posts" (author text, at timeuuid, bio text static, body text, PRIMARY KEY (author, at)) WITH CLUSTERING ORDER BY (at DESC);
INSERT INTO "Posts" (author, at, body) VALUES ('ann', now(), '<b>hi</b>');
SELECT body FROM "Posts" WHERE author = 'ann';
select   body
  FROM "Posts" WHERE body = 'x';
SELECT * FROM nowhere WHERE k = 1;
SELECT author, body FROM "Posts" WHERE author = 'a very long name, longer than a box';
`)
	res, err := s.Layout(engine.LayoutRequest{Form: "summary"})
	if err != nil {
		t.Fatal(err)
	}
	m := res.Layout
	got := drawView(t, "en", "model", "", exampleRun{Outcomes: outs, Layouts: map[string]string{"summary": m}})

	texts := regexp.MustCompile(`<text class="([^"]+)"[^>]*>([^<]*)</text>`).FindAllStringSubmatch(got, -1)
	var seen []string
	for _, m := range texts {
		seen = append(seen, m[1]+"="+m[2])
	}
	want := []string{
		// An arrow names the table: the box shows the rest of the query,
		// and a failing one Cassandra's message, whole, wrapped.
		"dg-qtext=Q1 WHERE author = 'ann'",
		"dg-qtext=Q2 WHERE body = 'x'",
		"dg-qerr=✗ Cannot execute this query as it might",
		"dg-qerr=involve data filtering and thus may have",
		"dg-qerr=unpredictable performance. If you want to",
		"dg-qerr=execute this query despite the performance",
		"dg-qerr=unpredictability, use ALLOW FILTERING",
		"dg-qtext=Q3 SELECT * FROM nowhere WHERE k = 1",
		"dg-qerr=✗ table nowhere does not exist",
		"dg-qtext=Q4 WHERE author = 'a very long name, longer", // wrapped at 44 columns, not cut
		"dg-qtext=than a box'",
		"dg-title=Posts",
		"dg-col dg-key=author", "dg-type=text", "dg-mark=K",
		"dg-col dg-key=at", "dg-type=timeuuid", "dg-mark=C↓",
		"dg-col=bio", "dg-type=text", "dg-mark=S",
		"dg-col=body", "dg-type=text",
	}
	if strings.Join(seen, "\n") != strings.Join(want, "\n") {
		t.Errorf("texts:\n%s\nwant:\n%s", strings.Join(seen, "\n"), strings.Join(want, "\n"))
	}
	queries := regexp.MustCompile(`<g class="(dg-query[^"]*)"><title>([^<]*)</title>(.*?)</g>`).FindAllStringSubmatch(got, -1)
	if len(queries) != 4 {
		t.Fatalf("%d query groups in\n%s", len(queries), got)
	}
	for i, c := range []struct {
		class, title string
		arrow        bool
	}{
		{"dg-query", `SELECT body FROM "Posts" WHERE author = 'ann'`, true},
		{"dg-query dg-fail", "select body FROM \"Posts\" WHERE body = 'x'\nCannot execute this query as it might involve data filtering", true},
		{"dg-query dg-fail", "SELECT * FROM nowhere WHERE k = 1\ntable nowhere does not exist", false},
	} {
		q := queries[i]
		if q[1] != c.class || !strings.HasPrefix(q[2], c.title) || strings.Contains(q[3], "dg-arrow") != c.arrow {
			t.Errorf("query %d: class %q, title %q, arrow %v; want %q, %q..., arrow %v", i+1, q[1], q[2], strings.Contains(q[3], "dg-arrow"), c.class, c.title, c.arrow)
		}
	}
	if strings.Contains(got, "<b>") {
		t.Errorf("markup from the script made elements:\n%s", got)
	}
}

// TestDiagramWorkflow draws a script that lists access patterns: the
// diagram draws them (A1, A2...), not the script's SELECTs too; the tables
// stand in the order the patterns first read them, not the schema's or the
// alphabet's, a pattern reading a table an earlier one read stands beside
// that table, so that no two arrows cross; a Chinese name wraps whole.
func TestDiagramWorkflow(t *testing.T) {
	script := `CREATE TABLE zeta (k int PRIMARY KEY, v text);
CREATE TABLE alpha (k int PRIMARY KEY, v text);
CREATE TABLE mid (k int, c int, v text, PRIMARY KEY (k, c));
SELECT * FROM alpha WHERE k = 1;
-- access patterns
-- Q1 一个很长很长的访问模式名字，它在图里换行而不是被截断，每个字都在: SELECT * FROM mid WHERE k = 1
-- Q2 by zeta: SELECT v FROM zeta WHERE k = 2
-- Q3 mid again: SELECT c FROM mid WHERE k = 3
-- Q4 filter: SELECT * FROM zeta WHERE v = 'x'
`
	s := engine.NewSession(engine.Options{})
	outs := s.Run(script)
	res, err := s.Layout(engine.LayoutRequest{Form: "summary"})
	if err != nil {
		t.Fatal(err)
	}
	m := res.Layout
	pats := lesson.RunPatterns(s, lesson.ParsePatterns(script))
	got := drawView(t, "zh", "model", script, exampleRun{Outcomes: outs, Layouts: map[string]string{"summary": m}, Patterns: pats})

	tables := regexp.MustCompile(`<g class="dg-table" data-table="cqlplay\.(\w+)"><rect class="dg-box" x="\d+" y="(\d+)"`).FindAllStringSubmatch(got, -1)
	var order []string
	for _, m := range tables {
		order = append(order, m[1])
	}
	if strings.Join(order, " ") != "mid zeta alpha" {
		t.Errorf("tables drawn in the order %v, want mid zeta alpha (by the first pattern that reads each)", order)
	}
	groups := regexp.MustCompile(`(?s)<g class="dg-query[^"]*">.*?</g>`).FindAllString(got, -1)
	if len(groups) != 4 {
		t.Fatalf("%d queries drawn, want the 4 patterns alone:\n%s", len(groups), got)
	}
	var heads, lines []string
	type arrow struct{ y1, y2 int }
	var arrows []arrow
	byY := map[int]string{}
	var ys []int
	for _, g := range groups {
		texts := regexp.MustCompile(`<text class="dg-qtext[^"]*"[^>]*>([^<]*)</text>`).FindAllStringSubmatch(g, -1)
		heads = append(heads, strings.SplitN(texts[0][1], " ", 2)[0])
		y, _ := strconv.Atoi(regexp.MustCompile(`class="dg-qbox" x="\d+" y="(\d+)"`).FindStringSubmatch(g)[1])
		byY[y] = heads[len(heads)-1]
		ys = append(ys, y)
		for _, x := range texts {
			lines = append(lines, x[1])
		}
		a := regexp.MustCompile(`class="dg-arrow" d="M\d+ (\d+) C\S+ \S+ \S+ (\d+)`).FindStringSubmatch(g)
		if a == nil {
			t.Errorf("no arrow in %s", g)
			continue
		}
		y1, _ := strconv.Atoi(a[1])
		y2, _ := strconv.Atoi(a[2])
		arrows = append(arrows, arrow{y1, y2})
	}
	// In the document (what a screen reader reads) the workflow's order; on
	// screen, each beside its table.
	if strings.Join(heads, " ") != "A1 A2 A3 A4" {
		t.Errorf("patterns in the document as %v, want A1 A2 A3 A4", heads)
	}
	sort.Ints(ys)
	var shown []string
	for _, y := range ys {
		shown = append(shown, byY[y])
	}
	if strings.Join(shown, " ") != "A1 A3 A2 A4" {
		t.Errorf("patterns drawn top to bottom as %v, want A1 and A3 beside mid, then A2 and A4 beside zeta", shown)
	}
	// Two arrows cross when their starts and their ends are in opposite orders.
	for i := range arrows {
		for j := range arrows {
			if arrows[i].y1 < arrows[j].y1 && arrows[i].y2 > arrows[j].y2 {
				t.Errorf("arrows %d and %d cross: %v %v", i, j, arrows[i], arrows[j])
			}
		}
	}
	name := "一个很长很长的访问模式名字，它在图里换行而不是被截断，每个字都在"
	if all := strings.Join(lines, ""); !strings.Contains(all, name) || strings.Contains(all, "…") {
		t.Errorf("the long name is not drawn whole: %q", lines)
	}
	if !strings.Contains(got, `class="dg-qerr"`) {
		t.Error("the failing pattern's message is not drawn")
	}
}
