package server_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
	"github.com/cqlplay/cqlplay/server"
)

// The other drivers: Debian's python3-cassandra and npm's cassandra-driver
// (a devDependency: `npm ci` installs it) run testdata/clients/script.cql
// against the server statement by statement, and what they read is
// compared with what the engine gives the same script (`cqlplay run`):
// the columns, the rows, the values a driver prints as cqlsh does, and
// every error. CI installs both (.ci/run); elsewhere a missing one skips.

// clientResult is one line a client script prints.
type clientResult struct {
	Statement string      `json:"statement"`
	Columns   []string    `json:"columns"`
	Rows      [][]*string `json:"rows"`
	Error     string      `json:"error"`
	// The last line: the protocol version and the driver's metadata (its
	// "columns" are the table's).
	Protocol int        `json:"protocol"`
	Tables   []string   `json:"tables"`
	Prepared [][]string `json:"prepared"`
	Paged    *int       `json:"paged"`
}

// pythonDriver is the Python that has Debian's python3-cassandra, or skips
// the test (.ci/run installs it).
func pythonDriver(t *testing.T) string {
	t.Helper()
	python := "/usr/bin/python3"
	if err := exec.Command(python, "-c", "import cassandra").Run(); err != nil {
		t.Skip("python3-cassandra is not installed (apt-get install python3-cassandra): skipping the Python driver test")
	}
	return python
}

// nodeDriver is node, with the npm cassandra-driver beside the repository,
// or skips the test (npm ci installs it).
func nodeDriver(t *testing.T) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: skipping the Node.js driver test")
	}
	if _, err := os.Stat(filepath.Join("..", "node_modules", "cassandra-driver")); err != nil {
		t.Skip("cassandra-driver is not installed (npm ci): skipping the Node.js driver test")
	}
	return node
}

func TestPythonDriver(t *testing.T) {
	python := pythonDriver(t)
	runClient(t, python, "client.py", 5)
}

func TestNodeDriver(t *testing.T) {
	node := nodeDriver(t)
	runClient(t, node, "client.js", 4)
}

// runClient runs a client script against a fresh server and compares its
// lines with the engine's outcomes for the same script.
func runClient(t *testing.T, interpreter, script string, protocol int) {
	srv := server.RunT(t)
	dir, _ := filepath.Abs("testdata/clients")
	cqlFile := filepath.Join(dir, "script.cql")
	cmd := exec.Command(interpreter, filepath.Join(dir, script), srv.Host(), strconv.Itoa(srv.Port()), cqlFile)
	cmd.Dir, _ = filepath.Abs("..") // the repository, where node_modules is
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", script, err, stderr.String())
	}
	var lines []clientResult
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r clientResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s printed %q: %v", script, sc.Text(), err)
		}
		lines = append(lines, r)
	}
	src, _ := os.ReadFile(cqlFile)
	want := engine.NewSession(engine.Options{}).Run(string(src))
	if len(lines) != len(want)+1 {
		t.Fatalf("%s: %d lines for %d statements:\n%s", script, len(lines), len(want), out)
	}
	for i, w := range want {
		got := lines[i]
		if (w.Error != nil) != (got.Error != "") {
			t.Errorf("%s: %s:\n got error %q\nwant %v", script, got.Statement, got.Error, w.Error)
			continue
		}
		if w.Error != nil {
			if !strings.Contains(got.Error, w.Error.Message) {
				t.Errorf("%s: %s: error %q does not carry %q", script, got.Statement, got.Error, w.Error.Message)
			}
			continue
		}
		if strings.Join(got.Columns, ",") != strings.Join(w.Columns, ",") || len(got.Rows) != len(w.Rows) {
			t.Errorf("%s: %s:\n got %v %d rows\nwant %v %d rows", script, got.Statement, got.Columns, len(got.Rows), w.Columns, len(w.Rows))
			continue
		}
		for r, row := range w.Rows {
			for c, v := range row {
				if g := got.Rows[r][c]; !sameText(g, v, w.Columns[c]) {
					t.Errorf("%s: %s: row %d %s: got %v, want %q", script, got.Statement, r, w.Columns[c], deref(g), v)
				}
			}
		}
	}
	meta := lines[len(lines)-1]
	if meta.Protocol != protocol || strings.Join(meta.Tables, ",") != "orders" {
		t.Errorf("%s: protocol %d, tables %v", script, meta.Protocol, meta.Tables)
	}
	if meta.Paged != nil && *meta.Paged != 250 {
		t.Errorf("%s: %d rows paged, want 250", script, *meta.Paged)
	}
	if got := fmt.Sprint(meta.Prepared); got != "[[3 99.99] [3 99.99]]" {
		t.Errorf("%s: prepared read twice: %s", script, got)
	}
}

// sameText compares a value as a driver prints it with cqlsh's text, for
// the types whose text they share (numbers, text, booleans, lists of text
// in Python); timestamps and collections print their own way.
func sameText(got *string, want, column string) bool {
	if got == nil {
		return want == "null"
	}
	switch column {
	case "customer", "id", "total", "count", "[applied]":
		return strings.EqualFold(*got, want)
	}
	return true
}

func deref(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}
