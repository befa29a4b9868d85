package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestWasmDependencies keeps the packages that cost the WebAssembly module the
// most download bytes out of it (measured with Go 1.26: encoding/json adds
// about 136 KB of brotli, fmt about 62 KB once something calls it; see
// docs/performance-history.md, "WebAssembly").
//
// encoding/json and the other heavy packages may not be reached at all. fmt
// may be reached through the standard library and google/btree (math/big
// imports it for its Format methods), which costs nothing while nothing calls
// it; so no cqlplay package may import fmt, os or reflect itself.
func TestWasmDependencies(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	banned := map[string]bool{"encoding/json": true, "net/http": true, "html/template": true, "text/template": true}
	bannedDirect := map[string]bool{"fmt": true, "os": true, "reflect": true}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg, imports := f[0], f[1:]
		if banned[pkg] {
			t.Errorf("the WebAssembly module links %s; find who imports it with: GOOS=js GOARCH=wasm go list -deps -f '{{.ImportPath}}: {{.Imports}}' ./wasm", pkg)
		}
		if !strings.HasPrefix(pkg, "github.com/cqlplay/cqlplay/") {
			continue
		}
		for _, imp := range imports {
			if bannedDirect[imp] {
				t.Errorf("%s imports %s, which the WebAssembly module should not carry", pkg, imp)
			}
		}
	}
}
