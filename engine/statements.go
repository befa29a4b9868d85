package engine

import (
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/internal/spans"
)

// Statement is one statement of a script as a client would send it to a
// cluster (`cqlplay run --cluster`): its text without the ';', its line,
// a syntax error the engine's parser found, and whether it is not CQL at
// all but a cqlsh command or a playground directive, which no server runs.
type Statement struct {
	Text  string
	Line  int
	Err   *Error
	Local bool
	// Directive is set for a playground directive (`-- @advance 2h` on its
	// own line between statements; Local too), which has no Outcome.
	Directive bool
	// Start is the offset of the statement's first byte in the script and
	// End that of the ';' that ends it, or the script's length when none
	// does (for a directive, the end of its line): script[Start:End] is
	// Text and any comment between it and its ';'.
	Start, End int
}

// Comment is a comment of a script as the engine's lexer reads it: `--` or
// `//` to the end of its line, or `/* */` (Open: with no */, running to the
// end of the script). A directive's line is one too.
type Comment = spans.Comment

// Type constructors, for a client that reads a server's type metadata.
var (
	// SimpleType returns the type of a simple kind (nil for a collection,
	// tuple or user type kind).
	SimpleType = cqltype.Simple
	ListOf     = cqltype.ListOf
	SetOf      = cqltype.SetOf
	MapOf      = cqltype.MapOf
	TupleOf    = cqltype.TupleOf
	UserTypeOf = cqltype.UserTypeOf
)
