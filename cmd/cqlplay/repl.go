package main

import (
	"bufio"
	"strconv"
	"strings"
)

const (
	prompt         = "cqlplay> "
	continuePrompt = "     ... "
)

// repl reads lines, runs each complete statement (up to its ';') as soon as
// it is read, and keeps one session throughout, like cqlsh at a terminal.
// With tty false (input piped in) it prints no prompts and lays results out as
// cqlsh does for a file, with "<stdin>:<line>:" before errors. It ends at end
// of input or at a line "exit" or "quit".
//
// It is plain line reading (bufio), with no line editing: a terminal's own
// line discipline gives backspace, and a readline dependency is not worth it.
func repl(e env) int {
	tty := e.tty
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	p := &printer{out: out, errOut: &flushFirst{first: out, w: e.stderr}, tty: tty, source: "<stdin>"}
	sess := e.newSession("en")
	in := bufio.NewReader(e.stdin)
	if tty {
		p.more = func(b []byte) []byte {
			out.WriteString("---MORE---")
			out.Flush()
			in.ReadString('\n')
			return b
		}
	}
	var pending strings.Builder
	pendingLine := 1 // the input line pending text starts on
	lineNo := 0
	for {
		if tty {
			if pending.Len() == 0 {
				out.WriteString(prompt)
			} else {
				out.WriteString(continuePrompt)
			}
			out.Flush()
		}
		line, err := in.ReadString('\n')
		if line == "" && err != nil {
			break
		}
		lineNo++
		if !strings.HasSuffix(line, "\n") {
			line += "\n"
		}
		if isQuit(pending.String(), line) {
			break
		}
		if pending.Len() == 0 {
			if strings.TrimSpace(line) == "" {
				continue
			}
			pendingLine = lineNo
		}
		pending.WriteString(line)
		text := pending.String()
		end, _ := statementEnd(text)
		if end < 0 {
			continue
		}
		runSourcing(sess, p, text[:end], pendingLine, 0, false)
		rest := text[end:]
		pendingLine += strings.Count(text[:end], "\n")
		pending.Reset()
		if strings.TrimSpace(rest) != "" {
			pending.WriteString(rest)
		}
	}
	if _, rest := statementEnd(pending.String()); rest {
		p.failed = true
		p.errOut.Write([]byte(errorPrefix(p, lineNo) + "Incomplete statement at end of file\n"))
	}
	if tty {
		out.WriteString("\n")
	}
	if p.failed {
		return exitStatement
	}
	return exitOK
}

func isQuit(pending, line string) bool {
	if strings.TrimSpace(pending) != "" {
		return false
	}
	w := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(line), ";"))
	return w == "exit" || w == "quit"
}

func errorPrefix(p *printer, line int) string {
	if p.tty {
		return ""
	}
	return p.source + ":" + strconv.Itoa(line) + ":"
}
