package engine

import (
	"encoding/binary"
	"strings"
	"testing"
)

func int32b(n int32) []byte { return binary.BigEndian.AppendUint32(nil, uint32(n)) }

// TestRequestBindsAndTypes drives the server's entry points: a statement
// prepared gives its markers' receivers, executed with values it writes and
// reads typed values, and a script's marker is still an error.
func TestRequestBindsAndTypes(t *testing.T) {
	s := NewSession(Options{})
	for _, q := range []string{
		"CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
		"CREATE TABLE ks.t (k int, c int, v text, l list<int>, PRIMARY KEY (k, c))",
	} {
		if _, err := s.Execute(&Request{Statement: q}); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	p, err := s.Prepare("INSERT INTO t (k, c, v, l) VALUES (?, ?, :val, ?) USING TTL ?", "ks")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"k int", "c int", "val text", "l list<int>", "[ttl] int"}
	if len(p.Markers) != len(want) {
		t.Fatalf("markers %v", p.Markers)
	}
	for i, m := range p.Markers {
		if got := m.Name + " " + m.Type.String(); got != want[i] {
			t.Errorf("marker %d: got %q, want %q", i, got, want[i])
		}
	}
	if len(p.PartitionKey) != 1 || p.PartitionKey[0] != 0 {
		t.Errorf("PartitionKey %v", p.PartitionKey)
	}
	list := append(int32b(2), append(append(int32b(4), int32b(7)...), append(int32b(4), int32b(8)...)...)...)
	_, err = s.Execute(&Request{Statement: p.Statement, Keyspace: "ks", Values: [][]byte{int32b(1), int32b(2), []byte("x"), list, int32b(100)}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Execute(&Request{Statement: p.Statement, Keyspace: "ks", Values: [][]byte{{1, 2, 3}, int32b(2), []byte("x"), list, int32b(100)}})
	if err == nil || err.Message != "Expected 4 or 0 byte int (3)" {
		t.Errorf("bad int: %v", err)
	}
	res, err := s.Execute(&Request{Statement: "SELECT v, l FROM t WHERE k = ? AND c IN ?", Keyspace: "ks",
		Values: [][]byte{int32b(1), append(int32b(1), append(int32b(4), int32b(2)...)...)}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Kind != RowsResult || len(res.Rows) != 1 || string(res.Rows[0][0]) != "x" || string(res.Rows[0][1]) != string(list) {
		t.Errorf("rows %+v", res)
	}
	if res.Columns[1].Type.String() != "list<int>" || res.Columns[0].Table != "t" {
		t.Errorf("columns %+v", res.Columns)
	}
	outs := s.Run("SELECT * FROM ks.t WHERE k = ?;")
	if outs[0].Error == nil || outs[0].Error.Message != "Invalid amount of bind variables" {
		t.Errorf("script marker: %+v", outs[0].Error)
	}
}

// TestMarkerReceivers: each place a marker may stand gives the receiver
// Cassandra gives it (its ColumnSpecification's name and type).
func TestMarkerReceivers(t *testing.T) {
	s := NewSession(Options{})
	for _, q := range []string{
		"CREATE TABLE r (k int, c1 int, c2 text, v text, m map<text, int>, s set<int>, PRIMARY KEY (k, c1, c2))",
	} {
		if _, err := s.Execute(&Request{Statement: q, Keyspace: "cqlplay"}); err != nil {
			t.Fatal(err)
		}
	}
	s.Execute(&Request{Statement: "CREATE TABLE cnt (k int PRIMARY KEY, n counter)", Keyspace: "cqlplay"})
	tests := []struct{ query, want string }{
		{"SELECT * FROM r WHERE k = ? LIMIT ?", "k int|[limit] int"},
		{"SELECT * FROM r WHERE k = ? PER PARTITION LIMIT ?", "k int|[per_partition_limit] int"},
		{"SELECT * FROM r WHERE k IN ?", "in(k) list<int>"},
		{"SELECT * FROM r WHERE k IN (?, ?)", "k int|k int"},
		{"SELECT * FROM r WHERE k = ? AND (c1, c2) > (?, ?)", "k int|c1 int|c2 text"},
		{"SELECT * FROM r WHERE k = ? AND (c1, c2) = ?", "k int|(c1,c2) frozen<tuple<int, text>>"},
		{"SELECT * FROM r WHERE token(k) > ?", "partition key token bigint"},
		{"SELECT * FROM r WHERE m CONTAINS ? ALLOW FILTERING", "value(m) int"},
		{"SELECT * FROM r WHERE m CONTAINS KEY ? ALLOW FILTERING", "key(m) text"},
		{"INSERT INTO r (k, c1, c2, v) VALUES (?, ?, ?, ?) USING TTL ? AND TIMESTAMP ?", "k int|c1 int|c2 text|v text|[ttl] int|[timestamp] bigint"},
		{"UPDATE r SET m[?] = ?, s = s + ? WHERE k = ? AND c1 = ? AND c2 = ?", "key(m) text|value(m) int|s set<int>|k int|c1 int|c2 text"},
		{"UPDATE r SET v = ? WHERE k = ? AND c1 = ? AND c2 = ? IF v = ?", "v text|k int|c1 int|c2 text|v text"},
		{"DELETE FROM r WHERE k = ? AND c1 = ? AND c2 = ?", "k int|c1 int|c2 text"},
		{"UPDATE cnt SET n = n + ? WHERE k = ?", "n counter|k int"},
		{"INSERT INTO r JSON ?", "[json] text"}, // prepared only: a sample text is no JSON
		{"SELECT * FROM r WHERE k = :key", "key int"},
	}
	for _, tt := range tests {
		p, err := s.Prepare(tt.query, "cqlplay")
		if err != nil {
			t.Errorf("%s: %v", tt.query, err)
			continue
		}
		var got []string
		for _, m := range p.Markers {
			got = append(got, m.Name+" "+m.Type.String())
		}
		if g := strings.Join(got, "|"); g != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.query, g, tt.want)
		}
	}
}

// TestSchemaChanges: what each DDL statement announces, and an IF [NOT]
// EXISTS that changes nothing announces nothing.
func TestSchemaChanges(t *testing.T) {
	s := NewSession(Options{})
	tests := []struct{ stmt, want string }{
		{"CREATE KEYSPACE k2 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}", "CREATED KEYSPACE k2 "},
		{"CREATE KEYSPACE IF NOT EXISTS k2 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}", ""},
		{"CREATE TABLE k2.t (k int PRIMARY KEY, v int)", "CREATED TABLE k2 t"},
		{"CREATE TABLE IF NOT EXISTS k2.t (k int PRIMARY KEY, v int)", ""},
		{"ALTER TABLE k2.t ADD w int", "UPDATED TABLE k2 t"},
		{"CREATE INDEX ix ON k2.t (v)", "UPDATED TABLE k2 t"},
		{"DROP INDEX k2.ix", "UPDATED TABLE k2 t"},
		{"CREATE TYPE k2.u (a int)", "CREATED TYPE k2 u"},
		{"ALTER TYPE k2.u ADD b int", "UPDATED TYPE k2 u"},
		{"DROP TYPE k2.u", "DROPPED TYPE k2 u"},
		{"DROP TABLE k2.t", "DROPPED TABLE k2 t"},
		{"DROP TABLE IF EXISTS k2.t", ""},
		{"DROP KEYSPACE k2", "DROPPED KEYSPACE k2 "},
		{"TRUNCATE cqlplay.nothing", "error"},
	}
	for _, tt := range tests {
		res, err := s.Execute(&Request{Statement: tt.stmt, Keyspace: "cqlplay"})
		got := ""
		switch {
		case err != nil:
			got = "error"
		case res.Change != nil:
			got = res.Change.Change + " " + res.Change.Target + " " + res.Change.Keyspace + " " + res.Change.Name
		}
		if got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.stmt, got, tt.want)
		}
	}
}
