package sitegen

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSingleFile checks what `go run ./build -single` writes: every page of
// the site but the embed pages, each once, with no link out of the file,
// and the very engine the site ships, in the worker's script.
func TestSingleFile(t *testing.T) {
	r := needSingle(t)
	data, err := os.ReadFile(r.File)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	if r.Size != len(data) {
		t.Errorf("report says %d bytes, the file has %d", r.Size, len(data))
	}
	t.Logf("%s: %d bytes; the engine %d (.wasm %d, gzip %d); %d pages %d (markup %d)", r.File, r.Size, r.Engine, r.Wasm, r.WasmGzip, r.Pages, r.PagesIn, r.Markup)
	packed := map[string]sitePage{}
	for _, m := range regexp.MustCompile(`<script type="text/plain" data-path="([^"]*)">([^<]*)</script>`).FindAllStringSubmatch(doc, -1) {
		var p sitePage
		if err := json.Unmarshal(gunzip(t, m[2]), &p); err != nil {
			t.Fatalf("the page %s: %v", m[1], err)
		}
		packed[m[1]] = p
	}

	want := 0
	for _, p := range testReport.Pages {
		if p == "/" || strings.Contains(p, "/embed/") {
			continue
		}
		want++
		if n := strings.Count(doc, `<script type="text/plain" data-path="`+p+`"`); n != 1 {
			t.Errorf("the file holds the page %s %d times, want once", p, n)
		}
	}
	if r.Pages != want || strings.Count(doc, `<script type="text/plain" data-path=`) != want {
		t.Errorf("the file holds %d pages (report: %d), want %d", strings.Count(doc, `<script type="text/plain" data-path=`), r.Pages, want)
	}
	// Every lesson's examples, in both languages: each page's playgrounds
	// as the site's page has them; nothing is fetched from a server: no
	// site path in a link or source.
	for _, p := range testReport.Pages {
		if p == "/" || strings.Contains(p, "/embed/") || p == "/404.html" {
			continue
		}
		page, err := os.ReadFile(filepath.Join(testDist, filepath.FromSlash(p), "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		want, got := strings.Count(string(page), `<figure class="pg"`), strings.Count(packed[p].Body, `<figure class="pg"`)
		if got != want {
			t.Errorf("the file's %s holds %d playgrounds, the site's %d", p, got, want)
		}
		if m := regexp.MustCompile(`(href|src)="/[^"]*"`).FindString(packed[p].Body); m != "" {
			t.Errorf("the file's %s links to the site: %s", p, m)
		}
		if lang := packed[p].Lang; lang != map[bool]string{true: "zh-Hans", false: "en"}[strings.HasPrefix(p, "/zh/")] {
			t.Errorf("the file's %s has lang %q", p, lang)
		}
	}
	if !strings.Contains(packed["/en/"].Body, `<a href="?page=/en/ttl/">`) {
		t.Error("the English index does not link to the TTL lesson as ?page=/en/ttl/")
	}
	if m := regexp.MustCompile(`(href|src|data-index)="/[^"]*"`).FindString(doc); m != "" {
		t.Errorf("the file links to the site: %s", m)
	}
	for _, lang := range []string{"en", "zh-Hans"} {
		if n := strings.Count(doc, `<script type="text/plain" data-search="`+lang+`">`); n != 1 {
			t.Errorf("the file holds %d search indexes for %s, want one", n, lang)
		}
	}
	if m := regexp.MustCompile(`<script[^>]* src=|<link[^>]*rel="stylesheet"`).FindString(doc); m != "" {
		t.Errorf("the file loads a script or style sheet: %s", m)
	}

	// Its policy, before any script, lets nothing be fetched from a network
	// (TestBrowserSingleFile checks the browser enforces it).
	if csp := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; [^"]*">`).FindStringIndex(doc); csp == nil || csp[0] > strings.Index(doc, "<script") {
		t.Error("the file has no Content-Security-Policy with default-src 'none' before its first script")
	} else if m := regexp.MustCompile(`https?:|\*|'self'|'unsafe-`).FindString(doc[csp[0]:csp[1]]); m != "" {
		t.Errorf("the file's Content-Security-Policy allows %s", m)
	}

	// The worker's engine is the site's .wasm, gzipped, in base64.
	m := regexp.MustCompile(regexp.QuoteMeta(gzipEngine) + `[A-Za-z0-9+/=]+`).FindString(doc)
	if m == "" {
		t.Fatal("the file holds no gzip data: URL of the engine")
	}
	b64 := strings.TrimPrefix(m, gzipEngine)
	got := gunzip(t, b64)
	site, err := os.ReadFile(filepath.Join(testDist, filepath.FromSlash(testReport.Assets.Wasm)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, site) {
		t.Errorf("the file's engine (%d bytes) is not the site's .wasm (%d bytes)", len(got), len(site))
	}
	// The worker recognises the data: URL by the same prefix.
	ts, err := os.ReadFile(filepath.Join(testRoot, "site", "ts", "onefile.ts"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(ts), `gzipEngine = "`+gzipEngine+`"`) {
		t.Errorf("site/ts/onefile.ts does not recognise the engine's prefix %q", gzipEngine)
	}
}

// gunzip decodes base64 of gzip.
func gunzip(t *testing.T, b64 string) []byte {
	t.Helper()
	gz, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
