package engine

import (
	"github.com/cqlplay/cqlplay/engine/version"
)

// Version is a simulated Cassandra version and its facts (engine/version's
// one table): the release system.local names, the CQL spec, the native
// protocol versions, the cqlsh shipped with it.
type Version = version.V

// Versions are the names of the Cassandra versions a session can simulate,
// the default first. Every other list of versions (the bridge's options, the
// `-- @version` directive, a lesson fence's version=, the page's generated
// types) reads this one.
var Versions = versionNames()

func versionNames() []string {
	names := []string{version.Default.Name}
	for _, v := range version.All {
		if v != version.Default {
			names = append(names, v.Name)
		}
	}
	return names
}

// DefaultVersion is the version a session simulates when none is asked for.
var DefaultVersion = version.Default.Name
