package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestTraceText pins cqlsh's print_trace form: the session line between
// blank lines, names left-aligned, values right-aligned, the request row
// first (its start in milliseconds, as sessions.started_at keeps it) and
// "Request complete" last, Python's str of a datetime (no fraction on a
// whole second).
func TestTraceText(t *testing.T) {
	start := DefaultStart.UnixMicro() + 1500
	tr := &Trace{Session: "d0c3c014-e6a4-11f0-8000-010000000001", Started: start, Duration: 700,
		Events: []TraceEvent{{Activity: "Preparing statement [Native-Transport-Requests-1]", At: start + 120, Source: "127.0.0.1", Elapsed: 120}}}
	want := `
Tracing session: d0c3c014-e6a4-11f0-8000-010000000001

 activity                                          | timestamp                  | source    | source_elapsed | client
---------------------------------------------------+----------------------------+-----------+----------------+-----------
                                Execute CQL3 query | 2026-01-01 00:00:00.001000 | 127.0.0.1 |              0 | 127.0.0.1
 Preparing statement [Native-Transport-Requests-1] | 2026-01-01 00:00:00.001620 | 127.0.0.1 |            120 | 127.0.0.1
                                  Request complete | 2026-01-01 00:00:00.001700 | 127.0.0.1 |            700 | 127.0.0.1

`
	if got := tr.Text(); got != want {
		t.Errorf("Text:\n%s\nwant:\n%s", got, want)
	}
	if got := pyDatetime(DefaultStart.UnixMicro()); got != "2026-01-01 00:00:00" {
		t.Errorf("pyDatetime of a whole second = %q", got)
	}
}

// TestTraceOutcome runs statements under TRACING ON: a read and a write
// carry a trace whose session ids differ, the JSON adds the trace key last,
// and statements after TRACING OFF carry none.
func TestTraceOutcome(t *testing.T) {
	outs := NewSession(Options{}).Run("CREATE TABLE t (k int PRIMARY KEY);\nTRACING ON;\nINSERT INTO t (k) VALUES (1);\n" +
		"SELECT * FROM t WHERE k = 1;\nSELECT * FROM t WHERE k = 'x';\nTRACING OFF;\nSELECT * FROM t WHERE k = 1;")
	ins, sel, bad, off := outs[2], outs[3], outs[4], outs[6]
	if ins.Trace == nil || sel.Trace == nil || ins.Trace.Session == sel.Trace.Session {
		t.Fatalf("traces: %+v %+v", ins.Trace, sel.Trace)
	}
	if bad.Trace != nil || off.Trace != nil {
		t.Errorf("a failed statement or one after TRACING OFF has a trace")
	}
	if !strings.Contains(sel.Trace.Text(), "Read 1 live rows and 0 tombstone cells [ReadStage-2]") {
		t.Errorf("read trace:\n%s", sel.Trace.Text())
	}
	raw := sel.AppendJSON(nil)
	var m struct {
		Trace struct{ Session, Note, Text string }
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if m.Trace.Session != sel.Trace.Session || m.Trace.Text != sel.Trace.Text() || !strings.HasPrefix(m.Trace.Note, "Simulated trace") {
		t.Errorf("JSON trace: %s", raw)
	}
	if !strings.HasSuffix(string(raw), `"}}`) || !strings.Contains(string(raw), `]},"trace":{"session":`) {
		t.Errorf("trace is not the last key: %s", raw)
	}
}
