package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// TestPrintRatios checks the summary `go run ./build/bench` prints: which
// lines are compared, the direction of each ratio and the verdicts.
func TestPrintRatios(t *testing.T) {
	lines := []benchLine{
		{Peer: "cql", Workload: "W1", Variant: "spec", N: 100000, PerS: 50000},
		{Peer: "sqljs", Workload: "W1", Variant: "spec", N: 100000, PerS: 25000},
		{Peer: "sqljs", Workload: "W1", Variant: "txn", N: 100000, PerS: 200000},
		{Peer: "pglite", Workload: "W1", Variant: "spec", N: 100000, PerS: 10000},
		{Peer: "sqljs", Workload: "W1", Variant: "txn", N: 10000, PerS: 1}, // another size: not compared with 100k
		{Peer: "cql", Workload: "W2", Variant: "spec", N: 2000, PerS: 40000},
		{Peer: "sqljs", Workload: "W2", Variant: "spec", N: 2000, PerS: 32000},
		{Peer: "cql", Workload: "W3", Variant: "spec", N: 200, Ms: 0.2},
		{Peer: "sqljs", Workload: "W3", Variant: "spec", N: 200, Ms: 0.4},
		{Peer: "pglite", Workload: "W3", Variant: "spec", N: 5, Ms: 2000},
		{Peer: "pglite", Workload: "W3", Variant: "reset", N: 200, Ms: 2},
	}
	var b bytes.Buffer
	printRatios(&b, lines)
	got := b.String()
	want := []string{
		"W1 100,000      50000 rows/s             sql.js txn 200000 rows/s               0.25x   >= 1.0x MISSED",
		"W1 100,000      50000 rows/s             sql.js spec 25000 rows/s               2.00x    ",
		"W1 100,000      50000 rows/s             PGlite 50000 rows/s",
		"W2 2,000        40000 q/s                sql.js 32000 q/s                       1.25x   >= 1.0x met",
		"W3 200          0.200 ms/run             sql.js 0.400 ms/run                    0.50x   <= 1.0x met",
		"W3 200          0.200 ms/run             PGlite reset 2.000 ms/run              0.10x    ",
	}
	want[2] = "W1 100,000      50000 rows/s             PGlite 10000 rows/s                    5.00x   >= 4.0x met"
	for _, w := range want {
		if !strings.Contains(got, w+"\n") {
			t.Errorf("summary lacks the line\n%q\ngot:\n%s", w, got)
		}
	}
	if strings.Contains(got, "W1 10,000") {
		t.Errorf("W1 10k is compared although our engine has no W1 10k line:\n%s", got)
	}
	if strings.Contains(got, "W2 2,000        40000 q/s                PGlite") {
		t.Errorf("W2 is compared with a PGlite line that does not exist:\n%s", got)
	}
}

func TestPercentile(t *testing.T) {
	xs := make([]float64, 50)
	for i := range xs {
		xs[i] = float64(50 - i) // 50 .. 1, unsorted
	}
	tests := []struct {
		xs   []float64
		p    int
		want float64
	}{
		{xs, 50, 25}, {xs, 95, 48}, {xs, 100, 50}, {xs, 1, 1},
		{[]float64{7}, 95, 7}, {[]float64{3, 1, 2}, 50, 2},
	}
	for _, tt := range tests {
		if got := percentile(tt.xs, tt.p); got != tt.want {
			t.Errorf("percentile(%d values, %d) = %v, want %v", len(tt.xs), tt.p, got, tt.want)
		}
	}
	if xs[0] != 50 {
		t.Error("percentile sorted its argument in place")
	}
}

func TestGroupDigits(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1125785: "1,125,785", -1234: "-1,234"} {
		if got := groupDigits(n); got != want {
			t.Errorf("groupDigits(%d) = %q, want %q", n, got, want)
		}
	}
}

// engine compiles the engine once for the tests that need it, as the bench
// does (go run ./build wasm), and returns the directory holding cqlplay.wasm
// and wasm_exec.js.
var engine = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "cqlplay-bench-test")
	if err != nil {
		return "", err
	}
	root, err := findRoot()
	if err != nil {
		return "", err
	}
	var log bytes.Buffer
	return dir, goRun(benchConfig{Root: root, Log: &log}, "./build", "wasm", "-out", dir)
})

func compiled(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("compiles the engine for js/wasm")
	}
	dir, err := engine()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// engineBudget is the design's budget for the engine's .wasm, brotli -q 11
// (docs/performance.md records what each feature added).
const engineBudget = 1_250_000

// TestBenchSizesOnly runs the command's path without node workloads: it
// reports the module's sizes, the JSON line it keeps agrees with the file,
// and the module keeps within engineBudget.
func TestBenchSizesOnly(t *testing.T) {
	module := filepath.Join(compiled(t), "cqlplay.wasm")
	root, err := findRoot()
	if err != nil {
		t.Fatal(err)
	}
	jsonl := filepath.Join(t.TempDir(), "out.jsonl")
	var out, log bytes.Buffer
	if err := bench(benchConfig{Root: root, Wasm: module, JSONL: jsonl, Out: &out, Log: &log}); err != nil {
		t.Fatal(err)
	}
	s, err := wasmSize(module)
	if err != nil {
		t.Fatal(err)
	}
	if s.Raw < 1<<20 || s.Gzip == 0 || s.Gzip >= s.Raw || s.Brotli > s.Gzip {
		t.Errorf("implausible sizes %+v", s)
	}
	if s.Brotli == 0 {
		t.Log("brotli is not installed: the engine's budget is not checked")
	} else if s.Brotli > engineBudget {
		t.Errorf("the engine's .wasm is %s B brotli -q 11, over its %s B budget: see docs/performance.md for what each feature added, and go run ./wasm/sizes for where the bytes go",
			groupDigits(s.Brotli), groupDigits(engineBudget))
	}
	want := "engine .wasm: " + groupDigits(s.Raw) + " raw, " + groupDigits(s.Gzip) + " gzip -9, " + groupDigits(s.Brotli) + " brotli -q 11"
	if !strings.HasPrefix(out.String(), want) {
		t.Errorf("output %q, want it to start with %q", out.String(), want)
	}
	data, err := os.ReadFile(jsonl)
	if err != nil {
		t.Fatal(err)
	}
	var l struct {
		Peer, Workload string
		Raw            int64 `json:"raw"`
		Brotli         int64 `json:"brotli11"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(data), &l); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	if l.Peer != "cql" || l.Workload != "size" || l.Raw != s.Raw || l.Brotli != s.Brotli {
		t.Errorf("JSON line %+v, want the sizes %+v", l, s)
	}
}

// TestEngineHarness runs cqlengine.mjs on a small plan (W1 of 200 rows,
// W2 skipped, W3 three times) and reads its JSON lines: the harness loads
// the module as the site does, checks every count itself, and reports each
// workload once.
func TestEngineHarness(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	dir := compiled(t)
	root, err := findRoot()
	if err != nil {
		t.Fatal(err)
	}
	scripts := t.TempDir()
	small := plan{W1Sizes: []int{200}, W1Reps: map[int]int{200: 2}, W2Count: 20, W2Reps: 1, W3Runs: 3, W3Warmup: 1, WarmRows: 50,
		W2Rows: fullPlan.W2Rows, W2RowsPerQuery: fullPlan.W2RowsPerQuery, W3Rows: fullPlan.W3Rows}
	if err := writeWorkloads(scripts, small); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	lines, err := runPeer(benchConfig{Root: root, Log: &log}, "cql", filepath.Join(root, "build", "bench"),
		[]string{"--expose-gc", "cqlengine.mjs", filepath.Join(dir, "wasm_exec.js"), filepath.Join(dir, "cqlplay.wasm"),
			filepath.Join(root, "wasm", "cqlplay.mjs"), scripts}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range lines {
		got = append(got, l.Workload+" "+l.Variant+" "+strconv.Itoa(l.N))
		if l.Workload != "load" && (l.Ms <= 0 || l.PerS <= 0) {
			t.Errorf("%s: implausible times in %s", l.Workload, l.raw)
		}
	}
	if want := []string{"load in-process 1", "W1 spec 200", "W3 spec 3"}; !slices.Equal(got, want) {
		t.Errorf("lines %q, want %q", got, want)
	}
}

// TestWriteWorkloads: the scripts on disk are the workloads, one directory
// per dialect, and the plan the harnesses read says what was written.
func TestWriteWorkloads(t *testing.T) {
	dir := t.TempDir()
	p := plan{W1Sizes: []int{10}, W1Reps: map[int]int{10: 1}, W2Count: 3, W2Reps: 1, W3Runs: 1, WarmRows: 5, W2Rows: 100000, W2RowsPerQuery: 50, W3Rows: []int{2, 2, 1}}
	if err := writeWorkloads(dir, p); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"cql", "sql", "sqlite"} {
		w1, err := os.ReadFile(filepath.Join(dir, d, "W1-10.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(w1), "INSERT INTO readings"); n != 10 {
			t.Errorf("%s W1-10 has %d INSERTs", d, n)
		}
		w2, _ := os.ReadFile(filepath.Join(dir, d, "W2.txt"))
		if n := strings.Count(string(w2), "SELECT ts, value FROM readings"); n != 3 {
			t.Errorf("%s W2 has %d queries", d, n)
		}
	}
	var back plan
	data, _ := os.ReadFile(filepath.Join(dir, "plan.json"))
	if err := json.Unmarshal(data, &back); err != nil || back.W1Reps[10] != 1 || back.W2Count != 3 {
		t.Errorf("plan.json %s: %v", data, err)
	}
}

// TestCQLEngineHarnessUsage: the node harness refuses to run without its
// four paths, with a usage line and exit status 2.
func TestCQLEngineHarnessUsage(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	cmd := exec.Command("node", "cqlengine.mjs")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Fatalf("exit: %v, want status 2", err)
	}
	if !strings.HasPrefix(stderr.String(), "usage: node --expose-gc cqlengine.mjs <wasm_exec.js> <cqlplay.wasm> <cqlplay.mjs> <scripts dir>\n") {
		t.Errorf("stderr %q", stderr.String())
	}
}
