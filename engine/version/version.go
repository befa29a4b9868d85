// Package version is the one table of the Cassandra versions the engine
// simulates and of what each reports: the release system.local names, the
// CQL spec, the native protocol versions and the cqlsh shipped with it.
// Code that behaves differently by version asks a predicate
// (db.Version.Before(4, 0)), never compares names.
package version

// V is a simulated Cassandra version and its facts.
type V struct {
	// Name is how a session, the -- @version directive and a lesson
	// fence's version= ask for it: "4.1".
	Name string
	// Release is system.local's release_version: "4.1.7".
	Release string
	// CQL is the CQL spec version: system.local's cql_version, SUPPORTED's
	// CQL_VERSION, cqlsh's "CQL spec".
	CQL string
	// Cqlsh is the version of the cqlsh shipped with it, as SHOW VERSION
	// prints it.
	Cqlsh string
	// Protocol is the newest native protocol version served
	// (system.local's native_protocol_version); Beta the beta version it
	// admits only with the USE_BETA flag.
	Protocol, Beta byte
	n              int // major*100 + minor, for the predicates
}

// The simulated versions.
var (
	V311 = &V{Name: "3.11", Release: "3.11.17", CQL: "3.4.4", Cqlsh: "5.0.1", Protocol: 4, Beta: 5, n: 311}
	V41  = &V{Name: "4.1", Release: "4.1.7", CQL: "3.4.6", Cqlsh: "6.1.0", Protocol: 5, Beta: 6, n: 401}
	V50  = &V{Name: "5.0", Release: "5.0.2", CQL: "3.4.7", Cqlsh: "6.2.0", Protocol: 5, Beta: 6, n: 500}
)

// All are the simulated versions, oldest first.
var All = []*V{V311, V41, V50}

// Default is the version a session simulates when none is asked for.
var Default = V41

// Of returns the version named name, or Default and false when name is
// none of All.
func Of(name string) (*V, bool) {
	for _, v := range All {
		if v.Name == name {
			return v, true
		}
	}
	return Default, false
}

// Before reports whether v is older than Cassandra major.minor:
// v.Before(4, 0) holds for 3.11, whose behaviour 4.0 changed.
func (v *V) Before(major, minor int) bool { return v.n < major*100+minor }

// AtLeast reports whether v is Cassandra major.minor or newer.
func (v *V) AtLeast(major, minor int) bool { return !v.Before(major, minor) }

// List names the versions for a message, oldest first, each between
// quote: 3.11, 4.1 or 5.0.
func List(quote string) string {
	s := ""
	for i, v := range All {
		switch {
		case i == 0:
		case i == len(All)-1:
			s += " or "
		default:
			s += ", "
		}
		s += quote + v.Name + quote
	}
	return s
}
