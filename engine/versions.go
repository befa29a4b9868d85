package engine

import "slices"

// Versions are the Cassandra versions a session can simulate, the default
// first. Every other list of versions (the bridge's options, the `-- @version`
// directive, a lesson fence's version=, the page's generated types) reads this
// one.
var Versions = []string{"4.1", "3.11", "5.0"}

// DefaultVersion is the version a session simulates when none is asked for.
var DefaultVersion = Versions[0]

// IsVersion reports whether v is one of Versions.
func IsVersion(v string) bool { return slices.Contains(Versions, v) }

// VersionList names Versions for messages, oldest first: 3.11, 4.1 or 5.0,
// each between quote.
func VersionList(quote string) string {
	s := ""
	sorted := slices.Sorted(slices.Values(Versions))
	for i, v := range sorted {
		switch {
		case i == 0:
		case i == len(sorted)-1:
			s += " or "
		default:
			s += ", "
		}
		s += quote + v + quote
	}
	return s
}
