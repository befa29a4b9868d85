package engine

import (
	"github.com/cqlplay/cqlplay/engine/layout"
	"github.com/cqlplay/cqlplay/engine/query"
)

// travelBounded finishes layoutAt on t, the copy on its way to
// statement n: it runs statement n (step, which reports whether it ran
// and leaves in before a copy of the state right before it, nil when the
// script ended sooner), and renders the state after it within bounds. Its changes compare only the
// partitions that may differ, so that a step through a script of 100,000
// rows builds a few partitions rather than every row twice: those the
// statement wrote (copy on write gives each a new *store.Partition, so an
// unchanged one is the snapshot's own), and every partition the view
// lists whole (layout.ChangesBounded).
func (t *Session) travelBounded(form, table string, bounds *layout.Bounds, before **query.DB, step func() bool) (string, []Change, []layout.Elision, error) {
	ran := step()
	out, elided, err := t.layoutBounded(form, table, bounds)
	if err != nil || *before == nil || !ran {
		return out, nil, elided, err
	}
	return out, t.changedBounded(table, bounds, *before), elided, nil
}

// changedBounded is what travelBounded says changed between before and
// t's state (layout.ChangesBounded).
func (t *Session) changedBounded(table string, bounds *layout.Bounds, before *query.DB) []Change {
	afterTables, err := t.layoutTables(table)
	if err != nil {
		return nil
	}
	beforeTables, _ := (&Session{db: before}).layoutTables(table)
	return layout.ChangesBounded(stateOf(before), beforeTables, stateOf(t.db), afterTables, bounds, narrowRows)
}

// narrowRows turns layout.ChangesBounded's narrowing on; off, the tests
// compare with the written partitions compared whole.
var narrowRows = true
