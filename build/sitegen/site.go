package sitegen

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/cqlplay/cqlplay/build/host"
	"github.com/cqlplay/cqlplay/build/lesson"
)

// FindRoot returns the repository root: the nearest directory up from the
// working directory that holds go.mod and site/.
func FindRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if fileExists(filepath.Join(dir, "go.mod")) && fileExists(filepath.Join(dir, "site")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run from inside the cqlplay repository (no go.mod with site/ found)")
		}
		dir = parent
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// Config says what to build and where.
type Config struct {
	Root    string // the repository: content/, site/, wasm/ live here
	Out     string // output directory, replaced as a whole
	BaseURL string // absolute URL of the site, for the sitemap and canonical links
	// Wasm, when set, is a compiled .wasm used instead of compiling ./wasm
	// (tests compile it once per package).
	Wasm string
	// Compress writes .gz and .br beside large files; BrotliQuality is the
	// brotli level (11 for a release, lower for tests).
	Compress      bool
	BrotliQuality int
	// Strict fails the build when an example disagrees with its expectations.
	Strict bool
	Log    io.Writer
}

// Report says what a build did.
type Report struct {
	Pages    []string // URL paths of the HTML pages written
	Problems []string // examples whose outcomes disagree with their expectations
	Assets   Assets
	Duration time.Duration
}

// Build writes the whole site into c.Out. It writes into a sibling directory
// first and swaps it in, so a server reading c.Out never sees half a site.
func Build(c Config) (*Report, error) {
	start := time.Now()
	if c.Log == nil {
		c.Log = io.Discard
	}
	tmp := c.Out + ".new"
	if err := os.RemoveAll(tmp); err != nil {
		return nil, err
	}
	r, err := buildInto(c, tmp)
	if err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	old := c.Out + ".old"
	os.RemoveAll(old)
	if err := os.Rename(c.Out, old); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if err := os.Rename(tmp, c.Out); err != nil {
		return nil, err
	}
	os.RemoveAll(old)
	r.Duration = time.Since(start)
	return r, nil
}

func buildInto(c Config, out string) (*Report, error) {
	r := &Report{}
	// The engine first: the worker's bundle names the .wasm it loads.
	wasm, err := addEngine(c, out)
	if err != nil {
		return nil, err
	}
	a, err := bundleSite(c.Root, out, wasm)
	if err != nil {
		return nil, err
	}
	r.Assets = a
	lessons, err := lesson.Load(filepath.Join(c.Root, "content"))
	if err != nil {
		return nil, err
	}
	for _, l := range lessons {
		if rel, err := filepath.Rel(c.Root, l.Path); err == nil {
			l.Path = rel
		}
	}
	tpl, err := loadTemplates(filepath.Join(c.Root, "site", "templates"))
	if err != nil {
		return nil, err
	}
	search, err := writeSearchIndexes(out, lessons)
	if err != nil {
		return nil, err
	}
	prs, err := newPrerenderPool(c.Root, min(runtime.GOMAXPROCS(0), 4))
	if err != nil {
		return nil, err
	}
	w := &writer{out: out, tpl: tpl, assets: a, base: strings.TrimRight(c.BaseURL, "/"), lessons: lessons, search: search, prs: prs}
	for _, l := range lessons {
		probs, err := w.lessonPage(l)
		if err != nil {
			return nil, err
		}
		r.Problems = append(r.Problems, probs...)
	}
	if err := w.playPages(c.Root); err != nil {
		return nil, err
	}
	if err := w.indexes(c.Root); err != nil {
		return nil, err
	}
	if err := w.notFound(); err != nil {
		return nil, err
	}
	if err := w.favicon(c.Root); err != nil {
		return nil, err
	}
	if err := w.sitemap(); err != nil {
		return nil, err
	}
	// The security headers, for Netlify; the local server sends the same.
	if err := os.WriteFile(filepath.Join(out, "_headers"), []byte(host.HeadersFile()), 0o644); err != nil {
		return nil, err
	}
	r.Pages = w.pages
	if err := writeServiceWorker(c.Root, out, w.pages); err != nil {
		return nil, err
	}
	for _, p := range r.Problems {
		io.WriteString(c.Log, "warning: "+p+"\n")
	}
	if c.Strict && len(r.Problems) > 0 {
		return nil, errors.New(strconv.Itoa(len(r.Problems)) + " example expectations disagree with the engine")
	}
	if c.Compress {
		hasBr, err := precompress(out, c.BrotliQuality)
		if err != nil {
			return nil, err
		}
		if !hasBr {
			io.WriteString(c.Log, "note: the brotli command is not installed; wrote .gz only\n")
		}
	}
	return r, nil
}

// addEngine compiles (or copies) the .wasm, writes it fingerprinted and
// returns its URL path ("" when ./wasm has no Go package yet).
func addEngine(c Config, out string) (string, error) {
	wasmFile := c.Wasm
	if wasmFile == "" {
		if !hasGoPackage(filepath.Join(c.Root, "wasm")) {
			io.WriteString(c.Log, "warning: ./wasm has no Go package yet; the playgrounds will show the build's results only\n")
			return "", nil
		}
		tmp, err := os.MkdirTemp("", "cqlplay-wasm")
		if err != nil {
			return "", err
		}
		defer os.RemoveAll(tmp)
		wasmFile = filepath.Join(tmp, "engine.wasm")
		if err := CompileWasm(c.Root, wasmFile); err != nil {
			return "", err
		}
	}
	data, err := os.ReadFile(wasmFile)
	if err != nil {
		return "", err
	}
	return writeFingerprinted(out, "engine.wasm", data)
}
