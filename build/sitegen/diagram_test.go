package sitegen

import (
	"regexp"
	"strings"
	"testing"

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
	m, err := s.Layout("summary", "")
	if err != nil {
		t.Fatal(err)
	}
	got := drawView(t, "en", "model", "", exampleRun{Outcomes: outs, Layouts: map[string]string{"summary": m}})

	texts := regexp.MustCompile(`<text class="([^"]+)"[^>]*>([^<]*)</text>`).FindAllStringSubmatch(got, -1)
	var seen []string
	for _, m := range texts {
		seen = append(seen, m[1]+"="+m[2])
	}
	want := []string{
		"dg-title=Posts",
		"dg-col dg-key=author", "dg-type=text", "dg-mark=K",
		"dg-col dg-key=at", "dg-type=timeuuid", "dg-mark=C↓",
		"dg-col=bio", "dg-type=text", "dg-mark=S",
		"dg-col=body", "dg-type=text",
		// An arrow names the table: the box shows the rest of the query.
		"dg-qtext=Q1 WHERE author = 'ann'",
		"dg-qtext=Q2 WHERE body = 'x'",
		"dg-qtext=Q3 SELECT * FROM nowhere WHERE k = 1",
		"dg-qtext=Q4 WHERE author = 'a very long name, longer t…", // cut at 46 characters
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
