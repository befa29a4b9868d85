package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestWasmDependencies keeps the packages that cost the WebAssembly module the
// most download bytes out of it (tech-notes.md, section 1: encoding/json adds
// about 136 KB of brotli, fmt about 62 KB when nothing else links it). They
// creep in through any package the bridge or the engine imports.
func TestWasmDependencies(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	banned := map[string]bool{"fmt": true, "encoding/json": true, "net/http": true, "html/template": true, "text/template": true}
	for _, pkg := range strings.Fields(string(out)) {
		if banned[pkg] {
			t.Errorf("the WebAssembly module links %s; find the import with: GOOS=js GOARCH=wasm go list -deps -f '{{.ImportPath}}: {{.Imports}}' ./wasm", pkg)
		}
	}
}
