package engine

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// shellState is what cqlsh's own commands set (bin/cqlsh.py's Shell): the
// session keeps it so a script reads and changes it as in cqlsh. The levels
// are recorded; the simulation does not yet act on them.
type shellState struct {
	consistency, serial string
	paging              bool
	pageSize            int
	expand, tracing     bool
}

// newShellState is cqlsh's state on connecting: ONE, SERIAL, paging on with
// pages of 100 rows, expanded output and tracing off.
func newShellState() shellState {
	return shellState{consistency: "ONE", serial: "SERIAL", paging: true, pageSize: 100}
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

// shellCommand runs one of cqlsh's commands and returns what cqlsh prints.
func (s *Session) shellCommand(c *cql.CqlshCommand) (string, *cqlerr.Error) {
	sh := &s.shell
	switch c.Name {
	case "CONSISTENCY", "SERIAL CONSISTENCY":
		levels, cur, what := consistencyLevels, &sh.consistency, "consistency"
		if c.Name != "CONSISTENCY" {
			levels, cur, what = serialLevels, &sh.serial, "serial consistency"
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
		return switchCommand(c, "EXPAND", "Expanded output", &sh.expand)
	case "TRACING":
		return switchCommand(c, "TRACING", "Tracing", &sh.tracing)
	case "PAGING":
		// SwitchCommandWithValue: a number turns paging on with that page size.
		var text string
		var err *cqlerr.Error
		if len(c.Args) == 1 {
			if n, e := strconv.Atoi(c.Args[0]); e == nil {
				sh.paging, sh.pageSize = true, n
				s.db.PageSize = n
				return "Page size: " + strconv.Itoa(n), nil
			}
		}
		// cqlsh prints the page size even after refusing ON (already on).
		text, err = switchCommand(c, "PAGING", "Query paging", &sh.paging)
		defer func() {
			s.db.PageSize = 0
			if sh.paging {
				s.db.PageSize = sh.pageSize
			}
		}()
		if sh.paging {
			if text != "" {
				text += "\n"
			}
			text += "Page size: " + strconv.Itoa(sh.pageSize)
		} else {
			sh.pageSize = 100
		}
		return text, err
	case "SHOW":
		if len(c.Args) == 1 {
			switch strings.ToUpper(c.Args[0]) {
			case "VERSION":
				v := s.db.Version
				return "[cqlsh " + v.Cqlsh + " | Cassandra " + v.Release + " | CQL spec " + v.CQL + " | Native protocol v" + string('0'+v.Protocol) + "]", nil
			case "HOST":
				return "Connected to Test Cluster at 127.0.0.1:9042", nil
			}
		}
		if len(c.Args) == 2 && strings.EqualFold(c.Args[0], "SESSION") {
			return "", s.showSession(c.Args[1])
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

// expandedText is a result set as cqlsh prints it with EXPAND ON
// (Shell.print_formatted_result_vertically): each row under "@ Row n", a rule
// as wide as the longest name and the longest value of the row's page (a
// page of pageSize rows, all rows when 0: cqlsh formats each page as it
// arrives), then one " name | value" line per column, the names padded on
// the right, and a blank line. An empty result keeps the table form (cqlsh
// prints its header).
func expandedText(cols []string, rows [][]string, pageSize int) string {
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
// printed as after its statement (s.shown carries it to the outcome), or
// print_trace_session's refusal when there is none (TraceUnavailable).
func (s *Session) showSession(arg string) *cqlerr.Error {
	id, ok := cqltype.ParseUUID(arg)
	if !ok {
		return errImproper("SHOW")
	}
	for _, ts := range s.db.Traces {
		if string(ts.ID) == string(id) && ts.Started+traceTTLMicros > s.db.Clock {
			s.shown = ts.Printed.(*Trace)
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

// Subshell runs run as cqlsh's SOURCE runs a file (do_source): in a new
// Shell on the same connection, which starts in the current keyspace with
// tracing as it is and every other setting at its default (expand off,
// paging on with pages of 100, consistency ONE), and whose USE and settings
// end with it. The caller (cqlplay run, which reads files) runs the file's
// statements inside run.
func (s *Session) Subshell(run func()) {
	shell, ks, pageSize := s.shell, s.db.Keyspace, s.db.PageSize
	s.shell = newShellState()
	s.shell.tracing = shell.tracing
	s.db.PageSize = s.shell.pageSize
	defer func() { s.shell, s.db.Keyspace, s.db.PageSize = shell, ks, pageSize }()
	run()
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
