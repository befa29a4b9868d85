package lesson

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
)

const exerciseFM = "---\ntitle: T\n---\n"

// exerciseLesson is a lesson with one exercise: its starting table is keyed
// by id, so the check (by owner) needs filtering until the reader rekeys it.
const exerciseLesson = exerciseFM + "\n```cql exercise\n" + // fence on line 5
	"CREATE TABLE pets (owner text, id int, name text, PRIMARY KEY (id));\n" + // code line 1
	"---- solution\n" +
	"CREATE TABLE pets (owner text, id int, name text, PRIMARY KEY (owner, id));\n" + // 3
	"---- data\n" +
	"INSERT INTO pets (owner, id, name) VALUES ('ann', 1, 'rex');\n" + // 5
	"INSERT INTO pets (owner, id, name) VALUES ('ann', 2, 'tom');\n" +
	"INSERT INTO pets (owner, id, name) VALUES ('bob', 3, 'kit');\n" +
	"---- check\n" +
	"SELECT name FROM pets WHERE owner = 'ann'; -- rows: 2\n" + // 9
	"SELECT id, name FROM pets WHERE owner = 'ann' ORDER BY id DESC;\n" + // 10
	"---- wrong: (1 rows)\n" + // 11
	"CREATE TABLE pets (owner text, id int, name text, PRIMARY KEY (owner));\n" + // 12: ann's pets collapse into one row
	"---- wrong: Cannot execute this query as it might involve data filtering\n" +
	"CREATE TABLE pets (owner text, id int, name text, PRIMARY KEY (id, owner));\n" +
	"```\n"

func TestExerciseParse(t *testing.T) {
	l, err := Parse("en/01-x.md", []byte(exerciseLesson))
	if err != nil {
		t.Fatal(err)
	}
	ex := l.Examples[0]
	x := ex.Exercise
	if x == nil || !ex.Fence.Exercise {
		t.Fatalf("example = %+v: not an exercise", ex)
	}
	if ex.Code != "CREATE TABLE pets (owner text, id int, name text, PRIMARY KEY (id));\n" || len(ex.Statements) != 1 {
		t.Errorf("starting text = %q (%d statements): want only the first section", ex.Code, len(ex.Statements))
	}
	if x.SolutionLine != 3 || !strings.HasPrefix(x.Solution, "CREATE TABLE pets") || x.DataLine != 5 || strings.Count(x.Data, "INSERT") != 3 {
		t.Errorf("exercise = %+v", x)
	}
	if len(x.Checks) != 2 || x.Checks[0].Line != 9 || x.Checks[0].Rows != 2 || x.Checks[1].Line != 10 || x.Checks[1].Rows != -1 {
		t.Errorf("checks = %+v", x.Checks)
	}
	if len(x.Wrong) != 2 || x.Wrong[0].Line != 12 || x.Wrong[0].Reason != "(1 rows)" || !strings.Contains(x.Wrong[0].Script, "PRIMARY KEY (owner))") ||
		x.Wrong[1].Line != 14 || !strings.HasPrefix(x.Wrong[1].Reason, "Cannot execute") {
		t.Errorf("wrong answers = %+v", x.Wrong)
	}
}

func TestExerciseRun(t *testing.T) {
	l, err := Parse("en/01-x.md", []byte(exerciseLesson))
	if err != nil {
		t.Fatal(err)
	}
	r := l.Run(l.Examples[0])
	if len(r.Problems) > 0 {
		t.Fatalf("problems: %v", r.Problems)
	}
	c := r.Checks
	if c == nil || c.DataError != nil || len(c.Checks) != 2 || c.Passed() != 0 {
		t.Fatalf("checks on the starting text = %+v, want 2 checks, none passing", c)
	}
	const filtering = "Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING"
	if got := c.Checks[0].Got; got == nil || got.Error == nil || got.Error.Message != filtering {
		t.Errorf("first check's outcome = %+v, want the filtering error", got)
	}
	if w := c.Checks[1].Want; w == nil || len(w.Rows) != 2 || w.Rows[0][0] != "2" {
		t.Errorf("second check's expected rows = %+v, want ids 2, 1", w)
	}
	// The storage the page shows is the session after the data was written.
	if res, err := r.Session.Layout(engine.LayoutRequest{Form: "map"}); err != nil || !strings.Contains(res.Layout, "kit") {
		t.Errorf("layout after the checks = %q, %v: want the data's rows", res.Layout, err)
	}

	// The reader's answers, against the expected rows.
	want := make([]engine.Outcome, len(c.Checks))
	for i, ch := range c.Checks {
		want[i] = *ch.Want
	}
	for _, tt := range []struct {
		schema string
		passed int
	}{
		{"CREATE TABLE pets (owner text, id int, name text, PRIMARY KEY (owner, id));", 2},
		{"CREATE TABLE pets (owner text, id int, name text, PRIMARY KEY ((owner), id)) WITH CLUSTERING ORDER BY (id DESC);", 2},
		// Right partition, no clustering on id: all of ann's rows collapse into one.
		{"CREATE TABLE pets (owner text, id int, name text, PRIMARY KEY (owner));", 0},
		{"CREATE TABLE pets (owner text, id int, name text, PRIMARY KEY (id, owner));", 0},
		// The data cannot be written: no check runs.
		{"CREATE TABLE pets (owner text, id int, PRIMARY KEY (owner, id));", 0},
	} {
		s := engine.NewSession(engine.Options{})
		s.Run(tt.schema)
		got := l.Examples[0].Exercise.RunChecks(s, want)
		if got.Passed() != tt.passed {
			for _, ch := range got.Checks {
				t.Logf("  %s: got %+v", ch.Query, ch.Got)
			}
			t.Errorf("%s: %d checks pass, want %d (data error %v)", tt.schema, got.Passed(), tt.passed, got.DataError)
		}
		if strings.Contains(tt.schema, "PRIMARY KEY (owner, id));") && !strings.Contains(tt.schema, "name") && got.DataError == nil {
			t.Errorf("%s: the data wrote a column the table lacks without an error", tt.schema)
		}
	}
}

func TestExerciseErrors(t *testing.T) {
	fence := func(body string) string { return exerciseFM + "```cql exercise\n" + body + "```\n" }
	tests := []struct{ src, want string }{
		{fence("CREATE TABLE t (k int PRIMARY KEY);\n---- check\nSELECT k FROM t;\n"),
			"en/01-x.md:5: an exercise needs a `---- solution` section: one schema that makes every check work"},
		{fence("---- solution\nCREATE TABLE t (k int PRIMARY KEY);\n"),
			"en/01-x.md:5: an exercise needs a `---- check` section: the queries the reader's tables must answer"},
		{fence("---- check\nSELECT k FROM t;\n---- solution\nCREATE TABLE t (k int PRIMARY KEY);\n"),
			"en/01-x.md:7: exercise section `---- solution` out of place: the sections are the starting text, then `---- solution`, `---- data` (optional), `---- check` and the `---- wrong:` answers, in that order"},
		{fence("---- solution\n---- check\nSELECT k FROM t;\n---- wrong: x\nCREATE TABLE t (k int PRIMARY KEY);\n---- data\n"),
			"en/01-x.md:10: exercise section `---- data` out of place: the sections are the starting text, then `---- solution`, `---- data` (optional), `---- check` and the `---- wrong:` answers, in that order"},
		{fence("---- solution\n---- wrong: 2 rows\nCREATE TABLE t (k int PRIMARY KEY);\n---- check\nSELECT k FROM t;\n"),
			"en/01-x.md:6: the `---- wrong:` and `---- right` sections come after the `---- check` section"},
		{fence("---- solution\n---- check\nSELECT k FROM t;\n---- wrong:\nCREATE TABLE t (k int PRIMARY KEY);\n"),
			"en/01-x.md:8: `---- wrong:` needs the reason the page gives for this answer, e.g. `---- wrong: 3 rows`"},
		{fence("---- solution\n---- check\nSELECT k FROM t;\n---- wrong: 2 rows\n\n---- wrong: 3 rows\nCREATE TABLE t (k int PRIMARY KEY);\n"),
			"en/01-x.md:8: this answer's section holds no script"},
		{fence("---- solution\n---- check\nSELECT k FROM t;\n"),
			"en/01-x.md:5: an exercise needs at least one `---- wrong: <reason>` section: a plausible wrong answer its checks reject"},
		{fence("---- solution\n---- check\n\n"), "en/01-x.md:6: the `---- check` section has no check: a query, or an `-- expect:` line"},
		{fence("---- solution\n---- check\nINSERT INTO t (k) VALUES (1);\n"), "en/01-x.md:7: an exercise check must be a SELECT, not `INSERT INTO t (k) VALUES (1)`"},
		{fence("---- solution\n---- check\nSELECT * FROM t\n  WHERE v = 1 allow  filtering;\n"),
			"en/01-x.md:7: an exercise check must not say ALLOW FILTERING: the reader's tables must answer it without"},
		{fence("---- solution\n---- check\nSELECT * FROM t;\n-- fails: nope\n"),
			"en/01-x.md:8: an exercise check cannot expect to fail: it is a query the reader must make work"},
		{exerciseFM + "```cql exercise readonly\n```\n", "en/01-x.md:4: cql fence option exercise cannot go with setup or readonly: the reader edits an exercise"},
		{exerciseFM + "```cql view=checks\n```\n", "en/01-x.md:4: cql fence option view=checks needs exercise: only an exercise has checks"},
	}
	for _, tt := range tests {
		_, err := Parse("en/01-x.md", []byte(tt.src))
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) error = %v\nwant %s", tt.src, err, tt.want)
		}
	}
}

// TestExerciseProblems: an exercise that is unfair, or already solved,
// fails the lesson with its file and line.
func TestExerciseProblems(t *testing.T) {
	const schema = "CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c));\n"
	const data = "---- data\nINSERT INTO t (k, c, v) VALUES (1, 1, 'a');\n"
	tests := []struct{ body, want string }{
		{"CREATE TABLE t (k int PRIMARY KEY);\n---- solution\nCREATE TABLE t (k int PRIMARY KEY, nope);\n" + data + "---- check\nSELECT v FROM t WHERE k = 1;\n",
			"en/01-x.md:7: the exercise's solution fails: "},
		{"CREATE TABLE t (k int PRIMARY KEY);\n---- solution\n" + schema + "---- data\nINSERT INTO t (k, c, w) VALUES (1, 1, 'a');\n---- check\nSELECT v FROM t WHERE k = 1;\n",
			"en/01-x.md:9: the exercise's data does not fit its solution: "},
		{"CREATE TABLE t (k int PRIMARY KEY);\n---- solution\n" + schema + data + "---- check\nSELECT v FROM t WHERE v = 'a';\n",
			"en/01-x.md:11: the check `SELECT v FROM t WHERE v = 'a'` fails on the exercise's own solution: "},
		{"CREATE TABLE t (k int PRIMARY KEY);\n---- solution\n" + schema + data + "---- check\nSELECT v FROM t WHERE k = 2;\n",
			"en/01-x.md:11: the check `SELECT v FROM t WHERE k = 2` returns no rows on the solution: a check that expects nothing proves nothing"},
		{"CREATE TABLE t (k int PRIMARY KEY);\n---- solution\n" + schema + data + "---- check\nSELECT v FROM t WHERE k = 1; -- rows: 3\n",
			"en/01-x.md:11: the check `SELECT v FROM t WHERE k = 1` should return 3 rows on the solution but returns 1"},
		{schema + "---- solution\n" + schema + data + "---- check\nSELECT v FROM t WHERE k = 1;\n",
			"en/01-x.md:5: every check of the exercise already works on its starting text: there is nothing for the reader to do"},
		// Wrong answers the checks cannot tell from the solution, or reject for another reason.
		{"CREATE TABLE t (k int PRIMARY KEY);\n---- solution\n" + schema + data + "---- check\nSELECT v FROM t WHERE k = 1;\n" +
			"---- wrong: 2 rows\nCREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c)) WITH CLUSTERING ORDER BY (c DESC);\n",
			"en/01-x.md:12: this wrong answer passes every check: the checks must reject it (add data that tells it apart)"},
		{"CREATE TABLE t (k int PRIMARY KEY);\n---- solution\n" + schema + data + "---- check\nSELECT v FROM t WHERE k = 1;\n" +
			"---- wrong: 2 rows\nCREATE TABLE t (k int, c int, PRIMARY KEY (k, c));\n",
			`en/01-x.md:12: this wrong answer is rejected, but the page says "The checks' data could not be written into your tables: InvalidRequest: Error from server: code=2200 [Invalid query] message=\"Undefined column name v in table cqlplay.t\"", not "2 rows"`},
		{"CREATE TABLE t (k int PRIMARY KEY);\n---- solution\n" + schema + data + "---- check\nSELECT v FROM t WHERE k = 1;\n" +
			"---- wrong: 2 rows\nCREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c, nope));\n",
			`en/01-x.md:12: this wrong answer is rejected, but the page says "Your script fails: InvalidRequest: `},
	}
	const wrongTail = "---- wrong: x\nCREATE TABLE x (k int PRIMARY KEY);\n"
	for _, tt := range tests {
		body := tt.body
		if !strings.Contains(body, "---- wrong:") {
			body += wrongTail
		}
		l, err := Parse("en/01-x.md", []byte(exerciseFM+"```cql exercise\n"+body+"```\n"))
		if err != nil {
			t.Fatal(err)
		}
		r := l.Run(l.Examples[0])
		found := false
		for _, p := range r.Problems {
			found = found || strings.HasPrefix(p, tt.want)
		}
		if !found {
			t.Errorf("exercise\n%s\nproblems %q\nwant one starting %q", tt.body, r.Problems, tt.want)
		}
	}
}

func TestSameRows(t *testing.T) {
	out := func(cols []string, rows [][]string, nulls ...[2]int) *engine.Outcome {
		if rows == nil {
			rows = [][]string{}
		}
		return &engine.Outcome{Columns: cols, Rows: rows, Nulls: nulls}
	}
	ab := []string{"a", "b"}
	want := out(ab, [][]string{{"1", "x"}, {"2", "y"}})
	tests := []struct {
		name    string
		got     *engine.Outcome
		ordered bool
		same    bool
	}{
		{"identical", out(ab, [][]string{{"1", "x"}, {"2", "y"}}), true, true},
		{"other order, unordered", out(ab, [][]string{{"2", "y"}, {"1", "x"}}), false, true},
		{"other order, ordered", out(ab, [][]string{{"2", "y"}, {"1", "x"}}), true, false},
		{"columns swapped", out([]string{"b", "a"}, [][]string{{"x", "1"}, {"y", "2"}}), true, true},
		{"a row missing", out(ab, [][]string{{"1", "x"}}), false, false},
		{"a value differs", out(ab, [][]string{{"1", "x"}, {"2", "z"}}), false, false},
		{"a column more", out([]string{"a", "b", "c"}, [][]string{{"1", "x", ""}, {"2", "y", ""}}), false, false},
		{"a column renamed", out([]string{"a", "c"}, [][]string{{"1", "x"}, {"2", "y"}}), false, false},
		{"null is not the text null", out(ab, [][]string{{"1", "x"}, {"2", "null"}}, [2]int{1, 1}), false, false},
		{"no result set", &engine.Outcome{}, false, false},
	}
	for _, tt := range tests {
		if got := SameRows(want, tt.got, tt.ordered); got != tt.same {
			t.Errorf("%s: SameRows = %v, want %v", tt.name, got, tt.same)
		}
	}
	nullWant := out(ab, [][]string{{"1", "null"}}, [2]int{0, 1})
	if !SameRows(nullWant, out(ab, [][]string{{"1", "null"}}, [2]int{0, 1}), true) || SameRows(nullWant, out(ab, [][]string{{"1", "null"}}), true) {
		t.Error("a null must match a null and not the text null")
	}
	if !Ordered("SELECT a FROM t WHERE k = 1 order  by c DESC") || Ordered("SELECT orderby FROM t") {
		t.Error("Ordered must find ORDER BY, case-insensitively, and nothing else")
	}
}

// FuzzSplitExercise: any fence text either is an exercise, whose sections
// hold every line but the markers, or gets an error with a line inside it.
func FuzzSplitExercise(f *testing.F) {
	f.Add("CREATE TABLE t (k int PRIMARY KEY);\n---- solution\nCREATE TABLE t (k int, c int, PRIMARY KEY (k, c));\n---- data\nINSERT INTO t (k, c) VALUES (1, 2);\n---- check\nSELECT c FROM t WHERE k = 1; -- rows: 1\n")
	f.Add("---- check\n---- solution\n")
	f.Add("---- solution\n---- check\nSELECT 'a;b' FROM t /* ; */; -- rows: 2\n")
	f.Fuzz(func(t *testing.T, code string) {
		starter, x, err := splitExercise(code)
		lines := strings.Count(code, "\n") + 1
		if err != nil {
			if e, ok := err.(*Error); !ok || e.Line < 1 || e.Line > lines {
				t.Fatalf("error %v for a text of %d lines", err, lines)
			}
			return
		}
		markers := 0
		for _, l := range strings.SplitAfter(code, "\n") {
			switch strings.TrimRight(l, " \t\r\n") {
			case markSolution, markData, markCheck:
				markers += len(l)
			}
		}
		if got := len(starter) + len(x.Solution) + len(x.Data) + markers; got > len(code) {
			t.Fatalf("the sections hold %d bytes of a %d-byte text", got, len(code))
		}
		for _, c := range x.Checks {
			if c.Line < 1 || c.Line > lines || (c.Bound == nil && !selectRE.MatchString(c.Query)) {
				t.Fatalf("check %+v of a %d-line text", c, lines)
			}
		}
	})
}
