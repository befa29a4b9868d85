package lesson

import (
	"strconv"
	"strings"
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

// Split cuts CQL into statements at each ';' outside strings, quoted names
// and comments, and attaches each `-- fails:` / `-- rows:` comment to the
// statement it follows. A comment of that form anywhere else (before any
// statement, or inside one) is an error: the writer meant it for a statement
// and it would otherwise be silently ignored. Errors are *Error with Line
// counted in code lines and an empty Path.
//
// Split does not parse CQL; the engine does. It only has to agree with the
// engine on where statements start, which needs no more than the lexical
// rules of strings and comments.
func Split(code string) ([]Statement, error) {
	var (
		out     []Statement
		cur     strings.Builder
		start   = -1 // line of the statement being read; -1 between statements
		line    = 1
		i       = 0
		newStmt = func() {
			// Only ASCII space is trimmed: it is all that cannot start a
			// statement, and anything else is the engine's to reject.
			out = append(out, Statement{Text: strings.Trim(cur.String(), asciiSpace), Line: start, Rows: -1})
			cur.Reset()
			start = -1
		}
	)
	for i < len(code) {
		c := code[i]
		switch {
		case c == '\n':
			line++
			if start >= 0 {
				cur.WriteByte(c)
			}
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			if start >= 0 {
				cur.WriteByte(c)
			}
			i++
		case strings.HasPrefix(code[i:], "--") || strings.HasPrefix(code[i:], "//"):
			end := strings.IndexByte(code[i:], '\n')
			if end < 0 {
				end = len(code) - i
			}
			comment := code[i : i+end]
			if err := expect(out, start, comment, line); err != nil {
				return nil, err
			}
			if start >= 0 {
				cur.WriteString(comment)
			}
			i += end
		case strings.HasPrefix(code[i:], "/*"):
			end := strings.Index(code[i+2:], "*/")
			if end < 0 {
				return nil, &Error{Line: line, Msg: "unterminated /* comment"}
			}
			text := code[i : i+2+end+2]
			if start >= 0 {
				cur.WriteString(text)
			}
			line += strings.Count(text, "\n")
			i += len(text)
		case c == ';':
			if start < 0 { // an empty statement: cqlsh skips it, so do we
				i++
				continue
			}
			if inBatch(cur.String()) {
				// BEGIN BATCH ... APPLY BATCH is one statement whose inner
				// statements end in ';', as the engine and cqlsh read it.
				cur.WriteByte(c)
				i++
				continue
			}
			newStmt()
			i++
		default:
			if start < 0 {
				start = line
			}
			n := quotedLen(code[i:])
			cur.WriteString(code[i : i+n])
			line += strings.Count(code[i:i+n], "\n")
			i += n
		}
	}
	if start >= 0 {
		newStmt()
	}
	return out, nil
}

const asciiSpace = " \t\r\n\f\v"

// inBatch reports whether text is a BEGIN ... BATCH statement not yet closed
// by APPLY BATCH.
func inBatch(text string) bool {
	fields := strings.Fields(strings.ToUpper(text))
	if len(fields) == 0 || fields[0] != "BEGIN" {
		return false
	}
	n := len(fields)
	return !(n >= 2 && fields[n-2] == "APPLY" && fields[n-1] == "BATCH")
}

// quotedLen returns the length of the string, quoted name or $$ string that
// starts s, or 1 for any other byte. An unterminated one runs to the end.
func quotedLen(s string) int {
	switch {
	case strings.HasPrefix(s, "$$"):
		if end := strings.Index(s[2:], "$$"); end >= 0 {
			return end + 4
		}
		return len(s)
	case s[0] == '\'' || s[0] == '"':
		q := s[0]
		for j := 1; j < len(s); j++ {
			if s[j] == q {
				if j+1 < len(s) && s[j+1] == q { // '' or "" escapes the quote
					j++
					continue
				}
				return j + 1
			}
		}
		return len(s)
	}
	return 1
}

// expect records the expectation a comment states, if any, on the last
// statement of out. inStmt is the start line of a statement being read (-1
// between statements).
func expect(out []Statement, inStmt int, comment string, line int) error {
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
	case inStmt >= 0:
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
