package lesson

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine"
)

// An exercise ("make these queries work", design.md) is a cql fence with the
// option `exercise` whose code has up to four sections, each after a marker
// line of its own:
//
//	-- the reader's starting text: what the editor shows
//	---- solution
//	CREATE TABLE ...;            -- one schema that makes every check work
//	---- data
//	INSERT INTO ...;             -- rows written after the reader's script
//	---- check
//	SELECT ... WHERE ...;        -- the queries that must work
//
// The reader edits the first section. After it, the page writes the data and
// runs each check query in the same session; a check passes when the query
// runs (no error: so it needs no ALLOW FILTERING the reader's tables would
// force) and returns the rows it returns on the solution's tables. The build
// runs the solution the same way and fails when a check does not work there,
// so an exercise can never ask for the impossible.

// Exercise is the hidden part of an exercise example.
type Exercise struct {
	Solution     string
	SolutionLine int // code line (1-based, in the whole fence) of the solution's first line
	Data         string
	DataLine     int
	// Checks are the check section's statements, Line counted in the whole fence.
	Checks []Statement
}

// Section markers of an exercise fence; a marker is a line holding only it.
const (
	markSolution = "---- solution"
	markData     = "---- data"
	markCheck    = "---- check"
)

// splitExercise cuts an exercise fence's code into the reader's starting text
// and the hidden sections. Errors are *Error with Line counted in code lines.
func splitExercise(code string) (starter string, ex *Exercise, err error) {
	ex = &Exercise{}
	lines := strings.SplitAfter(code, "\n")
	var parts [4]strings.Builder // starter, solution, data, check
	starts := [4]int{1, 0, 0, 0}
	cur := 0
	for i, l := range lines {
		mark := strings.TrimRight(l, " \t\r\n")
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
			parts[cur].WriteString(l)
			continue
		}
		if next <= cur {
			return "", nil, &Error{Line: i + 1, Msg: "exercise section `" + mark + "` out of place: the sections are the starting text, then `" +
				markSolution + "`, `" + markData + "` (optional) and `" + markCheck + "`, in that order, each once"}
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
	ex.Solution, ex.SolutionLine = parts[1].String(), starts[1]
	ex.Data, ex.DataLine = parts[2].String(), starts[2]
	checks, err := Split(parts[3].String())
	if err != nil {
		e := err.(*Error)
		return "", nil, &Error{Line: starts[3] + e.Line - 1, Msg: e.Msg}
	}
	if len(checks) == 0 {
		return "", nil, &Error{Line: starts[3] - 1, Msg: "the `" + markCheck + "` section has no query"}
	}
	for i := range checks {
		checks[i].Line += starts[3] - 1
		if checks[i].ExpectLine > 0 {
			checks[i].ExpectLine += starts[3] - 1
		}
		st := checks[i]
		switch {
		case !selectRE.MatchString(st.Text):
			return "", nil, &Error{Line: st.Line, Msg: "an exercise check must be a SELECT, not " + quoteStmt(st.Text)}
		case allowFilteringRE.MatchString(st.Text):
			return "", nil, &Error{Line: st.Line, Msg: "an exercise check must not say ALLOW FILTERING: the reader's tables must answer it without"}
		case st.Fails != "":
			return "", nil, &Error{Line: st.ExpectLine, Msg: "an exercise check cannot expect to fail: it is a query the reader must make work"}
		}
	}
	ex.Checks = checks
	return parts[0].String(), ex, nil
}

var (
	selectRE         = regexp.MustCompile(`(?i)^select\b`)
	allowFilteringRE = regexp.MustCompile(`(?i)\ballow\s+filtering\b`)
	orderByRE        = regexp.MustCompile(`(?i)\border\s+by\b`)
)

// Check is one check query of an exercise, run after a script.
type Check struct {
	Query string
	// Want is the query's outcome on the solution's tables.
	Want *engine.Outcome
	// Got is its outcome after the script being checked (nil when the data
	// could not be written, so no query ran).
	Got *engine.Outcome
}

// Passed reports whether the check works: the query ran and returned the
// rows it returns on the solution.
func (c Check) Passed() bool {
	return c.Got != nil && c.Got.Error == nil && c.Want != nil && SameRows(c.Want, c.Got, Ordered(c.Query))
}

// CheckRun is an exercise's verdict on one script.
type CheckRun struct {
	// DataError is the first data statement that failed on the script's
	// tables (then no check ran), or nil.
	DataError *engine.Outcome
	Checks    []Check
}

// Passed counts the checks that work.
func (r CheckRun) Passed() int {
	n := 0
	for _, c := range r.Checks {
		if c.Passed() {
			n++
		}
	}
	return n
}

// RunChecks writes the exercise's data into s, after whatever ran there, and
// runs each check query, each on its own, against want (the solution's
// outcomes, one per check; nil while computing them).
func (x *Exercise) RunChecks(s *engine.Session, want []engine.Outcome) CheckRun {
	var r CheckRun
	for _, o := range s.Run(x.Data) {
		if o.Error != nil {
			o := o
			r.DataError = &o
			break
		}
	}
	for i, st := range x.Checks {
		c := Check{Query: st.Text}
		if i < len(want) {
			c.Want = &want[i]
		}
		if r.DataError == nil {
			if outs := s.Run(st.Text); len(outs) > 0 {
				c.Got = &outs[0]
			}
		}
		r.Checks = append(r.Checks, c)
	}
	return r
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
	for i, c := range r.Checks {
		st := x.Checks[i]
		at := l.where(ex, st.Line)
		switch {
		case c.Got == nil:
			problems = append(problems, at+": the engine returned no outcome for the check "+quoteStmt(st.Text))
			continue
		case c.Got.Error != nil:
			problems = append(problems, at+": the check "+quoteStmt(st.Text)+" fails on the exercise's own solution: "+c.Got.Error.Error())
		case len(c.Got.Rows) == 0:
			problems = append(problems, at+": the check "+quoteStmt(st.Text)+" returns no rows on the solution: a check that expects nothing proves nothing")
		case st.Rows >= 0 && len(c.Got.Rows) != st.Rows:
			problems = append(problems, at+": the check "+quoteStmt(st.Text)+" should return "+strconv.Itoa(st.Rows)+" rows on the solution but returns "+strconv.Itoa(len(c.Got.Rows)))
		}
		want = append(want, *c.Got)
	}
	return want, problems
}
