package engine

import (
	"errors"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/internal/directive"
	"github.com/cqlplay/cqlplay/engine/layout"
)

// Time travel to a -- @fill. A fill gives no outcome (it is a comment to
// cqlsh), so it has no statement index; yet it is where a script's data
// appears, and a reader with the caret on it expects to see its rows. So
// the state after a fill is addressed by the fill's line, and what it
// changed is said as a count (Fill), never as a Change per cell: 100,000
// rows would be half a million marks.

// Fill is what a -- @fill wrote: Rows generated rows into Table.
type Fill = directive.Fill

// layoutAfterFill renders, in one of LayoutForms and within bounds (nil:
// none), the state right after the -- @fill on line (1-based) of the last
// Rerun's script, and says what the fill wrote. It fails when no fill ran
// on that line (none is there, it failed, or a bound stopped the script
// before it). The session is left as it was, as time travel leaves it.
func (s *Session) layoutAfterFill(form, table string, line int, bounds *layout.Bounds) (string, Fill, []layout.Elision, error) {
	script := s.rerunState().script
	// Resume from the state right after the fill, if a snapshot holds it,
	// or else before the line: a snapshot whose state depends on no byte
	// from the line's start on was taken before the fill.
	start := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(script[start:], '\n')
		if i < 0 {
			start = len(script) // past the script: no fill there
			break
		}
		start += i + 1
	}
	t, r, _, executed := s.resumeAt(func(sn *snapshot) bool { return sn.filled.Line == line || sn.needs <= start })
	deadline := t.startRun()
	defer t.db.EndRun()
	// Run until the fill on line has run, or the script has passed it.
	passed := false
	t.runFrom(r, executed, deadline, func(o *Outcome) { passed = passed || o.Line >= line }, func(_ *cql.Reader, ex int) bool {
		executed = ex
		return passed || t.filled.Line == line
	})
	if line < 1 || t.filled.Line != line {
		return "", Fill{}, nil, errors.New("no -- @fill ran on line " + strconv.Itoa(line) + " of the script")
	}
	out, elided, err := t.layoutBounded(form, table, bounds)
	return out, t.filled, elided, err
}
