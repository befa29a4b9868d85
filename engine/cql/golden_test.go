package cql

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/golden"
)

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
		golden.Check(t, strings.TrimSuffix(file, ".cql")+".golden", got)
	}
}
