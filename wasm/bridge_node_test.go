package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
)

// buildWasm compiles this package for GOOS=js GOARCH=wasm as the site does
// and returns the module's path and Go's wasm_exec.js. The module is built
// once per test binary (moduleDir, removed by TestMain).
func buildWasm(t *testing.T) (module, wasmExec string) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: the WebAssembly bridge test needs node to load the module")
	}
	built.once.Do(func() {
		goroot, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			built.err = "go env GOROOT: " + err.Error()
			return
		}
		built.wasmExec = filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")
		built.module = filepath.Join(moduleDir, "cqlplay.wasm")
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", built.module, ".")
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := cmd.CombinedOutput(); err != nil {
			built.err = "building the wasm: " + err.Error() + "\n" + string(out)
		}
	})
	if built.err != "" {
		t.Fatal(built.err)
	}
	return built.module, built.wasmExec
}

var (
	moduleDir string
	built     struct {
		once             sync.Once
		module, wasmExec string
		err              string
	}
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "cqlplay-wasm-test")
	if err != nil {
		panic(err)
	}
	moduleDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// utf16Scripts put multi-byte text (CJK: 3 bytes and 1 UTF-16 unit; emoji: 4
// bytes and 2 units) before and inside failing statements, so byte and
// UTF-16 positions differ.
var utf16Scripts = []string{
	"INSERT INTO t (k, v) VALUES (1, '北京😀');\nSELEC 1;\n",
	"CREATE TABLE 用户 (k int PRIMARY KEY);\n/* 😀😀 */ SELECT * FROM t WHERE k = 'é';\n-- 注释\n  SELECT * FROM 😀;\n",
	"SELECT '😀😀😀' FROM t WHERE;\nINSERT INTO t (k) VALUES ('北',);\n",
}

type nodeReport struct {
	Checks []struct {
		Name   string `json:"name"`
		OK     bool   `json:"ok"`
		Detail string `json:"detail"`
	} `json:"checks"`
	UTF16 []struct {
		Outcomes int `json:"outcomes"`
		Errors   []struct {
			Statement            string `json:"statement"`
			Slice                string `json:"slice"`
			AtColumn             string `json:"atColumn"`
			OffsetFromLineColumn int    `json:"offsetFromLineColumn"`
			Offset               int    `json:"offset"`
		} `json:"errors"`
	} `json:"utf16"`
	Runs   map[string]string `json:"runs"`
	Timing struct {
		EmptyRunMicros     float64 `json:"emptyRunMicros"`
		OneStatementMicros float64 `json:"oneStatementMicros"`
	} `json:"timing"`
}

// TestBridgeInNode builds the module, loads it in node with wasm_exec.js, both
// as the Go program installs the API (js.FuncOf) and through cqlplay.mjs (the
// //go:wasmexport path), and checks the API end to end: readiness, handles,
// hostile input, and UTF-16 error positions against the byte positions of the
// same engine run natively.
func TestBridgeInNode(t *testing.T) {
	module, wasmExec := buildWasm(t)
	scripts, _ := json.Marshal(utf16Scripts)
	scriptsPath := filepath.Join(t.TempDir(), "scripts.json")
	if err := os.WriteFile(scriptsPath, scripts, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"plain", "module"} {
		t.Run(mode, func(t *testing.T) {
			rep := runNodeCheck(t, wasmExec, module, scriptsPath, mode)
			if len(rep.Checks) < 30 {
				t.Errorf("only %d checks ran", len(rep.Checks))
			}
			seen := map[string]bool{}
			for _, c := range rep.Checks {
				seen[c.Name] = true
				if !c.OK {
					t.Errorf("%s: %s", c.Name, c.Detail)
				}
			}
			if mode == "module" && (!seen["load by URL /cqlplay.wasm runs scripts"] || !seen["load by URL /plain runs scripts"]) {
				t.Errorf("loading by URL was not checked")
			}
			checkBasicRun(t, rep.Runs["basic"])
			checkUTF16(t, rep)
			t.Logf("per call: %.2f µs for an empty script, %.2f µs for one statement",
				rep.Timing.EmptyRunMicros, rep.Timing.OneStatementMicros)
		})
	}
}

func runNodeCheck(t *testing.T, wasmExec, module, scriptsPath, mode string) nodeReport {
	t.Helper()
	mjs, _ := filepath.Abs("cqlplay.mjs")
	cmd := exec.Command("node", filepath.Join("testdata", "bridge_check.cjs"), wasmExec, module, scriptsPath, mode, mjs)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\nstderr:\n%s", err, stderr.String())
	}
	var rep nodeReport
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("node report: %v\n%s\nstderr:\n%s", err, out, stderr.String())
	}
	return rep
}

// checkBasicRun compares the module's reply with the native engine's JSON for
// the same script: the bridge must not change a script without errors.
func checkBasicRun(t *testing.T, got string) {
	t.Helper()
	script := "CREATE TABLE t (k int PRIMARY KEY, v text);\nINSERT INTO t (k, v) VALUES (1, 'a');\nSELECT * FROM t WHERE k = 1;\n"
	want := string(engine.OutcomesJSON(engine.NewSession(engine.Options{}).Run(script)))
	if got != want {
		t.Errorf("run in the module:\n%s\nnative engine:\n%s", got, want)
	}
}

func checkUTF16(t *testing.T, rep nodeReport) {
	t.Helper()
	if len(rep.UTF16) != len(utf16Scripts) {
		t.Fatalf("%d UTF-16 reports for %d scripts", len(rep.UTF16), len(utf16Scripts))
	}
	positioned := 0
	for i, script := range utf16Scripts {
		outs := engine.NewSession(engine.Options{}).Run(script)
		var want []string
		for _, o := range outs {
			if o.Error != nil && o.Error.Pos.IsValid() {
				// A span that ends inside a character covers all of it in
				// UTF-16 (see runeEnd).
				e := o.Error
				end := runeEnd(script, min(e.Pos.Offset+e.Len, len(script)))
				want = append(want, script[min(e.Pos.Offset, len(script)):end])
			}
		}
		got := rep.UTF16[i]
		if got.Outcomes != len(outs) {
			t.Errorf("script %d: %d outcomes in the module, %d natively", i, got.Outcomes, len(outs))
		}
		if len(got.Errors) != len(want) {
			t.Errorf("script %d: %d positioned errors in the module, %d natively", i, len(got.Errors), len(want))
			continue
		}
		for j, e := range got.Errors {
			positioned++
			if e.Slice != want[j] {
				t.Errorf("script %d error %d (%q): JavaScript's text at offset/length is %q, the engine located %q", i, j, e.Statement, e.Slice, want[j])
			}
			if e.AtColumn != want[j] {
				t.Errorf("script %d error %d (%q): JavaScript's text at line/column is %q, the engine located %q", i, j, e.Statement, e.AtColumn, want[j])
			}
			if e.OffsetFromLineColumn != e.Offset {
				t.Errorf("script %d error %d: offset %d, but line and column give %d", i, j, e.Offset, e.OffsetFromLineColumn)
			}
		}
	}
	if positioned == 0 {
		t.Log("no error came back with a position (the engine's executor has not landed?): UTF-16 positions checked only by the native tests")
	}
}

// TestModuleMemoryStaysBounded runs 3,000 queries through the module, each
// reply about 2 KB of rows and its work tens of kilobytes of garbage, and
// checks that the module's memory does not grow by what was allocated: the
// bridge must collect garbage itself (gcPacer), since the runtime's
// automatic collection never completes behind //go:wasmexport.
func TestModuleMemoryStaysBounded(t *testing.T) {
	module, wasmExec := buildWasm(t)
	mjs, _ := filepath.Abs("cqlplay.mjs")
	out, err := exec.Command("node", filepath.Join("testdata", "memory_check.mjs"), wasmExec, module, mjs).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var rep struct{ Failed, Rows, Calls, ReplyBytes, Before, After int }
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("node report %q: %v", out, err)
	}
	if rep.Failed != 0 || rep.Rows != (200+rep.Calls)*100 {
		t.Fatalf("the workload did not run as meant: %+v", rep)
	}
	allocated := rep.Calls * rep.ReplyBytes // a lower bound of the garbage made
	grown := rep.After - rep.Before
	t.Logf("memory %d -> %d bytes over %d calls (each reply %d bytes)", rep.Before, rep.After, rep.Calls, rep.ReplyBytes)
	if grown > allocated/2 {
		t.Errorf("memory grew by %d bytes over %d calls that made at least %d bytes of garbage: collection is not running", grown, rep.Calls, allocated)
	}
}
