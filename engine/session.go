// Package engine is cqlplay's facade: a Session takes CQL scripts and returns,
// for each statement, the Outcome that Apache Cassandra 4.1 would produce.
//
// It is the only engine package that wasm/, cmd/ and build/ import. It does no
// I/O and knows nothing of the browser.
package engine

import "time"

// DefaultStart is the instant the virtual clock starts at, so a script run
// twice gives the same timestamps.
var DefaultStart = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Options configures a Session. The zero value is an unbounded 4.1 session,
// which is what the command line uses; the browser passes bounds.
type Options struct {
	// Version is the Cassandra version simulated: "3.11", "4.1" (default) or "5.0".
	Version string
	// MaxStatements stops a run after this many statements (0: no bound).
	MaxStatements int
	// MaxRows bounds the rows one run may write or return (0: no bound).
	MaxRows int
	// Timeout bounds the wall time of one Run (0: no bound).
	Timeout time.Duration
	// Seed seeds now() and uuid(); 0 uses a fixed default.
	Seed uint64
	// Start is the virtual clock's first instant; zero uses DefaultStart.
	Start time.Time
}

// Session is one simulated cluster with its schema, data and virtual clock.
// A Session is not safe for concurrent use.
type Session struct {
	opts Options
}

// NewSession returns an empty cluster whose current keyspace is "cqlplay".
func NewSession(opts Options) *Session {
	return &Session{opts: opts}
}

// Run executes every statement of script in order and returns one Outcome per
// statement. A failing statement does not stop the ones after it, as cqlsh
// running a file; a session bound being hit does, with a Stopped outcome.
func (s *Session) Run(script string) []Outcome {
	return nil // WIP: the executor lands with the engine core.
}
