package lesson

import (
	"reflect"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
)

// TestParsePatterns: the block starts at its heading and ends at the first
// line that is not a comment; notes are skipped; a name is what precedes the
// SELECT; one statement only. site/ts/patterns.test.ts has the same cases.
func TestParsePatterns(t *testing.T) {
	script := `CREATE TABLE t (k int PRIMARY KEY);
-- SELECT * FROM t is not listed: no heading yet
-- Access patterns:
--   (the application's queries)
-- Q1 a user by id: SELECT * FROM t WHERE k = 1;
--select * from t
-- Q3：SELECT * FROM t WHERE k = 2; DROP TABLE t
SELECT * FROM t;
-- Q4: SELECT * FROM t
`
	want := []Pattern{
		{"Q1 a user by id", "SELECT * FROM t WHERE k = 1"},
		{"A2", "select * from t"},
		{"Q3", "SELECT * FROM t WHERE k = 2"},
	}
	if got := ParsePatterns(script); !reflect.DeepEqual(got, want) {
		t.Errorf("ParsePatterns = %q, want %q", got, want)
	}
	if got := ParsePatterns("-- 访问模式\n-- SELECT a FROM b\n"); len(got) != 1 || got[0].Query != "SELECT a FROM b" {
		t.Errorf("a Chinese heading: %q", got)
	}
	if got := ParsePatterns("-- access patterns of the app\n-- SELECT a FROM b\n"); got != nil {
		t.Errorf("a heading with more words is a comment: %q", got)
	}
}

// TestPatternVerdicts runs patterns after a script and checks each line of
// the checklist.
func TestPatternVerdicts(t *testing.T) {
	s := engine.NewSession(engine.Options{})
	s.Run(`CREATE TABLE v (user int, added int, title text, PRIMARY KEY (user, added)) WITH CLUSTERING ORDER BY (added DESC);
INSERT INTO v (user, added, title) VALUES (1, 10, 'a');`)
	runs := RunPatterns(s, []Pattern{
		{"newest first", "SELECT * FROM v WHERE user = 1 ORDER BY added DESC"},
		{"by title", "SELECT * FROM v WHERE title = 'a'"},
		{"by title, filtered", "SELECT * FROM v WHERE title = 'a' ALLOW FILTERING"},
		{"two users", "SELECT * FROM v WHERE user IN (1, 2)"},
		{"order on a partition key", "SELECT * FROM v WHERE user = 1 ORDER BY user DESC"},
	})
	want := [][4]Verdict{
		{Holds, Holds, Holds, Holds},
		{Fails, Fails, Fails, NotAsked},
		{Holds, Fails, Fails, NotAsked},
		{Holds, Holds, Fails, NotAsked},
		{Fails, Fails, Fails, Fails},
	}
	for i, r := range runs {
		a, b, c, d := r.Verdicts()
		if got := [4]Verdict{a, b, c, d}; got != want[i] {
			t.Errorf("%s: verdicts %v, want %v (outcome %+v)", r.Name, got, want[i], r.Got)
		}
	}
}
