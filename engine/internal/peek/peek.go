// Package peek lets the tests of the engine's packages below the facade
// look into an engine.Session, which keeps its cluster unexported: they
// drive the engine through the facade (scripts, directives) and check what
// their package made of it. Package engine sets the functions when it is
// initialised; nothing outside engine/ can import this package.
package peek

import (
	"github.com/cqlplay/cqlplay/engine/layout"
	"github.com/cqlplay/cqlplay/engine/query"
)

// Cluster returns an *engine.Session's cluster.
var Cluster func(session any) *query.DB

// State returns what the storage views draw of an *engine.Session's
// cluster.
var State func(session any) layout.State
