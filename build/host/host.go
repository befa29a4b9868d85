// Package host serves a built site as its static host (Netlify) does, so the
// local server, the browser tests and the bench see the headers and encodings
// a reader gets: the security headers, immutable caching of fingerprinted
// assets, /404.html for unknown paths, and the precompressed .br or .gz beside
// a file when the client accepts it.
package host

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// SecurityHeaders are the headers netlify.toml sets in production; the local
// server sends the same so that a CSP mistake shows up before deploying
// (TestNetlifyHeaders keeps the two the same).
var SecurityHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
		"img-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors *",
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy":        "strict-origin-when-cross-origin",
}

// Handler serves the built site in dir.
func Handler(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range SecurityHeaders {
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
		if err != nil || info.IsDir() {
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
		for _, enc := range []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
			if _, err := os.Stat(file + enc.ext); err == nil && strings.Contains(accept, enc.name) {
				w.Header().Set("Content-Encoding", enc.name)
				file += enc.ext
				break
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
