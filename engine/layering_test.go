package engine_test

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/cqlplay/cqlplay/"

// layers ranks the engine's packages: each may import only packages of a lower
// rank, so dependencies run one way, from the facade down to the error classes.
// A new package under engine/ gets its place here.
var layers = map[string]int{
	"engine/cqlerr":   0,
	"engine/jsonenc":  0,
	"engine/workload": 0,
	"engine/golden":   0,
	"engine/version":  0,
	"engine/cql":      1,
	"engine/ring":     1,
	"engine/cqltype":  2,
	"engine/schema":   3,
	"engine/function": 3,
	"engine/store":    4,
	// layout draws what is stored (schema, store, ring), below the
	// executor, which may ask it but never the other way round.
	"engine/layout": 5,
	"engine/query":  6,
	// The features the facade offers, each in its own package below it.
	"engine/internal/directive": 7,
	"engine/internal/explain":   7,
	"engine/internal/peek":      7,
	"engine/internal/spans":     7,
	"engine/internal/trace":     7,
	"engine/internal/shell":     8,
	"engine":                    9,
}

// public are the engine packages code outside engine/ may import: the facade,
// the benchmark's workloads, which are scripts (data), not engine, shared
// by the engine's benchmarks and `go run ./build/bench`, and the golden-file
// check every package's tests share.
var public = map[string]bool{"engine": true, "engine/workload": true, "engine/golden": true}

// TestLayering enforces the architecture's one-way dependencies: an engine
// package imports only engine packages below it (never wasm/, build/, cmd/),
// its in-package tests likewise, and everything outside engine/ (tests included) uses the facade package
// engine alone, so the engine's inside can change without touching its callers.
func TestLayering(t *testing.T) {
	cmd := exec.Command("go", "list", "-f",
		"{{.ImportPath}}|{{join .Imports \" \"}}|{{join .TestImports \" \"}}|{{join .XTestImports \" \"}}",
		module+"...")
	// Standard output alone: go list warns on standard error (of a
	// symlinked node_modules, in a worktree).
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.Split(line, "|")
		pkg := strings.TrimPrefix(parts[0], module)
		for _, p := range layeringViolations(pkg, strings.Fields(parts[1]), false) {
			t.Error(p)
		}
		for _, p := range layeringViolations(pkg, strings.Fields(parts[2]), true) {
			t.Error(p)
		}
		for _, p := range externalTestViolations(pkg, strings.Fields(parts[3])) {
			t.Error(p)
		}
	}
}

// layeringViolations says which of pkg's imports break the layering; a test
// may also import its own package.
func layeringViolations(pkg string, imports []string, test bool) []string {
	var bad []string
	rank, inEngine := layers[pkg]
	if !inEngine && (pkg == "engine" || strings.HasPrefix(pkg, "engine/")) {
		return []string{pkg + " is an engine package with no place in TestLayering's layers: add it"}
	}
	for _, imp := range imports {
		dep, ours := strings.CutPrefix(imp, module)
		if !ours || (test && dep == pkg) {
			continue
		}
		depRank, depInEngine := layers[dep]
		switch {
		case inEngine && !depInEngine:
			bad = append(bad, pkg+" imports "+dep+": the engine imports nothing outside engine/")
		case pkg == "engine" && dep == "engine/store":
			bad = append(bad, "engine imports engine/store: the facade names no storage types; what walks the store belongs below it (engine/layout)")
		case inEngine && depRank >= rank:
			bad = append(bad, pkg+" imports "+dep+", which is not below it in TestLayering's layers")
		case !inEngine && depInEngine && !public[dep]:
			bad = append(bad, pkg+" imports "+dep+": outside engine/, import the facade package engine only")
		}
	}
	return bad
}

// externalTestViolations checks a package's external tests (package x_test),
// which are packages of their own: inside engine/ they may drive the whole
// engine through the facade, outside it they keep to the facade.
func externalTestViolations(pkg string, imports []string) []string {
	if _, inEngine := layers[pkg]; !inEngine {
		return layeringViolations(pkg, imports, true)
	}
	var bad []string
	for _, imp := range imports {
		if dep, ours := strings.CutPrefix(imp, module); ours {
			if _, ok := layers[dep]; !ok {
				bad = append(bad, pkg+"'s external tests import "+dep+": the engine imports nothing outside engine/")
			}
		}
	}
	return bad
}

func TestLayeringViolations(t *testing.T) {
	tests := []struct {
		pkg     string
		imports []string
		test    bool
		want    int
	}{
		{"engine/query", []string{module + "engine/store", module + "engine/cqlerr", "strings"}, false, 0},
		{"engine/store", []string{module + "engine/query"}, false, 1},
		{"engine/cql", []string{module + "engine/cql"}, false, 1},
		{"engine/cql", []string{module + "engine/cql"}, true, 0},
		{"engine", []string{module + "wasm"}, false, 1},
		{"engine/newpkg", nil, false, 1},
		{"engine", []string{module + "engine/store"}, false, 1},
		{"engine/layout", []string{module + "engine/query"}, false, 1},
		{"engine/query", []string{module + "engine/ring", module + "engine/layout"}, false, 0},
		{"wasm", []string{module + "engine", "syscall/js"}, false, 0},
		{"wasm", []string{module + "engine/cqlerr"}, true, 1},
		{"build/lesson", []string{module + "engine/query", module + "engine/cqltype"}, false, 2},
		{"build/bench", []string{module + "engine/workload", module + "engine"}, false, 0},
		// The native-protocol server sits above the facade: types and values
		// reach it through engine, never from engine/cqltype.
		{"server", []string{module + "engine", module + "server/proto"}, false, 0},
		{"server/proto", []string{module + "engine/cqltype"}, false, 1},
	}
	for _, tt := range tests {
		if got := layeringViolations(tt.pkg, tt.imports, tt.test); len(got) != tt.want {
			t.Errorf("layeringViolations(%s, %v, test=%v) = %q, want %d violations", tt.pkg, tt.imports, tt.test, got, tt.want)
		}
	}
}
