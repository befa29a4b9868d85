package lesson

import (
	"encoding/json"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine"
)

// An exercise ("make these queries work", docs/site.md) is a cql fence with
// the option `exercise` whose code has these sections, each after a marker
// line of its own:
//
//	-- the reader's starting text: what the editor shows
//	---- solution
//	CREATE TABLE ...;            -- one schema that makes every check work
//	---- data
//	INSERT INTO ...;             -- rows written after the reader's script
//	---- check
//	SELECT ... WHERE ...;        -- the queries that must work
//	---- wrong: 3 rows
//	CREATE TABLE ...;            -- a plausible wrong answer, and what the page says of it
//
// The reader edits the first section. After it, the page writes the data and
// runs each check query in the same session; a check passes when the query
// runs (no error: so it needs no ALLOW FILTERING the reader's tables would
// force) and returns the rows it returns on the solution's tables. The build
// runs the solution the same way and fails when a check does not work there,
// so an exercise can never ask for the impossible. Each `---- wrong:` section
// (at least one, any number) is run the same way and must fail a check, with
// the text after `wrong:` in the reason the page gives for the first failure
// (CheckRun.Failure), so an exercise also rejects the mistakes readers make.

// Exercise is the hidden part of an exercise example.
type Exercise struct {
	// SolutionWhy is why the solution is right, in two or three sentences:
	// the comment lines that open the solution section, joined ("" when
	// none). The page shows it above the solution, which holds the rest.
	SolutionWhy  string
	Solution     string
	SolutionLine int // code line (1-based, in the whole fence) of the solution's first line
	Data         string
	DataLine     int
	// Checks are the check section's checks (checks.go), Line counted in the whole fence.
	Checks []ExerciseCheck
	// Wrong are the plausible wrong answers the checks must reject.
	Wrong []Answer
	// Right are other right answers than the solution, which every check
	// must accept: the checks test what a right model does, not its key.
	Right []Answer
}

// Answer is a wrong or a right answer of an exercise. A wrong one is a
// script the checks must reject, with a part of the reason the page gives
// (CheckRun.Failure); a right one (Reason "") one they must accept.
type Answer struct {
	Script string
	Line   int // code line (1-based, in the whole fence) of the script's first line
	Reason string
}

// Section markers of an exercise fence; a marker is a line holding only it.
const (
	markSolution = "---- solution"
	markData     = "---- data"
	markCheck    = "---- check"
	markWrong    = "---- wrong:" // followed by the reason the page gives
	markRight    = "---- right"
)

// splitExercise cuts an exercise fence's code into the reader's starting text
// and the hidden sections. Errors are *Error with Line counted in code lines.
func splitExercise(code string) (starter string, ex *Exercise, err error) {
	ex = &Exercise{}
	lines := strings.SplitAfter(code, "\n")
	var parts [4]strings.Builder // starter, solution, data, check
	starts := [4]int{1, 0, 0, 0}
	cur := 0
	var (
		answer *strings.Builder // the answer being read, once the answers began
		last   *Answer          // and where it goes
	)
	for i, l := range lines {
		mark := strings.TrimRight(l, " \t\r\n")
		reason, isWrong := strings.CutPrefix(mark, markWrong)
		if isWrong || mark == markRight {
			if cur != 3 {
				return "", nil, &Error{Line: i + 1, Msg: "the `" + markWrong + "` and `" + markRight + "` sections come after the `" + markCheck + "` section"}
			}
			if reason = strings.TrimSpace(reason); isWrong && reason == "" {
				return "", nil, &Error{Line: i + 1, Msg: "`" + markWrong + "` needs the reason the page gives for this answer, e.g. `---- wrong: 3 rows`"}
			}
			if err := closeAnswer(last, answer); err != nil {
				return "", nil, err
			}
			if isWrong {
				ex.Wrong = append(ex.Wrong, Answer{Line: i + 2, Reason: reason})
				last = &ex.Wrong[len(ex.Wrong)-1]
			} else {
				ex.Right = append(ex.Right, Answer{Line: i + 2})
				last = &ex.Right[len(ex.Right)-1]
			}
			answer = &strings.Builder{}
			continue
		}
		next := -1
		switch mark {
		case markSolution:
			next = 1
		case markData:
			next = 2
		case markCheck:
			next = 3
		}
		if next < 0 {
			if answer != nil {
				answer.WriteString(l)
			} else {
				parts[cur].WriteString(l)
			}
			continue
		}
		if next <= cur || answer != nil {
			return "", nil, &Error{Line: i + 1, Msg: "exercise section `" + mark + "` out of place: the sections are the starting text, then `" +
				markSolution + "`, `" + markData + "` (optional), `" + markCheck + "` and the `" + markWrong + "` answers, in that order"}
		}
		cur = next
		starts[cur] = i + 2
	}
	if starts[1] == 0 {
		return "", nil, &Error{Line: 1, Msg: "an exercise needs a `" + markSolution + "` section: one schema that makes every check work"}
	}
	if starts[3] == 0 {
		return "", nil, &Error{Line: 1, Msg: "an exercise needs a `" + markCheck + "` section: the queries the reader's tables must answer"}
	}
	if err := closeAnswer(last, answer); err != nil {
		return "", nil, err
	}
	ex.SolutionWhy, ex.Solution, ex.SolutionLine = splitWhy(parts[1].String(), starts[1])
	ex.Data, ex.DataLine = parts[2].String(), starts[2]
	checks, err := parseChecks(parts[3].String(), starts[3])
	if err != nil {
		return "", nil, err
	}
	if len(checks) == 0 {
		return "", nil, &Error{Line: starts[3] - 1, Msg: "the `" + markCheck + "` section has no check: a query, or an `" + markExpect + "` line"}
	}
	for _, c := range checks {
		switch {
		case c.Bound != nil:
		case !selectRE.MatchString(c.Query):
			return "", nil, &Error{Line: c.Line, Msg: "an exercise check must be a SELECT, not " + quoteStmt(c.Query)}
		case allowFilteringRE.MatchString(c.Query):
			return "", nil, &Error{Line: c.Line, Msg: "an exercise check must not say ALLOW FILTERING: the reader's tables must answer it without"}
		}
	}
	if len(ex.Wrong) == 0 {
		return "", nil, &Error{Line: 1, Msg: "an exercise needs at least one `" + markWrong + " <reason>` section: a plausible wrong answer its checks reject"}
	}
	ex.Checks = checks
	return parts[0].String(), ex, nil
}

// splitWhy cuts the comment lines that open a solution section (its
// explanation) from the code after them; line is the section's first line,
// and the code's first line is returned.
func splitWhy(section string, line int) (why, code string, codeLine int) {
	var words []string
	rest := section
	for rest != "" {
		l, after, _ := strings.Cut(rest, "\n")
		t := strings.TrimSpace(l)
		if !strings.HasPrefix(t, "--") || strings.HasPrefix(strings.TrimSpace(t[2:]), "@") {
			break
		}
		if body := strings.TrimSpace(t[2:]); body != "" {
			words = append(words, body)
		}
		rest, line = after, line+1
	}
	return joinLines(words), rest, line
}

// closeAnswer stores the text of the answer just read into a.
func closeAnswer(a *Answer, text *strings.Builder) *Error {
	if a == nil {
		return nil
	}
	if a.Script = text.String(); strings.TrimSpace(a.Script) == "" {
		return &Error{Line: a.Line - 1, Msg: "this answer's section holds no script"}
	}
	return nil
}

var (
	selectRE         = regexp.MustCompile(`(?i)^select\b`)
	allowFilteringRE = regexp.MustCompile(`(?i)\ballow\s+filtering\b`)
	orderByRE        = regexp.MustCompile(`(?i)\border\s+by\b`)
)

// Check is one check of an exercise, run after a script.
type Check struct {
	*ExerciseCheck
	// Setup is the first of the check's directives that failed (a fill
	// into a table that lacks a column), or nil.
	Setup *engine.Outcome
	// Want is a row check's outcome on the solution's tables.
	Want *engine.Outcome
	// Got is the query's outcome after the script being checked (nil when
	// the data could not be written, so no query ran).
	Got *engine.Outcome
	// Measure is a bound's table as it stands after the check's directives,
	// nil when it could not be measured (MeasureErr says why).
	Measure    *Measure
	MeasureErr string
	// Ran is false when the data could not be written, so nothing ran.
	Ran bool
	// Outs are the outcomes of the check's script (its failed directives,
	// then its query's), Layout a bound's summary layout as the bridge
	// answers for it: what the page's worker replies (Replies).
	Outs   []engine.Outcome
	Layout []byte
}

// Passed reports whether the check holds: a row check's query ran and
// returned the rows it returns on the solution; a bound's table is within it.
func (c Check) Passed() bool {
	switch {
	case !c.Ran || c.Setup != nil:
		return false
	case c.Bound != nil:
		return c.Bound.Holds(c.Measure)
	}
	return c.Got != nil && c.Got.Error == nil && c.Want != nil && SameRows(c.Want, c.Got, Ordered(c.Query))
}

// CheckRun is an exercise's verdict on one script.
type CheckRun struct {
	// DataError is the first data statement that failed on the script's
	// tables (then no check ran), or nil.
	DataError *engine.Outcome
	Checks    []Check
	// Data are the outcomes of the data's statements.
	Data []engine.Outcome
}

// Replies are the run's replies as the page's worker gives them
// (site/ts/types.ts Checks): the data's outcomes, then each check's, a
// bound's followed by a NUL and its table's summary layout.
func (r CheckRun) Replies() []string {
	out := []string{string(engine.OutcomesJSON(r.Data))}
	for _, c := range r.Checks {
		reply := string(engine.OutcomesJSON(c.Outs))
		if c.Bound != nil && c.Ran {
			reply += "\x00" + string(c.Layout)
		}
		out = append(out, reply)
	}
	return out
}

// Passed counts the checks that hold.
func (r CheckRun) Passed() int {
	n := 0
	for _, c := range r.Checks {
		if c.Passed() {
			n++
		}
	}
	return n
}

// Failure is, in one line, the reason the page gives for the first check that
// does not hold (site/ts/exercise.ts draws it): the data statement the tables
// refused; or the check's explanation (the property the answer breaks, in
// the lesson's words) followed by what went wrong: a directive's or the
// query's error as cqlsh prints it, the row counts of other rows than the
// solution's, or a bound's measure. It is "" when every check holds.
func (r CheckRun) Failure() string {
	if o := r.DataError; o != nil {
		return "The checks' data could not be written into your tables: " + o.Error.Cqlsh()
	}
	for _, c := range r.Checks {
		if c.Passed() {
			continue
		}
		detail := c.detail()
		if c.Explain != "" {
			return c.Explain + " " + detail
		}
		return detail
	}
	return ""
}

// detail says what went wrong in a check that does not hold.
func (c Check) detail() string {
	switch {
	case !c.Ran:
		return "Not run: " + quoteStmt(c.Script)
	case c.Setup != nil:
		return c.Setup.Error.Cqlsh()
	case c.Bound != nil && c.Measure == nil:
		return "Could not measure " + c.Bound.Table + ": " + c.MeasureErr
	case c.Bound != nil:
		return "After the data, " + c.Bound.Describe(c.Measure) + "."
	case c.Got == nil:
		return "Not run: " + quoteStmt(c.Query)
	case c.Got.Error != nil:
		return c.Got.Error.Cqlsh()
	}
	return "Runs, but returns other rows than on the solution's tables: " + rowCount(c.Got) + ", expected " + rowCount(c.Want)
}

func rowCount(o *engine.Outcome) string {
	if o == nil || !o.HasResult() {
		return "no result"
	}
	return "(" + strconv.Itoa(len(o.Rows)) + " rows)"
}

// RunChecks writes the exercise's data into s, after whatever ran there, and
// runs each check, each on its own and in order (a check's directives stay
// in effect for the checks after it), against want (the solution's
// outcomes, one per check, a bound's empty; nil while computing them).
func (x *Exercise) RunChecks(s *engine.Session, want []engine.Outcome) CheckRun {
	var r CheckRun
	r.Data = s.Run(x.Data)
	for i := range r.Data {
		if r.Data[i].Error != nil {
			r.DataError = &r.Data[i]
			break
		}
	}
	for i := range x.Checks {
		c := Check{ExerciseCheck: &x.Checks[i], Ran: r.DataError == nil}
		if i < len(want) && c.Bound == nil {
			c.Want = &want[i]
		}
		if c.Ran {
			c.run(s)
		}
		r.Checks = append(r.Checks, c)
	}
	return r
}

// run runs one check's script in s, as the page's worker does: one run of
// the directives and the query together, then a bound's measure.
func (c *Check) run(s *engine.Session) {
	outs := s.Run(c.Script)
	c.Outs = outs
	last := len(outs) - 1
	if c.Bound != nil {
		last = len(outs) // every outcome is a directive's
	}
	for i := 0; i < last && i < len(outs); i++ {
		if outs[i].Error != nil {
			c.Setup = &outs[i]
			return
		}
	}
	if c.Bound == nil {
		if last >= 0 {
			c.Got = &outs[last]
		}
		return
	}
	res, err := s.Layout(engine.LayoutRequest{Form: "summary", Table: c.Bound.Table})
	if err != nil {
		c.MeasureErr = err.Error()
		msg, _ := json.Marshal(err.Error())
		c.Layout = []byte(`{"error":{"code":"InvalidRequest","message":` + string(msg) + `}}`)
		return
	}
	c.Layout = res.AppendJSON(nil)
	if c.Measure, err = MeasureSummary(res.Layout); err != nil {
		c.MeasureErr = err.Error()
	}
}

// Ordered reports whether a check's rows must come back in the solution's
// order: only when the query asks for one. Otherwise any schema that returns
// the same rows works, whatever its clustering order.
func Ordered(query string) bool { return orderByRE.MatchString(query) }

// SameRows reports whether got has the columns of want (by name, in any
// order) and the same rows, in the same order when ordered, else as a
// multiset. A null and the text "null" differ. Mirrored by sameRows in
// site/ts/exercise.ts.
func SameRows(want, got *engine.Outcome, ordered bool) bool {
	if !want.HasResult() || !got.HasResult() || len(want.Columns) != len(got.Columns) || len(want.Rows) != len(got.Rows) {
		return false
	}
	idx := make([]int, len(want.Columns))
	for i, name := range want.Columns {
		idx[i] = -1
		for j, g := range got.Columns {
			if g == name {
				idx[i] = j
			}
		}
		if idx[i] < 0 {
			return false
		}
	}
	w := cells(want, nil)
	g := cells(got, idx)
	if !ordered {
		sortRows(w)
		sortRows(g)
	}
	for r := range w {
		for c := range w[r] {
			if w[r][c] != g[r][c] {
				return false
			}
		}
	}
	return true
}

// cells returns o's rows as comparable cells ("v" + value, or "n" for a
// null), with the columns in the order idx gives (nil: as they are).
func cells(o *engine.Outcome, idx []int) [][]string {
	nulls := map[[2]int]bool{}
	for _, n := range o.Nulls {
		nulls[n] = true
	}
	out := make([][]string, len(o.Rows))
	for r, row := range o.Rows {
		cols := idx
		if cols == nil {
			cols = make([]int, len(row))
			for i := range cols {
				cols[i] = i
			}
		}
		out[r] = make([]string, len(cols))
		for i, c := range cols {
			if nulls[[2]int{r, c}] {
				out[r][i] = "n"
			} else {
				out[r][i] = "v" + row[c]
			}
		}
	}
	return out
}

func sortRows(rows [][]string) {
	sort.Slice(rows, func(a, b int) bool {
		for c := range rows[a] {
			if rows[a][c] != rows[b][c] {
				return rows[a][c] < rows[b][c]
			}
		}
		return false
	})
}

// runAnswers runs each wrong and right answer of ex as the page runs a
// reader's script (the prelude, the script, then the data and the checks)
// and returns the problems: a wrong answer every check accepts, or one
// rejected for another reason than the fence gives; a right one rejected.
func (l *Lesson) runAnswers(ex *Example, want []engine.Outcome) []string {
	var problems []string
	verdict := func(a Answer) string {
		s := engine.NewSession(engine.Options{Version: ex.Version, Timeout: RunTimeout})
		for _, p := range ex.Prelude {
			s.Run(p.Code)
		}
		for _, o := range s.Run(a.Script) {
			if o.Error != nil {
				return "Your script fails: " + o.Error.Cqlsh()
			}
		}
		return ex.Exercise.RunChecks(s, want).Failure()
	}
	for _, w := range ex.Exercise.Wrong {
		at := l.where(ex, w.Line-1)
		switch reason := verdict(w); {
		case reason == "":
			problems = append(problems, at+": this wrong answer passes every check: the checks must reject it (add data that tells it apart)")
		case !strings.Contains(reason, w.Reason):
			problems = append(problems, at+": this wrong answer is rejected, but the page says "+strconv.Quote(reason)+", not "+strconv.Quote(w.Reason))
		}
	}
	for _, r := range ex.Exercise.Right {
		if reason := verdict(r); reason != "" {
			problems = append(problems, l.where(ex, r.Line-1)+": this right answer is rejected: "+reason+" (the checks must test what a right model does, not which key it has)")
		}
	}
	return problems
}

// runExercise runs the solution (after the prelude) to get each check's
// expected rows, and returns the problems that make the exercise unfair.
func (l *Lesson) runExercise(ex *Example) (want []engine.Outcome, problems []string) {
	x := ex.Exercise
	s := engine.NewSession(engine.Options{Version: ex.Version, Timeout: RunTimeout})
	for _, p := range ex.Prelude {
		s.Run(p.Code) // a failing prelude is reported by Run already
	}
	for _, o := range s.Run(x.Solution) {
		if o.Error != nil {
			problems = append(problems, l.where(ex, x.SolutionLine+o.Line-1)+": the exercise's solution fails: "+o.Error.Error())
		}
	}
	r := x.RunChecks(s, nil)
	if r.DataError != nil {
		problems = append(problems, l.where(ex, x.DataLine+r.DataError.Line-1)+": the exercise's data does not fit its solution: "+r.DataError.Error.Error())
		return nil, problems
	}
	for _, c := range r.Checks {
		at := l.where(ex, c.Line)
		q := quoteStmt(c.Query)
		switch {
		case c.Setup != nil:
			problems = append(problems, at+": a directive before the check fails on the exercise's own solution: "+c.Setup.Error.Error())
		case c.Bound != nil && c.Measure == nil:
			problems = append(problems, at+": the bound's table cannot be measured on the solution: "+c.MeasureErr)
		case c.Bound != nil && !c.Bound.Holds(c.Measure):
			problems = append(problems, at+": the exercise's own solution breaks this bound: "+c.Bound.Describe(c.Measure))
		case c.Bound != nil:
		case c.Got == nil:
			problems = append(problems, at+": the engine returned no outcome for the check "+q)
		case c.Got.Error != nil:
			problems = append(problems, at+": the check "+q+" fails on the exercise's own solution: "+c.Got.Error.Error())
		case len(c.Got.Rows) == 0 && c.Rows != 0:
			problems = append(problems, at+": the check "+q+" returns no rows on the solution: a check that expects nothing proves nothing (say `-- rows: 0` when that is the point, as after a TTL)")
		case c.Rows >= 0 && len(c.Got.Rows) != c.Rows:
			problems = append(problems, at+": the check "+q+" should return "+strconv.Itoa(c.Rows)+" rows on the solution but returns "+strconv.Itoa(len(c.Got.Rows)))
		}
		if c.Got != nil {
			want = append(want, *c.Got)
		} else {
			want = append(want, engine.Outcome{})
		}
	}
	return want, problems
}
