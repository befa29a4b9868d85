package engine

import (
	"strconv"
	"time"
	"unsafe"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/internal/directive"
	"github.com/cqlplay/cqlplay/engine/internal/explain"
	"github.com/cqlplay/cqlplay/engine/internal/peek"
	"github.com/cqlplay/cqlplay/engine/internal/shell"
	"github.com/cqlplay/cqlplay/engine/query"
)

// DefaultStart is the instant the virtual clock starts at, so a script run
// twice gives the same timestamps.
var DefaultStart = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Options configures a Session. The zero value is an unbounded 4.1 session,
// which is what the command line uses; the browser passes bounds.
type Options struct {
	// Version is the Cassandra version simulated, one of Versions;
	// anything else means DefaultVersion.
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
	// Lang is the language of the playground's explanations of failures
	// (an Outcome's error Why and Fix): a language tag such as "en", "zh" or
	// "zh-Hans" (a page's <html lang>). A language not among Languages, or
	// "", explains in English.
	Lang string
}

// Languages are the languages a session can explain failures and give
// advice in.
var Languages = explain.Languages

// Session is one simulated cluster with its schema, data and virtual clock.
// A Session is not safe for concurrent use.
type Session struct {
	opts Options
	db   *query.DB
	// lang is the language of Languages the session explains in.
	lang string
	// afterStatement, when set, runs after each statement of a Run.
	afterStatement func()
	// noPrepared turns the prepared INSERT path off, for the tests that
	// prove it changes nothing.
	noPrepared bool
	// preparedRuns counts the statements run through it, for those tests.
	preparedRuns int
	// rerun is what Rerun keeps between calls (rerun.go), or nil.
	rerun *rerunState
	// shell is the state of cqlsh's own commands (CONSISTENCY, PAGING, ...).
	shell shell.State
	// base is the state Reruns start from (Base), or nil: a fresh cluster.
	base *snapshot
	// filled is the -- @fill the last item was, if it was one that ran
	// (layoutAfterFill stops after it, and a snapshot then is its state).
	filled Fill
	// specs caches the marker receivers of statements Execute bound values
	// to (request.go), until a statement that may change the schema runs.
	specs map[specKey][]query.BindSpec
}

func init() {
	// The tests of the packages below see a session's cluster through peek.
	peek.Cluster = func(s unsafe.Pointer) *query.DB { return (*Session)(s).db }
}

// startRun sets the session's bounds on the live cluster for one run and
// returns the run's deadline (zero: none).
func (s *Session) startRun() (deadline time.Time) {
	if s.opts.Timeout > 0 {
		deadline = time.Now().Add(s.opts.Timeout)
		s.db.Limits.Deadline = func() bool { return time.Now().After(deadline) }
	} else {
		s.db.Limits.Deadline = nil
	}
	s.db.Limits.MaxRows = s.opts.MaxRows
	return deadline
}

// runFrom runs the items r reads until the script ends or a bound stops
// it; executed is how many statements the run has executed before r's
// place (MaxStatements counts from the run's start). Before each item,
// unless a -- @retry waits for its statement, it calls mark, when set,
// with the reader and that count: Rerun keeps snapshots there, and
// time travel stops the run there when mark reports true.
func (s *Session) runFrom(r *cql.Reader, executed int, deadline time.Time, emit func(*Outcome), mark func(r *cql.Reader, executed int) (stop bool)) {
	retry := false
	var item cql.Item
	var o Outcome
	for {
		if mark != nil && !retry && mark(r, executed) {
			return
		}
		// An INSERT of a shape prepared before (query.DB keeps the last
		// few) binds its values into the prepared write rather than being
		// parsed and prepared in full.
		prepared := false
		if text := r.InsertText(); text != "" && !retry && !s.noPrepared {
			if prefix, lits := s.db.InsertTemplate(text); prefix != "" {
				prepared = r.PeekValues(prefix, lits, &item)
			}
		}
		if !prepared && !r.Next(&item) {
			return
		}
		s.filled = Fill{}
		it := &item
		if d, ok := it.Stmt.(*cql.Directive); ok {
			s.db.ForgetPrepared()
			eff, err := directive.Apply(s.db, d, s.afterStatement)
			retry, s.filled = retry || eff.Retry, eff.Filled
			if err != nil {
				o = Outcome{Statement: it.Src, Line: it.Pos.Line, Error: err.At(it.Pos, len(it.Src))}
				emit(&o)
				if err.Code == cqlerr.Stopped {
					return // -- @fill ran into a bound
				}
			}
			continue
		}
		if s.opts.MaxStatements > 0 && executed >= s.opts.MaxStatements {
			o = stopped(it, "The script has more than "+strconv.Itoa(s.opts.MaxStatements)+" statements, the playground's bound; the rest was not run.")
			emit(&o)
			return
		}
		if !deadline.IsZero() && time.Now().After(deadline) {
			o = stopped(it, query.ErrTimeLimit.Message)
			emit(&o)
			return
		}
		executed++
		if prepared {
			if prepared = s.execPrepared(it, &o); prepared {
				r.SkipPeeked()
			} else {
				// A value does not fit or the write fails: the full path
				// gives the error its exact message and position.
				r.Next(&item)
			}
		}
		if !prepared {
			o = s.exec(it)
			if retry && o.Error == nil {
				// -- @retry: the client timed out and sent the write again.
				o = s.exec(it)
			}
		}
		retry = false
		emit(&o)
		if s.afterStatement != nil {
			s.afterStatement()
		}
		if o.Error != nil && o.Error.Code == cqlerr.Stopped {
			return
		}
	}
}

// execPrepared runs it, an INSERT PeekValues read, through the session's
// prepared INSERT into o. It reports false when the statement must run
// through exec instead; a panic is the engine's bug, reported as exec does.
func (s *Session) execPrepared(it *cql.Item, o *Outcome) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			*o = Outcome{Statement: it.Src, Line: it.Pos.Line, Error: engineBug(it)}
			ok = true
			// The template may be half bound: later INSERTs take the full path.
			s.db.ForgetPrepared()
		}
	}()
	res, ok := s.db.ExecPrepared()
	if !ok {
		return false
	}
	*o = Outcome{Statement: it.Src, Line: it.Pos.Line, Warnings: s.warnings(res), Plan: res.Plan}
	if s.shell.Tracing {
		s.attachTrace(o)
	}
	s.preparedRuns++
	return true
}

// engineBug is the error of a statement on which the engine panicked.
func engineBug(it *cql.Item) *cqlerr.Error {
	return &cqlerr.Error{Code: cqlerr.ServerError, Message: "cqlplay's engine failed on this statement (a bug: please report it with the script). The statements after it still ran.", Pos: it.Pos, Len: len(it.Src)}
}

func stopped(it *cql.Item, msg string) Outcome {
	return Outcome{Statement: it.Src, Line: it.Pos.Line, Error: &cqlerr.Error{Code: cqlerr.Stopped, Message: msg, Pos: it.Pos, Len: len(it.Src)}}
}

// exec runs one parsed statement, turning an engine panic into an error
// outcome: a bug must never take the reader's page down.
func (s *Session) exec(it *cql.Item) (o Outcome) {
	o = Outcome{Statement: it.Src, Line: it.Pos.Line}
	if it.Err != nil {
		o.Error = it.Err
		if e := it.Err; e.Code == cqlerr.SyntaxException && e.Why == "" {
			// Explained as every other failure is; the parsed item keeps
			// Cassandra's error alone, for every session that reruns it.
			c := *e
			c.Why, c.Fix = explain.Syntax(e.Message, s.lang)
			o.Error = &c
		}
		return o
	}
	if it.Markers > 0 {
		o.Error = query.ErrBindVariables().At(it.Pos, len(it.Src))
		return o
	}
	if c, ok := it.Stmt.(*cql.CqlshCommand); ok {
		o.Text, o.Trace, o.Error = s.shell.Run(s.db, c)
		if o.Error != nil {
			o.Error = o.Error.At(it.Pos, len(it.Src))
		}
		return o
	}
	defer func() {
		if r := recover(); r != nil {
			o.Columns, o.Rows, o.Nulls, o.Plan = nil, nil, nil, nil
			o.Error = engineBug(it)
		}
	}()
	s.db.Tracing = s.shell.Tracing
	s.schemaMayChange(it.Stmt)
	res, err := s.db.Exec(it.Stmt)
	if err != nil {
		err = s.explain(err, it.Stmt)
		if !err.Pos.IsValid() {
			err = err.At(it.Pos, len(it.Src))
		}
		o.Error = err
		return o
	}
	if res != nil {
		o.Columns, o.Rows, o.Nulls, o.Text, o.Warnings, o.Plan = res.Columns, res.Rows, res.Nulls, res.Text, s.warnings(res), res.Plan
		if o.HasResult() && s.shell.Paging {
			o.PageSize = s.shell.PageSize
		}
		if s.shell.Expand && o.HasResult() {
			// EXPAND ON: the rows stay in Columns and Rows; Text is how
			// cqlsh prints them, one "@ Row n" block per row.
			o.Text = shell.ExpandedText(o.Columns, o.Rows, o.PageSize)
		}
		if s.shell.Tracing {
			s.attachTrace(&o)
		}
	}
	return o
}

// explain adds the playground's explanation of err, the error stmt failed
// with, in the session's language.
func (s *Session) explain(err *Error, stmt cql.Statement) *Error {
	return explain.Error(err, stmt, s.db.StatementTable(stmt), s.lang)
}

// warnings are a result's warnings, Cassandra's and then the playground's
// advice on the statement, in the session's language.
func (s *Session) warnings(res *query.Result) []string {
	w := res.Warnings
	for _, a := range s.db.Advice() {
		w = append(w, explain.Advice(a, s.lang))
	}
	return w
}
