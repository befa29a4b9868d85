package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestWasmLinksNoFmtPrinter keeps fmt's printer out of the module: it costs
// about 290 KB raw and 57 KB of brotli (measured 2026-11-22, docs/performance.md),
// and a single reachable fmt.Sprintf anywhere, even in math/big's error paths
// ((*big.Int).SetString, (*big.Rat).SetString, Rat.Float32/Float64), links
// it. The linker's -dumpdep graph names the caller that first reaches it.
func TestWasmLinksNoFmtPrinter(t *testing.T) {
	if testing.Short() {
		t.Skip("links the module")
	}
	cmd := exec.Command("go", "build", "-ldflags=-dumpdep", "-o", os.DevNull, ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%.2000s", err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		from, to, ok := strings.Cut(line, " -> ")
		if ok && strings.HasPrefix(to, "fmt.") && !strings.HasPrefix(from, "fmt.") && !strings.HasPrefix(from, "type:") {
			t.Errorf("%s reaches fmt (%s): replace the call with one that does not print through fmt", from, to)
		}
	}
}
