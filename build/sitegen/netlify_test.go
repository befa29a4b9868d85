package sitegen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/build/host"
)

// TestNetlifyHeaders checks that netlify.toml sets none of the security
// headers, which would override dist/_headers (what the local server, and so
// every browser test, sends: TestEmbedHeaders), and that it keeps the build
// command and the caching of assets.
func TestNetlifyHeaders(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testRoot, "netlify.toml"))
	if err != nil {
		t.Fatal(err)
	}
	toml := string(data)
	for _, r := range host.Rules {
		for _, h := range r.Headers {
			if strings.Contains(strings.ToLower(toml), strings.ToLower(h[0])+" =") {
				t.Errorf("netlify.toml sets %s, which dist/_headers sets", h[0])
			}
		}
	}
	for _, want := range []string{`command = "go run ./build -strict"`, `publish = "dist"`,
		`Cache-Control = "public, max-age=31536000, immutable"`, `Content-Type = "application/wasm"`} {
		if !strings.Contains(toml, want) {
			t.Errorf("netlify.toml lacks %s", want)
		}
	}
}

// headerRule is one block of a _headers file.
type headerRule struct {
	path    string
	headers [][2]string
}

// readHeadersFile parses a _headers file as Netlify does: a line starting
// with / is a path, the indented "Name: value" lines under it its headers.
func readHeadersFile(t *testing.T, file string) []headerRule {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rules []headerRule
	for _, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
		case strings.HasPrefix(line, "/"):
			rules = append(rules, headerRule{path: trimmed})
		default:
			name, value, ok := strings.Cut(trimmed, ":")
			if !ok || len(rules) == 0 || line == trimmed {
				t.Fatalf("_headers: cannot read %q", line)
			}
			r := &rules[len(rules)-1]
			r.headers = append(r.headers, [2]string{strings.TrimSpace(name), strings.TrimSpace(value)})
		}
	}
	return rules
}
