package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrintRatios checks the summary `go run ./build bench` prints: which
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

// TestBenchSizesOnly runs the command's path without node workloads (as when
// ../shared/bench is missing): it reports the module's sizes, and the JSON
// line it keeps agrees with the file.
func TestBenchSizesOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("brotli -q 11 of the module takes about 15 s")
	}
	needSite(t)
	module := filepath.Join(testDist, filepath.FromSlash(strings.TrimPrefix(testReport.Assets.Wasm, "/")))
	jsonl := filepath.Join(t.TempDir(), "out.jsonl")
	var out, log bytes.Buffer
	if err := bench(benchConfig{Root: testRoot, Wasm: module, JSONL: jsonl, Out: &out, Log: &log}); err != nil {
		t.Fatal(err)
	}
	s, err := wasmSize(module)
	if err != nil {
		t.Fatal(err)
	}
	if s.Raw < 1<<20 || s.Gzip == 0 || s.Gzip >= s.Raw || s.Brotli > s.Gzip {
		t.Errorf("implausible sizes %+v", s)
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

// TestCQLEngineHarnessUsage: the node harness refuses to run without its
// four paths, with a usage line and exit status 2.
func TestCQLEngineHarnessUsage(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	cmd := exec.Command("node", filepath.Join("bench", "cqlengine.mjs"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Fatalf("exit: %v, want status 2", err)
	}
	if !strings.HasPrefix(stderr.String(), "usage: node --expose-gc cqlengine.mjs <wasm_exec.js> <cqlplay.wasm> <cqlplay.mjs> <shared/bench dir>\n") {
		t.Errorf("stderr %q", stderr.String())
	}
}
