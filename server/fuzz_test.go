package server

import (
	"crypto/md5"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/cqlplay/cqlplay/server/proto"
)

// fuzzTypes are the statements FuzzRequests prepares: a marker of every
// type, so that fuzzed EXECUTE values go through every value decoder.
var fuzzTypes = []string{
	"INSERT INTO fz.t (k, a, b, c, d, e, f, g, h, i, j) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
	"INSERT INTO fz.t (k, l, m, n, o, p, q, r, s, u) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
	"INSERT INTO fz.t (k, v, w, x, y, z) VALUES (?, ?, ?, ?, ?, ?)",
	"SELECT * FROM fz.t WHERE k IN ? AND a > ? LIMIT ? ALLOW FILTERING",
	"UPDATE fz.c SET n = n + ? WHERE k = ?",
}

// fuzzReads are the reads FuzzRequests sends with fuzzed parameters.
var fuzzReads = []string{"SELECT * FROM fz.t", "SELECT k, a FROM fz.t WHERE k IN (1, 2, 3)", "SELECT * FROM system_schema.columns"}

const fuzzSchema = `CREATE KEYSPACE fz WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
CREATE TYPE fz.addr (street text, zip int);
CREATE TABLE fz.t (k int PRIMARY KEY, a bigint, b text, c ascii, d blob, e boolean, f decimal, g double,
  h float, i inet, j varint, l smallint, m tinyint, n date, o time, p timestamp, q uuid, r timeuuid,
  s duration, u list<int>, v set<text>, w map<text, int>, x frozen<tuple<int, text>>, y frozen<addr>,
  z frozen<list<frozen<map<int, text>>>>);
CREATE TABLE fz.c (k int PRIMARY KEY, n counter);`

var fuzzServer struct {
	once sync.Once
	s    *Server
	ids  [][16]byte
}

// fuzzConn serves one connection over a pipe on the fuzz server and
// returns the client's end, after STARTUP, and a channel closed once the
// server's side has returned.
func fuzzConn(t *testing.T, version byte) (net.Conn, <-chan struct{}) {
	fuzzServer.once.Do(func() {
		s, err := New(Options{Init: fuzzSchema})
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range fuzzTypes {
			p, err := s.sess.Prepare(q, "")
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			prep := &prepared{id: md5.Sum([]byte(q)), resultID: metadataID(p.Result), p: p}
			s.remember(prep)
			fuzzServer.ids = append(fuzzServer.ids, prep.id)
		}
		fuzzServer.s = s
	})
	client, end := net.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		newConn(fuzzServer.s, end).serve()
	}()
	client.SetDeadline(time.Now().Add(time.Minute))
	var w proto.Writer
	w.Short(1)
	w.String("CQL_VERSION")
	w.String("3.0.0")
	env := proto.AppendEnvelope(nil, version, 0, 1, proto.OpStartup, w.B)
	env[0] &^= proto.Response // AppendEnvelope writes answers
	go client.Write(env)
	return client, done
}

// FuzzRequests sends one request of any opcode with any body, on v4 or v5
// (opcode and version from the input's first bytes): whatever it is, the
// server answers with a RESULT, a READY, or an ERROR that is not a
// ServerError (a recovered panic: a bug), and its connection's goroutines
// return. EXECUTE bodies are prefixed with the id of a statement binding
// every type, so that the values are fuzzed, not the ids.
func FuzzRequests(f *testing.F) {
	for which, values := range [][][]byte{
		{i32(1), i64(2), []byte("x"), []byte("y"), {}, {1}, {0, 0, 0, 1, 5}, i64(3), i32(4), {127, 0, 0, 1}, {9}},
		{i32(1), {0, 1}, {2}, i32(3), i64(4), i64(5), make([]byte, 16), make([]byte, 16), {2, 4, 6}, cat(i32(1), i32(4), i32(7))},
		{i32(1), cat(i32(1), i32(1), []byte("a")), cat(i32(1), i32(1), []byte("a"), i32(4), i32(2)), cat(i32(4), i32(1), i32(1), []byte("t")),
			cat(i32(1), []byte("s"), i32(4), i32(9)), cat(i32(1), i32(8+9), i32(1), i32(4), i32(3), i32(1), []byte("c"))},
		{cat(i32(2), i32(4), i32(1), i32(4), i32(2)), i64(0), i32(10)},
		{i64(5), i32(1)},
	} {
		var w proto.Writer
		w.Short(1)   // ONE
		w.Byte(0x01) // values (a v4 flags byte; v5 reads 4 bytes)
		w.Short(uint16(len(values)))
		for _, v := range values {
			w.Bytes(v)
		}
		f.Add(byte(proto.OpExecute), byte(which), w.B)
	}
	var q proto.Writer
	q.LongString("SELECT * FROM fz.t WHERE k = 1")
	q.Short(1)
	q.Byte(0)
	f.Add(byte(proto.OpQuery), byte(0), q.B)
	f.Add(byte(proto.OpPrepare), byte(0), q.B[:4+30])
	f.Add(byte(proto.OpBatch), byte(4), []byte{0, 2, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 1, 0})
	// QUERY of a read (0x40): ONE, page size 2, paging state 8 bytes.
	f.Add(byte(proto.OpQuery), byte(0x40), []byte{0, 1, 0x0c, 0, 0, 0, 2, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 1})
	f.Add(byte(proto.OpQuery), byte(0x42), []byte{0, 1, 0x04, 0, 0, 0, 100})
	// A paging state past int once panicked.
	f.Add(byte(proto.OpQuery), byte(0x40), []byte{0, 1, 0x0c, 0, 0, 0, 2, 0, 0, 0, 8, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Add(byte(proto.OpRegister), byte(0x80), []byte{0, 1, 0, 13, 'S', 'C', 'H', 'E', 'M', 'A', '_', 'C', 'H', 'A', 'N', 'G', 'E'})
	f.Fuzz(func(t *testing.T, op, which byte, body []byte) {
		version := byte(4)
		if which&0x80 != 0 {
			version = 5
		}
		client, done := fuzzConn(t, version)
		defer func() {
			client.Close()
			<-done
		}()
		var src io.Reader = client
		var hdr [proto.HeaderSize]byte
		if h, b, err := proto.ReadEnvelope(src, &hdr); err != nil || h.Opcode != proto.OpReady {
			t.Fatalf("STARTUP: %v %q", err, b)
		}
		if op == proto.OpQuery && which&0x40 != 0 {
			// A read of every type, the fuzzed rest its parameters (page
			// size, paging state, values).
			var q proto.Writer
			q.LongString(fuzzReads[int(which&0x3f)%len(fuzzReads)])
			body = append(q.B, body...)
		}
		if op == proto.OpExecute || op == proto.OpBatch {
			id := fuzzServer.ids[int(which&0x7f)%len(fuzzServer.ids)]
			prefix := append([]byte{0, 16}, id[:]...)
			if op == proto.OpBatch {
				// A batch of one prepared statement, then the fuzzed rest.
				prefix = append([]byte{1, 0, 1, 1}, prefix...)
			} else if version >= 5 {
				prefix = append(prefix, 0, 0) // no result metadata id
			}
			body = append(prefix, body...)
		}
		env := proto.AppendEnvelope(nil, version, 0, 2, op&0x1f, body)
		env[0] &^= proto.Response
		if version >= 5 {
			env = proto.AppendSegments(nil, env, false)
			src = &proto.SegmentReader{R: client}
		}
		go client.Write(env) // a pipe: the server may answer before it has read it all
		h, answer, err := proto.ReadEnvelope(src, &hdr)
		if err != nil {
			return // closed without an answer: a request it cannot read
		}
		if h.Opcode == proto.OpError && proto.NewReader(answer).Int() == codeServerError {
			t.Fatalf("ServerError for %s %x: %q", proto.OpName(op&0x1f), body, answer)
		}
	})
}

func i32(n int32) []byte { return []byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)} }
func i64(n int64) []byte { return append(i32(int32(n>>32)), i32(int32(n))...) }
func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}
