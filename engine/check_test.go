package engine

import (
	"testing"
)

// checkStore runs the store's consistency check on every table of s.
func checkStore(t testing.TB, s *Session, where string, line int) {
	t.Helper()
	for tab, d := range s.db.Tables() {
		if err := d.Check(); err != nil {
			t.Fatalf("%s:%d: store of %s.%s is inconsistent:\n%v", where, line, tab.Keyspace, tab.Name, err)
		}
	}
}
