package main

import (
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine"
)

// printer writes Outcomes the way cqlsh prints a script's results
// (bin/cqlsh.py: print_result, print_static_result, print_formatted_result,
// print_warnings, printerr): results and warnings on out, errors on errOut.
//
// cqlsh has two layouts. Reading a file or a pipe (tty false) it prefixes every
// error with "<file>:<line>:" and closes a result table with one blank line
// (two for an empty result). At a terminal (tty true) errors have no prefix and
// a result table, or a conditional write's row, is followed by a blank line.
type printer struct {
	out, errOut io.Writer
	tty         bool
	// source names the script in error prefixes: a file name as given on the
	// command line, or "<stdin>" as Python names standard input.
	source string
	failed bool // some statement failed
	buf    []byte
	// capture is where CAPTURE '<file>' sends what cqlsh writes to its
	// query_out (result tables, row counts, warnings, traces, DESCRIBE's
	// statements); nil while not capturing.
	capture     io.Writer
	captureName string
	captureFile *os.File
	// more, at a terminal, is cqlsh's input("---MORE---") between the pages
	// of a result: it writes the prompt, waits for a line and returns b.
	more func(b []byte) []byte
}

// query is cqlsh's query_out: the capture file while capturing, else out.
func (p *printer) query() io.Writer {
	if p.capture != nil {
		return p.capture
	}
	return p.out
}

// print writes one outcome. Write errors are left to the caller, which checks
// the writers once at the end (a broken pipe should not hide the exit status).
func (p *printer) print(o *engine.Outcome) {
	// A failed statement prints only its error: cqlsh prints warnings from a
	// successful response only (the JSON form keeps them all).
	if o.Error != nil {
		p.failed = true
		p.printError(o)
		if o.Text != "" && isShellCommand(o.Statement) {
			// PAGING ON when paging is on: cqlsh refuses, then still
			// prints the page size.
			p.printText(o)
		}
		return
	}
	if o.HasResult() && o.Text != "" {
		p.printExpanded(o)
		p.printWarnings(o.Warnings)
		p.printTrace(o)
		return
	}
	if o.HasResult() {
		if isSelect(o.Statement) {
			p.printRows(o)
		} else {
			p.printConditional(o)
		}
	}
	if o.Text != "" {
		p.printText(o)
	}
	p.printWarnings(o.Warnings)
	p.printTrace(o)
}

// printTrace writes the trace of a statement run under TRACING ON, after
// its result and warnings, as cqlsh's print_trace does: at a terminal its
// print_formatted_result(..., tty=shell.tty) ends the table with a blank line
// before print_trace's own.
func (p *printer) printTrace(o *engine.Outcome) {
	if o.Trace != nil {
		p.buf = append(p.buf[:0], o.Trace.Text()...)
		if p.tty {
			p.buf = append(p.buf, '\n')
		}
		p.query().Write(p.buf)
	}
}

// printJSON writes o as one line of JSON, the --json form.
func (p *printer) printJSON(o *engine.Outcome) {
	if o.Error != nil {
		p.failed = true
	}
	p.buf = append(o.AppendJSON(p.buf[:0]), '\n')
	p.out.Write(p.buf)
}

// printLayout writes a Session.Layout result: as text set apart from the
// results by a blank line, or as one JSON line.
func (p *printer) printLayout(form, table, text string, asJSON bool) {
	if asJSON {
		r := engine.LayoutResult{Form: form, Table: table, Layout: text}
		p.buf = append(r.AppendJSON(p.buf[:0]), '\n')
		p.out.Write(p.buf)
		return
	}
	p.buf = append(append(p.buf[:0], '\n'), text...)
	if !strings.HasSuffix(text, "\n") {
		p.buf = append(p.buf, '\n')
	}
	p.out.Write(p.buf)
}

// printText writes the text of a DESCRIBE as cqlsh frames it (do_describe):
// a blank line, then the text; a listing of names (DESCRIBE TABLES,
// KEYSPACES, TYPES, FUNCTIONS, AGGREGATES) ends with one more blank line.
//
// cqlsh's own commands (CONSISTENCY, PAGING, SHOW, ...) print their line alone.
func (p *printer) printText(o *engine.Outcome) {
	if p.capture != nil && isDescribeElements(o.Statement) {
		// describe_element: print('') and print('') on stdout around
		// each statement, which it writes, unended, to query_out.
		for _, stmt := range strings.Split(strings.TrimSuffix(o.Text, "\n"), "\n\n") {
			p.out.Write([]byte("\n"))
			io.WriteString(p.capture, stmt)
			p.out.Write([]byte("\n"))
		}
		return
	}
	b := p.buf[:0]
	if !isShellCommand(o.Statement) {
		b = append(b, '\n')
	}
	b = append(b, o.Text...)
	if !strings.HasSuffix(o.Text, "\n") {
		b = append(b, '\n')
	}
	if isDescribeList(o.Statement) {
		b = append(b, '\n')
	}
	p.buf = b
	p.out.Write(b)
}

// isDescribeElements reports whether stmt is a DESCRIBE whose rows are
// CREATE statements (not a listing, nor CLUSTER).
func isDescribeElements(stmt string) bool {
	f := strings.Fields(strings.ToUpper(stmt))
	return len(f) >= 2 && (f[0] == "DESCRIBE" || f[0] == "DESC") && !isDescribeList(stmt) && f[1] != "CLUSTER"
}

// isDescribeList reports whether stmt is a DESCRIBE that lists names.
func isDescribeList(stmt string) bool {
	f := strings.Fields(strings.ToUpper(stmt))
	if len(f) < 2 || (f[0] != "DESCRIBE" && f[0] != "DESC") {
		return false
	}
	switch f[1] {
	case "TABLES", "COLUMNFAMILIES", "KEYSPACES", "TYPES", "FUNCTIONS", "AGGREGATES":
		return true
	}
	return false
}

// isSelect reports whether cqlsh would print stmt's rows as a query result
// with a "(N rows)" footer: cqlsh decides on the first six letters of the
// statement text; any other statement that returns rows (a conditional write)
// prints the bare table.
func isSelect(stmt string) bool {
	s := strings.TrimLeft(stmt, " \t\r\n")
	return len(s) >= 6 && strings.EqualFold(s[:6], "select")
}

func (p *printer) printRows(o *engine.Outcome) {
	b := append(p.buf[:0], '\n')
	pageSize := o.PageSize
	switch {
	case p.tty && p.more != nil && pageSize > 0 && len(o.Rows) > pageSize && p.capture == nil:
		// At a terminal cqlsh prints each page as a table of its own,
		// header, rows and a blank line, and stops at ---MORE--- between
		// them (print_result's input, which it skips while capturing).
		for i := 0; i < len(o.Rows); i += pageSize {
			if i > 0 {
				p.query().Write(b)
				b = p.more(b[:0])
			}
			b = append(appendTable(b, o.Columns, o.Rows[i:min(i+pageSize, len(o.Rows))], true), '\n')
		}
		b = appendRowCount(b, len(o.Rows))
		p.buf = b
		p.query().Write(b)
		return
	case p.tty || pageSize <= 0 || len(o.Rows) <= pageSize:
		b = appendTable(b, o.Columns, o.Rows, true)
	default:
		// Reading a file, cqlsh prints each page (of the PAGING size, 100 by
		// default) as it arrives, sized to that page's widest values, and the
		// header only above the first; it never stops at ---MORE---.
		for i := 0; i < len(o.Rows); i += pageSize {
			b = appendTable(b, o.Columns, o.Rows[i:min(i+pageSize, len(o.Rows))], i == 0)
		}
	}
	if len(o.Rows) == 0 {
		b = append(b, '\n')
		if !p.tty {
			b = append(b, '\n')
		}
	} else {
		b = append(b, '\n')
	}
	b = appendRowCount(b, len(o.Rows))
	p.buf = b
	p.query().Write(b)
}

// appendRowCount appends cqlsh's footer of a result set, "(N rows)".
func appendRowCount(b []byte, n int) []byte {
	b = append(b, '(')
	b = strconv.AppendInt(b, int64(n), 10)
	return append(b, " rows)\n"...)
}

// printExpanded prints a result set under EXPAND ON: the vertical rows the
// engine wrote in Text after a blank line (each row's block ends with one),
// then a SELECT's row count; reading a file, print_result writes one more
// blank line before the count, as it does after a table.
func (p *printer) printExpanded(o *engine.Outcome) {
	b := append(p.buf[:0], '\n')
	if p.tty && p.more != nil && o.PageSize > 0 && len(o.Rows) > o.PageSize && p.capture == nil {
		// At a terminal, ---MORE--- between the pages' blocks.
		for i, block := range strings.SplitAfter(o.Text, "\n\n") {
			if i > 0 && i%o.PageSize == 0 && block != "" {
				p.query().Write(b)
				b = p.more(b[:0])
			}
			b = append(b, block...)
		}
	} else {
		b = append(b, o.Text...)
	}
	if isSelect(o.Statement) {
		if !p.tty {
			b = append(b, '\n')
		}
		b = appendRowCount(b, len(o.Rows))
	}
	p.buf = b
	p.query().Write(b)
}

// printConditional prints the [applied] row of a lightweight transaction: the
// table without a row count, preceded by a blank line.
func (p *printer) printConditional(o *engine.Outcome) {
	b := append(p.buf[:0], '\n')
	b = appendTable(b, o.Columns, o.Rows, true)
	if p.tty {
		b = append(b, '\n')
	}
	p.buf = b
	p.query().Write(b)
}

// appendTable writes the header and the rule (when header is set) and the
// rows: names left-justified and values right-justified to the widest display
// width in each column, names included.
func appendTable(b []byte, cols []string, rows [][]string, header bool) []byte {
	widths := make([]int, len(cols))
	for i, c := range cols {
		widths[i] = engine.DisplayWidth(c)
	}
	for _, row := range rows {
		for i := 0; i < len(row) && i < len(widths); i++ {
			widths[i] = max(widths[i], engine.DisplayWidth(row[i]))
		}
	}
	if header {
		b = appendHeader(b, cols, widths)
	}
	for _, row := range rows {
		b = append(b, ' ')
		for i := range widths {
			v := ""
			if i < len(row) {
				v = row[i]
			}
			if i > 0 {
				b = append(b, " | "...)
			}
			b = appendSpaces(b, widths[i]-engine.DisplayWidth(v))
			b = append(b, v...)
		}
		b = append(b, '\n')
	}
	return b
}

func appendHeader(b []byte, cols []string, widths []int) []byte {
	start := len(b)
	b = append(b, ' ')
	for i, c := range cols {
		if i > 0 {
			b = append(b, " | "...)
		}
		b = append(b, c...)
		b = appendSpaces(b, widths[i]-engine.DisplayWidth(c))
	}
	b = append(b[:start], strings.TrimRight(string(b[start:]), " ")...)
	b = append(b, "\n-"...)
	for i, w := range widths {
		if i > 0 {
			b = append(b, "-+-"...)
		}
		b = append(b, strings.Repeat("-", w)...)
	}
	return append(b, "-\n"...)
}

func appendSpaces(b []byte, n int) []byte {
	for ; n > 0; n-- {
		b = append(b, ' ')
	}
	return b
}

func (p *printer) printWarnings(ws []string) {
	if len(ws) == 0 {
		return
	}
	b := append(p.buf[:0], "\nWarnings :\n"...)
	for _, w := range ws {
		b = append(b, w...)
		b = append(b, "\n\n"...)
	}
	p.buf = b
	p.query().Write(b)
}

// printError writes the error as cqlsh's printerr does. Outside a terminal the
// prefix names the line cqlsh had just read when it ran the statement: the
// line holding the statement's terminating ';', that is its last line.
func (p *printer) printError(o *engine.Outcome) {
	b := p.buf[:0]
	if !p.tty {
		b = append(b, p.source...)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(o.Line+strings.Count(o.Statement, "\n")), 10)
		b = append(b, ':')
	}
	b = append(b, o.Error.Cqlsh()...)
	b = append(b, '\n')
	p.buf = b
	p.errOut.Write(b)
}

// isShellCommand reports whether stmt is one of cqlsh's own commands, which
// cqlsh runs itself and which print a bare line (engine/internal/shell).
func isShellCommand(stmt string) bool {
	f := strings.Fields(strings.ToUpper(stmt))
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "CONSISTENCY", "SERIAL", "PAGING", "EXPAND", "TRACING", "SHOW", "SOURCE", "CAPTURE":
		return true
	}
	return false
}
