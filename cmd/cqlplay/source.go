package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/cqlplay/cqlplay/engine"
)

// maxSourceDepth bounds SOURCE within SOURCE: cqlsh recurses until Python
// stops it; cqlplay stops a file that sources itself here.
const maxSourceDepth = 16

// runSourcing runs script (read from p.source, its first line being line
// firstLine there) and prints its outcomes, running each SOURCE '<file>' it
// holds in its place as cqlsh's do_source does: the file read, then run in a
// subshell (engine.Session.Subshell) that reads no terminal, so that its
// errors name the file and its lines. A script without SOURCE runs in one
// call, as before.
func runSourcing(sess session, p *printer, script string, firstLine, depth int, asJSON bool) {
	chunk, offset := 0, 0
	for {
		end := nextStatementEnd(script[offset:])
		if end < 0 {
			break
		}
		stmt := script[offset : offset+end]
		offset += end
		name, ok := sourceCommand(stmt)
		if !ok {
			continue
		}
		runLines(sess, p, script[chunk:offset-end], firstLine+strings.Count(script[:chunk], "\n"), asJSON)
		chunk = offset
		line := firstLine + strings.Count(script[:offset-1], "\n")
		text, err := readSource(name)
		if err != nil || depth >= maxSourceDepth {
			if err == nil {
				err = errors.New("[Errno 40] Too many levels of SOURCE")
			}
			text := strings.TrimSuffix(skipBlanksAndComments(stmt), ";")
			o := engine.Outcome{Statement: text, Line: line - strings.Count(text, "\n"), Error: engine.ErrSourceUnreadable(pyRepr(name), err.Error())}
			printOutcome(p, &o, asJSON)
			continue
		}
		run := func() {
			source, tty := p.source, p.tty
			p.source, p.tty = name, false
			runSourcing(sess, p, text, 1, depth+1, asJSON)
			p.source, p.tty = source, tty
		}
		if sess.subshell != nil {
			sess.subshell(run)
		} else {
			run()
		}
	}
	if strings.TrimSpace(script[chunk:]) != "" {
		runLines(sess, p, script[chunk:], firstLine+strings.Count(script[:chunk], "\n"), asJSON)
	}
}

// runLines runs a piece of a script whose first line is firstLine and
// prints its outcomes numbered in the whole script's lines.
func runLines(sess session, p *printer, text string, firstLine int, asJSON bool) {
	if strings.TrimSpace(text) == "" {
		return
	}
	outs := sess.run(text)
	for i := range outs {
		outs[i].Line += firstLine - 1
		printOutcome(p, &outs[i], asJSON)
	}
}

func printOutcome(p *printer, o *engine.Outcome, asJSON bool) {
	if asJSON {
		p.printJSON(o)
	} else {
		p.print(o)
	}
}

// sourceCommand reports whether stmt is cqlsh's SOURCE '<file>' (after any
// blanks and comments), and the file's name as cqlsh unquotes it. Another
// statement beginning with SOURCE is left to the engine, which refuses it as
// cqlsh does ("Improper SOURCE command.").
func sourceCommand(stmt string) (string, bool) {
	s := skipBlanksAndComments(stmt)
	if len(s) < 7 || !strings.EqualFold(s[:6], "SOURCE") || !strings.ContainsAny(s[6:7], " \t\r\n'") {
		return "", false
	}
	s = strings.TrimLeft(s[6:], " \t\r\n")
	if s == "" || s[0] != '\'' {
		return "", false
	}
	j := skipQuoted(s, 0, '\'')
	if j < 0 || strings.TrimRight(skipBlanksAndComments(s[j:]), ";") != "" {
		return "", false
	}
	return strings.ReplaceAll(s[1:j-1], "''", "'"), true
}

func skipBlanksAndComments(s string) string {
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		switch {
		case strings.HasPrefix(s, "--"), strings.HasPrefix(s, "//"):
			s = s[skipLine(s, 0):]
		case strings.HasPrefix(s, "/*"):
			j := indexFrom(s, 2, "*/")
			if j < 0 {
				return ""
			}
			s = s[j+2:]
		default:
			return s
		}
	}
}

// readSource reads a SOURCE'd file, ~ expanded as os.path.expanduser does,
// with Python's words for the IOError that refuses it.
func readSource(name string) (string, error) {
	path := name
	if home, err := os.UserHomeDir(); err == nil && (path == "~" || strings.HasPrefix(path, "~/")) {
		path = filepath.Join(home, path[1:])
	}
	b, err := os.ReadFile(path)
	switch {
	case err == nil:
		return strings.TrimPrefix(string(b), "\uFEFF"), nil
	case errors.Is(err, fs.ErrNotExist):
		return "", errors.New("[Errno 2] No such file or directory: " + pyRepr(path))
	case errors.Is(err, fs.ErrPermission):
		return "", errors.New("[Errno 13] Permission denied: " + pyRepr(path))
	case errors.Is(err, syscall.EISDIR):
		return "", errors.New("[Errno 21] Is a directory: " + pyRepr(path))
	}
	return "", err
}

// pyRepr is Python's repr of a str: in single quotes, or double quotes when
// it holds a single quote and no double one; backslashes and the quote escaped.
func pyRepr(s string) string {
	q := "'"
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		q = `"`
	}
	s = strings.ReplaceAll(s, `\`, `\\`)
	if q == "'" {
		s = strings.ReplaceAll(s, "'", `\'`)
	}
	return q + s + q
}
