package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/server"
)

// TestCheck runs `cqlplay check` on Markdown pages: every disagreement is a
// file:line line on standard output and the exit status is 1; pages whose
// examples agree print a summary and exit 0; usage and read errors exit 2.
func TestCheck(t *testing.T) {
	const bad = "testdata/check/wiki-bad.md"
	const good = "testdata/check/wiki-good.md"
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"agrees", []string{"check", good}, 0, "2 examples in 1 file agree with the engine\n", ""},
		{"disagrees", []string{"check", good, bad}, 1,
			bad + ":6: statement `SELECT * FROM t WHERE k = 1` should return 2 rows but it returned 1 rows\n" +
				bad + `:7: statement ` + "`SELECT * FROM t WHERE c = 1`" + ` should fail with "Some partition key parts are missing" but it failed with InvalidRequest "Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING"` + "\n" +
				bad + ":12: statement `SELECT * FROM t WHERE k = 1 AND c > 0` should fail with \"anything\" but it succeeded\n",
			"cqlplay check: 3 disagreements\n"},
		{"no file", []string{"check"}, 2, "", "usage: cqlplay check [--cluster HOST:PORT] FILE.md...\n"},
		{"a flag", []string{"check", "--json", good}, 2, "", "usage: cqlplay check [--cluster HOST:PORT] FILE.md...\n"},
		{"missing file", []string{"check", "testdata/check/nope.md"}, 2, "", "cqlplay check: open testdata/check/nope.md: no such file or directory\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var o, e bytes.Buffer
			code := cli(tt.args, env{stdin: strings.NewReader(""), stdout: &o, stderr: &e, newSession: newEngineSession})
			if code != tt.code || o.String() != tt.stdout || e.String() != tt.stderr {
				t.Errorf("cqlplay %s: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit %d\nstdout:\n%s\nstderr:\n%s",
					strings.Join(tt.args, " "), code, o.String(), e.String(), tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}

// TestCheckMalformedPage: a fence the lessons' rules refuse is reported with
// its line, like any disagreement.
func TestCheckMalformedPage(t *testing.T) {
	dir := t.TempDir()
	page := dir + "/page.md"
	if err := os.WriteFile(page, []byte("# Notes\n\n```cql view=nope\nSELECT 1;\n```\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var o, e bytes.Buffer
	code := cli([]string{"check", page}, env{stdout: &o, stderr: &e, newSession: newEngineSession})
	if code != 1 || !strings.HasPrefix(o.String(), page+":3: ") {
		t.Errorf("exit %d, stdout %q: want 1 and %s:3: ...", code, o.String(), page)
	}
}

// TestCheckCluster: `cqlplay check --cluster` runs the same pages against
// `cqlplay serve` and reports what `cqlplay check` reports against the
// engine; each example starts in an empty scratch keyspace, dropped after
// it with the keyspaces it created, and one left behind stops the check.
func TestCheckCluster(t *testing.T) {
	const bad = "testdata/check/wiki-bad.md"
	const good = "testdata/check/wiki-good.md"
	srv := server.RunT(t)
	for _, args := range [][]string{{good}, {good, bad}, {"testdata/check/keyspaces.md"}} {
		var eo, ee, co, ce bytes.Buffer
		ecode := cli(append([]string{"check"}, args...), env{stdout: &eo, stderr: &ee, newSession: newEngineSession})
		ccode := cli(append([]string{"check", "--cluster", srv.Addr()}, args...), env{stdout: &co, stderr: &ce, newSession: newEngineSession})
		wantOut := strings.ReplaceAll(eo.String(), "agree with the engine", "agree with the cluster at "+srv.Addr())
		if ecode != ccode || co.String() != wantOut || ce.String() != ee.String() {
			t.Errorf("%v: exit %d, stdout:\n%s\nstderr:\n%s\nwant exit %d, stdout:\n%s\nstderr:\n%s", args, ccode, co.String(), ce.String(), ecode, wantOut, ee.String())
		}
	}
	// Only the keyspaces it made are left behind: none.
	var eo bytes.Buffer
	cli([]string{"run", "--cluster", srv.Addr()}, env{stdin: strings.NewReader("SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name IN ('shop', 'cqlplay_check');"),
		stdout: &eo, stderr: &eo, newSession: newEngineSession})
	if !strings.Contains(eo.String(), "(0 rows)") {
		t.Errorf("keyspaces left behind:\n%s", eo.String())
	}
	if err := srv.Exec("CREATE KEYSPACE cqlplay_check WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};"); err != nil {
		t.Fatal(err)
	}
	var o, e bytes.Buffer
	code := cli([]string{"check", "--cluster", srv.Addr(), good}, env{stdout: &o, stderr: &e, newSession: newEngineSession})
	want := "cqlplay check: --cluster " + srv.Addr() + ": keyspace cqlplay_check exists: cqlplay check creates it for each example and drops it after; drop it first\n"
	if code != exitCheckUsage || e.String() != want {
		t.Errorf("scratch keyspace present: exit %d, stderr %q", code, e.String())
	}
}
