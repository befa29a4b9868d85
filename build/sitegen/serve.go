package sitegen

import (
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cqlplay/cqlplay/build/host"
)

// Serve builds the site, serves it and rebuilds when content/, site/ or
// wasm/ change. A failed rebuild is reported and the last good site stays up.
func Serve(c Config, addr string) error {
	r, err := Build(c)
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
	return http.Serve(ln, host.Handler(c.Out))
}

// watch polls the sources and rebuilds after a change. Polling needs no
// dependency and is fast enough for a few hundred files.
func watch(c Config, every time.Duration) {
	dirs := []string{"content", "site", "wasm"}
	last := snapshot(c.Root, dirs)
	for range time.Tick(every) {
		now := snapshot(c.Root, dirs)
		if now == last {
			continue
		}
		last = now
		r, err := Build(c)
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
