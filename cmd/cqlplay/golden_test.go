package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/ with the current output")

// checkGolden compares got with the golden file at path, or rewrites the file
// with -update. A missing golden file is a failure, not a silent pass.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update rewrites it; review the diff):\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}

// sections joins named blocks into one golden text, so one file shows all the
// output of a case.
func sections(kv ...string) []byte {
	var b bytes.Buffer
	for i := 0; i+1 < len(kv); i += 2 {
		b.WriteString("-- " + kv[i] + " --\n")
		b.WriteString(kv[i+1])
	}
	return b.Bytes()
}
