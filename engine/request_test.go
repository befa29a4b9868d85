package engine

import (
	"encoding/binary"
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
