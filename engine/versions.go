package engine

import (
	"time"

	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/internal/directive"
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
func VersionList(quote string) string { return version.List(quote) }

// ParseInstant reads an RFC 3339 instant, as the session's start option and
// the -- @now directive take it: "2026-01-01T00:00:00Z",
// "2026-01-01T08:00:00.123456+08:00" (directive.ParseInstant).
func ParseInstant(s string) (time.Time, bool) { return directive.ParseInstant(s) }

// DisplayWidth returns how many terminal columns s takes, by the rule cqlsh
// pads its tables with (cqltype.DisplayWidth).
func DisplayWidth(s string) int { return cqltype.DisplayWidth(s) }
