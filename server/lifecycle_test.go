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
	if n := serverGoroutines(); n == 0 {
		t.Fatal("no server goroutine found while serving: the check below would prove nothing")
	}
	srv.Close()
	// Other tests' clients (gocql's timers) may come and go: count only
	// the goroutines running the server's code.
	if n := serverGoroutines(); n > 0 {
		buf := make([]byte, 1<<16)
		t.Errorf("%d server goroutines after Close:\n%s", n, buf[:runtime.Stack(buf, true)])
	}
	for _, c := range clients {
		c.c.Close()
	}
}

// serverGoroutines counts the goroutines with package server's code on
// their stack (not its tests').
func serverGoroutines() int {
	buf := make([]byte, 1<<20)
	n := 0
	for _, g := range strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n") {
		if strings.Contains(g, "cqlplay/server.(") && !strings.Contains(g, "server_test.") {
			n++
		}
	}
	return n
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
