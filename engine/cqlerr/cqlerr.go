// Package cqlerr holds Cassandra's error classes and the error value every engine
// package returns to the reader.
//
// An *Error is what cqlsh would show: the exception class name (Code), Cassandra's
// exact message text, and, where the engine knows it, the position in the script
// the error points at, so an editor can underline it. Message texts that are a
// specification live as constants beside the code that raises them, each citing
// the Cassandra source file it was read from.
package cqlerr

import (
	"strconv"
	"strings"
)

// Code is a Cassandra exception class as cqlsh names it.
type Code string

// The error classes the engine raises, with the protocol codes cqlsh prints.
const (
	SyntaxException        Code = "SyntaxException"
	InvalidRequest         Code = "InvalidRequest"
	AlreadyExists          Code = "AlreadyExists"
	ConfigurationException Code = "ConfigurationException"
	Unauthorized           Code = "Unauthorized"
	ServerError            Code = "ServerError"
	// FunctionFailure is a function that failed while running
	// (FunctionExecutionException): fromJson of a value its receiver cannot
	// take.
	FunctionFailure Code = "FunctionFailure"
	// Stopped is cqlplay's own: a run hit one of the session's bounds (statements,
	// rows or time) and was stopped so the reader's tab stays responsive.
	Stopped Code = "Stopped"
	// InvalidDirective is cqlplay's own: a `-- @name` comment the playground
	// could not read. Real cqlsh ignores such comments.
	InvalidDirective Code = "InvalidDirective"
	// Cqlsh is an error cqlsh itself prints for one of its own commands
	// (Shell.printerr): the message alone, with no exception class.
	Cqlsh Code = "cqlsh"
)

// Protocol returns the native-protocol error code and the bracketed description
// cqlsh prints for c, e.g. 0x2200 and "Invalid query".
func (c Code) Protocol() (int, string) {
	switch c {
	case SyntaxException:
		return 0x2000, "Syntax error in CQL query"
	case InvalidRequest:
		return 0x2200, "Invalid query"
	case AlreadyExists:
		return 0x2400, "Query invalid because of configuration issue"
	case ConfigurationException:
		return 0x2300, "Query invalid because of configuration issue"
	case Unauthorized:
		return 0x2100, "Unauthorized"
	case ServerError:
		return 0x0000, "Server error"
	case FunctionFailure:
		return 0x1400, "User Defined Function failure"
	}
	return 0, string(c)
}

// Pos is a place in the script: a byte offset and the 1-based line and column
// (column counted in bytes of UTF-8; the WebAssembly bridge converts to UTF-16).
// The zero Pos means "no position known".
type Pos struct {
	Offset int
	Line   int
	Col    int
}

// IsValid reports whether p names a real place.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// Error is one failure as the reader sees it.
type Error struct {
	Code    Code
	Message string
	// Pos and Len locate the offending text in the script, when known.
	Pos Pos
	Len int
	// Rule names the rule the error enforces and Args its variable parts (the
	// columns it names, in the message's order), so that the playground's
	// explanation is looked up by rule, never by parsing Message.
	Rule Rule
	Args []string
	// Why and Fix are cqlplay's explanation of the error in terms of the
	// storage layout, and a change to try; empty when there is none.
	Why string
	Fix string
	// Bare: cqlsh prints the message alone, as do_describe prints a
	// DESCRIBE's error (the text after "message=").
	Bare bool
}

// Rule identifies one of Cassandra's rules, e.g. "restrictions.clustering-skipped".
type Rule string

// For marks e as raised by rule, with the message's variable parts, and
// returns it. Named error constructors beside each check call it.
//
//go:noinline
func (e *Error) For(rule Rule, args ...string) *Error {
	e.Rule, e.Args = rule, args
	return e
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Cqlsh renders e as cqlsh prints it, which depends on how the Python driver
// (cassandra/protocol.py) turns the server's error into an exception:
//
//   - InvalidRequest and Unauthorized print the summary
//     "Error from server: code=2200 [Invalid query] message=\"...\"";
//   - AlreadyExists prints the driver's own sentence built from the keyspace
//     and table: "Table 'ks.t' already exists";
//   - the others (SyntaxException, ConfigurationException, ServerError, and
//     cqlplay's own Stopped and InvalidDirective) print the message alone.
func (e *Error) Cqlsh() string {
	if e.Bare {
		return e.Message
	}
	switch e.Code {
	case InvalidRequest, Unauthorized, FunctionFailure:
		code, desc := e.Code.Protocol()
		hex := strconv.FormatInt(int64(code), 16)
		for len(hex) < 4 {
			hex = "0" + hex
		}
		return string(e.Code) + ": Error from server: code=" + hex + " [" + desc + "] message=\"" + e.Message + "\""
	case AlreadyExists:
		if s, ok := alreadyExistsLine(e.Message); ok {
			return string(e.Code) + ": " + s
		}
	case Cqlsh:
		return e.Message
	}
	return string(e.Code) + ": " + e.Message
}

// alreadyExistsLine rewrites the two AlreadyExistsException messages of
// Cassandra (exceptions/AlreadyExistsException.java):
// `Cannot add already existing table "t" to keyspace "ks"` and
// `Cannot add existing keyspace "ks"`.
func alreadyExistsLine(msg string) (string, bool) {
	if rest, ok := strings.CutPrefix(msg, `Cannot add already existing table "`); ok {
		table, rest, ok1 := strings.Cut(rest, `" to keyspace "`)
		ks, ok2 := strings.CutSuffix(rest, `"`)
		if ok1 && ok2 {
			return "Table '" + ks + "." + table + "' already exists", true
		}
	}
	if rest, ok := strings.CutPrefix(msg, `Cannot add existing keyspace "`); ok {
		if ks, ok := strings.CutSuffix(rest, `"`); ok {
			return "Keyspace '" + ks + "' already exists", true
		}
	}
	return "", false
}

// At returns a copy of e located at pos spanning n bytes, unless e already has a position.
//
//go:noinline
func (e *Error) At(pos Pos, n int) *Error {
	if e.Pos.IsValid() || !pos.IsValid() {
		return e
	}
	c := *e
	c.Pos, c.Len = pos, n
	return &c
}

// Invalid returns an InvalidRequest error. The engine builds messages by
// concatenation rather than fmt, which keeps fmt out of the WebAssembly binary.
// It is not inlined: its ~700 callers (one per message) each took a copy of
// the allocation, about 90 KB of the .wasm.
//
//go:noinline
func Invalid(msg string) *Error { return &Error{Code: InvalidRequest, Message: msg} }

// Syntax returns a SyntaxException located at pos, spanning n bytes.
//
//go:noinline
func Syntax(pos Pos, n int, msg string) *Error {
	return &Error{Code: SyntaxException, Message: msg, Pos: pos, Len: n}
}

// Config returns a ConfigurationException.
func Config(msg string) *Error { return &Error{Code: ConfigurationException, Message: msg} }

// New returns an error of any class.
//
//go:noinline
func New(code Code, msg string) *Error { return &Error{Code: code, Message: msg} }
