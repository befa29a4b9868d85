package cql

import "github.com/cqlplay/cqlplay/engine/cqlerr"

// Item is one statement of a script: its tree, or the error that stopped
// its parse. Parsing resumes after the next ';', so one bad statement does
// not hide the rest of the script, as with cqlsh running a file.
type Item struct {
	Stmt Statement     // nil when Err is set
	Err  *cqlerr.Error // a SyntaxException (or InvalidRequest for bind markers), located
	Pos  Pos           // where the statement text starts
	Src  string        // the statement text as written, without its ';'
}

// Parse splits script into statements and parses each.
// PLACEHOLDER: replaced by the real recursive-descent parser.
func Parse(script string) []Item { return nil }
