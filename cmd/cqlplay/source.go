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
		if c := skipBlanksAndComments(stmt); c == "" || c[0]|0x20 != 's' && c[0]|0x20 != 'c' {
			continue // neither SOURCE nor CAPTURE: the common case, kept cheap
		}
		line := firstLine + strings.Count(script[:offset-1], "\n")
		if arg, ok := captureCommand(stmt); ok {
			runLines(sess, p, script[chunk:offset-end], firstLine+strings.Count(script[:chunk], "\n"), asJSON)
			chunk = offset
			text := strings.TrimSuffix(skipBlanksAndComments(stmt), ";")
			o := engine.Outcome{Statement: text, Line: line - strings.Count(text, "\n")}
			o.Text, o.Error = capture(p, arg)
			printOutcome(p, &o, asJSON)
			continue
		}
		name, ok := sourceCommand(stmt)
		if !ok {
			continue
		}
		runLines(sess, p, script[chunk:offset-end], firstLine+strings.Count(script[:chunk], "\n"), asJSON)
		chunk = offset
		sourced, err := readSource(name)
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
			// The subshell writes its query output to standard output,
			// whatever its parent captures.
			parent := *p
			p.source, p.tty, p.capture, p.captureName, p.captureFile = name, false, nil, "", nil
			runSourcing(sess, p, sourced, 1, depth+1, asJSON)
			p.endCapture()
			p.source, p.tty, p.capture, p.captureName, p.captureFile = parent.source, parent.tty, parent.capture, parent.captureName, parent.captureFile
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

// captureCommand reports whether stmt is cqlsh's CAPTURE [OFF | '<file>']
// (cqlshhandling's <captureCommand>), and its argument: "" for none, "OFF",
// or the file's name in its quotes. Another CAPTURE is left to the engine,
// which refuses it ("Improper CAPTURE command.").
func captureCommand(stmt string) (string, bool) {
	s := skipBlanksAndComments(stmt)
	if len(s) < 7 || !strings.EqualFold(s[:7], "CAPTURE") {
		return "", false
	}
	s = strings.TrimRight(skipBlanksAndComments(s[7:]), "; \t\r\n")
	switch {
	case s == "":
		return "", len(skipBlanksAndComments(stmt)) == 7 || strings.ContainsAny(skipBlanksAndComments(stmt)[7:8], " \t\r\n;")
	case strings.EqualFold(s, "OFF"):
		return "OFF", true
	case s[0] == '\'' && skipQuoted(s, 0, '\'') == len(s):
		return s, true
	}
	return "", false
}

// capture runs cqlsh's do_capture on p: CAPTURE says where output goes,
// CAPTURE OFF closes the file, CAPTURE '<file>' opens it for append and
// sends query output there. It returns what cqlsh prints, or its refusal.
func capture(p *printer, arg string) (string, *engine.Error) {
	switch {
	case arg == "" && p.capture != nil:
		return "Currently capturing query output to " + pyRepr(p.captureName) + ".", nil
	case arg == "":
		return "Currently not capturing query output.", nil
	case arg == "OFF" && p.capture == nil:
		return "", engine.ErrNotCapturing()
	case arg == "OFF":
		p.endCapture()
		return "", nil
	case p.capture != nil:
		return "", engine.ErrAlreadyCapturing(p.captureName)
	}
	name := expandUser(strings.ReplaceAll(arg[1:len(arg)-1], "''", "'"))
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return "", engine.ErrCaptureUnwritable(pyRepr(name), pyIOError(err, name))
	}
	p.capture, p.captureName, p.captureFile = f, name, f
	return "Now capturing query output to " + pyRepr(name) + ".", nil
}

// endCapture closes the capture file, if any.
func (p *printer) endCapture() {
	if p.captureFile != nil {
		p.captureFile.Close()
	}
	p.capture, p.captureName, p.captureFile = nil, "", nil
}

func expandUser(path string) string {
	if home, err := os.UserHomeDir(); err == nil && (path == "~" || strings.HasPrefix(path, "~/")) {
		return filepath.Join(home, path[1:])
	}
	return path
}

// pyIOError is Python's str of the IOError err raised for path.
func pyIOError(err error, path string) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "[Errno 2] No such file or directory: " + pyRepr(path)
	case errors.Is(err, fs.ErrPermission):
		return "[Errno 13] Permission denied: " + pyRepr(path)
	case errors.Is(err, syscall.EISDIR):
		return "[Errno 21] Is a directory: " + pyRepr(path)
	}
	return err.Error()
}

// readSource reads a SOURCE'd file, ~ expanded as os.path.expanduser does,
// with Python's words for the IOError that refuses it.
func readSource(name string) (string, error) {
	path := expandUser(name)
	b, err := os.ReadFile(path)
	if err != nil {
		return "", errors.New(pyIOError(err, path))
	}
	return strings.TrimPrefix(string(b), "\uFEFF"), nil
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
