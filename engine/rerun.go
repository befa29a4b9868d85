package engine

import (
	"math/bits"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/internal/shell"
	"github.com/cqlplay/cqlplay/engine/query"
)

// Incremental runs. A page re-runs its script on every keystroke, and most
// keystrokes change one statement near the end: Rerun runs the statements
// from the first one an edit changed, starting from a snapshot of the
// cluster taken before it, and reuses the outcomes before it.
//
// A snapshot is a query.DB forked from the live one (query.DB.Fork): the
// schema copied, the data shared until written (store/cow.go). Snapshots
// are not kept before every statement: a script of 100,000 INSERTs would
// keep 100,000 of them, each holding the btree nodes its statement
// copied. They are kept before every item in the script's last
// denseBytes, where a reader types, and further back one for each
// doubling of the distance from the end; an edit there re-runs the
// statements from the snapshot before it (docs/performance.md measures
// both choices).

// denseBytes is the stretch at the end of a script with a snapshot before
// every item (a variable for the tests, which shrink it to exercise the
// spacing further back).
var denseBytes = 2048

// rerunState is what a session keeps between Reruns.
type rerunState struct {
	// script is the previous Rerun's script.
	script string
	// snaps are the kept snapshots in script order.
	snaps []snapshot
	// outs are Rerun's outcomes (RerunEach's callers keep their own).
	outs []Outcome
}

// snapshot is the state before one item of the previous Rerun's script.
type snapshot struct {
	mark cql.Mark
	// needs is how many leading bytes of the script the state depends on
	// (cql.Mark.Needs).
	needs int
	// db is the cluster then; nobody writes it: a Rerun resumes from a
	// fork of it.
	db *query.DB
	// outs is how many outcomes the items before it gave, executed how
	// many statements they executed.
	outs, executed int
	// shell is what cqlsh's commands had set then (PAGING, EXPAND...).
	shell shell.State
	// filled is the -- @fill the item before it was, if one that ran: the
	// snapshot is the state right after it (layoutAfterFill).
	filled Fill
}

func (s *Session) rerunState() *rerunState {
	if s.rerun == nil {
		s.rerun = &rerunState{}
	}
	return s.rerun
}

// start is the cluster and cqlsh state a Rerun's script starts from: the
// state Base kept, or a fresh session's.
func (s *Session) start() (*query.DB, shell.State) {
	if s.base != nil {
		return s.base.db.Resume(), s.base.shell
	}
	return NewSession(s.opts).db, shell.New()
}

// bucket is the spacing class of a snapshot at this distance from the
// script's end: every snapshot in the last denseBytes is its own (-1), and
// further back one per doubling of the distance.
func bucket(dist int) int {
	if dist <= denseBytes {
		return -1
	}
	return bits.Len(uint(dist / denseBytes))
}

// wants reports whether a snapshot at needs belongs in the kept set, given
// those already kept before it.
func (st *rerunState) wants(needs, size int) bool {
	b := bucket(size - needs)
	if b < 0 {
		return true
	}
	n := len(st.snaps)
	return n == 0 || bucket(size-st.snaps[n-1].needs) != b
}

// prune drops, of the snapshots the script's growth moved out of the dense
// stretch, all but the last of each bucket.
func (st *rerunState) prune(size int) {
	kept := st.snaps[:0]
	for i, sn := range st.snaps {
		b := bucket(size - sn.needs)
		if b >= 0 && i+1 < len(st.snaps) && bucket(size-st.snaps[i+1].needs) == b {
			continue
		}
		kept = append(kept, sn)
	}
	clear(st.snaps[len(kept):])
	st.snaps = kept
}

// commonPrefix returns the length of the longest common prefix of a and b.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	// Compare in chunks: a script of 100,000 statements is megabytes.
	for i+64 <= n && a[i:i+64] == b[i:i+64] {
		i += 64
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}
