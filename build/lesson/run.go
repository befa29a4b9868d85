package lesson

import (
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/cqlplay/cqlplay/engine"
)

// RunTimeout bounds one example's run, so a runaway example fails the build
// or the test instead of hanging it.
const RunTimeout = 10 * time.Second

// Result is what the engine did with one example.
type Result struct {
	Example  *Example
	Outcomes []engine.Outcome // the example's own statements, not its prelude's
	// Problems lists every way the outcomes disagree with the example's
	// expectations (and any failure of its prelude), as file:line messages.
	Problems []string
	// Session is the session after the run, for views that read its state
	// (for an exercise, after its data was written and its checks ran).
	Session *engine.Session
	// Checks is an exercise's verdict on its starting text.
	Checks *CheckRun
	// Patterns are the access patterns the script lists (ParsePatterns),
	// run after it; an exercise has checks instead.
	Patterns []PatternRun
}

// Run runs ex with its prelude in a fresh session and checks its expectations.
func (l *Lesson) Run(ex *Example) Result {
	r := Result{Example: ex}
	// The lesson's language: the pre-rendered Why view explains in it.
	s := engine.NewSession(engine.Options{Version: ex.Version, Timeout: RunTimeout, Lang: l.Lang})
	r.Session = s
	if !l.runChecked(&r, s.Run) {
		return r
	}
	if x := ex.Exercise; x != nil {
		want, problems := l.runExercise(ex)
		r.Problems = append(r.Problems, problems...)
		if len(problems) == 0 {
			r.Problems = append(r.Problems, l.runAnswers(ex, want)...)
		}
		checks := x.RunChecks(s, want)
		r.Checks = &checks
		if len(problems) == 0 && checks.Passed() == len(checks.Checks) {
			r.Problems = append(r.Problems, l.where(ex, 1)+": every check of the exercise already works on its starting text: there is nothing for the reader to do")
		}
	} else if ps := ParsePatterns(ex.Code); len(ps) > 0 {
		r.Patterns = RunPatterns(s, ps)
	}
	return r
}

// RunOn runs ex with its prelude through run, which runs a script as
// engine.Session.Run does, in a session of the caller's that holds nothing
// yet (`cqlplay check --cluster` runs examples on a real cluster, each in
// a keyspace of its own), and checks the example's expectations (-- fails:,
// -- rows:). An exercise's solution, checks and wrong answers, and access
// patterns, read the engine's state: they are not run, and Result.Session
// is nil.
func (l *Lesson) RunOn(ex *Example, run func(script string) []engine.Outcome) Result {
	r := Result{Example: ex}
	l.runChecked(&r, run)
	return r
}

// runChecked runs r's example, its prelude first, through run and checks
// its outcomes into r; false when a panic stopped it.
func (l *Lesson) runChecked(r *Result, run func(string) []engine.Outcome) bool {
	ex := r.Example
	for _, p := range ex.Prelude {
		outs, err := safeRun(run, p.Code)
		if err != "" {
			r.Problems = append(r.Problems, l.where(p, 1)+": engine panicked running the prelude of the example on line "+strconv.Itoa(ex.Line)+": "+err)
			return false
		}
		for i, o := range outs {
			// A statement the prelude's example shows failing (-- fails:) is
			// part of the story; any other failure leaves ex in a wrong state.
			if o.Error != nil && (i >= len(p.Statements) || p.Statements[i].Fails == "") {
				r.Problems = append(r.Problems, l.where(p, o.Line)+": prelude statement of the example on line "+
					strconv.Itoa(ex.Line)+" failed, so that example starts from the wrong state: "+o.Error.Error())
			}
		}
	}
	outs, err := safeRun(run, ex.Code)
	if err != "" {
		r.Problems = append(r.Problems, l.where(ex, 1)+": engine panicked: "+err)
		return false
	}
	r.Outcomes = outs
	r.Problems = append(r.Problems, l.check(ex, outs)...)
	return true
}

// RunAll runs every example of the lesson.
func (l *Lesson) RunAll() []Result {
	out := make([]Result, len(l.Examples))
	for i, ex := range l.Examples {
		out[i] = l.Run(ex)
	}
	return out
}

// check compares outcomes with the expectations, statement by statement.
func (l *Lesson) check(ex *Example, outs []engine.Outcome) []string {
	var problems []string
	if len(outs) == 0 && len(ex.Statements) > 0 {
		return []string{l.where(ex, ex.Statements[0].Line) + ": the engine returned no outcome for any of the example's " +
			strconv.Itoa(len(ex.Statements)) + " statements"}
	}
	if len(outs) != len(ex.Statements) {
		problems = append(problems, l.where(ex, 1)+": the example has "+strconv.Itoa(len(ex.Statements))+
			" statements but the engine returned "+strconv.Itoa(len(outs))+" outcomes")
	}
	for i, st := range ex.Statements {
		if i >= len(outs) {
			problems = append(problems, l.where(ex, st.Line)+": no outcome for statement "+quoteStmt(st.Text)+
				", which should "+st.Expectation())
			continue
		}
		if msg := verdict(st, outs[i]); msg != "" {
			problems = append(problems, l.where(ex, st.Line)+": statement "+quoteStmt(st.Text)+" should "+
				st.Expectation()+" but "+msg)
		}
	}
	return problems
}

// verdict returns "" when o meets st's expectation, else what happened instead.
func verdict(st Statement, o engine.Outcome) string {
	switch {
	case st.Fails != "":
		if o.Error == nil {
			return "it succeeded"
		}
		if !strings.Contains(o.Error.Message, st.Fails) {
			return "it failed with " + describe(o.Error)
		}
	case o.Error != nil:
		return "it failed with " + describe(o.Error)
	case st.Rows >= 0:
		if !o.HasResult() {
			return "it returned no result set"
		}
		if len(o.Rows) != st.Rows {
			return "it returned " + strconv.Itoa(len(o.Rows)) + " rows"
		}
	}
	return ""
}

func describe(e *engine.Error) string {
	return string(e.Code) + " " + strconv.Quote(e.Message)
}

func (l *Lesson) where(ex *Example, codeLine int) string {
	return l.Path + ":" + strconv.Itoa(ex.CodeLine(codeLine))
}

// quoteStmt shortens a statement to its first line for messages.
func quoteStmt(s string) string {
	first, _, more := strings.Cut(s, "\n")
	if more || len(first) > 80 {
		if r := []rune(first); len(r) > 80 {
			first = string(r[:77])
		}
		first += "..."
	}
	return "`" + first + "`"
}

// safeRun runs a script, turning an engine panic into a message with its
// stack so that one bad example does not hide the others.
func safeRun(run func(string) []engine.Outcome, script string) (outs []engine.Outcome, panicked string) {
	defer func() {
		if r := recover(); r != nil {
			panicked = panicText(r) + "\n" + string(debug.Stack())
		}
	}()
	return run(script), ""
}

func panicText(r any) string {
	switch v := r.(type) {
	case error:
		return v.Error()
	case string:
		return v
	}
	return "non-error panic value"
}
