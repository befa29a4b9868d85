// Package shell runs cqlsh's own commands (CONSISTENCY, SERIAL
// CONSISTENCY, PAGING, EXPAND, TRACING, SHOW, CAPTURE, SOURCE) with their
// messages, and keeps what they set (State), which the facade reads as it
// runs statements: the page size, the expanded form, tracing.
package shell

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/internal/trace"
	"github.com/cqlplay/cqlplay/engine/query"
)

// State is what cqlsh's own commands set (bin/cqlsh.py's Shell): the
// session keeps it so a script reads and changes it as in cqlsh. The levels
// are recorded; the simulation does not yet act on them.
type State struct {
	Consistency, Serial string
	Paging              bool
	PageSize            int
	Expand, Tracing     bool
}

// New is cqlsh's state on connecting: ONE, SERIAL, paging on with pages of
// 100 rows, expanded output and tracing off.
func New() State {
	return State{Consistency: "ONE", Serial: "SERIAL", Paging: true, PageSize: 100}
}

// consistencyLevels are the levels cqlsh's grammar accepts after CONSISTENCY
// (cqlshhandling.py's <consistencyLevel>); serialLevels after SERIAL CONSISTENCY.
var (
	consistencyLevels = []string{"ANY", "ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_ONE", "LOCAL_QUORUM", "EACH_QUORUM", "SERIAL", "LOCAL_SERIAL"}
	serialLevels      = []string{"SERIAL", "LOCAL_SERIAL"}
)

// errImproper is cqlsh's Shell.handle_parse_error for its own commands.
func errImproper(cmd string) *cqlerr.Error {
	return cqlerr.New(cqlerr.Cqlsh, "Improper "+cmd+" command.")
}

// errSwitchAlreadyOn is SwitchCommand.execute's ON when already enabled.
func errSwitchAlreadyOn(desc, cmd string) *cqlerr.Error {
	return cqlerr.New(cqlerr.Cqlsh, desc+" is already enabled. Use "+cmd+" OFF to disable.")
}

// errSwitchNotOn is SwitchCommand.execute's OFF when not enabled.
func errSwitchNotOn(desc string) *cqlerr.Error {
	return cqlerr.New(cqlerr.Cqlsh, desc+" is not enabled.")
}

// Run runs one of cqlsh's commands in db and returns what cqlsh prints,
// and, for SHOW SESSION, the trace it prints.
func (sh *State) Run(db *query.DB, c *cql.CqlshCommand) (text string, shown *trace.Trace, err *cqlerr.Error) {
	text, err = sh.run(db, c, &shown)
	return text, shown, err
}

func (sh *State) run(db *query.DB, c *cql.CqlshCommand, shown **trace.Trace) (string, *cqlerr.Error) {
	switch c.Name {
	case "CONSISTENCY", "SERIAL CONSISTENCY":
		levels, cur, what := consistencyLevels, &sh.Consistency, "consistency"
		if c.Name != "CONSISTENCY" {
			levels, cur, what = serialLevels, &sh.Serial, "serial consistency"
		}
		if len(c.Args) == 0 {
			return "Current " + what + " level is " + *cur + ".", nil
		}
		level := strings.ToUpper(c.Args[0])
		if len(c.Args) != 1 || !contains(levels, level) {
			return "", errImproper(c.Name)
		}
		*cur = level
		return strings.ToUpper(what[:1]) + what[1:] + " level set to " + level + ".", nil
	case "EXPAND":
		return switchCommand(c, "EXPAND", "Expanded output", &sh.Expand)
	case "TRACING":
		return switchCommand(c, "TRACING", "Tracing", &sh.Tracing)
	case "PAGING":
		// SwitchCommandWithValue: a number turns paging on with that page size.
		var text string
		var err *cqlerr.Error
		if len(c.Args) == 1 {
			if n, e := strconv.Atoi(c.Args[0]); e == nil {
				sh.Paging, sh.PageSize = true, n
				db.PageSize = n
				return "Page size: " + strconv.Itoa(n), nil
			}
		}
		// cqlsh prints the page size even after refusing ON (already on).
		text, err = switchCommand(c, "PAGING", "Query paging", &sh.Paging)
		defer func() {
			db.PageSize = 0
			if sh.Paging {
				db.PageSize = sh.PageSize
			}
		}()
		if sh.Paging {
			if text != "" {
				text += "\n"
			}
			text += "Page size: " + strconv.Itoa(sh.PageSize)
		} else {
			sh.PageSize = 100
		}
		return text, err
	case "SHOW":
		if len(c.Args) == 1 {
			switch strings.ToUpper(c.Args[0]) {
			case "VERSION":
				v := db.Version
				return "[cqlsh " + v.Cqlsh + " | Cassandra " + v.Release + " | CQL spec " + v.CQL + " | Native protocol v" + string('0'+v.Protocol) + "]", nil
			case "HOST":
				return "Connected to Test Cluster at 127.0.0.1:9042", nil
			}
		}
		if len(c.Args) == 2 && strings.EqualFold(c.Args[0], "SESSION") {
			return "", showSession(db, c.Args[1], shown)
		}
		return "", errImproper("SHOW")
	case "CAPTURE", "SOURCE":
		// do_capture and do_source in a cqlsh that can open no file
		// (cqlplay run, which can, runs them itself): never capturing, and
		// a directory without the file a SOURCE names.
		if len(c.Args) == 0 && c.Name == "CAPTURE" {
			return "Currently not capturing query output.", nil
		}
		if len(c.Args) == 1 && c.Name == "CAPTURE" && strings.EqualFold(c.Args[0], "OFF") {
			return "", errNotCapturing()
		}
		if len(c.Args) == 1 && len(c.Args[0]) > 1 && c.Args[0][0] == '\'' {
			q := "'" + strings.ReplaceAll(c.Args[0][1:len(c.Args[0])-1], "''", "'") + "'"
			if c.Name == "SOURCE" {
				return "", ErrSourceUnreadable(q, "[Errno 2] No such file or directory: "+q)
			}
			return "", ErrCaptureUnwritable(q, "[Errno 30] Read-only file system: "+q)
		}
	}
	return "", errImproper(c.Name)
}

// switchCommand is cqlsh's SwitchCommand.execute: ON, OFF or no argument,
// with its messages (the "currently enabled" one has no final period in
// cqlsh, kept as is).
func switchCommand(c *cql.CqlshCommand, cmd, desc string, state *bool) (string, *cqlerr.Error) {
	if len(c.Args) == 0 {
		if *state {
			return desc + " is currently enabled. Use " + cmd + " OFF to disable", nil
		}
		return desc + " is currently disabled. Use " + cmd + " ON to enable.", nil
	}
	if len(c.Args) != 1 {
		return "", errImproper(cmd)
	}
	switch strings.ToUpper(c.Args[0]) {
	case "ON":
		if *state {
			return "", errSwitchAlreadyOn(desc, cmd)
		}
		*state = true
		return "Now " + desc + " is enabled", nil
	case "OFF":
		if !*state {
			return "", errSwitchNotOn(desc)
		}
		*state = false
		return "Disabled " + desc + ".", nil
	}
	return "", errImproper(cmd)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ExpandedText is a result set as cqlsh prints it with EXPAND ON
// (Shell.print_formatted_result_vertically): each row under "@ Row n", a rule
// as wide as the longest name and the longest value of the row's page (a
// page of pageSize rows, all rows when 0: cqlsh formats each page as it
// arrives), then one " name | value" line per column, the names padded on
// the right, and a blank line. An empty result keeps the table form (cqlsh
// prints its header).
func ExpandedText(cols []string, rows [][]string, pageSize int) string {
	if pageSize <= 0 {
		pageSize = len(rows)
	}
	nameW := 0
	for _, c := range cols {
		nameW = max(nameW, cqltype.DisplayWidth(c))
	}
	var b strings.Builder
	valW := 0
	for i, r := range rows {
		if i%pageSize == 0 {
			valW = 0
			for _, p := range rows[i:min(i+pageSize, len(rows))] {
				for _, v := range p {
					valW = max(valW, cqltype.DisplayWidth(v))
				}
			}
		}
		b.WriteString("@ Row ")
		b.WriteString(strconv.Itoa(i + 1))
		b.WriteString("\n-")
		b.WriteString(strings.Repeat("-", nameW))
		b.WriteString("-+-")
		b.WriteString(strings.Repeat("-", valW))
		b.WriteString("-\n")
		for j, v := range r {
			b.WriteByte(' ')
			b.WriteString(cols[j])
			b.WriteString(strings.Repeat(" ", nameW-cqltype.DisplayWidth(cols[j])))
			b.WriteString(" | ")
			b.WriteString(v)
			b.WriteByte('\n')
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// showSession is cqlsh's SHOW SESSION <id> (show_session, then
// tracing.print_trace_session): the trace system_traces keeps under that id,
// printed as after its statement (shown carries it to the outcome), or
// print_trace_session's refusal when there is none (TraceUnavailable).
func showSession(db *query.DB, arg string, shown **trace.Trace) *cqlerr.Error {
	id, ok := cqltype.ParseUUID(arg)
	if !ok {
		return errImproper("SHOW")
	}
	for _, ts := range db.Traces {
		if string(ts.ID) == string(id) && ts.Started+traceTTLMicros > db.Clock {
			*shown = ts.Printed.(*trace.Trace)
			return nil
		}
	}
	return errSessionNotFound(cqltype.FormatUUID(id))
}

// traceTTLMicros is how long system_traces keeps a trace: a day
// (tracetype_query_ttl), in microseconds.
const traceTTLMicros = 86400 * 1000000

// errSessionNotFound is print_trace_session's message for a session
// system_traces does not hold.
func errSessionNotFound(id string) *cqlerr.Error {
	return cqlerr.New(cqlerr.Cqlsh, "Session "+id+" wasn't found.")
}

// ErrSourceUnreadable is do_source's refusal ('Could not open %r: %s'):
// quoted is the file's name as Python's repr prints it, ioErr Python's str
// of the IOError.
func ErrSourceUnreadable(quoted, ioErr string) *cqlerr.Error {
	return cqlerr.New(cqlerr.Cqlsh, "Could not open "+quoted+": "+ioErr)
}

// errNotCapturing is do_capture's CAPTURE OFF when not capturing.
func errNotCapturing() *cqlerr.Error {
	return cqlerr.New(cqlerr.Cqlsh, "Not currently capturing output.")
}

// ErrCaptureUnwritable is do_capture's refusal of a file it cannot open for
// append ('Could not open %r for append: %s'): quoted is the name as
// Python's repr prints it, ioErr Python's str of the IOError.
func ErrCaptureUnwritable(quoted, ioErr string) *cqlerr.Error {
	return cqlerr.New(cqlerr.Cqlsh, "Could not open "+quoted+" for append: "+ioErr)
}

// ErrNotCapturing is do_capture's CAPTURE OFF when not capturing.
func ErrNotCapturing() *cqlerr.Error { return errNotCapturing() }

// ErrAlreadyCapturing is do_capture's refusal of a second CAPTURE '<file>'
// (the file's name as %s prints it).
func ErrAlreadyCapturing(name string) *cqlerr.Error {
	return cqlerr.New(cqlerr.Cqlsh, "Already capturing output to "+name+". Use CAPTURE OFF to disable.")
}
