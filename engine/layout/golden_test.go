package layout_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
	"github.com/cqlplay/cqlplay/engine/golden"
	"github.com/cqlplay/cqlplay/engine/internal/peek"
)

// goldenForms maps each layout form to its golden file's extension.
var goldenForms = []struct{ form, ext string }{
	{"map", "map.json"},
	{"tree", "tree.txt"},
	{"cli", "cli.txt"},
	{"sstabledump", "sstabledump.txt"},
	{"ring", "ring.txt"},
}

// runScript runs a script in a fresh session and fails the test on any
// statement error: a golden file of a half-run script would prove nothing.
func runScript(t testing.TB, script string) *engine.Session {
	t.Helper()
	s := engine.NewSession(engine.Options{})
	for _, o := range s.Run(script) {
		if o.Error != nil {
			t.Fatalf("line %d: %s: %s", o.Line, o.Statement, o.Error.Message)
		}
	}
	return s
}

// eachScript runs every testdata/*.cql script in a session of its own and
// calls f with the script's name (no .cql) and the session.
func eachScript(t *testing.T, f func(name string, s *engine.Session)) {
	t.Helper()
	scripts, err := filepath.Glob("testdata/*.cql")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts under testdata/ (%v)", err)
	}
	for _, path := range scripts {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f(strings.TrimSuffix(filepath.Base(path), ".cql"), runScript(t, string(src)))
	}
}

// TestGolden renders every testdata/*.cql script in every form and compares
// with testdata/<script>.<form>.*; -update rewrites them.
func TestGolden(t *testing.T) {
	eachScript(t, func(name string, s *engine.Session) {
		for _, f := range goldenForms {
			t.Run(name+"/"+f.form, func(t *testing.T) {
				got, err := layoutText(s, f.form, "")
				if err != nil {
					t.Fatal(err)
				}
				if f.form == "map" {
					got = indentJSON(t, got)
				}
				again, _ := layoutText(s, f.form, "")
				if f.form == "map" {
					again = indentJSON(t, again)
				}
				if again != got {
					t.Fatalf("a second rendering differs from the first")
				}
				golden.Check(t, filepath.Join("testdata", name+"."+f.ext), got)
			})
		}
	})
}

// indentJSON checks that s is valid JSON and indents it so the golden file
// diffs line by line.
func indentJSON(t *testing.T, s string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, s)
	}
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(out) + "\n"
}

// seedListing is the cassandra-cli listing of a 2013 cluster that lesson 2
// (content/en/02-how-rows-are-stored.md) quotes, byte for byte.
const seedListing = `RowKey: partitionVal1:partitionVal2
=> (column=clusterVal1:clusterVal2:, value=, timestamp=1374630892473000)
=> (column=clusterVal1:clusterVal2:normalfield1, value=6e6f726d616c56616c31, timestamp=1374630892473000)
=> (column=clusterVal1:clusterVal2:normalfield2, value=6e6f726d616c56616c32, timestamp=1374630892473000)
`

// TestSeedListing reproduces the seed articles' cassandra-cli example
// exactly, inside the full `list example;` output.
func TestSeedListing(t *testing.T) {
	src, err := os.ReadFile("testdata/seed_example.cql")
	if err != nil {
		t.Fatal(err)
	}
	s := runScript(t, string(src))
	got, err := layoutText(s, "cli", "example")
	if err != nil {
		t.Fatal(err)
	}
	want := "[default@cqlplay] list example;\n-------------------\n" + seedListing + "\n1 Row Returned.\n"
	if got != want {
		t.Errorf("cli listing:\n got %q\nwant %q", got, want)
	}
}

// TestSstabledumpIsJSON checks that every script's sstabledump of every
// table is valid JSON (the golden files hold the exact text).
func TestSstabledumpIsJSON(t *testing.T) {
	eachScript(t, func(script string, s *engine.Session) {
		for _, name := range peek.DB(s).Schema.Keyspaces["cqlplay"].TableNames() {
			out, err := layoutText(s, "sstabledump", name)
			if err != nil {
				t.Fatal(err)
			}
			if !json.Valid([]byte(out)) {
				t.Errorf("%s %s: sstabledump is not JSON:\n%s", script, name, out)
			}
		}
	})
}

// layoutText is the view of form of table ("" every table) as the session
// stands, unbounded.
func layoutText(s *engine.Session, form, table string) (string, error) {
	r, err := s.Layout(engine.LayoutRequest{Form: form, Table: table})
	return r.Layout, err
}
