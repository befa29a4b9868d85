// Package engine is cqlplay's facade: a Session takes CQL scripts and returns,
// for each statement, the Outcome that Apache Cassandra 4.1 would produce.
//
// It is the only engine package that wasm/, cmd/, build/ and server/ import
// (engine/layering_test.go). It does no I/O and knows nothing of the
// browser. This file lists every entry point, as go/parser's interface.go
// does; the machinery is in the other files and, each feature in a package
// of its own, in engine/internal/ (directive, shell, trace, explain) and the
// packages below them (query, layout, ring, store, ...), which nothing
// outside engine/ can import.
package engine

import (
	"maps"
	"strconv"
	"strings"
	"time"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/internal/directive"
	"github.com/cqlplay/cqlplay/engine/internal/explain"
	"github.com/cqlplay/cqlplay/engine/internal/shell"
	"github.com/cqlplay/cqlplay/engine/internal/spans"
	"github.com/cqlplay/cqlplay/engine/jsonenc"
	"github.com/cqlplay/cqlplay/engine/layout"
	"github.com/cqlplay/cqlplay/engine/query"
	"github.com/cqlplay/cqlplay/engine/version"
)

// Sessions: scripts in, one Outcome per statement out (session.go, rerun.go).

// NewSession returns an empty cluster whose current keyspace is "cqlplay".
func NewSession(opts Options) *Session {
	start := opts.Start
	if start.IsZero() {
		start = DefaultStart
	}
	if !IsVersion(opts.Version) {
		opts.Version = DefaultVersion
	}
	db := query.New(start.UnixMicro(), opts.Seed, opts.Version)
	return &Session{opts: opts, db: db, lang: explain.Language(opts.Lang), shell: shell.New()}
}

// AfterStatement sets a function Run calls after each statement. It exists
// for the WebAssembly bridge, whose exported calls never give the Go
// scheduler a chance to run the garbage collector's background workers: the
// bridge collects garbage itself, and must be able to do so in the middle of
// a script of a hundred thousand statements.
func (s *Session) AfterStatement(f func()) { s.afterStatement = f }

// Run executes every statement of script in order and returns one Outcome per
// statement. A failing statement does not stop the ones after it, as cqlsh
// running a file; a session bound being hit does, with a Stopped outcome.
// Directive comments (-- @advance 2h, ...) steer the simulation and produce
// no outcome unless they are malformed.
func (s *Session) Run(script string) []Outcome {
	// Statements end in ';' and take at least a few bytes: a good first guess.
	outs := make([]Outcome, 0, min(strings.Count(script, ";"), len(script)/6)+1)
	s.RunEach(script, func(o *Outcome) { outs = append(outs, *o) })
	return outs
}

// RunEach is Run that hands each Outcome to emit as soon as its statement
// has run, instead of collecting them: the bridge encodes each one at once,
// so a long script's outcomes are never all held at the same time. The
// Outcome is only valid during the call.
func (s *Session) RunEach(script string, emit func(*Outcome)) {
	deadline := s.startRun()
	s.db.ResetRun()
	defer s.db.EndRun()
	s.runFrom(cql.NewReader(script), 0, deadline, emit, nil)
}

// Rerun returns the outcomes a fresh session (NewSession with this
// session's Options) gives for script, running only the statements from the
// first one that differs, in text, position or directives, from the
// previous Rerun's script. The session's state is then the state after
// script, as after Run on a fresh session; Run on the session goes on
// from there. The slice is the caller's: a later Rerun does not change it.
//
// The bounds are a fresh run's: MaxStatements and MaxRows count from the
// script's start, the statements reused included. Timeout bounds the
// statements this call runs; a script stopped by it goes on from where it
// stopped when it is rerun unchanged.
//
// The outcomes of statements that Run executed on the session between two
// Reruns, and what they changed, play no part in the next Rerun.
func (s *Session) Rerun(script string) []Outcome {
	st := s.rerunState()
	var outs []Outcome
	s.RerunEach(script, func(n int) {
		outs = st.outs[:n:n]
	}, func(o *Outcome) { outs = append(outs, *o) })
	st.outs = outs
	return outs
}

// RerunEach is Rerun that hands the outcomes out as RunEach does: first
// keep(n), with how many of the previous RerunEach's outcomes stand as they
// were (the caller keeps them), then emit for each outcome after them. The
// outcomes RerunEach gives are those of a fresh session for the whole
// script, the first n of them the previous call's.
func (s *Session) RerunEach(script string, keep func(n int), emit func(*Outcome)) {
	st := s.rerunState()
	// Resume from the last snapshot the edit leaves standing.
	same := commonPrefix(st.script, script)
	identical := same == len(script) && same == len(st.script)
	i := len(st.snaps) - 1
	for i >= 0 && !identical && st.snaps[i].needs > same {
		i--
	}
	clear(st.snaps[i+1:]) // the snapshots past the edit, let go
	st.snaps = st.snaps[:i+1]
	st.script = script
	var r *cql.Reader
	executed, count := 0, 0
	if i >= 0 {
		sn := &st.snaps[i]
		s.db = sn.db.Resume()
		s.shell = sn.shell
		r = cql.NewReaderAt(script, sn.mark)
		executed, count = sn.executed, sn.outs
	} else {
		s.db, s.shell = s.start()
		r = cql.NewReader(script)
	}
	keep(count)
	deadline := s.startRun()
	defer s.db.EndRun()
	// The first place runFrom offers is the snapshot resumed from.
	skip := i >= 0
	s.runFrom(r, executed, deadline, func(o *Outcome) {
		count++
		emit(o)
	}, func(r *cql.Reader, executed int) bool {
		if skip {
			skip = false
			return false
		}
		m, ok := r.Mark()
		if !ok {
			return false
		}
		if n := len(st.snaps); n > 0 && st.snaps[n-1].needs >= m.Needs() {
			return false
		}
		if !st.wants(m.Needs(), len(script)) {
			return false
		}
		st.snaps = append(st.snaps, snapshot{mark: m, needs: m.Needs(), db: s.db.Fork(), outs: count, executed: executed, shell: s.shell, filled: s.filled})
		return false
	})
	st.prune(len(script))
}

// Base makes the session's present state the start of its Reruns: from
// now on Rerun, RerunEach and Layout answer as a session that had run
// what this one has run so far, and then the script, instead of a fresh
// one. A page calls it once after running a playground's prelude (the
// examples the playground continues), so that each edit reruns the
// reader's own script from there, and its statements can be travelled
// through. The snapshots of earlier Reruns are let go: the next Rerun
// runs its whole script.
func (s *Session) Base() {
	s.base = &snapshot{db: s.db.Fork(), shell: s.shell}
	s.rerun = nil
}

// ForgetRerun drops what Rerun kept: the next Rerun runs its whole script.
// The bridge calls it when a rerun failed in a way that leaves the kept
// state in doubt.
func (s *Session) ForgetRerun() { s.rerun = nil }

// The storage layout, now or at an earlier state (layout.go, travel*.go, layout_more.go).

// Layout renders what the session's cluster stores, as req asks: after the
// scripts run so far, or at an earlier state of the last Rerun. An unknown
// form or table is an error that names what exists. A form that lists
// every row (map, tree, cli, sstabledump; tree even within bounds) of
// tables holding more than maxLayoutRows is an error too, which names what
// to ask for instead.
func (s *Session) Layout(req LayoutRequest) (LayoutResult, error) {
	res := LayoutResult{Form: req.Form, Table: req.Table, Bounded: req.Bounds != nil}
	var err error
	switch {
	case req.Partition != "" || req.More != 0:
		at := -1
		if req.Travel {
			at = req.At
		}
		var open map[string]int
		if req.Bounds != nil {
			open = maps.Clone(req.Bounds.Open)
		}
		res.Table, res.More, res.Bounded = "", true, true
		res.Layout, res.Replaces, res.Elided, err = s.layoutMore(req.Form, open, req.Partition, req.More, at)
	case req.Fill > 0:
		var f Fill
		res.Layout, f, res.Elided, err = s.layoutAfterFill(req.Form, req.Table, req.Fill, req.Bounds)
		res.Fill = &f
	case req.Travel:
		res.Travel, res.Statement = true, req.At
		res.Layout, res.Changes, res.Elided, err = s.layoutAt(req.Form, req.Table, req.At, req.Bounds)
	default:
		res.Layout, res.Elided, err = s.layoutBounded(req.Form, req.Table, req.Bounds)
	}
	return res, err
}

// ViewBounds are the bounds the page's storage views (and the build's
// pre-rendered ones) take: a partition of more than 40 rows lists its
// first 3 and last 3, and the reader opens it to see the rest; a table
// lists its first 100 partitions (in token order), as the Storage view
// always drew them. open names the partitions opened (PartitionID) with
// how many of their first rows to list.
func ViewBounds(open map[string]int) *Bounds {
	return &layout.Bounds{Rows: 40, Edge: 3, Open: open, Partitions: 100}
}

// PartitionID names a partition for ViewBounds' open set
// (layout.PartitionID).
func PartitionID(table string, token int64) string { return layout.PartitionID(table, token) }

// One statement at a time, for the native-protocol server (request.go).

// Prepare prepares one statement for keyspace, as PREPARE does: it checks
// the statement against the schema and says the types of its markers and
// of its result's columns.
func (s *Session) Prepare(statement, keyspace string) (p *Prepared, err *Error) {
	it, err := parseOne(statement)
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, engineBug(&it)
		}
	}()
	s.db.Keyspace = keyspace
	specs, res, err := s.db.Prepare(it.Stmt, it.Markers)
	if err != nil {
		return nil, err
	}
	p = &Prepared{Statement: statement, Keyspace: keyspace}
	for _, sp := range specs {
		p.Markers = append(p.Markers, Column{Keyspace: sp.Keyspace, Table: sp.Table, Name: sp.Name, Type: sp.Type})
	}
	p.PartitionKey = s.partitionKeyIndexes(p.Markers)
	if _, isSelect := it.Stmt.(*cql.Select); isSelect && res != nil {
		p.Result = resultColumns(res)
	}
	return p, nil
}

// Execute runs one request, as QUERY or EXECUTE does.
func (s *Session) Execute(req *Request) (*Result, *Error) {
	it, err := parseOne(req.Statement)
	if err != nil {
		return nil, err
	}
	return s.execute(&it, req.Keyspace, req.Values, req.Unset, req.Names, req.PageSize, req.PagingState, req.Tracing, req.Now)
}

// ExecuteBatch runs a BATCH message: its statements, each with its values,
// as one BATCH statement of its kind, so it applies whole or not at all.
func (s *Session) ExecuteBatch(b *BatchRequest) (*Result, *Error) {
	var src strings.Builder
	src.WriteString("BEGIN ")
	if b.Kind != "LOGGED" {
		src.WriteString(b.Kind + " ")
	}
	src.WriteString("BATCH ")
	var values [][]byte
	var unset []bool
	for _, st := range b.Statements {
		text := strings.TrimRight(strings.TrimSpace(st.Statement), "; \t\r\n")
		src.WriteString(text + "; ")
		for i, v := range st.Values {
			values = append(values, v)
			unset = append(unset, i < len(st.Unset) && st.Unset[i])
		}
	}
	src.WriteString("APPLY BATCH")
	it, err := parseOne(src.String())
	if err != nil {
		return nil, err
	}
	return s.execute(&it, b.Keyspace, values, unset, nil, 0, nil, b.Tracing, b.Now)
}

// Target names what a DDL statement creates, for an AlreadyExists error
// (the protocol's error carries its keyspace and table): the keyspace, and
// the table, view, type or index ("" for a keyspace). ok is false when
// statement is not a CREATE.
func Target(statement, keyspace string) (ks, name string, ok bool) {
	it, err := parseOne(statement)
	if err != nil {
		return "", "", false
	}
	of := func(q cql.QualifiedName) string {
		if q.Keyspace.Name != "" {
			return q.Keyspace.Name
		}
		return keyspace
	}
	switch x := it.Stmt.(type) {
	case *cql.CreateKeyspace:
		return x.Name.Name, "", true
	case *cql.CreateTable:
		return of(x.Table), x.Table.Name.Name, true
	case *cql.CreateView:
		return of(x.Name), x.Name.Name.Name, true
	case *cql.CreateType:
		return of(x.Name), x.Name.Name.Name, true
	case *cql.CreateIndex:
		return of(x.Table), x.Name.Name, true
	case *cql.CreateFunction:
		return of(x.Name), x.Name.Name.Name, true
	case *cql.CreateAggregate:
		return of(x.Name), x.Name.Name.Name, true
	}
	return "", "", false
}

// cqlsh's own commands and the helpers the command line shares with the engine.

// Subshell runs run as cqlsh's SOURCE runs a file (do_source): in a new
// Shell on the same connection, which starts in the current keyspace with
// tracing as it is and every other setting at its default (expand off,
// paging on with pages of 100, consistency ONE), and whose USE and settings
// end with it. The caller (cqlplay run, which reads files) runs the file's
// statements inside run.
func (s *Session) Subshell(run func()) {
	sh, ks, pageSize := s.shell, s.db.Keyspace, s.db.PageSize
	s.shell = shell.New()
	s.shell.Tracing = sh.Tracing
	s.db.PageSize = s.shell.PageSize
	defer func() { s.shell, s.db.Keyspace, s.db.PageSize = sh, ks, pageSize }()
	run()
}

// Statements splits a script into its statements, as Run reads them, each
// with its span in the script (statements.go).
func Statements(script string) []Statement {
	var out []Statement
	for _, sp := range spans.Statements(script) {
		it := sp.Item
		st := Statement{Text: it.Src, Line: it.Pos.Line, Err: it.Err, Start: sp.Start, End: sp.End}
		switch it.Stmt.(type) {
		case *cql.CqlshCommand:
			st.Local = true
		case *cql.Directive:
			st.Local, st.Directive = true, true
		}
		out = append(out, st)
	}
	return out
}

// Comments returns a script's comments in order: what looks like one in a
// string or a quoted name is not.
func Comments(script string) []Comment { return spans.Comments(script) }

// IsVersion reports whether v is one of Versions.
func IsVersion(v string) bool {
	_, ok := version.Of(v)
	return ok
}

// VersionOf returns the facts of the version named name (DefaultVersion's
// when name is none of Versions).
func VersionOf(name string) *Version {
	v, _ := version.Of(name)
	return v
}

// VersionList names Versions for messages, oldest first: 3.11, 4.1 or 5.0,
// each between quote.
func VersionList(quote string) string { return version.List(quote) }

// ParseInstant reads an RFC 3339 instant, as the session's start option and
// the -- @now directive take it: "2026-01-01T00:00:00Z",
// "2026-01-01T08:00:00.123456+08:00" (directive.ParseInstant).
func ParseInstant(s string) (time.Time, bool) { return directive.ParseInstant(s) }

// DisplayWidth returns how many terminal columns s takes, by the rule cqlsh
// pads its tables with (cqltype.DisplayWidth).
func DisplayWidth(s string) int { return cqltype.DisplayWidth(s) }

// ErrSourceUnreadable is do_source's refusal ('Could not open %r: %s'):
// quoted is the file's name as Python's repr prints it, ioErr Python's str
// of the IOError (shell.ErrSourceUnreadable).
func ErrSourceUnreadable(quoted, ioErr string) *Error {
	return shell.ErrSourceUnreadable(quoted, ioErr)
}

// ErrCaptureUnwritable is do_capture's refusal of a file it cannot open for
// append ('Could not open %r for append: %s') (shell.ErrCaptureUnwritable).
func ErrCaptureUnwritable(quoted, ioErr string) *Error {
	return shell.ErrCaptureUnwritable(quoted, ioErr)
}

// ErrNotCapturing is do_capture's CAPTURE OFF when not capturing.
func ErrNotCapturing() *Error { return shell.ErrNotCapturing() }

// ErrAlreadyCapturing is do_capture's refusal of a second CAPTURE '<file>'
// (the file's name as %s prints it) (shell.ErrAlreadyCapturing).
func ErrAlreadyCapturing(name string) *Error { return shell.ErrAlreadyCapturing(name) }

// The result contract as JSON (outcome_json.go; LayoutResult.AppendJSON).

// OutcomesJSON returns outs as one JSON array (the reply of the WebAssembly
// bridge's run). A nil or empty slice is "[]".
func OutcomesJSON(outs []Outcome) []byte {
	size := 2
	for i := range outs {
		size += outs[i].sizeHint()
	}
	dst := make([]byte, 0, size)
	dst = append(dst, '[')
	for i := range outs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = outs[i].AppendJSON(dst)
	}
	return append(dst, ']')
}

// AppendErrorJSON appends e as the error object of an Outcome's JSON. Its
// position keys appear only when the engine knows where the error is, so a
// page can tell "no position" from "line 1, column 1"; why and fix (cqlplay's
// explanation on the layout, and a change to try) only when there is one. The WebAssembly bridge
// uses it for replies that carry an error but no outcome.
func AppendErrorJSON(dst []byte, e *cqlerr.Error) []byte {
	dst = append(dst, `{"code":`...)
	dst = jsonenc.AppendString(dst, string(e.Code))
	dst = append(dst, `,"message":`...)
	dst = jsonenc.AppendString(dst, e.Message)
	dst = append(dst, `,"cqlsh":`...)
	dst = jsonenc.AppendString(dst, e.Cqlsh())
	if e.Pos.IsValid() {
		dst = append(dst, `,"line":`...)
		dst = strconv.AppendInt(dst, int64(e.Pos.Line), 10)
		dst = append(dst, `,"column":`...)
		dst = strconv.AppendInt(dst, int64(e.Pos.Col), 10)
		dst = append(dst, `,"offset":`...)
		dst = strconv.AppendInt(dst, int64(e.Pos.Offset), 10)
		dst = append(dst, `,"length":`...)
		dst = strconv.AppendInt(dst, int64(e.Len), 10)
	}
	if e.Why != "" {
		dst = append(dst, `,"why":`...)
		dst = jsonenc.AppendString(dst, e.Why)
		dst = append(dst, `,"fix":`...)
		dst = jsonenc.AppendString(dst, e.Fix)
	}
	return append(dst, '}')
}
