package engine

import "github.com/cqlplay/cqlplay/engine/internal/trace"

// Trace is what TRACING ON prints after a statement: the system_traces
// session Cassandra would write, simulated from the statement's plan on
// the ring (trace.Trace); Text prints it as cqlsh's print_trace does.
type Trace = trace.Trace

// TraceEvent is one row of system_traces.events (trace.Event).
type TraceEvent = trace.Event

// attachTrace sets o's trace, under TRACING ON, when o is a statement the
// simulation traces: a read or an unconditional write that ran.
func (s *Session) attachTrace(o *Outcome) {
	if o.Error != nil {
		return
	}
	req := trace.Request{Consistency: s.shell.Consistency, Serial: s.shell.Serial, Lang: s.lang}
	if s.shell.Paging {
		req.PageSize = s.shell.PageSize
	}
	o.Trace = trace.Of(s.db, s.opts.Seed, o.Statement, o.Plan, o.HasResult(), req)
}
