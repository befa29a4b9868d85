package ts

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestNoImportCycles holds the page's modules to a graph without cycles: a
// type two modules share belongs in types.ts (or contract.gen.ts), not in one
// of them.
func TestNoImportCycles(t *testing.T) {
	files, err := filepath.Glob("*.ts")
	if err != nil {
		t.Fatal(err)
	}
	from := regexp.MustCompile(`(?m)^(?:import|export)\b[^;]*?\bfrom\s+"\./([\w.-]+)"`)
	deps := map[string][]string{}
	for _, f := range files {
		if strings.HasSuffix(f, ".test.ts") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(f, ".ts")
		for _, m := range from.FindAllStringSubmatch(string(src), -1) {
			deps[name] = append(deps[name], m[1])
		}
	}
	if len(deps) < 10 {
		t.Fatalf("read the imports of only %d modules", len(deps))
	}
	// Depth-first search; a module on the current path seen again closes a cycle.
	const (
		unseen = iota
		onPath
		done
	)
	state := map[string]int{}
	var path []string
	var visit func(n string)
	visit = func(n string) {
		state[n] = onPath
		path = append(path, n)
		for _, d := range deps[n] {
			switch state[d] {
			case onPath:
				i := len(path) - 1
				for path[i] != d {
					i--
				}
				t.Errorf("import cycle: %s -> %s", strings.Join(path[i:], " -> "), d)
			case unseen:
				visit(d)
			}
		}
		path = path[:len(path)-1]
		state[n] = done
	}
	names := make([]string, 0, len(deps))
	for n := range deps {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if state[n] == unseen {
			visit(n)
		}
	}
}
