package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/golden"
)

// TestCaptureGolden runs CAPTURE as cqlsh's do_capture does (bin/cqlsh.py,
// 4.1): the query output (result tables, row counts, warnings, DESCRIBE's
// statements, written unended) goes to the file while cqlsh's own lines,
// DESCRIBE's blank lines and listings stay on standard output; a SOURCE'd
// file's subshell writes to standard output whatever its parent captures.
// The golden shows the three streams, the file's directory written TMP.
func TestCaptureGolden(t *testing.T) {
	dir := t.TempDir()
	inner := filepath.Join(dir, "inner.cql")
	if err := os.WriteFile(inner, []byte("SELECT k FROM t;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	script := strings.NewReplacer("TMP", dir).Replace(`CREATE TABLE t (k int PRIMARY KEY, v text);
INSERT INTO t (k, v) VALUES (1, 'a');
CAPTURE;
CAPTURE OFF;
CAPTURE 'TMP/out.txt';
CAPTURE;
CAPTURE 'TMP/other.txt';
SELECT * FROM t;
DESCRIBE TABLE t;
DESCRIBE TABLES;
CONSISTENCY;
SOURCE 'TMP/inner.cql';
SELECT * FROM nope;
CAPTURE OFF;
SELECT k FROM t;
CAPTURE 'TMP/no/such/dir.txt';
CAPTURE nope;
`)
	stdout, stderr, code := runEngineCLI([]string{"run"}, script)
	file, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	unTmp := strings.NewReplacer(dir, "TMP")
	got := sections("exit", strconv.Itoa(code)+"\n",
		"stdout", unTmp.Replace(stdout), "stderr", unTmp.Replace(stderr), "TMP/out.txt", unTmp.Replace(string(file)))
	golden.Check(t, filepath.Join("testdata", "capture.golden"), string(got))
}

// TestREPLPagerGolden: at a terminal, cqlsh prints each page of a result as
// a table of its own (header, rows, a blank line) and waits at ---MORE---
// between pages for a line (print_result's input), expanded or not; the
// golden shows the terminal's output for three pages of two rows.
func TestREPLPagerGolden(t *testing.T) {
	in := `CREATE TABLE t (k int PRIMARY KEY, v text);
INSERT INTO t (k, v) VALUES (1, 'a');
INSERT INTO t (k, v) VALUES (2, 'bbbbbbbb');
INSERT INTO t (k, v) VALUES (3, 'cc');
INSERT INTO t (k, v) VALUES (4, 'dddd');
INSERT INTO t (k, v) VALUES (5, 'eeeeeeeeeeeeeee');
PAGING 2;
SELECT * FROM t;


EXPAND ON;
SELECT * FROM t;


`
	var o, e bytes.Buffer
	code := cli([]string{"repl"}, env{stdin: strings.NewReader(in), stdout: &o, stderr: &e, tty: true, newSession: newEngineSession})
	got := sections("exit", strconv.Itoa(code)+"\n", "stdout", o.String(), "stderr", e.String())
	golden.Check(t, filepath.Join("testdata", "repl-pager.golden"), string(got))
}
