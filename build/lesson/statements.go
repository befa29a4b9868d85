package lesson

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine"
)

// Statement is one statement of an example's code and what its writer
// expects of it.
type Statement struct {
	Text string // the statement as written, without the ';'
	Line int    // 1-based line of the code the statement starts on
	// Fails, when set, is a part of the error message the statement must fail with.
	Fails string
	// Rows, when not -1, is the exact number of rows the statement must return.
	Rows int
	// ExpectLine is the code line of the expectation comment (0 when none).
	ExpectLine int
}

// Expectation describes what s must do, as a phrase for messages.
func (s Statement) Expectation() string {
	switch {
	case s.Fails != "":
		return "fail with " + strconv.Quote(s.Fails)
	case s.Rows >= 0:
		return "return " + strconv.Itoa(s.Rows) + " rows"
	}
	return "succeed"
}

// Split cuts CQL into statements where the engine does (engine.Statements:
// at each ';' outside strings, quoted names, comments and batches; a
// directive is not a statement), and attaches each `-- fails:` / `-- rows:`
// comment (engine.Comments) to the statement it follows. A comment of that
// form anywhere else (before any statement, or inside one) is an error: the
// writer meant it for a statement and it would otherwise be silently
// ignored. Errors are *Error with Line counted in code lines and an empty
// Path.
//
// A statement's Text runs from its first token to its ';', comments before
// the ';' included, as written.
func Split(code string) ([]Statement, error) {
	var (
		out   []Statement
		spans [][2]int // each statement's span in code: its start, and its ';' or the end of code
	)
	for _, st := range engine.Statements(code) {
		if st.Directive {
			continue
		}
		// The engine's lexer skips these between tokens; anything else
		// before the ';' is the statement's, for the engine to reject.
		text := strings.TrimRight(code[st.Start:st.End], " \t\r\n")
		out = append(out, Statement{Text: text, Line: st.Line, Rows: -1})
		spans = append(spans, [2]int{st.Start, st.End})
	}
	before := 0 // how many statements start before the comment
	for _, c := range engine.Comments(code) {
		if c.Open {
			return nil, &Error{Line: c.Line, Msg: "unterminated /* comment"}
		}
		for before < len(spans) && spans[before][0] < c.Start {
			before++
		}
		inside := before > 0 && c.Start < spans[before-1][1]
		if err := expect(out[:before], inside, c.Text, c.Line); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// expect records the expectation a comment on line states, if any, on the
// last statement of out; inside says the comment is inside a statement.
func expect(out []Statement, inside bool, comment string, line int) error {
	if !strings.HasPrefix(comment, "--") {
		return nil
	}
	body := strings.TrimSpace(comment[2:])
	kind, value, ok := strings.Cut(body, ":")
	if !ok || (kind != "fails" && kind != "rows") {
		return nil
	}
	value = strings.TrimSpace(value)
	switch {
	case inside:
		return &Error{Line: line, Msg: "`-- " + kind + ":` inside a statement: put it after the statement's ';'"}
	case len(out) == 0:
		return &Error{Line: line, Msg: "`-- " + kind + ":` before any statement: put it after the statement it is about"}
	}
	s := &out[len(out)-1]
	if s.Fails != "" || s.Rows >= 0 {
		return &Error{Line: line, Msg: "statement on line " + strconv.Itoa(s.Line) + " already has an expectation (line " + strconv.Itoa(s.ExpectLine) + ")"}
	}
	s.ExpectLine = line
	if kind == "fails" {
		if value == "" {
			return &Error{Line: line, Msg: "`-- fails:` needs a part of Cassandra's error message"}
		}
		s.Fails = value
		return nil
	}
	n, err := strconv.Atoi(value)
	if err != nil || n < 0 {
		return &Error{Line: line, Msg: "`-- rows:` needs a row count, not " + strconv.Quote(value)}
	}
	s.Rows = n
	return nil
}
