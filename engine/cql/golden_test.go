package cql

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// renderItems writes one line per item: its position, then its canonical
// printing or its error.
func renderItems(items []Item) string {
	var b strings.Builder
	for _, it := range items {
		b.WriteString(it.Pos.String())
		if it.Err != nil {
			b.WriteString(" ERR " + it.Err.Pos.String() + "+" + itoa(it.Err.Len) + " " + string(it.Err.Code) + ": " + it.Err.Message)
		} else {
			b.WriteString(" " + it.Stmt.String())
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestGolden parses each testdata/*.cql script and compares the rendering of
// its items with testdata/*.golden (go test -update rewrites them; review the
// diff).
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.cql")
	if err != nil || len(files) == 0 {
		t.Fatal("no scripts", err)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		got := renderItems(Parse(string(src)))
		golden := strings.TrimSuffix(file, ".cql") + ".golden"
		if *update {
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			t.Errorf("%s: rendering differs from %s (go test -update to rewrite):\n%s", file, golden, got)
		}
	}
}
