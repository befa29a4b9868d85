package engine

import (
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/query"
)

// Outcome is what one statement of a script did: the result contract shared by
// the Go API, `cqlplay run --json` and the WebAssembly bridge (docs/engine.md).
type Outcome struct {
	// Statement is the statement's text as written, without the ';'.
	Statement string
	// Line is the 1-based line the statement starts on.
	Line int
	// Columns and Rows are set when the statement returns a result set (SELECT,
	// a conditional write's [applied] row). Each value is as cqlsh prints it;
	// a null prints "null" and is also listed in Nulls, so a page can tell it
	// from the text 'null'.
	Columns []string
	Rows    [][]string
	Nulls   [][2]int // [row, column] of each null value in Rows
	// Text is the output of statements that print text rather than rows (DESCRIBE).
	Text     string
	Warnings []string
	Error    *cqlerr.Error
	Plan     *Plan
	// Trace is set under TRACING ON for a read or write that ran: the
	// simulated trace cqlsh prints after the result (trace.go).
	Trace *Trace
	// PageSize is the fetch size cqlsh asked the result in (PAGING; 100 by
	// default, 0 with paging off): reading a file, cqlsh prints each page as
	// it arrives, sized to its own values. Not in the JSON.
	PageSize int
}

// HasResult reports whether the outcome carries a result set.
func (o *Outcome) HasResult() bool { return o.Columns != nil }

// Plan says what a statement cost: what it read against what it returned, and
// how it reached the data (kind "single-partition", "multi-partition",
// "range-scan", "index" or "write"). The page draws it; lessons use it to show
// why a query needs ALLOW FILTERING.
type Plan = query.Plan
