package engine

import (
	"errors"
	"strconv"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/layout"
	"github.com/cqlplay/cqlplay/engine/query"
)

// Time travel. The page shows the storage as it stood after the statement
// under the reader's caret, not only after the whole script. Layout
// (LayoutRequest.Travel) rebuilds that state from the last Rerun's snapshots: it resumes a copy
// of the nearest snapshot at or before the statement and replays the
// statements up to it. The copy is its own (query.DB.Resume): the live
// session and the snapshots are left as they were, so the next Rerun and
// Run go on as if it had never been asked.

// Change is one thing a statement changed in the storage (layout.Change),
// for the page to mark.
type Change = layout.Change

// layoutAt renders, in one of LayoutForms and within bounds (nil: none),
// the state of the cluster right after the statement that gave outcome n
// of the last Rerun's script, with the changes that statement made
// (LayoutRequest.Travel).
func (s *Session) layoutAt(form, table string, n int, bounds *layout.Bounds) (string, []Change, []layout.Elision, error) {
	if n < 0 {
		return "", nil, nil, errors.New("statement index " + strconv.Itoa(n) + " is negative: the first statement is 0")
	}
	t, r, count, executed := s.resumeBefore(n)
	deadline := t.startRun()
	defer t.db.EndRun()
	// Run the statements before n, then statement n, keeping a copy of the
	// storage as it stood right before statement n: after the directives
	// in between too, so that what a -- @fill wrote is the fill's
	// (layoutAfterFill), not the next statement's.
	var before *query.DB
	emit := func(*Outcome) { count++ }
	runTo := func(want int) {
		t.runFrom(r, executed, deadline, emit, func(_ *cql.Reader, ex int) bool {
			executed = ex
			if count == n && want > n {
				before = t.db.Fork()
			}
			return count >= want
		})
	}
	if count < n {
		runTo(n)
	}
	step := func() bool { runTo(n + 1); return count == n+1 }
	if bounds != nil {
		return t.travelBounded(form, table, bounds, &before, step)
	}
	ran := step()
	out, elided, err := t.layoutBounded(form, table, bounds)
	if err != nil || before == nil || !ran {
		return out, nil, elided, err
	}
	prior := &Session{db: before}
	tables, err := prior.layoutTables(table)
	if err != nil {
		return out, nil, elided, nil
	}
	after, err := t.layoutTables(table)
	if err != nil {
		return out, nil, elided, nil
	}
	// Past maxLayoutRows (only the ring and summary forms, which list no
	// rows, get here) every entry compared would take gigabytes: compare
	// as the bounded views do, the partitions written and the small ones.
	bst, ast := stateOf(before), stateOf(t.db)
	if layout.ListedRows(bst, tables, maxLayoutRows) > maxLayoutRows || layout.ListedRows(ast, after, maxLayoutRows) > maxLayoutRows {
		return out, layout.ChangesBounded(bst, tables, ast, after, ViewBounds(nil), narrowRows), elided, nil
	}
	return out, layout.Changes(bst, tables, ast, after), elided, nil
}

// resumeBefore returns a session of its own holding a copy of the state
// after the last Rerun's snapshot with at most n outcomes before it, the
// reader of the script from there, and the outcomes and executed
// statements before it.
func (s *Session) resumeBefore(n int) (t *Session, r *cql.Reader, count, executed int) {
	return s.resumeAt(func(sn *snapshot) bool { return sn.outs <= n })
}

// resumeAt is resumeBefore from the last snapshot ok accepts.
func (s *Session) resumeAt(ok func(*snapshot) bool) (t *Session, r *cql.Reader, count, executed int) {
	t = &Session{opts: s.opts, noPrepared: s.noPrepared}
	st := s.rerunState()
	for i := len(st.snaps) - 1; i >= 0; i-- {
		if sn := &st.snaps[i]; ok(sn) {
			t.db, t.shell, t.filled = sn.db.Resume(), sn.shell, sn.filled
			return t, cql.NewReaderAt(st.script, sn.mark), sn.outs, sn.executed
		}
	}
	t.db, t.shell = s.start()
	return t, cql.NewReader(st.script), 0, 0
}
