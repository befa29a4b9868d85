package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

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
