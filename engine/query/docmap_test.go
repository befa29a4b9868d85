package query

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFileMap holds doc.go's map of the package to the ground: every source
// file is named there, and every file named exists.
func TestFileMap(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, line := range strings.Split(string(doc), "\n") {
		if f, ok := strings.CutPrefix(line, "//\t"); ok {
			name, _, _ := strings.Cut(f, " ")
			named[name] = true
		}
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "doc.go" {
			continue
		}
		if !named[f] {
			t.Errorf("%s is not in doc.go's map of the package", f)
		}
		delete(named, f)
	}
	for f := range named {
		t.Errorf("doc.go names %s, which does not exist", f)
	}
}
