package lesson

import (
	"strings"
	"testing"
)

// boundLesson is an exercise whose checks need more than rows: a bucket
// that bounds each partition (a year of generated readings) and a TTL
// checked on both sides of its expiry.
const boundLesson = exerciseFM + "\n```cql exercise\n" + // fence on line 5
	"CREATE TABLE readings (sensor text, day date, at timestamp, v int, PRIMARY KEY (sensor, at));\n" + // 1
	"---- solution\n" +
	"-- One partition per sensor and day: a day of readings bounds it.\n" + // 3
	"-- The TTL keeps five minutes.\n" +
	"CREATE TABLE readings (sensor text, day date, at timestamp, v int, PRIMARY KEY ((sensor, day), at)) WITH default_time_to_live = 300;\n" + // 5
	"---- data\n" +
	"INSERT INTO readings (sensor, day, at, v) VALUES ('s1', '2026-01-01', '2026-01-01 10:00:00', 1);\n" + // 7
	"INSERT INTO readings (sensor, day, at, v) VALUES ('s1', '2026-01-01', '2026-01-01 11:00:00', 2);\n" +
	"---- check\n" + // 9
	"-- Readings stay for five minutes.\n" + // 10
	"-- @advance 4m59s\n" +
	"SELECT v FROM readings WHERE sensor = 's1' AND day = '2026-01-01'; -- rows: 2\n" + // 12
	"-- @advance 2s\n" +
	"SELECT v FROM readings WHERE sensor = 's1' AND day = '2026-01-01'; -- rows: 0\n" + // 14
	"\n" +
	"-- @fill readings 1000 sensor=pick('s1', 's2') day=series('2026-01-01T00:00:00Z', 1h) at=series('2026-01-01T00:00:00Z', 1h) v=uniform(0, 9)\n" + // 16
	"-- A day of readings bounds a partition.\n" +
	"-- expect: at most 24 rows per partition in readings\n" + // 18
	"---- wrong: A day of readings bounds a partition. After the data, the largest partition of readings (s\n" + // 19
	"CREATE TABLE readings (sensor text, day date, at timestamp, v int, PRIMARY KEY (sensor, day, at)) WITH default_time_to_live = 300;\n" +
	"---- wrong: Readings stay for five minutes. Runs, but returns other rows than on the solution's tables: (0 rows), expected (2 rows)\n" +
	"CREATE TABLE readings (sensor text, day date, at timestamp, v int, PRIMARY KEY ((sensor, day), at)) WITH default_time_to_live = 5;\n" +
	"---- wrong: (2 rows), expected (0 rows)\n" +
	"CREATE TABLE readings (sensor text, day date, at timestamp, v int, PRIMARY KEY ((sensor, day), at)) WITH default_time_to_live = 360;\n" +
	"---- right\n" +
	"CREATE TABLE readings (sensor text, day date, at timestamp, v int, PRIMARY KEY ((day, sensor), at)) WITH CLUSTERING ORDER BY (at DESC) AND default_time_to_live = 300;\n" +
	"```\n"

func TestExerciseCheckKinds(t *testing.T) {
	l, err := Parse("en/01-x.md", []byte(boundLesson))
	if err != nil {
		t.Fatal(err)
	}
	x := l.Examples[0].Exercise
	if x.SolutionWhy != "One partition per sensor and day: a day of readings bounds it. The TTL keeps five minutes." ||
		!strings.HasPrefix(x.Solution, "CREATE TABLE") || x.SolutionLine != 5 {
		t.Errorf("solution = why %q, code %q at line %d", x.SolutionWhy, x.Solution, x.SolutionLine)
	}
	want := []struct {
		script, explain string
		line, rows      int
		bound           *Bound
	}{
		{"-- @advance 4m59s\nSELECT v FROM readings WHERE sensor = 's1' AND day = '2026-01-01';", "Readings stay for five minutes.", 12, 2, nil},
		{"-- @advance 2s\nSELECT v FROM readings WHERE sensor = 's1' AND day = '2026-01-01';", "", 14, 0, nil},
		{"-- @fill readings 1000 sensor=pick('s1', 's2') day=series('2026-01-01T00:00:00Z', 1h) at=series('2026-01-01T00:00:00Z', 1h) v=uniform(0, 9)\n-- expect: at most 24 rows per partition in readings",
			"A day of readings bounds a partition.", 18, -1, &Bound{Table: "readings", MaxRows: 24}},
	}
	if len(x.Checks) != len(want) {
		t.Fatalf("checks = %+v, want %d", x.Checks, len(want))
	}
	for i, w := range want {
		c := x.Checks[i]
		if c.Script != w.script || c.Explain != w.explain || c.Line != w.line || c.Rows != w.rows || (c.Bound == nil) != (w.bound == nil) || (c.Bound != nil && *c.Bound != *w.bound) {
			t.Errorf("check %d = %+v (bound %+v)\nwant %+v", i, c, c.Bound, w)
		}
	}
	// The solution passes, the starting text fails, each wrong answer is
	// rejected for its reason (Run reports the problems otherwise).
	r := l.Run(l.Examples[0])
	if len(r.Problems) > 0 {
		t.Fatalf("problems: %v", r.Problems)
	}
	if r.Checks.Passed() == len(r.Checks.Checks) {
		t.Errorf("the starting text passes every check")
	}
}

func TestBoundMeasure(t *testing.T) {
	for _, tt := range []struct {
		line  string
		bound *Bound
		ok    bool
	}{
		{"at most 10 rows per partition in t", &Bound{Table: "t", MaxRows: 10}, true},
		{"  at   most 1 row per partition in ks.t ", &Bound{Table: "ks.t", MaxRows: 1}, true},
		{"at least 3 partitions in orders", &Bound{Table: "orders", MinPartitions: 3}, true},
		{"at most 0 rows per partition in t", nil, false},
		{"at most ten rows per partition in t", nil, false},
		{"fewer than 3 partitions in t", nil, false},
	} {
		b, ok := parseBound(tt.line)
		if ok != tt.ok || (ok && *b != *tt.bound) {
			t.Errorf("parseBound(%q) = %+v, %v; want %+v, %v", tt.line, b, ok, tt.bound, tt.ok)
		}
	}
	m, err := MeasureSummary(`{"tables":[{"partitions":[{"key":[{"text":"a"},{"text":"1"}],"liveRows":2},{"key":[{"text":"b"},{"text":"2"}],"liveRows":5},{"key":[{"text":"c"},{"text":"3"}],"liveRows":5}]}]}`)
	if err != nil || *m != (Measure{Partitions: 3, MaxRows: 5, MaxKey: "b, 2"}) {
		t.Fatalf("measure = %+v, %v", m, err)
	}
	for _, tt := range []struct {
		b    Bound
		want bool
	}{
		{Bound{MaxRows: 5}, true}, {Bound{MaxRows: 4}, false}, {Bound{MinPartitions: 3}, true}, {Bound{MinPartitions: 4}, false},
	} {
		if got := tt.b.Holds(m); got != tt.want {
			t.Errorf("%+v holds %+v = %v", tt.b, m, got)
		}
	}
}

func TestExerciseCheckErrors(t *testing.T) {
	fence := func(checks string) string {
		return exerciseFM + "```cql exercise\nCREATE TABLE t (k int PRIMARY KEY);\n---- solution\nCREATE TABLE t (k int PRIMARY KEY);\n---- check\n" + checks + "---- wrong: x\nSELECT 1;\n```\n"
	}
	for _, tt := range []struct{ checks, want string }{
		{"-- expect: at most many rows per partition in t\n", "en/01-x.md:9: `-- expect:` takes `at most N rows per partition in TABLE` or `at least N partitions in TABLE`, not \"-- expect: at most many rows per partition in t\""},
		{"SELECT k FROM t;\n-- @advance 1s\n", "en/01-x.md:10: a directive after the last check changes nothing a check sees: put it before the check it prepares"},
		{"SELECT k FROM t; -- fails: x\n", "en/01-x.md:9: an exercise check cannot expect to fail: it is a query the reader must make work"},
	} {
		_, err := Parse("en/01-x.md", []byte(fence(tt.checks)))
		if err == nil || err.Error() != tt.want {
			t.Errorf("checks %q: error = %v\nwant %s", tt.checks, err, tt.want)
		}
	}
}

// TestExerciseRightAnswers: a right answer the checks reject is a problem of
// the lesson, named at its line; one they accept is none.
func TestExerciseRightAnswers(t *testing.T) {
	for _, tt := range []struct{ right, want string }{
		{"CREATE TABLE readings (sensor text, day date, at timestamp, v int, PRIMARY KEY ((sensor, day), at, v)) WITH default_time_to_live = 300;\n", ""},
		{"CREATE TABLE readings (sensor text, day date, at timestamp, v int, PRIMARY KEY ((sensor, day), at)) WITH default_time_to_live = 600;\n",
			"en/01-x.md:32: this right answer is rejected: Runs, but returns other rows than on the solution's tables: (2 rows), expected (0 rows) (the checks must test what a right model does, not which key it has)"},
	} {
		src := strings.Replace(boundLesson, "```\n", "---- right\n"+tt.right+"```\n", 1)
		src = src[:strings.LastIndex(src, "```\n")+4]
		l, err := Parse("en/01-x.md", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(l.Run(l.Examples[0]).Problems, "\n")
		if (tt.want == "") != (got == "") || (tt.want != "" && got != tt.want) {
			t.Errorf("right answer %q: problems %q, want %q", tt.right, got, tt.want)
		}
	}
}

func TestJoinLines(t *testing.T) {
	for _, tt := range []struct {
		lines []string
		want  string
	}{
		{[]string{"One partition per day:", "a day bounds it."}, "One partition per day: a day bounds it."},
		{[]string{"所以是 300。", "这样应用写入的每个验证码"}, "所以是 300。这样应用写入的每个验证码"},
		{[]string{"用 INSERT", "写入"}, "用 INSERT 写入"},
		{[]string{"写入", "INSERT"}, "写入 INSERT"},
		{[]string{"两个条件一起检查、", "一起生效"}, "两个条件一起检查、一起生效"},
		{nil, ""},
	} {
		if got := joinLines(tt.lines); got != tt.want {
			t.Errorf("joinLines(%q) = %q, want %q", tt.lines, got, tt.want)
		}
	}
}
