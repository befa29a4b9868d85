package engine

import (
	"strings"
	"testing"
	"unsafe"
)

// TestSchemaDoesNotKeepScripts checks that the names a session keeps (its
// current keyspace, keyspaces, tables, columns, prepared INSERTs) are not
// pieces of the scripts it ran: a substring keeps its whole script alive,
// and a session lives through many scripts.
func TestSchemaDoesNotKeepScripts(t *testing.T) {
	script := strings.Clone("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\nUSE ks;\n" +
		"CREATE TABLE readings (sensor text, ts bigint, value double, PRIMARY KEY (sensor, ts));\n" +
		"ALTER TABLE readings ADD note text;\n" +
		"INSERT INTO readings (sensor, ts, value, note) VALUES ('a', 1, 1.5, 'x');\n" +
		"INSERT INTO readings (sensor, ts, value, note) VALUES ('a', 2, 2.5, 'y');\n")
	s := NewSession(Options{})
	for _, o := range s.Run(script) {
		if o.Error != nil {
			t.Fatalf("%s: %s", o.Statement, o.Error.Message)
		}
	}
	lo := uintptr(unsafe.Pointer(unsafe.StringData(script)))
	hi := lo + uintptr(len(script))
	inScript := func(what, str string) {
		if p := uintptr(unsafe.Pointer(unsafe.StringData(str))); len(str) > 0 && p >= lo && p < hi {
			t.Errorf("%s %q is a piece of the script", what, str)
		}
	}
	db := s.db
	inScript("the current keyspace", db.Keyspace)
	for name, ks := range db.Schema.Keyspaces {
		inScript("keyspace key", name)
		inScript("keyspace", ks.Name)
		for tname, tb := range ks.Tables {
			inScript("table key", tname)
			inScript("table", tb.Name)
			inScript("table keyspace", tb.Keyspace)
			for _, c := range tb.Columns {
				inScript("column", c.Name)
			}
		}
	}
	prefix, lits := db.InsertTemplate("INSERT INTO readings (sensor, ts, value, note) VALUES (")
	if prefix == "" {
		t.Fatal("no prepared INSERT")
	}
	inScript("prepared INSERT", prefix)
	for _, l := range lits {
		inScript("a prepared INSERT's last value", l.Text)
	}
}
