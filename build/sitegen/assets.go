package sitegen

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/build/host"

	"github.com/cespare/xxhash/v2"
	"github.com/evanw/esbuild/pkg/api"
)

// Assets are the URL paths of the fingerprinted files a page refers to.
type Assets struct {
	PageJS   string
	PageCSS  string
	WorkerJS string
	InlineJS string // the page's own engine (inline.ts), loaded once the reader goes to an editor
	HeadJS   string // the head script (head.ts): the engine's worker and the theme, before the first paint
	Wasm     string // "" when ./wasm has no Go package yet: widgets stay static
}

// bundleSite bundles site/ts and site/css with esbuild into out/assets, with
// content-hashed names. Any error or warning-as-error fails the build.
//
// The worker imports "cqlplay-bridge": the wasm/ package's own loader module
// (wasm/cqlplay.mjs, which calls the engine through //go:wasmexport functions)
// when it ships one, else site/ts/bridge.ts, which uses the js.FuncOf API the
// Go program installs by itself. It also imports "wasm-exec", the Go
// toolchain's wasm_exec.js (it defines globalThis.Go): bundled, the worker
// needs no second script, whose synchronous importScripts held the worker
// for up to 80 ms in Chromium while the engine could have been compiling.
// The page's own engine (inline.ts) imports the same two, and is loaded
// only once the reader goes to an editor.
// The worker is built knowing the engine's URL (wasm, CQLPLAY_ENGINE in
// worker.ts), so it starts the download as its script runs, with no
// message from the page in between and whether the network or the offline
// cache serves it.
func bundleSite(root, out, wasm string) (Assets, error) {
	bridge := filepath.Join(root, "site", "ts", "bridge.ts")
	if fileExists(filepath.Join(root, "wasm", "cqlplay.mjs")) {
		bridge = filepath.Join(root, "wasm", "cqlplay.mjs")
	}
	wasmExec, err := wasmExecPath(root)
	if err != nil {
		return Assets{}, err
	}
	entries := []string{"site/ts/page.ts", "site/ts/worker.ts", "site/ts/inline.ts", "site/ts/head.ts", "site/css/site.css"}
	opts := browserBundle(root, entries...)
	opts.Write = true
	opts.Outdir = filepath.Join(out, "assets")
	opts.EntryNames = "[name]-[hash]"
	opts.AssetNames = "[name]-[hash]"
	opts.Metafile = true
	opts.Sourcemap = api.SourceMapLinked
	opts.Loader = map[string]api.Loader{".svg": api.LoaderFile}
	opts.Alias = map[string]string{"cqlplay-bridge": bridge, "wasm-exec": wasmExec}
	opts.Define = map[string]string{"CQLPLAY_ENGINE": strconv.Quote(wasm)}
	res := api.Build(opts)
	if err := esbuildErr(res.Errors); err != nil {
		return Assets{}, err
	}
	outputs, err := entryOutputs(root, out, res.Metafile)
	if err != nil {
		return Assets{}, err
	}
	a := Assets{PageJS: outputs["site/ts/page.ts"], WorkerJS: outputs["site/ts/worker.ts"], InlineJS: outputs["site/ts/inline.ts"],
		HeadJS: outputs["site/ts/head.ts"], PageCSS: outputs["site/css/site.css"], Wasm: wasm}
	if a.PageJS == "" || a.WorkerJS == "" || a.InlineJS == "" || a.HeadJS == "" || a.PageCSS == "" {
		return a, errors.New("esbuild metafile lacks an entry output: " + res.Metafile)
	}
	return a, nil
}

// entryOutputs maps each entry point to the URL path of its output.
func entryOutputs(root, out, metafile string) (map[string]string, error) {
	var meta struct {
		Outputs map[string]struct {
			EntryPoint string `json:"entryPoint"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(metafile), &meta); err != nil {
		return nil, err
	}
	m := map[string]string{}
	for path, o := range meta.Outputs {
		if o.EntryPoint == "" || strings.HasSuffix(path, ".map") {
			continue
		}
		abs := path
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(root, path)
		}
		rel, err := filepath.Rel(out, abs)
		if err != nil {
			return nil, err
		}
		m[o.EntryPoint] = "/" + filepath.ToSlash(rel)
	}
	return m, nil
}

func esbuildErr(msgs []api.Message) error {
	if len(msgs) == 0 {
		return nil
	}
	var b strings.Builder
	for _, m := range msgs {
		if m.Location != nil {
			b.WriteString(m.Location.File + ":" + strconv.Itoa(m.Location.Line) + ":" + strconv.Itoa(m.Location.Column) + ": ")
		}
		b.WriteString(m.Text + "\n")
	}
	return errors.New("esbuild: " + strings.TrimSpace(b.String()))
}

// hasGoPackage reports whether dir holds a non-test Go file.
func hasGoPackage(dir string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			return true
		}
	}
	return false
}

// notInlined are the packages (paths under the module) compiled without Go's
// inlining in the WebAssembly build. Inlining copies callees into every
// caller, and in wasm the browser's own compiler inlines small functions
// anyway, so the copies mostly cost bytes of the 1.25 MB budget: un-inlined,
// these save 34 KB (cql, schema, layout), 2 KB (jsonenc) and 34 KB (cqltype,
// function, the facade and the bridge) brotli, with W1, W2, W3 and reruns
// within the noise of the machine; engine/ring (the simulated ring, split
// from engine/query) saves 0.7 KB, and the facade's features split from it
// (engine/internal/...) keep the facade's setting. engine/query and engine/store, where a
// run spends its time, keep inlining: query un-inlined doubled W1 and W2.
// docs/performance-history.md ("Inlining") has the measurements.
var notInlined = []string{
	"engine/cql", "engine/schema", "engine/layout", "engine/jsonenc",
	"engine/cqltype", "engine/function", "engine", "wasm", "engine/ring",
	"engine/internal/directive", "engine/internal/explain", "engine/internal/shell",
	"engine/internal/trace", "engine/internal/peek",
}

// stdNotInlined are the standard library's packages compiled so, by the
// same rule: math/big (varint and decimal arithmetic, and the slow path of
// Java's double printing) saves 9.6 KB brotli, and printing 1,000 doubles
// took 0.88-0.98 ms against 0.83-0.87 ms; W1, W2 and W3 did not move.
// strings joined it when the server's bind markers and issue 31's fidelity
// met (1,253,239 -> 1,247,501 B brotli); the engine's benchmarks in node did
// not move (docs/performance.md, "The engine module").
var stdNotInlined = []string{"math/big", "strings"}

// browserBundle is how each of the site's scripts is bundled: entries
// (paths under root) as one minified ES2020 IIFE for the browser, esbuild's
// own log silent (esbuildErr reports its errors). Its callers add where the
// bundle goes and what it defines: the page, its worker and head script
// (bundleSite), the service worker (offline.go), the one-file router
// (single.go).
func browserBundle(root string, entries ...string) api.BuildOptions {
	return api.BuildOptions{
		AbsWorkingDir:     root,
		EntryPoints:       entries,
		Bundle:            true,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Target:            api.ES2020,
		Format:            api.FormatIIFE,
		Platform:          api.PlatformBrowser,
		LogLevel:          api.LogLevelSilent,
	}
}

// CompileWasm builds root/wasm for js/wasm into dst.
func CompileWasm(root, dst string) error {
	args := []string{"build", "-trimpath", "-ldflags=-s -w"}
	for _, p := range notInlined {
		args = append(args, "-gcflags=github.com/cqlplay/cqlplay/"+p+"=-l")
	}
	for _, p := range stdNotInlined {
		args = append(args, "-gcflags="+p+"=-l")
	}
	cmd := exec.Command("go", append(args, "-o", dst, "./wasm")...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return errors.New("compiling ./wasm: " + err.Error() + "\n" + string(out))
	}
	return nil
}

// WriteEngine compiles only the engine, as the site ships it, into
// dir/cqlplay.wasm, beside the wasm_exec.js of the same Go: what node needs
// to load it (go run ./build/bench, or any script of one's own).
func WriteEngine(root, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := CompileWasm(root, filepath.Join(dir, "cqlplay.wasm")); err != nil {
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
	return os.WriteFile(filepath.Join(dir, "wasm_exec.js"), data, 0o644)
}

// wasmExecPath is the wasm_exec.js of the Go toolchain that compiles the
// .wasm: the two must come from the same Go.
func wasmExecPath(root string) (string, error) {
	cmd := exec.Command("go", "env", "GOROOT")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return "", errors.New("go env GOROOT: " + err.Error())
	}
	return filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", "wasm_exec.js"), nil
}

// writeFingerprinted writes data as out/assets/<stem>-<xxhash>.<ext> and
// returns its URL path: esbuild names its own outputs, this names the rest.
func writeFingerprinted(out, name string, data []byte) (string, error) {
	ext := filepath.Ext(name)
	hashed := strings.TrimSuffix(name, ext) + "-" + strconv.FormatUint(xxhash.Sum64(data), 16)[:12] + ext
	dir := filepath.Join(out, "assets")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, hashed), data, 0o644); err != nil {
		return "", err
	}
	return "/assets/" + hashed, nil
}

// precompress writes .gz (and .br, when the brotli command is installed) beside
// every compressible file of at least 1 KiB under dir, for servers that send
// precompressed files (build serve does). It returns whether .br was written.
func precompress(dir string, brotliQuality int) (bool, error) {
	brotli, _ := exec.LookPath("brotli")
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !host.Compressible(path) {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil || len(data) < 1024 {
			return err
		}
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		zw.Write(data)
		if err := zw.Close(); err != nil {
			return err
		}
		if err := os.WriteFile(path+".gz", gz.Bytes(), 0o644); err != nil {
			return err
		}
		if brotli == "" {
			return nil
		}
		cmd := exec.Command(brotli, "-f", "-q", strconv.Itoa(brotliQuality), "-o", path+".br", path)
		if out, err := cmd.CombinedOutput(); err != nil {
			return errors.New("brotli " + path + ": " + err.Error() + ": " + string(out))
		}
		return nil
	})
	return brotli != "", err
}
