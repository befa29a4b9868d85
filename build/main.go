// Command build renders cqlplay's site into dist/.
//
//	go run ./build                  # write dist/ for a static host
//	go run ./build serve            # build, serve http://localhost:8080, rebuild on change
//	go run ./build wasm -out DIR    # only the engine: DIR/cqlplay.wasm and its wasm_exec.js
//	go run ./build -single          # the whole site as one HTML file, dist/cqlplay.html, for file://
//
// The benchmark is a command of its own: go run ./build/bench.
//
// It renders content/ with goldmark (a playground for each ```cql fence, its
// results computed here by the engine), bundles site/ with esbuild, compiles
// wasm/ for the browser and fingerprints every asset. See docs/site.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) > 0 && args[0] == "wasm" {
		return runWasm(args[1:])
	}
	cmd := "build"
	if len(args) > 0 && (args[0] == "serve" || args[0] == "build") {
		cmd, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	out := fs.String("out", "dist", "output directory")
	base := fs.String("base", envOr("URL", "http://localhost:8080"), "absolute URL of the site (Netlify sets $URL)")
	addr := fs.String("addr", "localhost:8080", "address to serve on (serve only)")
	strict := fs.Bool("strict", false, "fail when an example disagrees with its expectations")
	quality := fs.Int("brotli", 11, "brotli quality for precompressed files")
	wasm := fs.String("wasm", "", "ship this compiled engine instead of compiling ./wasm (go run ./build/bench compares builds)")
	single := fs.Bool("single", false, "write the whole site as one HTML file, -out/"+singleName+", that opens from file:// (build/single.go)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return errors.New("unexpected argument " + strconv.Quote(fs.Arg(0)) + "; usage: go run ./build [serve] [flags]")
	}
	root, err := findRoot()
	if err != nil {
		return err
	}
	outDir := *out
	if !filepath.IsAbs(outDir) {
		outDir = filepath.Join(root, outDir)
	}
	c := config{Root: root, Out: outDir, BaseURL: *base, Strict: *strict, Compress: cmd == "build",
		BrotliQuality: *quality, Wasm: *wasm, Log: os.Stderr}
	if cmd == "serve" {
		if *single {
			return errors.New("-single writes a file; it does not serve")
		}
		return serve(c, *addr)
	}
	if *single {
		return runSingle(c)
	}
	r, err := build(c)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %d pages to %s in %v\n", len(r.Pages), outDir, r.Duration.Round(1e6))
	return nil
}

// runWasm compiles only the engine, as the site ships it, beside the
// wasm_exec.js of the same Go: what node needs to load it
// (go run ./build/bench, or any script of one's own).
func runWasm(args []string) error {
	fs := flag.NewFlagSet("wasm", flag.ContinueOnError)
	out := fs.String("out", "", "directory to write cqlplay.wasm and wasm_exec.js to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		return errors.New("usage: go run ./build wasm -out DIR")
	}
	root, err := findRoot()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	if err := compileWasm(root, filepath.Join(*out, "cqlplay.wasm")); err != nil {
		return err
	}
	src, err := wasmExecPath(root)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(*out, "wasm_exec.js"), data, 0o644)
}

// findRoot returns the repository root: the nearest directory up from the
// working directory that holds go.mod and content/.
func findRoot() (string, error) {
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

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
