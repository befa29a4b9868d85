package engine

import "github.com/cqlplay/cqlplay/engine/cqlerr"

// The error types of the result contract, re-exported so that callers outside
// engine/ (the bridge, the command line, the site builder) import the facade
// alone; TestLayering enforces that.

// Error is a failed statement as the reader sees it: Cassandra's error class,
// its exact message, where in the script it points, and cqlplay's explanation.
type Error = cqlerr.Error

// ErrorCode is a Cassandra exception class as cqlsh names it.
type ErrorCode = cqlerr.Code

// Pos is a place in a script: byte offset, 1-based line and byte column.
type Pos = cqlerr.Pos

// The error classes an Outcome's Error may carry.
const (
	SyntaxException        = cqlerr.SyntaxException
	InvalidRequest         = cqlerr.InvalidRequest
	AlreadyExists          = cqlerr.AlreadyExists
	ConfigurationException = cqlerr.ConfigurationException
	Unauthorized           = cqlerr.Unauthorized
	ServerError            = cqlerr.ServerError
	Stopped                = cqlerr.Stopped
	InvalidDirective       = cqlerr.InvalidDirective
)
