package sitegen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// scratchRoot makes a repository root in a temp dir: site/ copied (so a test
// may break it), content/ from the given files, and a placeholder .wasm.
func scratchRoot(t *testing.T, content map[string]string) Config {
	t.Helper()
	root := t.TempDir()
	if err := os.CopyFS(filepath.Join(root, "site"), os.DirFS(filepath.Join(testRoot, "site"))); err != nil {
		t.Fatal(err)
	}
	for name, text := range content {
		p := filepath.Join(root, "content", name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wasm := filepath.Join(root, "placeholder.wasm")
	os.WriteFile(wasm, []byte("\x00asm\x01\x00\x00\x00"), 0o644)
	return Config{Root: root, Out: filepath.Join(root, "dist"), BaseURL: "https://x.example", Wasm: wasm}
}

func TestBuildFailures(t *testing.T) {
	const lessonText = "---\ntitle: T\nsummary: S\n---\n\nText.\n\n```cql version=3.11 readonyl\nSELECT 1;\n```\n"
	c := scratchRoot(t, map[string]string{"en/01-bad.md": lessonText})
	_, err := Build(c)
	want := filepath.Join(c.Root, "content", "en", "01-bad.md") + `:8: unknown cql fence option "readonyl" (known: readonly, setup, exercise, version=, view=, id=, after=, vs=)`
	if err == nil || err.Error() != want {
		t.Errorf("build with an unknown fence option: %v\nwant %s", err, want)
	}
	if _, err := os.Stat(c.Out); err == nil {
		t.Error("a failed build left an output directory")
	}

	c = scratchRoot(t, nil)
	page := filepath.Join(c.Root, "site", "ts", "page.ts")
	src, _ := os.ReadFile(page)
	os.WriteFile(page, append(src, []byte("\nconst broken = ;\n")...), 0o644)
	_, err = Build(c)
	if err == nil || !strings.HasPrefix(err.Error(), "esbuild: site/ts/page.ts:") || !strings.Contains(err.Error(), `Unexpected ";"`) {
		t.Errorf("build with a TypeScript syntax error: %v", err)
	}

	c = scratchRoot(t, map[string]string{"en/01-ok.md": "---\ntitle: T\n---\n"})
	os.WriteFile(filepath.Join(c.Root, "site", "templates", "lesson.html"), []byte(`{{define "main"}}{{.Nope}}{{end}}`), 0o644)
	_, err = Build(c)
	if err == nil || !strings.Contains(err.Error(), "can't evaluate field Nope") {
		t.Errorf("build with a template error: %v", err)
	}
}

func TestBuildStrict(t *testing.T) {
	needSite(t)
	const lessonText = "---\ntitle: T\nsummary: S\n---\n\n```cql\nCREATE TABLE t (k int PRIMARY KEY);\nSELECT * FROM t; -- rows: 5\n```\n"
	c := scratchRoot(t, map[string]string{"en/01-x.md": lessonText})
	r, err := Build(c)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Problems) != 1 || !strings.Contains(r.Problems[0], "01-x.md:8: statement `SELECT * FROM t` should return 5 rows but it returned 0 rows") {
		t.Errorf("problems = %q", r.Problems)
	}
	c.Strict = true
	if _, err := Build(c); err == nil || err.Error() != "1 example expectations disagree with the engine" {
		t.Errorf("strict build: %v", err)
	}
}
