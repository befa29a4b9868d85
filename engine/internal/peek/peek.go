// Package peek lets the tests of the engine's packages below the facade
// look into an engine.Session, which keeps its cluster unexported: they
// drive the engine through the facade (scripts, directives) and check what
// their package made of it. Package engine sets Cluster when it is
// initialised; nothing outside engine/ can import this package.
package peek

import (
	"unsafe"

	"github.com/cqlplay/cqlplay/engine/layout"
	"github.com/cqlplay/cqlplay/engine/query"
)

// Cluster returns the cluster of the *engine.Session session points to.
// It takes an unsafe.Pointer, not an interface: a Session converted to an
// interface makes the linker keep the equality functions of every type it
// holds, 2 KB of the WebAssembly module's brotli for a test's convenience.
var Cluster func(session unsafe.Pointer) *query.DB

// DB returns the cluster of session, an *engine.Session (this package
// cannot name the type: engine imports it).
func DB[S any](session *S) *query.DB { return Cluster(unsafe.Pointer(session)) }

// State returns what the storage views draw of session's cluster, session
// an *engine.Session.
func State[S any](session *S) layout.State {
	db := DB(session)
	return layout.State{Clock: db.Clock, Ring: db.Ring, Data: db.Tables()}
}
