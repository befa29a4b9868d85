// Command bench measures cqlplay's WebAssembly engine against the peers a
// reader would otherwise pick for an in-browser query playground, sql.js
// (SQLite) and PGlite (PostgreSQL), on the same workloads in one run, and
// prints ratios: the machine is shared, so absolute times move by up to 2x
// between runs while ratios measured side by side stay meaningful
// (docs/performance.md).
//
//	go run ./build/bench                     # engine + sql.js + PGlite, ratios, .wasm size
//	go run ./build/bench -peers=sqljs        # skip PGlite (about 60 s of the run)
//	go run ./build/bench -browser            # also the Chromium timings (browser.go)
//	go run ./build/bench -browser -no-node -throttle 4   # the same on a phone's CPU and network
//	go run ./build/bench -lighthouse         # Lighthouse's mobile audit of each kind of page
//	go run ./build/bench -jsonl=out.jsonl    # keep every raw JSON line
//
// The workloads are written once, in Go (engine/workload), into a directory
// of scripts every harness reads: cqlengine.mjs loads the engine as the
// site's worker does (wasm_exec.js, then wasm/cqlplay.mjs); peers/sqljs.mjs
// and peers/pglite.mjs run the SQL texts on the peers' pinned npm packages
// (peers/package.json). Each runs in its own node process and prints one
// JSON line per measurement.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

func main() {
	if err := runBench(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// benchConfig is what one bench run does.
type benchConfig struct {
	Root     string
	Peers    []string // peers to run beside the engine: scripts of peers/ (sqljs, pglite)
	Browser  bool
	JSONL    string // file for the raw JSON lines, "" for none
	Engine   bool   // run the node harness for our engine
	Wasm     string // a compiled module to measure; "" compiles ./wasm
	Out, Log io.Writer
}

// benchLine is the part of a peer's JSON line the summary reads.
type benchLine struct {
	Peer     string  `json:"peer"`
	Workload string  `json:"workload"`
	Variant  string  `json:"variant"`
	N        int     `json:"n"`
	Ms       float64 `json:"ms"`
	PerS     float64 `json:"per_s"`
	raw      []byte
}

func runBench(args []string) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	peers := fs.String("peers", "sqljs,pglite", "peers to run beside the engine (comma-separated; \"\" for none)")
	browser := fs.Bool("browser", false, "also measure the site in Chromium (first visit bytes, time to readable and interactive, keystroke to views)")
	noNode := fs.Bool("no-node", false, "skip the node workloads (with -browser: browser timings only)")
	jsonl := fs.String("jsonl", "", "also write every raw JSON line to this file")
	wasm := fs.String("wasm", "", "measure this compiled module instead of compiling ./wasm (to compare two builds)")
	lighthouse := fs.Bool("lighthouse", false, "only run Lighthouse's mobile audit of the site, served as Netlify serves it (lighthouse.go)")
	fs.Float64Var(&benchThrottle, "throttle", 0, "with -browser: throttle Chromium's CPU this many times and the network as Lighthouse's mobile profile (throttle.go)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return errors.New("unexpected argument " + fs.Arg(0) + "; usage: go run ./build/bench [-peers=sqljs,pglite] [-browser] [-jsonl=FILE]")
	}
	root, err := findRoot()
	if err != nil {
		return err
	}
	c := benchConfig{Root: root, Browser: *browser, JSONL: *jsonl, Engine: !*noNode, Wasm: *wasm, Out: os.Stdout, Log: os.Stderr}
	if *lighthouse {
		return benchLighthouse(c)
	}
	if *peers != "" && !*noNode {
		c.Peers = strings.Split(*peers, ",")
		for _, p := range c.Peers {
			if !fileExists(filepath.Join(root, "build", "bench", "peers", p+".mjs")) {
				return errors.New("unknown peer " + strconv.Quote(p) + ": the peers are sqljs and pglite")
			}
		}
	}
	return bench(c)
}

// findRoot returns the repository root: the nearest directory up from the
// working directory that holds go.mod and build/bench.
func findRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if fileExists(filepath.Join(dir, "go.mod")) && fileExists(filepath.Join(dir, "build", "bench")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run from inside the cqlplay repository (no go.mod with build/bench found)")
		}
		dir = parent
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func bench(c benchConfig) error {
	tmp, err := os.MkdirTemp("", "cqlplay-bench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	// The engine as the site ships it, and the wasm_exec.js of the same Go.
	fmt.Fprintln(c.Log, "bench: compiling ./wasm (go run ./build wasm)")
	if err := goRun(c, "./build", "wasm", "-out", tmp); err != nil {
		return err
	}
	module, wasmExec := filepath.Join(tmp, "cqlplay.wasm"), filepath.Join(tmp, "wasm_exec.js")
	if c.Wasm != "" {
		if module, err = filepath.Abs(c.Wasm); err != nil {
			return err
		}
	}
	var raw io.Writer = io.Discard
	if c.JSONL != "" {
		f, err := os.Create(c.JSONL)
		if err != nil {
			return err
		}
		defer f.Close()
		raw = f
	}
	size, err := wasmSize(module)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.Out, "engine .wasm: %s raw, %s gzip -9, %s brotli -q 11 (budget <= 1.25 MB brotli; sql.js ships 305,816 B brotli, PGlite 3,856,573 B)\n",
		groupDigits(size.Raw), groupDigits(size.Gzip), groupDigits(size.Brotli))
	sizeLine, _ := json.Marshal(map[string]any{"peer": "cql", "workload": "size", "file": "cqlplay.wasm",
		"raw": size.Raw, "gzip9": size.Gzip, "brotli11": size.Brotli})
	fmt.Fprintf(raw, "%s\n", sizeLine)

	var lines []benchLine
	if c.Engine {
		scripts := filepath.Join(tmp, "scripts")
		if err := writeWorkloads(scripts, fullPlan); err != nil {
			return err
		}
		if err := npmCI(c); err != nil {
			return err
		}
		dir := filepath.Join(c.Root, "build", "bench")
		node := []string{"--expose-gc", filepath.Join(dir, "cqlengine.mjs"),
			wasmExec, module, filepath.Join(c.Root, "wasm", "cqlplay.mjs"), scripts}
		got, err := runPeer(c, "cql", dir, node, raw)
		if err != nil {
			return err
		}
		lines = append(lines, got...)
		for _, p := range c.Peers {
			got, err := runPeer(c, p, filepath.Join(dir, "peers"), []string{"--expose-gc", p + ".mjs", scripts}, raw)
			if err != nil {
				return err
			}
			lines = append(lines, got...)
		}
		printRatios(c.Out, lines)
	}
	if c.Browser {
		return benchBrowser(c, module, raw)
	}
	return nil
}

// npmCI installs the peers' exact versions (peers/package-lock.json) when
// their node_modules is missing.
func npmCI(c benchConfig) error {
	dir := filepath.Join(c.Root, "build", "bench", "peers")
	if len(c.Peers) == 0 || fileExists(filepath.Join(dir, "node_modules")) {
		return nil
	}
	fmt.Fprintln(c.Log, "bench: npm ci in", dir)
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return errors.New("npm ci in " + dir + ": " + err.Error() + "\n" + string(out))
	}
	return nil
}

// goRun runs `go run pkg args...` in the repository, for what the site
// builder owns (compiling the engine, building the site).
func goRun(c benchConfig, pkg string, args ...string) error {
	cmd := exec.Command("go", append([]string{"run", pkg}, args...)...)
	cmd.Dir = c.Root
	cmd.Stdout = c.Log
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return errors.New("go run " + pkg + " " + strings.Join(args, " ") + ": " + err.Error() + "\n" + stderr.String())
	}
	return nil
}

// runPeer runs one node child, echoes its progress, copies its JSON lines to
// raw and returns them.
func runPeer(c benchConfig, peer, dir string, args []string, raw io.Writer) ([]benchLine, error) {
	fmt.Fprintf(c.Log, "bench: %s (node %s)\n", peer, strings.Join(args, " "))
	start := time.Now()
	cmd := exec.Command("node", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, errors.New(peer + ": " + err.Error() + "\n" + stderr.String())
	}
	var lines []benchLine
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var l benchLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return nil, errors.New(peer + ": not a JSON line: " + sc.Text())
		}
		l.raw = append([]byte(nil), sc.Bytes()...)
		fmt.Fprintf(raw, "%s\n", l.raw)
		lines = append(lines, l)
	}
	fmt.Fprintf(c.Log, "bench: %s done in %v\n", peer, time.Since(start).Round(time.Second))
	return lines, nil
}

func findLine(lines []benchLine, peer, workload, variant string, n int) *benchLine {
	for i := range lines {
		l := &lines[i]
		if l.Peer == peer && l.Workload == workload && l.Variant == variant && (n == 0 || l.N == n) {
			return l
		}
	}
	return nil
}

// printRatios prints, for each workload, our median beside the peers' and the
// ratio the targets are stated in: throughput ratios for W1 and W2
// (above 1.0x: we are faster), a time ratio for W3 (below 1.0x: we are faster).
func printRatios(w io.Writer, lines []benchLine) {
	type cmp struct {
		title, peer, variant string
		target               float64
	}
	fmt.Fprintln(w, "\nworkload        ours                     peer                                 ratio    target")
	for _, wl := range []struct {
		workload string
		n        int
		cmps     []cmp
	}{
		{"W1", 10000, []cmp{{"sql.js txn", "sqljs", "txn", 1}, {"sql.js spec", "sqljs", "spec", 0}, {"PGlite", "pglite", "spec", 4}}},
		{"W1", 100000, []cmp{{"sql.js txn", "sqljs", "txn", 1}, {"sql.js spec", "sqljs", "spec", 0}, {"PGlite", "pglite", "spec", 4}}},
		{"W2", 2000, []cmp{{"sql.js", "sqljs", "spec", 1}, {"PGlite", "pglite", "spec", 10}}},
		{"W3", 200, []cmp{{"sql.js", "sqljs", "spec", 1}, {"PGlite reset", "pglite", "reset", 0}}},
	} {
		ours := findLine(lines, "cql", wl.workload, "spec", wl.n)
		if ours == nil {
			continue
		}
		name := wl.workload + " " + groupDigits(int64(wl.n))
		for _, cm := range wl.cmps {
			p := findLine(lines, cm.peer, wl.workload, cm.variant, 0)
			if cm.peer == "sqljs" || (cm.peer == "pglite" && wl.workload != "W3") {
				p = findLine(lines, cm.peer, wl.workload, cm.variant, wl.n)
			}
			if p == nil {
				continue
			}
			var ratio float64
			var verdict, target string
			if wl.workload == "W3" {
				ratio = ours.Ms / p.Ms // time: lower is better
				if cm.target > 0 {
					target = fmt.Sprintf("<= %.1fx", cm.target)
					verdict = pass(ratio <= cm.target)
				}
			} else {
				ratio = ours.PerS / p.PerS // throughput: higher is better
				if cm.target > 0 {
					target = fmt.Sprintf(">= %.1fx", cm.target)
					verdict = pass(ratio >= cm.target)
				}
			}
			fmt.Fprintf(w, "%-15s %-24s %-36s %6.2fx   %s %s\n", name, describe(ours), cm.title+" "+describe(p), ratio, target, verdict)
		}
	}
	fmt.Fprintln(w, "(W1, W2: our throughput / the peer's, higher is better; W3: our time per run / the peer's, lower is better)")
}

func pass(ok bool) string {
	if ok {
		return "met"
	}
	return "MISSED"
}

func describe(l *benchLine) string {
	switch l.Workload {
	case "W1":
		return fmt.Sprintf("%.0f rows/s", l.PerS)
	case "W2":
		return fmt.Sprintf("%.0f q/s", l.PerS)
	}
	return fmt.Sprintf("%.3f ms/run", l.Ms)
}

// wasmSizes is a file's size raw and compressed as a host serves it.
type wasmSizes struct{ Raw, Gzip, Brotli int64 }

// wasmSize measures gzip -9 with the gzip command (Go's compress/gzip when it
// is missing: a few percent larger) and brotli -q 11 with the brotli command
// (0 when it is missing).
func wasmSize(file string) (wasmSizes, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return wasmSizes{}, err
	}
	s := wasmSizes{Raw: int64(len(data))}
	if out, err := exec.Command("gzip", "-9", "-n", "-c", file).Output(); err == nil {
		s.Gzip = int64(len(out))
	} else {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		s.Gzip = int64(b.Len())
	}
	if out, err := exec.Command("brotli", "-q", "11", "-c", file).Output(); err == nil {
		s.Brotli = int64(len(out))
	}
	return s, nil
}

// groupDigits writes n with thousands separators: 1,234,567.
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	var b strings.Builder
	b.WriteString(sign)
	for i := 0; i < len(s); i++ {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
