package host

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHandler serves a small site as the host would: index files, a
// precompressed .br only to a client that accepts it, immutable caching for
// fingerprinted assets only, the site's 404 page, and the security headers
// on every answer.
func TestHandler(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"index.html":          "home",
		"404.html":            "not here",
		"_headers":            HeadersFile(),
		"en/a/index.html":     "lesson",
		"assets/page-1.js":    "js",
		"assets/page-1.js.br": "br-js",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		path, accept string
		status       int
		body         string
		encoding     string
		cache        string
		location     string
	}{
		{"/", "", 200, "home", "", "no-cache", ""},
		{"/en/a/", "", 200, "lesson", "", "no-cache", ""},
		{"/en/a", "", 301, "", "", "", "/en/a/"},
		{"/assets/page-1.js", "gzip, br", 200, "br-js", "br", "public, max-age=31536000, immutable", ""},
		{"/assets/page-1.js", "gzip", 200, "js", "", "public, max-age=31536000, immutable", ""},
		{"/nope", "", 404, "not here", "", "", ""},
		{"/../../etc/passwd", "", 404, "not here", "", "", ""},
		{"/_headers", "", 404, "not here", "", "", ""},
	}
	h := Handler(dir)
	for _, tt := range tests {
		req := httptest.NewRequest("GET", "http://x"+tt.path, nil)
		if tt.accept != "" {
			req.Header.Set("Accept-Encoding", tt.accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		res := rec.Result()
		if res.StatusCode != tt.status {
			t.Errorf("%s: status %d, want %d", tt.path, res.StatusCode, tt.status)
		}
		if tt.body != "" && rec.Body.String() != tt.body {
			t.Errorf("%s: body %q, want %q", tt.path, rec.Body.String(), tt.body)
		}
		if got := res.Header.Get("Content-Encoding"); got != tt.encoding {
			t.Errorf("%s (Accept-Encoding %q): Content-Encoding %q, want %q", tt.path, tt.accept, got, tt.encoding)
		}
		if tt.cache != "" && res.Header.Get("Cache-Control") != tt.cache {
			t.Errorf("%s: Cache-Control %q, want %q", tt.path, res.Header.Get("Cache-Control"), tt.cache)
		}
		if got := res.Header.Get("Location"); got != tt.location {
			t.Errorf("%s: Location %q, want %q", tt.path, got, tt.location)
		}
		for k, v := range Headers(tt.path) {
			if res.Header.Get(k) != v {
				t.Errorf("%s: %s = %q, want %q", tt.path, k, res.Header.Get(k), v)
			}
		}
	}
}

// TestMatches reads _headers patterns as Netlify does (the rules of its
// CLI's dev server, which says it copies production's).
func TestMatches(t *testing.T) {
	tests := []struct {
		pattern, path string
		want          bool
	}{
		{"/*", "/", true},
		{"/*", "/en/a/embed/0/", true},
		{"/", "/", true},
		{"/", "/index.html", false},
		{"/:page", "/404.html", true},
		{"/:page", "/en/", true},
		{"/:page", "/en", true},
		{"/:page", "/en/a/", false},
		{"/:lang/:page", "/en/a/", true},
		{"/:lang/:page", "/en/a", true},
		{"/:lang/:page", "/en/index.html", true},
		{"/:lang/:page", "/en/play/embed/", false},
		{"/:lang/:slug/index.html", "/en/a/index.html", true},
		{"/:lang/:slug/index.html", "/en/play/embed/", false},
		{"/assets/*", "/assets/a.js", true},
		{"/assets/*", "/assets", true},
		{"/assets/*", "/assetsx", false},
		{"/*.html", "/en/a/index.html", true},
		{"/a.b", "/axb", false},
	}
	for _, tt := range tests {
		if got := Matches(tt.pattern, tt.path); got != tt.want {
			t.Errorf("Matches(%q, %q) = %v, want %v", tt.pattern, tt.path, got, tt.want)
		}
	}
}

// TestFraming checks which pages Rules let other sites frame: the embed
// pages only.
func TestFraming(t *testing.T) {
	for path, want := range map[string]string{
		"/": "'self'", "/index.html": "'self'", "/404.html": "'self'", "/en/": "'self'", "/play/": "'self'",
		"/en/play/": "'self'", "/en/01-a/": "'self'", "/en/01-a": "'self'", "/en/01-a/index.html": "'self'",
		"/en/play/embed/": "*", "/zh/play/embed/index.html": "*", "/en/01-a/embed/0/": "*", "/en/01-a/embed/12/index.html": "*",
	} {
		csp := Headers(path)["Content-Security-Policy"]
		if !strings.HasSuffix(csp, "; frame-ancestors "+want) {
			t.Errorf("%s: %s, want frame-ancestors %s", path, csp, want)
		}
	}
}

// TestHandlerGzips: a file with no precompressed sibling (build serve's) is
// sent gzipped to a client that accepts it, and plain to one that does not;
// a small file, or one of a kind not worth it, is sent as it is.
func TestHandlerGzips(t *testing.T) {
	dir := t.TempDir()
	page := strings.Repeat("<p>a lesson</p>\n", 200)
	for name, body := range map[string]string{"index.html": page, "small.js": "x", "img.png": page} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := Handler(dir)
	for _, tt := range []struct {
		path, accept, encoding string
	}{
		{"/", "gzip, deflate, br", "gzip"},
		{"/", "gzip", "gzip"}, // the second time from the cache
		{"/", "", ""},
		{"/small.js", "gzip", ""},
		{"/img.png", "gzip", ""},
	} {
		req := httptest.NewRequest("GET", "http://x"+tt.path, nil)
		req.Header.Set("Accept-Encoding", tt.accept)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if got := rec.Result().Header.Get("Content-Encoding"); got != tt.encoding {
			t.Errorf("%s (Accept-Encoding %q): Content-Encoding %q, want %q", tt.path, tt.accept, got, tt.encoding)
		}
		body := rec.Body.Bytes()
		if tt.encoding == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
			if rec.Body.Len() >= len(page)/4 {
				t.Errorf("%s: %d bytes gzipped of %d", tt.path, rec.Body.Len(), len(page))
			}
		}
		if tt.path == "/" && string(body) != page {
			t.Errorf("%s (Accept-Encoding %q): the body differs from the file", tt.path, tt.accept)
		}
	}
}
