package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
)

// fakeSession stands in for the engine where a test is about the command's
// own behaviour (reading input, numbering lines, exit status): it splits a
// script at each ';' and answers each statement with its text, or with an
// InvalidRequest when the statement contains "fail". It records the scripts
// it was given.
type fakeSession struct{ scripts []string }

func (f *fakeSession) run(script string) []engine.Outcome {
	f.scripts = append(f.scripts, script)
	var outs []engine.Outcome
	line := 1
	for _, part := range strings.SplitAfter(script, ";") {
		stmt := strings.TrimSuffix(part, ";")
		lead := len(stmt) - len(strings.TrimLeft(stmt, " \t\r\n"))
		stmtLine := line + strings.Count(stmt[:lead], "\n")
		line += strings.Count(part, "\n")
		stmt = strings.TrimSpace(stmt)
		if stmt == "" || !strings.HasSuffix(part, ";") {
			continue
		}
		o := engine.Outcome{Statement: stmt, Line: stmtLine, Text: "ran " + stmt}
		if strings.Contains(stmt, "fail") {
			o.Text = ""
			o.Error = invalidErr("failed " + stmt)
		}
		outs = append(outs, o)
	}
	return outs
}

// layout answers with the form, the table and how many scripts ran, or an
// error for the table "missing".
func (f *fakeSession) layout(form, table string) (string, error) {
	if table == "missing" {
		return "", errors.New(`unknown table "missing"`)
	}
	return form + " of " + table + " after " + strconv.Itoa(len(f.scripts)) + " scripts", nil
}

func runCLI(t *testing.T, args []string, stdin string, tty bool) (stdout, stderr string, code int, f *fakeSession) {
	t.Helper()
	f = &fakeSession{}
	var o, e bytes.Buffer
	code = cli(args, env{
		stdin:      strings.NewReader(stdin),
		stdout:     &o,
		stderr:     &e,
		tty:        tty,
		newSession: func(string) session { return session{run: f.run, layout: f.layout} },
	})
	return o.String(), e.String(), code, f
}

func TestRunStdin(t *testing.T) {
	stdout, stderr, code, f := runCLI(t, []string{"run"}, "a;\n\nfail b\n  more;\nc;", false)
	if code != exitStatement {
		t.Errorf("exit %d, want %d", code, exitStatement)
	}
	if want := "\nran a\n\nran c\n"; stdout != want {
		t.Errorf("stdout %q, want %q", stdout, want)
	}
	// The error is reported on the line of the statement's ';', as cqlsh does.
	want := `<stdin>:4:InvalidRequest: Error from server: code=2200 [Invalid query] message="failed fail b` + "\n" + `  more"` + "\n"
	if stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if len(f.scripts) != 1 {
		t.Errorf("ran %d scripts, want the whole input as one", len(f.scripts))
	}
}

func TestRunFilesInOneSession(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.cql")
	b := filepath.Join(dir, "b.cql")
	os.WriteFile(a, []byte("\uFEFFone;\n"), 0o644)
	os.WriteFile(b, []byte("two;\nfail three;\n"), 0o644)
	stdout, stderr, code, f := runCLI(t, []string{"run", a, b}, "", false)
	if code != exitStatement {
		t.Errorf("exit %d, want %d", code, exitStatement)
	}
	if want := "\nran one\n\nran two\n"; stdout != want {
		t.Errorf("stdout %q, want %q", stdout, want)
	}
	want := b + `:2:InvalidRequest: Error from server: code=2200 [Invalid query] message="failed fail three"` + "\n"
	if stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if len(f.scripts) != 2 || f.scripts[0] != "one;\n" {
		t.Errorf("scripts %q: want each file once, byte order mark dropped", f.scripts)
	}
}

func TestRunJSON(t *testing.T) {
	stdout, stderr, code, _ := runCLI(t, []string{"run", "--json"}, "a;\nfail <b>;\n", false)
	want := `{"statement":"a","line":1,"text":"ran a","warnings":[]}` + "\n" +
		`{"statement":"fail \u003cb\u003e","line":2,"warnings":[],"error":{"code":"InvalidRequest","message":"failed fail \u003cb\u003e",` +
		`"cqlsh":"InvalidRequest: Error from server: code=2200 [Invalid query] message=\"failed fail \u003cb\u003e\""}}` + "\n"
	if stdout != want || stderr != "" || code != exitStatement {
		t.Errorf("got exit %d, stdout\n%s\nstderr %q; want exit 2, stdout\n%s", code, stdout, stderr, want)
	}
	stdout, _, code, _ = runCLI(t, []string{"run", "--json"}, "a;", false)
	if code != exitOK || stdout != `{"statement":"a","line":1,"text":"ran a","warnings":[]}`+"\n" {
		t.Errorf("exit %d stdout %q", code, stdout)
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		code       int
		stderrHead string
	}{
		{"unknown command", []string{"frobnicate"}, exitUsage, "cqlplay: unknown command \"frobnicate\"\nusage:"},
		{"unknown flag", []string{"run", "--jsn"}, exitUsage, "flag provided but not defined: -jsn\nusage:"},
		{"missing file", []string{"run", "testdata/no-such-file.cql"}, exitUsage, "cqlplay: open testdata/no-such-file.cql: no such file or directory\n"},
		{"repl arguments", []string{"repl", "x"}, exitUsage, "cqlplay repl takes no arguments\nusage:"},
		{"table without layout", []string{"run", "--table", "t"}, exitUsage, "cqlplay run: --table needs --layout\nusage:"},
		{"unknown layout form", []string{"run", "--layout", "xml"}, exitUsage, "cqlplay run: unknown layout form \"xml\" (known: map, tree, cli, sstabledump, ring, summary)\n"},
		{"unknown language", []string{"run", "--lang", "fr"}, exitUsage, "cqlplay run: unknown language \"fr\" (known: en, zh)\n"},
		{"unknown layout table", []string{"run", "--layout", "cli", "--table", "missing"}, exitUsage, "cqlplay run: --layout: unknown table \"missing\"\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code, _ := runCLI(t, tt.args, "", false)
			if code != tt.code || !strings.HasPrefix(stderr, tt.stderrHead) {
				t.Errorf("exit %d stderr %q, want exit %d and stderr starting %q", code, stderr, tt.code, tt.stderrHead)
			}
		})
	}
	stdout, _, code, _ := runCLI(t, []string{"help"}, "", false)
	if code != exitOK || stdout != usage {
		t.Errorf("help: exit %d, stdout %q", code, stdout)
	}
}

func TestRunLayout(t *testing.T) {
	stdout, _, code, _ := runCLI(t, []string{"run", "--layout", "cli", "--table", "t"}, "a;\n", false)
	if want := "\nran a\n\ncli of t after 1 scripts\n"; stdout != want || code != exitOK {
		t.Errorf("exit %d stdout %q, want %q", code, stdout, want)
	}
	stdout, _, code, _ = runCLI(t, []string{"run", "--json", "--layout", "map"}, "a;\n", false)
	want := `{"statement":"a","line":1,"text":"ran a","warnings":[]}` + "\n" + `{"form":"map","table":"","map":map of  after 1 scripts}` + "\n"
	if stdout != want || code != exitOK {
		t.Errorf("exit %d stdout\n%s\nwant\n%s", code, stdout, want)
	}
}

func TestNoArguments(t *testing.T) {
	// Piped input with no command runs it, as cqlsh does with a pipe.
	stdout, _, code, _ := runCLI(t, nil, "a;", false)
	if stdout != "\nran a\n" || code != exitOK {
		t.Errorf("piped: exit %d stdout %q", code, stdout)
	}
	// At a terminal it is the REPL: prompts, and a newline at the end.
	stdout, _, code, _ = runCLI(t, nil, "a;\n", true)
	if want := "cqlplay> \nran a\ncqlplay> \n"; stdout != want || code != exitOK {
		t.Errorf("terminal: exit %d stdout %q, want %q", code, stdout, want)
	}
}

func TestREPL(t *testing.T) {
	tests := []struct {
		name, in       string
		tty            bool
		stdout, stderr string
		code           int
		scripts        []string
	}{
		{
			name:    "statements run as their line is read",
			in:      "a;\nb\n c; d\n;\n",
			stdout:  "\nran a\n\nran b\n c\n\nran d\n",
			scripts: []string{"a;", "b\n c;", " d\n;"},
		},
		{
			name:    "prompts at a terminal",
			in:      "a;\nb\nc;\n",
			tty:     true,
			stdout:  "cqlplay> \nran a\ncqlplay>      ... \nran b\nc\ncqlplay> \n",
			scripts: []string{"a;", "b\nc;"},
		},
		{
			name:    "semicolons in strings and comments do not end a statement",
			in:      "x 'a;b' \"c;d\" -- e;\n/* f; */ $$g;$$ ;\n",
			stdout:  "\nran x 'a\n\nran b' \"c\n\nran d\" -- e\n\nran /* f\n\nran */ $$g\n\nran $$\n",
			scripts: []string{"x 'a;b' \"c;d\" -- e;\n/* f; */ $$g;$$ ;"},
		},
		{
			name:    "errors are numbered by input line outside a terminal",
			in:      "a;\n\nfail\n b;\n",
			stdout:  "\nran a\n",
			stderr:  `<stdin>:4:InvalidRequest: Error from server: code=2200 [Invalid query] message="failed fail` + "\n" + ` b"` + "\n",
			code:    exitStatement,
			scripts: []string{"a;", "fail\n b;"},
		},
		{
			name:    "errors have no prefix at a terminal",
			in:      "fail;\n",
			tty:     true,
			stdout:  "cqlplay> cqlplay> \n",
			stderr:  `InvalidRequest: Error from server: code=2200 [Invalid query] message="failed fail"` + "\n",
			code:    exitStatement,
			scripts: []string{"fail;"},
		},
		{
			name:    "exit stops reading",
			in:      "a;\nexit\nb;\n",
			stdout:  "\nran a\n",
			scripts: []string{"a;"},
		},
		{
			name:    "quit; stops reading",
			in:      "a;\nQUIT;\nb;\n",
			stdout:  "\nran a\n",
			scripts: []string{"a;"},
		},
		{
			name:    "an incomplete statement at the end",
			in:      "a;\nb\n",
			stdout:  "\nran a\n",
			stderr:  "<stdin>:2:Incomplete statement at end of file\n",
			code:    exitStatement,
			scripts: []string{"a;"},
		},
		{
			name:    "a trailing comment is not a statement",
			in:      "a;\n-- done\n",
			stdout:  "\nran a\n",
			scripts: []string{"a;"},
		},
		{
			name:    "no final newline",
			in:      "a;",
			stdout:  "\nran a\n",
			scripts: []string{"a;"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code, f := runCLI(t, []string{"repl"}, tt.in, tt.tty)
			if stdout != tt.stdout {
				t.Errorf("stdout %q, want %q", stdout, tt.stdout)
			}
			if stderr != tt.stderr {
				t.Errorf("stderr %q, want %q", stderr, tt.stderr)
			}
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			if strings.Join(f.scripts, "|") != strings.Join(tt.scripts, "|") {
				t.Errorf("scripts %q, want %q", f.scripts, tt.scripts)
			}
		})
	}
}

func TestStatementEnd(t *testing.T) {
	tests := []struct {
		in   string
		end  int
		rest bool
	}{
		{"", -1, false},
		{"   \n", -1, false},
		{"select", -1, true},
		{"a;", 2, false},
		{"a; b", 2, true},
		{"a; -- c\n", 2, false},
		{"a; /* c */", 2, false},
		{"a; /* c", 2, true},
		{"'x;y'", -1, true},
		{"'it''s;'", -1, true},
		{"'it''s;';", 9, false},
		{"'open;", -1, true},
		{`"a;b";`, 6, false},
		{`"a""b;"`, -1, true},
		{"$$x;$$;", 7, false},
		{"$$x;", -1, true},
		{"// c;\na", -1, true},
		{"-- c;", -1, false},
		{"a;b;", 4, false},
		{"-", -1, true},
		{"/", -1, true},
		{"$", -1, true},
	}
	for _, tt := range tests {
		end, rest := statementEnd(tt.in)
		if end != tt.end || rest != tt.rest {
			t.Errorf("statementEnd(%q) = %d, %v; want %d, %v", tt.in, end, rest, tt.end, tt.rest)
		}
	}
}

// FuzzStatementEnd checks that the scanner never panics and that what it
// reports is consistent: the end is just past a ';' of the input.
func FuzzStatementEnd(f *testing.F) {
	for _, s := range []string{"a;", "'x;'", "/* ; */", "$$;$$;", "-- ;\n;", `"";`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		end, _ := statementEnd(s)
		if end == -1 {
			return
		}
		if end < 1 || end > len(s) || s[end-1] != ';' {
			t.Fatalf("statementEnd(%q) = %d, not just past a ';'", s, end)
		}
	})
}
