package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/build/host"
)

// TestNetlifyHeaders checks that netlify.toml sends the headers the local
// server (and so every browser test) sends: a CSP that passes here must be
// the one that ships.
func TestNetlifyHeaders(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "netlify.toml"))
	if err != nil {
		t.Fatal(err)
	}
	toml := string(data)
	for k, v := range host.SecurityHeaders {
		if !strings.Contains(toml, k+` = "`+v+`"`) {
			t.Errorf("netlify.toml does not set %s = %q", k, v)
		}
	}
	for _, want := range []string{`command = "go run ./build -strict"`, `publish = "dist"`,
		`Cache-Control = "public, max-age=31536000, immutable"`, `Content-Type = "application/wasm"`} {
		if !strings.Contains(toml, want) {
			t.Errorf("netlify.toml lacks %s", want)
		}
	}
}
