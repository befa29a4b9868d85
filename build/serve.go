package main

import (
	"fmt"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// securityHeaders are the headers netlify.toml sets in production; the local
// server sends the same so that a CSP mistake shows up before deploying.
var securityHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
		"img-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors *",
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy":        "strict-origin-when-cross-origin",
}

// serve builds the site, serves it and rebuilds when content/, site/ or
// wasm/ change. A failed rebuild is reported and the last good site stays up.
func serve(c config, addr string) error {
	r, err := build(c)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "built %d pages in %v\n", len(r.Pages), r.Duration.Round(time.Millisecond))
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "serving %s at http://%s/\n", c.Out, ln.Addr())
	go watch(c, 500*time.Millisecond)
	return http.Serve(ln, siteHandler(c.Out))
}

// watch polls the sources and rebuilds after a change. Polling needs no
// dependency and is fast enough for a few hundred files.
func watch(c config, every time.Duration) {
	dirs := []string{"content", "site", "wasm"}
	last := snapshot(c.Root, dirs)
	for range time.Tick(every) {
		now := snapshot(c.Root, dirs)
		if now == last {
			continue
		}
		last = now
		r, err := build(c)
		if err != nil {
			fmt.Fprintln(os.Stderr, "rebuild failed:", err)
			continue
		}
		fmt.Fprintf(os.Stderr, "rebuilt %d pages in %v\n", len(r.Pages), r.Duration.Round(time.Millisecond))
	}
}

// snapshot summarizes the names, sizes and times of the files under dirs.
func snapshot(root string, dirs []string) string {
	var b strings.Builder
	for _, d := range dirs {
		filepath.WalkDir(filepath.Join(root, d), func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return nil
			}
			if info, err := e.Info(); err == nil {
				fmt.Fprintf(&b, "%s %d %d\n", p, info.Size(), info.ModTime().UnixNano())
			}
			return nil
		})
	}
	return b.String()
}

// siteHandler serves dir as the static host would: the security headers,
// immutable caching for fingerprinted assets, /404.html for unknown paths, and
// a precompressed .br or .gz when the client accepts it.
func siteHandler(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range securityHeaders {
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
			if strings.Contains(accept, enc.name) && fileExists(file+enc.ext) {
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
