// Package golden checks a test's output against its golden file, the same
// way in every package that keeps them (the parser's renderings, the
// layouts, the cqlsh formats, the command line's output, the site's
// markup): `go test -update` writes the files from the current output (review
// the diff), a missing file fails rather than passing, and a difference
// names the file and its first differing line. It is a test helper, under
// engine/ because the engine's tests may import nothing outside it
// (TestLayering), and imported by tests alone.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files with the current output (review the diff)")

// Check compares got with the golden file at path or, under -update, writes
// got there.
func Check(t testing.TB, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if line, g, w, differ := firstDifference(got, string(want)); differ {
		t.Errorf("%s differs at line %d (go test -update rewrites it; review the diff):\n got: %s\nwant: %s", path, line, g, w)
	}
}

// firstDifference is the first line (from 1) at which got and want differ,
// and that line of each, quoted.
func firstDifference(got, want string) (line int, g, w string, differ bool) {
	if got == want {
		return 0, "", "", false
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	i := 0
	for i < len(gl) && i < len(wl) && gl[i] == wl[i] {
		i++
	}
	return i + 1, lineAt(gl, i), lineAt(wl, i), true
}

// lineAt is line i of lines, quoted, or that the text ended before it.
func lineAt(lines []string, i int) string {
	if i < len(lines) {
		return strconv.Quote(lines[i])
	}
	return "(end of text)"
}
