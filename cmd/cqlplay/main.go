// Command cqlplay runs CQL scripts through cqlplay's in-memory Cassandra
// engine and prints what Apache Cassandra 4.1 would: result tables, warnings
// and errors as cqlsh prints them, or with --json the engine's Outcomes, one
// JSON object a line (the same objects the browser receives).
//
// Usage:
//
//	cqlplay run [--json] [--lang L] [--layout FORM [--table T]] [FILE...]
//	                                 run the files (standard input when none) in one session,
//	                                 then print the storage layout (map, tree, cli, sstabledump, ring, summary);
//	                                 --lang zh explains failures (--json's why, fix) in Chinese
//	cqlplay repl                     read statements up to ';' and run them as they come
//	cqlplay check FILE.md...         run the cql examples of Markdown pages and their expectations
//	cqlplay check --cluster HOST:PORT FILE.md...
//	                                 the same against a cluster, through a driver
//	cqlplay serve [-listen ADDR]     serve the engine on Cassandra's native protocol (package server)
//	cqlplay                          the REPL at a terminal, else like `cqlplay run`
//
// The session has no bounds (engine.Options{}): a script runs to its end.
//
// Exit status: 0 when every statement succeeded; 2 when any statement failed
// (cqlsh -f exits 2 when a statement failed, and so does cqlplay whatever the
// input, so a script in CI fails loudly); 1 when the command line is wrong or a
// file cannot be read. `cqlplay check` exits 1 when an example disagrees with
// the engine and 2 on a usage or read error.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/cqlplay/cqlplay/engine"
)

func main() {
	os.Exit(cli(os.Args[1:], env{
		stdin:      os.Stdin,
		stdout:     os.Stdout,
		stderr:     os.Stderr,
		tty:        isTerminal(os.Stdin),
		newSession: newEngineSession,
	}))
}

// env is what the command reads and writes, passed in so tests run it
// in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	tty            bool // stdin is an interactive terminal
	// newSession starts the one session a command runs everything in,
	// explaining failures in the language lang (engine.Options.Lang).
	newSession func(lang string) session
	// stop, when set, stops `cqlplay serve` when closed (tests); unset,
	// SIGINT and SIGTERM do.
	stop <-chan struct{}
}

// session is what the command uses of an engine.Session, as functions so
// that tests can stand in for the engine.
type session struct {
	run    func(script string) []engine.Outcome
	layout func(form, table string) (string, error)
	// subshell runs a SOURCE'd file's statements in cqlsh's subshell
	// (engine.Session.Subshell); nil runs them in the session as it is.
	subshell func(run func())
}

// newEngineSession is an unbounded session: the command line runs a script to
// its end, however long.
func newEngineSession(lang string) session {
	s := engine.NewSession(engine.Options{Lang: lang})
	layout := func(form, table string) (string, error) {
		r, err := s.Layout(engine.LayoutRequest{Form: form, Table: table})
		return r.Layout, err
	}
	return session{run: s.Run, layout: layout, subshell: s.Subshell}
}

// Exit statuses.
const (
	exitOK        = 0
	exitUsage     = 1
	exitStatement = 2
)

const usage = `usage:
  cqlplay run [--json] [--lang L] [--layout FORM [--table T]] [FILE...]
                                   run CQL files (standard input when none) in one session,
                                   then print the storage layout in FORM: map, tree, cli,
                                   sstabledump, ring or summary (of table T, or of every table)
  cqlplay run --cluster HOST:PORT [--json] [FILE...]
                                   run them through a driver against a cluster (Cassandra,
                                   or cqlplay serve) and print its answers the same way
  cqlplay repl                     read statements up to ';' and run them in one session
  cqlplay check FILE.md...         run every cql example of Markdown pages (lessons, wiki
                                   pages) and check what it says it does: -- fails:,
                                   -- rows:, exercises and their wrong answers
  cqlplay check --cluster HOST:PORT FILE.md...
                                   run them through a driver against a cluster, each
                                   example in a fresh keyspace cqlplay_check (exercises'
                                   checks need the engine and are not run)
  cqlplay serve [-listen ADDR] [-version V] [-init FILE.cql] [-nodes N]
                [-auth USER:PASSWORD] [-tls-cert FILE -tls-key FILE]
                                   serve one in-memory cluster on Cassandra's native
                                   protocol for drivers, cqlsh and tests (Ctrl-C stops it)
  cqlplay                          the REPL when standard input is a terminal, else run it

Output is what cqlsh prints for the script: result tables and warnings on
standard output, errors on standard error as <file>:<line>:<error>. With
--json each statement's outcome is one JSON object a line, and the layout one
more line: {"form":...,"table":...,"map":{...}} or {...,"text":"..."}. A failed
statement's "why" and "fix" explain it in English, or in Chinese with --lang zh.

Exit status: 0 when every statement succeeded, 2 when one failed, 1 on a usage
or read error. check: 0 when every example agrees, 1 when one disagrees (each
printed as <file>:<line>: <what disagreed>), 2 on a usage or read error.
`

// cli is main with its environment passed in and the exit status returned.
func cli(args []string, e env) int {
	if len(args) == 0 {
		if e.tty {
			return repl(e)
		}
		return run(nil, e)
	}
	switch args[0] {
	case "run":
		return run(args[1:], e)
	case "check":
		return check(args[1:], e)
	case "serve":
		return serve(args[1:], e)
	case "repl":
		if len(args) > 1 {
			fmt.Fprintf(e.stderr, "cqlplay repl takes no arguments\n%s", usage)
			return exitUsage
		}
		return repl(e)
	case "help", "-h", "-help", "--help":
		io.WriteString(e.stdout, usage)
		return exitOK
	}
	fmt.Fprintf(e.stderr, "cqlplay: unknown command %q\n%s", args[0], usage)
	return exitUsage
}

// runFlags are the options of `cqlplay run`.
type runFlags struct {
	json                bool
	lang, layout, table string
	cluster             string
	files               []string
}

// parseRunFlags reads run's arguments; ok is false when they are wrong (the
// reason is written to stderr) or were a request for help.
func parseRunFlags(args []string, stderr io.Writer) (f runFlags, status int, ok bool) {
	fs := flag.NewFlagSet("cqlplay run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.BoolVar(&f.json, "json", false, "print each statement's outcome as one JSON object a line")
	fs.StringVar(&f.lang, "lang", "en", "the language of the explanations of failures: en or zh")
	fs.StringVar(&f.layout, "layout", "", "after the scripts, print the storage layout in this form")
	fs.StringVar(&f.table, "table", "", "with --layout: the table to show (default: every table)")
	fs.StringVar(&f.cluster, "cluster", "", "run the scripts through a driver against the cluster at HOST:PORT")
	fs.Usage = func() { io.WriteString(stderr, usage) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return f, exitOK, false
		}
		return f, exitUsage, false
	}
	if f.table != "" && f.layout == "" {
		fmt.Fprintf(stderr, "cqlplay run: --table needs --layout\n%s", usage)
		return f, exitUsage, false
	}
	if !slices.Contains(engine.Languages, f.lang) {
		fmt.Fprintf(stderr, "cqlplay run: unknown language %q (known: %s)\n", f.lang, strings.Join(engine.Languages, ", "))
		return f, exitUsage, false
	}
	if f.layout != "" && !slices.Contains(engine.LayoutForms, f.layout) {
		fmt.Fprintf(stderr, "cqlplay run: unknown layout form %q (known: %s)\n", f.layout, strings.Join(engine.LayoutForms, ", "))
		return f, exitUsage, false
	}
	f.files = fs.Args()
	if len(f.files) == 0 {
		f.files = []string{"-"}
	}
	return f, exitOK, true
}

// run is `cqlplay run`: every file (or stdin) in order, in one session, then
// the layout if asked for.
func run(args []string, e env) int {
	f, status, ok := parseRunFlags(args, e.stderr)
	if !ok {
		return status
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	// stdout is buffered; flushing it before each error keeps the two streams
	// in statement order when both go to one terminal or file.
	p := &printer{out: out, errOut: &flushFirst{first: out, w: e.stderr}}
	sess := e.newSession(f.lang)
	if f.cluster != "" {
		if f.layout != "" {
			fmt.Fprintf(e.stderr, "cqlplay run: --layout needs the engine, not --cluster\n")
			return exitUsage
		}
		cs, closeSession, err := clusterSession(f.cluster)
		if err != nil {
			fmt.Fprintf(e.stderr, "cqlplay run: --cluster %s: %v\n", f.cluster, err)
			return exitUsage
		}
		defer closeSession()
		sess = cs
	}
	for _, name := range f.files {
		script, source, err := readScript(name, e.stdin)
		if err != nil {
			out.Flush()
			fmt.Fprintf(e.stderr, "cqlplay: %v\n", err)
			return exitUsage
		}
		p.source = source
		runSourcing(sess, p, script, 1, 0, f.json)
	}
	p.endCapture()
	if f.layout != "" {
		text, err := sess.layout(f.layout, f.table)
		if err != nil {
			out.Flush()
			fmt.Fprintf(e.stderr, "cqlplay run: --layout: %v\n", err)
			return exitUsage
		}
		p.printLayout(f.layout, f.table, text, f.json)
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(e.stderr, "cqlplay: %v\n", err)
		return exitUsage
	}
	if p.failed {
		return exitStatement
	}
	return exitOK
}

// readScript reads a script file, or stdin for "-", and returns it with the
// name cqlsh would print in error prefixes. A UTF-8 byte order mark is dropped,
// as cqlsh drops it.
func readScript(name string, stdin io.Reader) (script, source string, err error) {
	var b []byte
	if name == "-" {
		source = "<stdin>"
		b, err = io.ReadAll(stdin)
	} else {
		source = name
		b, err = os.ReadFile(name)
	}
	if err != nil {
		return "", "", err
	}
	return strings.TrimPrefix(string(b), "\uFEFF"), source, nil
}

// flushFirst flushes a buffered stdout before each write to stderr, so the
// two streams interleave in statement order on a terminal.
type flushFirst struct {
	first *bufio.Writer
	w     io.Writer
}

func (f *flushFirst) Write(b []byte) (int, error) {
	f.first.Flush()
	return f.w.Write(b)
}

// isTerminal reports whether f is a character device (a terminal), without a
// terminal library: the REPL needs only to know whether to prompt.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
