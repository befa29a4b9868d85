package engine

import "github.com/cqlplay/cqlplay/engine/version"

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

// IsVersion reports whether v is one of Versions.
func IsVersion(v string) bool {
	_, ok := version.Of(v)
	return ok
}

// VersionOf returns the facts of the version named name (DefaultVersion's
// when name is none of Versions).
func VersionOf(name string) *Version {
	v, _ := version.Of(name)
	return v
}

// VersionList names Versions for messages, oldest first: 3.11, 4.1 or 5.0,
// each between quote.
func VersionList(quote string) string {
	s := ""
	for i, v := range version.All {
		switch {
		case i == 0:
		case i == len(version.All)-1:
			s += " or "
		default:
			s += ", "
		}
		s += quote + v.Name + quote
	}
	return s
}
