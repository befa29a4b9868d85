package engine

import (
	"github.com/cqlplay/cqlplay/engine/cqltype"
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
}

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
