package trace

import (
	"testing"
	"time"
)

// start2026 is the sessions' default start, 2026-01-01T00:00:00Z.
var start2026 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixMicro()

// TestTraceText pins cqlsh's print_trace form: the session line between
// blank lines, names left-aligned, values right-aligned, the request row
// first (its start in milliseconds, as sessions.started_at keeps it) and
// "Request complete" last, Python's str of a datetime (no fraction on a
// whole second).
func TestTraceText(t *testing.T) {
	start := start2026 + 1500
	tr := &Trace{Session: "d0c3c014-e6a4-11f0-8000-010000000001", Started: start, Duration: 700,
		Events: []Event{{Activity: "Preparing statement [Native-Transport-Requests-1]", At: start + 120, Source: "127.0.0.1", Elapsed: 120}}}
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
	if got := pyDatetime(start2026); got != "2026-01-01 00:00:00" {
		t.Errorf("pyDatetime of a whole second = %q", got)
	}
}
