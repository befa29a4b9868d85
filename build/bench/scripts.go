package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/workload"
)

// plan is what the harnesses run: W1 at some sizes (the session of size
// W2Rows answers W2, which is skipped when no size is W2Rows), W2's query
// count, and how often each is repeated (the median is reported).
type plan struct {
	W1Sizes        []int       `json:"w1_sizes"`
	W1Reps         map[int]int `json:"w1_reps"` // by size: a large W1 is slow, so fewer
	W2Count        int         `json:"w2_count"`
	W2Reps         int         `json:"w2_reps"`
	W3Runs         int         `json:"w3_runs"`
	W3Warmup       int         `json:"w3_warmup"`
	WarmRows       int         `json:"warm_rows"` // the untimed warm-up's W1 rows: the tiering compiler sees the paths once
	W2Rows         int         `json:"w2_rows"`
	W2RowsPerQuery int         `json:"w2_rows_per_query"`
	W3Rows         []int       `json:"w3_rows"` // rows of W3's SELECTs, in order
}

// fullPlan is the benchmark as docs/performance.md defines it.
var fullPlan = plan{
	W1Sizes: []int{10000, 100000}, W1Reps: map[int]int{10000: 5, 100000: 3},
	W2Count: 2000, W2Reps: 3, W3Runs: 200, W3Warmup: 5, WarmRows: 2000,
	W2Rows: workload.W2Rows, W2RowsPerQuery: workload.W2RowsPerQuery, W3Rows: workload.W3Rows,
}

// writeWorkloads writes the plan's workloads in every dialect into dir:
// DIALECT/W1-N.txt (the whole script), DIALECT/warm.txt (a small W1),
// DIALECT/W2.txt (one query per line), DIALECT/W3.txt, and plan.json, so
// every size, count and repetition lives here, in Go, alone.
func writeWorkloads(dir string, p plan) error {
	for _, d := range workload.Dialects {
		sub := filepath.Join(dir, string(d))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return err
		}
		files := map[string]string{
			"warm.txt": workload.W1(d, p.WarmRows),
			"W2.txt":   strings.Join(workload.W2(p.W2Count), "\n") + "\n",
			"W3.txt":   workload.W3(d),
		}
		for _, n := range p.W1Sizes {
			files["W1-"+strconv.Itoa(n)+".txt"] = workload.W1(d, n)
		}
		for name, text := range files {
			if err := os.WriteFile(filepath.Join(sub, name), []byte(text), 0o644); err != nil {
				return err
			}
		}
	}
	data, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "plan.json"), data, 0o644)
}
