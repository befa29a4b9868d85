package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func buildHello(t *testing.T, ldflags string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "hello.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags="+ldflags, "-o", out, "./testdata/hello")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestFunctions(t *testing.T) {
	fns, err := functions(buildHello(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	byPkg := map[string]int{}
	found := false
	for _, f := range fns {
		byPkg[packageOf(f.name)] += f.size
		found = found || f.name == "main.greeting"
	}
	if !found {
		t.Errorf("main.greeting not among the %d functions", len(fns))
	}
	if byPkg["runtime"] < 100_000 || byPkg["syscall/js"] == 0 || byPkg["main"] == 0 {
		t.Errorf("package sizes look wrong: runtime %d, syscall/js %d, main %d", byPkg["runtime"], byPkg["syscall/js"], byPkg["main"])
	}
}

func TestStrippedModule(t *testing.T) {
	_, err := functions(buildHello(t, "-s -w"))
	if err == nil || !strings.Contains(err.Error(), "build it without -ldflags=-s") {
		t.Errorf("a stripped module: error %v, want one saying to build without -s", err)
	}
}

func TestPackageOf(t *testing.T) {
	tests := []struct{ in, want string }{
		{"github.com_cqlplay_cqlplay_engine_query.__DB_.Exec", "github.com/cqlplay/cqlplay/engine/query"},
		{"runtime.mallocgc", "runtime"},
		{"internal_runtime_maps.__Map_.Get", "internal/runtime/maps"},
		{"main.greeting", "main"},
		{"noDot", "noDot"},
	}
	for _, tt := range tests {
		if got := packageOf(tt.in); got != tt.want {
			t.Errorf("packageOf(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNotWasm(t *testing.T) {
	for _, b := range [][]byte{nil, []byte("\x7fELF...."), []byte("\x00asm\x01\x00\x00\x00\x0a\xff")} {
		if _, err := functions(b); err == nil {
			t.Errorf("functions(%q): no error", b)
		}
	}
}
