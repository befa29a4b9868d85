// Package ts holds the page's TypeScript; this test runs its unit tests
// (*.test.ts, node:test) under node. Node 20 cannot run TypeScript, so the
// tests are bundled first with esbuild's Go API, as the site builder bundles
// the page.
package ts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

func TestUnderNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node missing: the page's unit tests (site/ts/*.test.ts) need it")
	}
	entries, err := filepath.Glob("*.test.ts")
	if err != nil || len(entries) == 0 {
		t.Fatalf("no *.test.ts beside this test (%v)", err)
	}
	out := t.TempDir()
	res := api.Build(api.BuildOptions{
		EntryPoints:  entries,
		Bundle:       true,
		Write:        true,
		Outdir:       out,
		OutExtension: map[string]string{".js": ".mjs"},
		Format:       api.FormatESModule,
		Platform:     api.PlatformNode,
		Target:       api.ES2022,
		Sourcemap:    api.SourceMapInline,
		LogLevel:     api.LogLevelSilent,
	})
	for _, m := range res.Errors {
		where := ""
		if m.Location != nil {
			where = m.Location.File + ":" + strconv.Itoa(m.Location.Line) + ": "
		}
		t.Errorf("esbuild: %s%s", where, m.Text)
	}
	if t.Failed() {
		return
	}
	var files []string
	for _, e := range entries {
		files = append(files, filepath.Join(out, strings.TrimSuffix(e, ".ts")+".mjs"))
	}
	cmd := exec.Command(node, append([]string{"--enable-source-maps", "--test", "--test-reporter=spec"}, files...)...)
	cmd.Env = append(os.Environ(), "NODE_OPTIONS=")
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, b)
	}
	if testing.Verbose() {
		t.Logf("%s", b)
	}
}
