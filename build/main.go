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
// wasm/ for the browser and fingerprints every asset: package sitegen, of
// which this is the command line. See docs/site.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/cqlplay/cqlplay/build/sitegen"
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
	single := fs.Bool("single", false, "write the whole site as one HTML file, -out/"+sitegen.SingleName+", that opens from file:// (build/sitegen/single.go)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return errors.New("unexpected argument " + strconv.Quote(fs.Arg(0)) + "; usage: go run ./build [serve] [flags]")
	}
	root, err := sitegen.FindRoot()
	if err != nil {
		return err
	}
	outDir := *out
	if !filepath.IsAbs(outDir) {
		outDir = filepath.Join(root, outDir)
	}
	c := sitegen.Config{Root: root, Out: outDir, BaseURL: *base, Strict: *strict, Compress: cmd == "build",
		BrotliQuality: *quality, Wasm: *wasm, Log: os.Stderr}
	if cmd == "serve" {
		if *single {
			return errors.New("-single writes a file; it does not serve")
		}
		return sitegen.Serve(c, *addr)
	}
	if *single {
		return sitegen.WriteSingle(c)
	}
	r, err := sitegen.Build(c)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %d pages to %s in %v\n", len(r.Pages), outDir, r.Duration.Round(1e6))
	return nil
}

// runWasm is `go run ./build wasm -out DIR`: only the engine (sitegen.WriteEngine).
func runWasm(args []string) error {
	fs := flag.NewFlagSet("wasm", flag.ContinueOnError)
	out := fs.String("out", "", "directory to write cqlplay.wasm and wasm_exec.js to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		return errors.New("usage: go run ./build wasm -out DIR")
	}
	root, err := sitegen.FindRoot()
	if err != nil {
		return err
	}
	return sitegen.WriteEngine(root, *out)
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
