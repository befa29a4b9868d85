// Package directive applies the comment directives of a script (-- @advance,
// -- @now, -- @nodes, -- @version, -- @retry, -- @compact, -- @fill): what
// real Cassandra leaves to the world outside the script (time passing, the
// cluster's size, the version, compaction, a client retrying, data in
// volume), which cqlsh reads as comments. The facade hands each one it
// meets to Apply.
package directive

import (
	"strconv"
	"strings"
	"time"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/query"
	"github.com/cqlplay/cqlplay/engine/ring"
	"github.com/cqlplay/cqlplay/engine/version"
)

// Effect is what a directive asks of the run beyond the cluster: Retry, to
// run the next statement twice (-- @retry), and Filled, what a -- @fill
// that ran wrote.
type Effect struct {
	Retry  bool
	Filled Fill
}

// Apply applies one `-- @name args` comment to db. afterStatement, when
// set, is called after each row a -- @fill writes, as after a statement.
func Apply(db *query.DB, d *cql.Directive, afterStatement func()) (eff Effect, err *cqlerr.Error) {
	switch d.Name {
	case "advance":
		if len(d.Args) != 1 {
			return eff, directiveError("-- @advance takes one duration, e.g. -- @advance 2h (units: ms, s, m, h, d, w)")
		}
		dur, ok := parseDuration(d.Args[0])
		if !ok || dur < 0 {
			return eff, directiveError("-- @advance: cannot read the duration '" + d.Args[0] + "' (write e.g. 90s, 2h, 3d or 1h30m)")
		}
		db.Clock += dur.Microseconds()
	case "now":
		if len(d.Args) == 0 {
			return eff, directiveError("-- @now takes an instant, e.g. -- @now 2026-01-01T00:00:00Z")
		}
		text := strings.Join(d.Args, " ")
		if t, ok := ParseInstant(text); ok {
			db.Clock = t.UnixMicro()
			return eff, nil
		}
		ms, err := cqltype.ParseTimestamp(text, db.Clock/1000)
		if err != nil {
			return eff, directiveError("-- @now: cannot read the instant '" + text + "' (write e.g. 2026-01-01T00:00:00Z)")
		}
		db.Clock = ms * 1000
	case "nodes":
		nodes, vnodes, rf, ok := parseRing(d.Args)
		if !ok {
			return eff, directiveError("-- @nodes takes a node count, then optionally `rf R` and `vnodes V`, e.g. -- @nodes 6 rf 3")
		}
		db.Ring = ring.New(nodes, vnodes, rf)
	case "version":
		v, ok := version.Of(strings.Join(d.Args, " "))
		if len(d.Args) != 1 || !ok {
			return eff, directiveError("-- @version takes " + version.List(""))
		}
		db.Version = v
	case "retry":
		eff.Retry = true
	case "compact":
		db.Compact()
	case "fill":
		db.ForgetPrepared()
		eff.Filled, err = fill(db, d, afterStatement)
	default:
		return eff, directiveError("Unknown directive -- @" + d.Name + " (known: @advance, @now, @nodes, @version, @retry, @compact, @fill)")
	}
	return eff, err
}

func directiveError(msg string) *cqlerr.Error {
	return &cqlerr.Error{Code: cqlerr.InvalidDirective, Message: msg}
}

// parseDuration reads durations such as 90s, 2h, 3d, 1h30m, 500ms, 2w.
func parseDuration(s string) (time.Duration, bool) {
	if s == "" {
		return 0, false
	}
	units := map[string]time.Duration{"ms": time.Millisecond, "s": time.Second, "m": time.Minute, "h": time.Hour, "d": 24 * time.Hour, "w": 7 * 24 * time.Hour}
	var total time.Duration
	for s != "" {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 {
			return 0, false
		}
		n, err := strconv.ParseInt(s[:i], 10, 64)
		if err != nil || n > 1<<40 {
			return 0, false
		}
		j := i
		for j < len(s) && (s[j] < '0' || s[j] > '9') {
			j++
		}
		unit, ok := units[strings.ToLower(s[i:j])]
		if !ok {
			return 0, false
		}
		total += time.Duration(n) * unit
		s = s[j:]
	}
	return total, true
}

func parseRing(args []string) (nodes, vnodes, rf int, ok bool) {
	vnodes, rf = 16, 1
	if len(args) == 0 {
		return 0, 0, 0, false
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 || n > 64 {
		return 0, 0, 0, false
	}
	nodes = n
	for i := 1; i+1 < len(args); i += 2 {
		v, err := strconv.Atoi(args[i+1])
		if err != nil || v < 1 || v > 256 {
			return 0, 0, 0, false
		}
		switch strings.ToLower(args[i]) {
		case "rf":
			rf = v
		case "vnodes":
			vnodes = v
		default:
			return 0, 0, 0, false
		}
	}
	if len(args)%2 == 0 {
		return 0, 0, 0, false
	}
	return nodes, vnodes, rf, true
}
