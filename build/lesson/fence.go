package lesson

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine"
)

// Versions are the Cassandra versions an example may ask for, the engine's
// own list (engine.Versions); the first is the default.
var Versions = engine.Versions

// A View is one tab of a playground.
type View struct {
	Name string
	// Form is the engine's layout form the view draws (engine.LayoutForms);
	// "" for the views drawn from the outcomes themselves (results, why) or
	// from an exercise's checks.
	Form string
}

// Views are the tabs of a playground, in the order the widget shows them
// ("checks" only for an exercise); an example may open any of them first.
// This is their one declaration: the build's markup (build/sitegen/widget.go) and,
// through site/ts/contract.gen.ts (build/contract), the page's code read it.
var Views = []View{
	{"checks", ""},
	{"results", ""},
	{"why", ""},
	{"storage", "map"},
	{"cli", "cli"},
	{"sstabledump", "sstabledump"},
	{"ring", "ring"},
	{"sizes", "summary"},
	{"model", "summary"},
}

// BoundedForms are the layout forms the page asks within its bounds
// (engine.ViewBounds: a partition's first and last rows, a table's first
// partitions, the rest summarised behind a gap the reader opens), for the
// build's views and, through site/ts/contract.gen.ts, the page's.
var BoundedForms = []string{"map", "cli", "sstabledump"}

// Bounded reports whether form is one of BoundedForms.
func Bounded(form string) bool {
	for _, f := range BoundedForms {
		if f == form {
			return true
		}
	}
	return false
}

// ViewNames are the names of Views, in their order.
func ViewNames() []string {
	names := make([]string, len(Views))
	for i, v := range Views {
		names[i] = v.Name
	}
	return names
}

// Fence is what the info string of a ```cql fence asks for.
type Fence struct {
	Readonly bool   // the reader cannot edit the example
	Setup    bool   // hidden; runs before the next example
	Version  string // Cassandra version simulated, one of Versions
	View     string // tab open first, one of Views; "" means results
	ID       string // name other examples refer to with after=
	After    string // id of an earlier example this one continues
	// Vs is the id of an earlier example this one is compared with: model A
	// (that one) against model B (this one), access pattern by access
	// pattern (patterns.go), in a table under this example.
	Vs string
	// Exercise: the reader makes the fence's check queries work (exercise.go).
	Exercise bool
}

// IsCQL reports whether a fence's info string makes it a playground: its
// first word is "cql".
func IsCQL(info string) bool {
	f := strings.Fields(info)
	return len(f) > 0 && f[0] == "cql"
}

// ParseFence reads the options of a cql fence's info string (the first word,
// "cql", included). Unknown or malformed options are errors, so a typo can
// never silently turn an example into something else.
func ParseFence(info string) (Fence, error) {
	f := Fence{Version: Versions[0]}
	words := strings.Fields(info)
	if len(words) == 0 || words[0] != "cql" {
		return f, errString("not a cql fence: " + strconv.Quote(info))
	}
	seen := map[string]bool{}
	for _, w := range words[1:] {
		key, value, hasValue := strings.Cut(w, "=")
		if seen[key] {
			return f, errString("cql fence option " + strconv.Quote(key) + " given twice")
		}
		seen[key] = true
		flag := func(dst *bool) error {
			if hasValue {
				return errString("cql fence option " + strconv.Quote(key) + " takes no value")
			}
			*dst = true
			return nil
		}
		var err error
		switch key {
		case "readonly":
			err = flag(&f.Readonly)
		case "setup":
			err = flag(&f.Setup)
		case "exercise":
			err = flag(&f.Exercise)
		case "version":
			f.Version, err = oneOf(key, value, Versions)
		case "view":
			f.View, err = oneOf(key, value, ViewNames())
		case "id", "after", "vs":
			if !validID(value) {
				err = errString("cql fence option " + key + "= needs a name of letters, digits, '-' or '_', not " + strconv.Quote(value))
			} else if key == "id" {
				f.ID = value
			} else if key == "after" {
				f.After = value
			} else {
				f.Vs = value
			}
		default:
			err = errString("unknown cql fence option " + strconv.Quote(w) +
				" (known: readonly, setup, exercise, version=, view=, id=, after=, vs=)")
		}
		if err != nil {
			return f, err
		}
	}
	if f.Exercise && (f.Setup || f.Readonly) {
		return f, errString("cql fence option exercise cannot go with setup or readonly: the reader edits an exercise")
	}
	if f.View == "checks" && !f.Exercise {
		return f, errString("cql fence option view=checks needs exercise: only an exercise has checks")
	}
	return f, nil
}

func oneOf(key, value string, allowed []string) (string, error) {
	for _, a := range allowed {
		if value == a {
			return value, nil
		}
	}
	return "", errString("cql fence option " + key + "=" + strconv.Quote(value) +
		" must be one of " + strings.Join(allowed, ", "))
}

func validID(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

type errString string

func (e errString) Error() string { return string(e) }
