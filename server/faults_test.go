package server_test

import (
	"crypto/tls"
	"net"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cqlplay/cqlplay/server"
	"github.com/cqlplay/cqlplay/server/proto"
)

// waitFor polls cond until it holds, failing the test after a minute (a
// condition, not a time: a slow machine only waits longer).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting: %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// envelope is a request envelope (AppendEnvelope writes answers).
func envelope(v byte, stream int16, op byte, body []byte) []byte {
	env := proto.AppendEnvelope(nil, v, 0, stream, op, body)
	env[0] &^= proto.Response
	return env
}

func queryBody(q string) []byte {
	var w proto.Writer
	w.LongString(q)
	w.Short(1)
	w.Byte(0)
	return w.B
}

// TestStalledClientsHoldNothing: clients stalled in every place a request
// can stop (half a header, a body announced at the limit and 1 KiB sent,
// half a v5 segment, a TLS handshake never begun), and a client that sends
// requests and reads nothing while registered for events, hold up no one:
// another client reads, writes and changes the schema (which sets off an
// event for the one that reads nothing: it is disconnected, not waited
// for). Once they all go, their goroutines have returned.
func TestStalledClientsHoldNothing(t *testing.T) {
	srv, s := ksSession(t)
	mustExec(t, s, "CREATE TABLE kv (k int PRIMARY KEY, v text)")
	baseline := serverGoroutines()

	halfHeader := dialRaw(t, srv, 4)
	halfHeader.c.Write([]byte{4, 0, 0})
	bigBody := dialRaw(t, srv, 4)
	bigBody.startup()
	n := proto.MaxFrame - proto.HeaderSize
	bigBody.c.Write(append([]byte{4, 0, 0, 9, proto.OpQuery, byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}, make([]byte, 1024)...))
	halfSegment := dialRaw(t, srv, 5)
	halfSegment.startup()
	seg := proto.AppendSegments(nil, envelope(5, 2, proto.OpQuery, queryBody("SELECT * FROM system.local")), false)
	halfSegment.c.Write(seg[:len(seg)/2])

	deaf := dialRaw(t, srv, 4)
	deaf.startup()
	var reg proto.Writer
	reg.StringList([]string{"SCHEMA_CHANGE"})
	deaf.send(proto.OpRegister, reg.B)
	deaf.recv()
	flood := envelope(4, 3, proto.OpQuery, queryBody("SELECT * FROM system_schema.columns"))
	flooding := make(chan struct{})
	go func() {
		defer close(flooding)
		for {
			if _, err := deaf.c.Write(flood); err != nil {
				return // the server closed it, or the test did
			}
		}
	}()

	// Every stalled connection is being served before the others run.
	waitFor(t, "the stalled connections' goroutines", func() bool { return serverGoroutines() >= baseline+8 })
	for i := 0; i < 200; i++ {
		if err := s.Query("INSERT INTO kv (k, v) VALUES (?, ?)", i, "v").Exec(); err != nil {
			t.Fatal(err)
		}
		var v string
		if err := s.Query("SELECT v FROM kv WHERE k = ?", i).Scan(&v); err != nil || v != "v" {
			t.Fatalf("read %d: %q %v", i, v, err)
		}
		if i%50 == 0 {
			mustExec(t, s, "CREATE TABLE t"+strconv.Itoa(i)+" (k int PRIMARY KEY)")
		}
	}
	for _, r := range []*raw{halfHeader, bigBody, halfSegment, deaf} {
		r.c.Close()
	}
	<-flooding
	waitFor(t, "the closed connections' goroutines to return", func() bool { return serverGoroutines() == baseline })
}

// TestStalledTLSHandshake: a client that connects to a TLS server and
// sends nothing holds only its own connection.
func TestStalledTLSHandshake(t *testing.T) {
	cert, pool, _ := selfSigned(t)
	srv := server.RunT(t, server.Options{TLS: &tls.Config{Certificates: []tls.Certificate{cert}}})
	idle, err := net.Dial("tcp", srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	c, err := tls.Dial("tcp", srv.Addr(), &tls.Config{RootCAs: pool})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Minute))
	c.Write(envelope(4, 1, proto.OpOptions, nil))
	var h [proto.HeaderSize]byte
	if hd, _, err := proto.ReadEnvelope(c, &h); err != nil || hd.Opcode != proto.OpSupported {
		t.Fatalf("OPTIONS over TLS beside a stalled handshake: %v %v", hd, err)
	}
}

// TestCutMidBatch: a BATCH cut off mid-body, on v4 and in a v5 segment,
// applies nothing; the connection's goroutines return.
func TestCutMidBatch(t *testing.T) {
	srv, s := ksSession(t)
	mustExec(t, s, "CREATE TABLE kv (k int PRIMARY KEY, v text)")
	baseline := serverGoroutines()
	var w proto.Writer
	w.Byte(0) // logged
	w.Short(2)
	for _, q := range []string{"INSERT INTO ks.kv (k, v) VALUES (1, 'a')", "INSERT INTO ks.kv (k, v) VALUES (2, 'b')"} {
		w.Byte(0)
		w.LongString(q)
		w.Short(0)
	}
	w.Short(1)
	w.Byte(0)
	for _, v := range []byte{4, 5} {
		r := dialRaw(t, srv, v)
		r.startup()
		env := envelope(v, 2, proto.OpBatch, w.B)
		if v == 5 {
			env = proto.AppendSegments(nil, env, false)
		}
		r.c.Write(env[:len(env)-20])
		r.c.Close()
	}
	waitFor(t, "the cut connections' goroutines to return", func() bool { return serverGoroutines() == baseline })
	var n int
	if err := s.Query("SELECT count(*) FROM kv").Scan(&n); err != nil || n != 0 {
		t.Errorf("%d rows after cut batches (%v)", n, err)
	}
}

// TestDeafClientBoundedAnswers: a client that sends requests whose answers
// are 1 MiB each and reads none makes the server hold about outboxBytes
// (4 MiB) of answers, then stop reading its requests, not hold 64 answers
// whatever their size: the memory in use grows by far less than the
// 64 MiB 64 answers would take.
func TestDeafClientBoundedAnswers(t *testing.T) {
	srv := server.RunT(t, server.Options{Init: "CREATE TABLE big (k int PRIMARY KEY, v blob);"})
	if err := srv.Exec("INSERT INTO cqlplay.big (k, v) VALUES (1, 0x" + strings.Repeat("ab", 1<<20) + ");"); err != nil {
		t.Fatal(err)
	}
	before := memInUse()
	deaf := dialRaw(t, srv, 4)
	deaf.startup()
	req := envelope(4, 3, proto.OpQuery, queryBody("SELECT v FROM cqlplay.big WHERE k = 1"))
	go func() {
		for i := 0; i < 200; i++ {
			if _, err := deaf.c.Write(req); err != nil {
				return
			}
		}
	}()
	// The condition: the connection's reader waits for its answers to be
	// read (in (*conn).write), the client's socket buffers full.
	waitFor(t, "the server to wait for the deaf client", func() bool {
		buf := make([]byte, 1<<20)
		for _, g := range strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n") {
			// Waiting for room in bytes, or (should that bound go) in envelopes.
			if strings.Contains(g, "server.(*conn).write(") && (strings.Contains(g, "sync.(*Cond).Wait") || strings.Contains(g, "[chan send")) {
				return true
			}
		}
		return false
	})
	grew := (memInUse() - before) / (1 << 20)
	t.Logf("memory in use grew by %.1f MiB", grew)
	if grew > 32 {
		t.Errorf("a client reading nothing made the server hold %.1f MiB", grew)
	}
	deaf.c.Close()
}
