package server_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/gocql/gocql"

	"github.com/cqlplay/cqlplay/server"
	"github.com/cqlplay/cqlplay/server/proto"
)

// TestCloseLeavesNoGoroutine: Close returns once every connection's
// goroutine has, clients still connected or not, mid-request or idle.
func TestCloseLeavesNoGoroutine(t *testing.T) {
	before := runtime.NumGoroutine()
	srv, err := server.New(server.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Run("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	var clients []*raw
	for i := 0; i < 8; i++ {
		r := dialRaw(t, srv, 4)
		switch i % 3 {
		case 0:
			r.startup() // idle after STARTUP
		case 1:
			r.c.Write([]byte{4, 0, 0, 1}) // half a header
		}
		clients = append(clients, r)
	}
	// Every connection is being served before Close: an OPTIONS answered
	// on a fresh one proves the accept loop has reached it.
	last := dialRaw(t, srv, 4)
	last.send(proto.OpOptions, nil)
	last.recv()
	srv.Close()
	for _, c := range clients {
		c.c.Close()
	}
	last.c.Close()
	if after := runtime.NumGoroutine(); after > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines before, %d after Close:\n%s", before, after, buf[:runtime.Stack(buf, true)])
	}
}

// TestDescribeAndTracing: DESCRIBE answers Cassandra's rows (cqlsh prints
// their create_statement), and a traced request returns a trace that
// system_traces holds, which gocql reads.
func TestDescribeAndTracing(t *testing.T) {
	_, s := ksSession(t)
	mustExec(t, s, "CREATE TABLE d (k int PRIMARY KEY, v text)", "CREATE INDEX d_v ON d (v)")
	iter := s.Query("DESCRIBE TABLE d").Iter()
	var stmts []string
	row := map[string]any{}
	for iter.MapScan(row) {
		stmts = append(stmts, row["type"].(string)+" "+row["name"].(string)+": "+strings.SplitN(row["create_statement"].(string), "\n", 2)[0])
		row = map[string]any{}
	}
	if err := iter.Close(); err != nil {
		t.Fatal(err)
	}
	want := []string{"table d: CREATE TABLE ks.d (", "index d_v: CREATE INDEX d_v ON ks.d (v);"}
	if strings.Join(stmts, "|") != strings.Join(want, "|") {
		t.Errorf("DESCRIBE rows\n got %q\nwant %q", stmts, want)
	}

	var trace strings.Builder
	tracer := gocql.NewTraceWriter(s, &trace)
	if err := s.Query("SELECT * FROM d WHERE k = 1").Trace(tracer).Exec(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(trace.String(), "Parsing SELECT * FROM d WHERE k = 1;") {
		t.Errorf("trace:\n%s", trace.String())
	}
}
