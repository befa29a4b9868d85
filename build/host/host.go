// Package host serves a built site as its static host (Netlify) does, so the
// local server, the browser tests and the bench see the headers and encodings
// a reader gets: the security headers, immutable caching of fingerprinted
// assets, /404.html for unknown paths, and the precompressed .br or .gz beside
// a file when the client accepts it. A file with no precompressed sibling
// (`go run ./build serve` writes none, to rebuild fast) is gzipped once, in
// memory, as Netlify compresses what it serves: the local server's bytes on
// the wire are a reader's, give or take brotli's few per cent.
package host

import (
	"bytes"
	"compress/gzip"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// policy is the site's Content-Security-Policy but for frame-ancestors: no
// inline script or style, no other origin's anything, wasm compiled from the
// site's own files.
const policy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
	"img-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors "

// A Rule sets headers on the paths its pattern matches, in the syntax of
// Netlify's _headers file: a segment ":name" matches one segment, "*" the
// rest of the path, a trailing slash is optional.
type Rule struct {
	For     string
	Headers [][2]string
}

// Rules are the security headers of the site, which the build writes to
// dist/_headers for Netlify (HeadersFile) and the local server sends
// (Handler). Every path gets the first rule: the policy with frame-ancestors
// *, which lets any site frame an embed page (docs/embedding.md). Every
// other page (the indexes, lessons, playgrounds, the 404 page, and any
// path of one or two segments) also matches a later rule whose policy is the
// same but for frame-ancestors 'self': whether a host lets the later rule
// override the first, as Netlify's dev server does, or sends both policies,
// which a browser enforces together, those pages can only be framed by the
// site. Embed pages (/<lang>/<slug>/embed/<n>/, /<lang>/play/embed/) have
// three or four segments and match none of them.
var Rules = []Rule{
	{"/*", [][2]string{
		{"Content-Security-Policy", policy + "*"},
		{"X-Content-Type-Options", "nosniff"},
		{"Referrer-Policy", "strict-origin-when-cross-origin"},
	}},
	{"/", own},
	{"/:page", own},
	{"/:lang/:page", own},
	{"/:lang/:slug/index.html", own},
}

var own = [][2]string{{"Content-Security-Policy", policy + "'self'"}}

// HeadersFile is Rules as Netlify's _headers file.
func HeadersFile() string {
	var b strings.Builder
	b.WriteString("# Written by go run ./build from build/host/host.go Rules; the local server sends the same.\n")
	for _, r := range Rules {
		b.WriteString(r.For + "\n")
		for _, h := range r.Headers {
			b.WriteString("  " + h[0] + ": " + h[1] + "\n")
		}
	}
	return b.String()
}

// Headers are the headers Rules give path, a later rule's value of a header
// replacing an earlier one's.
func Headers(path string) map[string]string {
	out := map[string]string{}
	for _, r := range Rules {
		if Matches(r.For, path) {
			for _, h := range r.Headers {
				out[h[0]] = h[1]
			}
		}
	}
	return out
}

// Matches reports whether a _headers pattern matches path, as Netlify reads
// it: segment by segment, ":name" one segment, "*" as a whole segment any
// rest (or nothing), "*" inside a segment any characters, and a slash after
// each segment optional.
func Matches(pattern, path string) bool {
	parts := strings.FieldsFunc(pattern, func(r rune) bool { return r == '/' })
	if len(parts) == 0 {
		return path == "/"
	}
	re := "^"
	for _, part := range parts {
		switch {
		case strings.HasPrefix(part, ":"):
			re += "/([^/]+)/?"
		case part == "*" && re == "^":
			re += "/?(.*)/?"
		case part == "*":
			re = strings.TrimSuffix(re, "/?") + "(?:|/|/(.*)/?)"
		case strings.Contains(part, "*"):
			re += "/" + strings.ReplaceAll(regexp.QuoteMeta(part), `\*`, "(.*)")
		default:
			re += "/" + regexp.QuoteMeta(part) + "/?"
		}
	}
	ok, _ := regexp.MatchString(re+"$", path)
	return ok
}

// Handler serves the built site in dir.
func Handler(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range Headers(r.URL.Path) {
			w.Header().Set(k, v)
		}
		p := path.Clean("/" + r.URL.Path)
		file := filepath.Join(dir, filepath.FromSlash(p))
		if info, err := os.Stat(file); err == nil && info.IsDir() {
			if !strings.HasSuffix(r.URL.Path, "/") {
				http.Redirect(w, r, r.URL.Path+"/", http.StatusMovedPermanently)
				return
			}
			file = filepath.Join(file, "index.html")
		}
		info, err := os.Stat(file)
		if err != nil || info.IsDir() || p == "/_headers" { // _headers configures the host, it is not served
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			if data, err := os.ReadFile(filepath.Join(dir, "404.html")); err == nil {
				w.Write(data)
			}
			return
		}
		if strings.HasPrefix(p, "/assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		ctype := mime.TypeByExtension(filepath.Ext(file))
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		w.Header().Set("Content-Type", ctype)
		w.Header().Add("Vary", "Accept-Encoding")
		accept := r.Header.Get("Accept-Encoding")
		precompressed := false
		for _, enc := range []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
			if _, err := os.Stat(file + enc.ext); err == nil {
				precompressed = true
				if strings.Contains(accept, enc.name) {
					w.Header().Set("Content-Encoding", enc.name)
					file += enc.ext
					break
				}
			}
		}
		if !precompressed && strings.Contains(accept, "gzip") && Compressible(file) && info.Size() >= 1024 {
			if gz, err := gzipped(file, info); err == nil {
				w.Header().Set("Content-Encoding", "gzip")
				http.ServeContent(w, r, "", info.ModTime(), bytes.NewReader(gz))
				return
			}
		}
		f, err := os.Open(file)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		defer f.Close()
		http.ServeContent(w, r, "", info.ModTime(), f)
	})
}

// compressible lists the extensions of text (and wasm) worth compressing.
var compressible = map[string]bool{".html": true, ".json": true, ".js": true, ".css": true, ".wasm": true, ".svg": true, ".xml": true, ".txt": true}

// Compressible reports whether a file of this name is worth compressing.
func Compressible(name string) bool { return compressible[filepath.Ext(name)] }

// gzipCache holds each file's gzip, keyed by its path, size and time: a
// rebuild that changes a file changes its key.
var gzipCache sync.Map

func gzipped(file string, info os.FileInfo) ([]byte, error) {
	key := file + "\x00" + strconv.FormatInt(info.Size(), 10) + "\x00" + info.ModTime().Format(time.RFC3339Nano)
	if v, ok := gzipCache.Load(key); ok {
		return v.([]byte), nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.DefaultCompression)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	gzipCache.Store(key, b.Bytes())
	return b.Bytes(), nil
}
