package server_test

import (
	"bufio"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/cqlplay/cqlplay/server"
	"github.com/cqlplay/cqlplay/server/proto"
)

// raw is a client that speaks the protocol byte by byte, for what a driver
// hides: version negotiation, v5 segments, events, malformed requests.
type raw struct {
	t      *testing.T
	c      net.Conn
	v      byte
	br     *bufio.Reader
	src    io.Reader
	framed bool
	lz4    bool
	stream int16
	// flags are the last envelope's header flags (recvPlain).
	flags byte
}

func dialRaw(t *testing.T, srv *server.Server, v byte) *raw {
	t.Helper()
	c, err := net.Dial("tcp", srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	// A failing server must fail the test, not hang it.
	c.SetDeadline(time.Now().Add(time.Minute))
	r := &raw{t: t, c: c, v: v, br: bufio.NewReader(c)}
	r.src = r.br
	return r
}

// sendAs writes an envelope with any version byte and flags.
func (r *raw) sendAs(version, flags, op byte, body []byte) {
	r.t.Helper()
	r.stream++
	env := []byte{version, flags, byte(uint16(r.stream) >> 8), byte(r.stream), op}
	env = append(env, byte(len(body)>>24), byte(len(body)>>16), byte(len(body)>>8), byte(len(body)))
	env = append(env, body...)
	if r.framed {
		env = proto.AppendSegments(nil, env, r.lz4)
	}
	if _, err := r.c.Write(env); err != nil {
		r.t.Fatal(err)
	}
}

func (r *raw) send(op byte, body []byte) { r.sendAs(r.v, 0, op, body) }

// recv reads one envelope (a v1/v2 one has an 8-byte header).
func (r *raw) recv() (version, op byte, body []byte) {
	r.t.Helper()
	first, err := r.br.Peek(1)
	if err != nil {
		r.t.Fatalf("recv: %v", err)
	}
	if first[0]&0x7f <= 2 {
		var h [8]byte
		if _, err := io.ReadFull(r.src, h[:]); err != nil {
			r.t.Fatal(err)
		}
		body = make([]byte, int(h[4])<<24|int(h[5])<<16|int(h[6])<<8|int(h[7]))
		io.ReadFull(r.src, body)
		return h[0], h[3], body
	}
	var h [proto.HeaderSize]byte
	hd, body, err := proto.ReadEnvelope(r.src, &h)
	if err != nil {
		r.t.Fatalf("recv: %v", err)
	}
	return h[0], hd.Opcode, body
}

// recvPlain is recv with a compressed body (before v5) decompressed.
func (r *raw) recvPlain() (version, op byte, body []byte) {
	r.t.Helper()
	var h [proto.HeaderSize]byte
	hd, body, err := proto.ReadEnvelope(r.src, &h)
	if err != nil {
		r.t.Fatalf("recv: %v", err)
	}
	r.flags = hd.Flags
	if hd.Flags&proto.FlagCompression != 0 {
		if body, err = proto.DecompressBody(body); err != nil {
			r.t.Fatalf("decompress: %v", err)
		}
	}
	return h[0], hd.Opcode, body
}

// startup sends STARTUP and expects READY; in v5, segments follow.
func (r *raw) startup() {
	r.t.Helper()
	var w proto.Writer
	w.Short(1)
	w.String("CQL_VERSION")
	w.String("3.0.0")
	r.send(proto.OpStartup, w.B)
	if _, op, body := r.recv(); op != proto.OpReady {
		r.t.Fatalf("STARTUP: op %#x %q", op, body)
	}
	if r.v >= 5 {
		r.framed = true
		r.src = &proto.SegmentReader{R: r.br}
	}
}

// query sends a QUERY with values and returns the answer.
func (r *raw) query(q string, values ...[]byte) (byte, []byte) {
	r.t.Helper()
	var w proto.Writer
	w.LongString(q)
	w.Short(1) // ONE
	flags := 0
	if len(values) > 0 {
		flags = 1
	}
	if r.v >= 5 {
		w.Int(int32(flags))
	} else {
		w.Byte(byte(flags))
	}
	if len(values) > 0 {
		w.Short(uint16(len(values)))
		for _, v := range values {
			w.Bytes(v)
		}
	}
	r.send(proto.OpQuery, w.B)
	_, op, body := r.recv()
	return op, body
}

// wantError reads an ERROR body's code and message.
func wantError(t *testing.T, op byte, body []byte, code int32, msg string) {
	t.Helper()
	if op != proto.OpError {
		t.Fatalf("op %#x, want ERROR (%q)", op, body)
	}
	rd := proto.NewReader(body)
	if c, m := rd.Int(), rd.Str(); c != code || m != msg {
		t.Errorf("error %#x %q\nwant %#x %q", c, m, code, msg)
	}
}

// TestVersionNegotiation: a version the server does not serve gets
// Cassandra's ProtocolError, in a version the client reads, so drivers
// retry lower; v3, v4 and v5 are served.
func TestVersionNegotiation(t *testing.T) {
	srv := server.RunT(t)
	tests := []struct {
		version, flags, answer byte
		msg                    string
	}{
		{6, 0, 6, "Beta version of the protocol used (6/v6-beta), but USE_BETA flag is unset"},
		{7, 0, 4, "Invalid or unsupported protocol version (7); supported versions are (3/v3, 4/v4, 5/v5, 6/v6-beta)"},
		{66, 0, 4, "Invalid or unsupported protocol version (66); supported versions are (3/v3, 4/v4, 5/v5, 6/v6-beta)"},
		{2, 0, 2, "Invalid or unsupported protocol version (2); supported versions are (3/v3, 4/v4, 5/v5, 6/v6-beta)"},
	}
	for _, tt := range tests {
		r := dialRaw(t, srv, tt.version)
		if tt.version <= 2 {
			r.c.Write([]byte{tt.version, 0, 1, proto.OpOptions, 0, 0, 0, 0})
		} else {
			r.sendAs(tt.version, tt.flags, proto.OpOptions, nil)
		}
		v, op, body := r.recv()
		if v != tt.answer|proto.Response {
			t.Errorf("v%d: answered in version byte %#x, want %#x", tt.version, v, tt.answer|proto.Response)
		}
		wantError(t, op, body, 0x000A, tt.msg)
	}
	// A 3.11 cluster has v5 only as a beta: drivers step down to v4.
	r := dialRaw(t, server.RunT(t, server.Options{Version: "3.11"}), 5)
	r.send(proto.OpOptions, nil)
	v, op, body := r.recv()
	wantError(t, op, body, 0x000A, "Beta version of the protocol used (5/v5-beta), but USE_BETA flag is unset")
	if v != 5|proto.Response {
		t.Errorf("3.11 refused v5 in version byte %#x", v)
	}
	for _, v := range []byte{3, 4, 5} {
		r := dialRaw(t, srv, v)
		r.send(proto.OpQuery, nil)
		_, op, body := r.recv()
		wantError(t, op, body, 0x000A, "Unexpected message QUERY, expecting STARTUP or OPTIONS")
		r.send(proto.OpOptions, nil)
		if _, op, body := r.recv(); op != proto.OpSupported {
			t.Fatalf("v%d OPTIONS: %#x %q", v, op, body)
		}
		r.startup()
		op, body = r.query("SELECT release_version FROM system.local")
		if op != proto.OpResult {
			t.Fatalf("v%d: %#x %q", v, op, body)
		}
		rd := proto.NewReader(body)
		if kind := rd.Int(); kind != 2 {
			t.Errorf("v%d: result kind %d", v, kind)
		}
	}
}

// TestBadOpcodes: an unknown opcode, a response's opcode or a request
// marked as a response are Cassandra's ProtocolErrors, and the connection
// closes.
func TestBadOpcodes(t *testing.T) {
	srv := server.RunT(t)
	for _, tt := range []struct {
		version, op byte
		msg         string
	}{
		{4, 0x42, "Unknown opcode 66"},
		{4, proto.OpResult, "Wrong protocol direction (expected RESPONSE, got REQUEST) for opcode 8 (RESULT)"},
		{4 | proto.Response, proto.OpQuery, "Wrong protocol direction (expected REQUEST, got RESPONSE) for opcode 7 (QUERY)"},
	} {
		r := dialRaw(t, srv, 4)
		r.sendAs(tt.version, 0, tt.op, nil)
		_, op, body := r.recv()
		wantError(t, op, body, 0x000A, tt.msg)
		if _, err := r.br.ReadByte(); err == nil {
			t.Errorf("opcode %#x: the connection stays open", tt.op)
		}
	}
}

// TestStartingKeyspace: a connection starts in the playground's keyspace,
// or, with NoKeyspace, in none, as Cassandra's do.
func TestStartingKeyspace(t *testing.T) {
	const create = "CREATE TABLE t (k int PRIMARY KEY)"
	r := dialRaw(t, server.RunT(t), 4)
	r.startup()
	if op, body := r.query(create); op != proto.OpResult {
		t.Errorf("in the playground's keyspace: %q", body)
	}
	// Each connection has its own: a USE on one leaves the other's.
	srv := server.RunT(t, server.Options{Init: createKS + "; CREATE TABLE ks.t (k int PRIMARY KEY);"})
	a, b := dialRaw(t, srv, 4), dialRaw(t, srv, 4)
	a.startup()
	b.startup()
	if op, body := a.query("USE ks"); op != proto.OpResult || string(body[:4]) != "\x00\x00\x00\x03" {
		t.Errorf("USE: %#x %q", op, body)
	}
	if op, body := a.query("INSERT INTO t (k) VALUES (1)"); op != proto.OpResult {
		t.Errorf("in ks: %q", body)
	}
	op, body := b.query("INSERT INTO t (k) VALUES (1)")
	wantError(t, op, body, 0x2200, "table t does not exist")
	r = dialRaw(t, server.RunT(t, server.Options{NoKeyspace: true}), 4)
	r.startup()
	op, body = r.query(create)
	wantError(t, op, body, 0x2200, "No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename")
}

// TestNamedValuesReordered: values named in another order than the
// markers are bound by name.
func TestNamedValuesReordered(t *testing.T) {
	srv := server.RunT(t, server.Options{Init: createKS + "; CREATE TABLE ks.nv (k int PRIMARY KEY, a int, b int);"})
	r := dialRaw(t, srv, 4)
	r.startup()
	var w proto.Writer
	w.LongString("INSERT INTO ks.nv (k, a, b) VALUES (?, :first, ?)")
	w.Short(1)
	w.Byte(0x01 | 0x40) // values, with names
	w.Short(3)
	for _, nv := range []struct {
		name string
		v    byte
	}{{"b", 3}, {"first", 2}, {"k", 1}} {
		w.String(nv.name)
		w.Bytes([]byte{0, 0, 0, nv.v})
	}
	r.send(proto.OpQuery, w.B)
	if _, op, body := r.recv(); op != proto.OpResult {
		t.Fatalf("insert: %q", body)
	}
	op, body := r.query("SELECT k, a, b FROM ks.nv")
	if op != proto.OpResult || string(body[len(body)-24:]) != "\x00\x00\x00\x04\x00\x00\x00\x01\x00\x00\x00\x04\x00\x00\x00\x02\x00\x00\x00\x04\x00\x00\x00\x03" {
		t.Errorf("row: %q", body)
	}
}

// TestLZ4: with COMPRESSION lz4, v4 bodies and v5 segments are
// compressed both ways (a value that compresses well, so that they are).
func TestLZ4(t *testing.T) {
	srv := server.RunT(t, server.Options{Init: createKS + "; CREATE TABLE ks.z (k int PRIMARY KEY, v text);"})
	long := strings.Repeat("compressible ", 20_000)
	for _, v := range []byte{4, 5} {
		r := dialRaw(t, srv, v)
		var w proto.Writer
		w.Short(2)
		w.String("CQL_VERSION")
		w.String("3.0.0")
		w.String("COMPRESSION")
		w.String("lz4")
		r.send(proto.OpStartup, w.B)
		if _, op, body := r.recv(); op != proto.OpReady {
			t.Fatalf("v%d STARTUP: %#x %q", v, op, body)
		}
		w = proto.Writer{}
		w.LongString("INSERT INTO ks.z (k, v) VALUES (" + string('0'+v) + ", '" + long + "')")
		w.Short(1)
		if v >= 5 {
			w.Int(0)
			r.framed, r.lz4 = true, true
			r.src = &proto.SegmentReader{R: r.br, LZ4: true}
			r.send(proto.OpQuery, w.B)
		} else {
			w.Byte(0)
			z, ok := proto.CompressBody(w.B)
			if !ok {
				t.Fatal("the query does not compress")
			}
			r.sendAs(v, proto.FlagCompression, proto.OpQuery, z)
		}
		if _, op, body := r.recvPlain(); op != proto.OpResult {
			t.Fatalf("v%d insert: %#x %q", v, op, body)
		}
		w = proto.Writer{}
		w.LongString("SELECT v FROM ks.z WHERE k = " + string('0'+v))
		w.Short(1)
		if v >= 5 {
			w.Int(0)
			r.send(proto.OpQuery, w.B)
		} else {
			w.Byte(0)
			r.send(proto.OpQuery, w.B) // an uncompressed request is read too
		}
		_, op, body := r.recvPlain()
		if op != proto.OpResult || !strings.HasSuffix(string(body), long) {
			t.Errorf("v%d select: %#x, %d bytes", v, op, len(body))
		}
		if v == 4 && r.flags&proto.FlagCompression == 0 {
			t.Errorf("v4: the answer is not compressed")
		}
	}
}

// TestMalformedBodies: a request whose body ends early or says nonsense
// is an ERROR, never a crash, and the server goes on serving.
func TestMalformedBodies(t *testing.T) {
	srv := server.RunT(t)
	for _, tt := range []struct {
		op   byte
		body []byte
		code int32
	}{
		{proto.OpQuery, []byte{0, 0, 1, 0, 'x'}, 0x000A},
		{proto.OpQuery, []byte{0, 0, 0, 1, 'x', 0, 1, 1, 0, 1, 0xff, 0xff, 0xff, 0xf0}, 0x000A},
		{proto.OpPrepare, nil, 0x000A},
		{proto.OpExecute, []byte{0, 16, 1, 2}, 0x000A},
		{proto.OpBatch, []byte{7, 0, 0, 0, 1, 0}, 0x000A},
		{proto.OpBatch, []byte{0, 0, 1, 0, 0, 0, 0, 3, 'b', 'a', 'd', 0, 0, 0, 1, 0}, 0x2000},
		{proto.OpRegister, []byte{0, 1, 0, 3, 'B', 'A', 'D'}, 0x000A},
		{proto.OpQuery, []byte{0, 0, 0, 2, 'x', 'y', 0, 1, 0}, 0x2000},
	} {
		r := dialRaw(t, srv, 4)
		r.startup()
		r.send(tt.op, tt.body)
		_, op, body := r.recv()
		if op != proto.OpError {
			t.Errorf("%s %x: op %#x", proto.OpName(tt.op), tt.body, op)
			continue
		}
		if code := proto.NewReader(body).Int(); code != tt.code {
			t.Errorf("%s %x: code %#x, want %#x (%q)", proto.OpName(tt.op), tt.body, code, tt.code, body)
		}
		// A ProtocolError closes the connection, as Cassandra's fatal
		// ProtocolException does; other errors leave it open.
		if tt.code == 0x000A {
			if _, err := r.br.Peek(1); err == nil {
				t.Errorf("%s %x: the connection stayed open after a ProtocolError", proto.OpName(tt.op), tt.body)
			}
		} else {
			r.send(proto.OpOptions, nil)
			if _, op, _ := r.recv(); op != proto.OpSupported {
				t.Errorf("%s %x: OPTIONS after it answered %#x", proto.OpName(tt.op), tt.body, op)
			}
		}
	}
	r := dialRaw(t, srv, 4)
	r.startup()
	if op, body := r.query("SELECT release_version FROM system.local"); op != proto.OpResult {
		t.Errorf("after: %q", body)
	}
}

// TestSnappyInV5: Cassandra 4.1 refuses Snappy from v5 on.
func TestSnappyInV5(t *testing.T) {
	r := dialRaw(t, server.RunT(t), 5)
	var w proto.Writer
	w.Short(2)
	w.String("CQL_VERSION")
	w.String("3.0.0")
	w.String("COMPRESSION")
	w.String("snappy")
	r.send(proto.OpStartup, w.B)
	_, op, body := r.recv()
	wantError(t, op, body, 0x000A, "Snappy compression is no longer supported. Please switch to the LZ4 compressor or another supported compression implementation.")
}

// TestV5Segments sends a request larger than a segment (so it spans
// several that are not self-contained) and reads back an answer as large.
func TestV5Segments(t *testing.T) {
	srv := server.RunT(t, server.Options{Init: createKS + "; CREATE TABLE ks.big (k int PRIMARY KEY, v text);"})
	r := dialRaw(t, srv, 5)
	r.startup()
	big := make([]byte, 300_000)
	for i := range big {
		big[i] = 'a' + byte(i%26)
	}
	if op, body := r.query("INSERT INTO ks.big (k, v) VALUES (1, '" + string(big) + "')"); op != proto.OpResult {
		t.Fatalf("insert: %#x %q", op, body)
	}
	op, body := r.query("SELECT v FROM ks.big WHERE k = ?", []byte{0, 0, 0, 1})
	if op != proto.OpResult {
		t.Fatalf("select: %#x %q", op, body)
	}
	rd := proto.NewReader(body)
	rd.Int()          // kind
	flags := rd.Int() // metadata flags
	rd.Int()          // columns
	if flags&1 != 0 { // global table spec
		rd.Str()
		rd.Str()
	}
	rd.Str()   // name
	rd.Short() // type
	if n := rd.Int(); n != 1 {
		t.Fatalf("%d rows", n)
	}
	if v := rd.Bytes(); string(v) != string(big) || rd.Err() != nil {
		t.Errorf("value of %d bytes back, want %d (%v)", len(v), len(big), rd.Err())
	}
}

// TestEvents: a connection registered for SCHEMA_CHANGE hears of another
// connection's DDL.
func TestEvents(t *testing.T) {
	srv := server.RunT(t)
	for _, v := range []byte{4, 5} {
		a, b := dialRaw(t, srv, v), dialRaw(t, srv, v)
		a.startup()
		b.startup()
		var w proto.Writer
		w.StringList([]string{"SCHEMA_CHANGE"})
		a.send(proto.OpRegister, w.B)
		if _, op, _ := a.recv(); op != proto.OpReady {
			t.Fatalf("REGISTER: %#x", op)
		}
		ks := "ev" + string('0'+v)
		if op, body := b.query("CREATE KEYSPACE " + ks + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"); op != proto.OpResult {
			t.Fatalf("create: %q", body)
		}
		_, op, body := a.recv() // blocks until the event comes
		if op != proto.OpEvent {
			t.Fatalf("op %#x, want EVENT", op)
		}
		rd := proto.NewReader(body)
		if got := []string{rd.Str(), rd.Str(), rd.Str(), rd.Str()}; got[0] != "SCHEMA_CHANGE" || got[1] != "CREATED" || got[2] != "KEYSPACE" || got[3] != ks {
			t.Errorf("event %q", got)
		}
	}
}

// TestUnpreparedAndUnset: an unknown id is Unprepared with the id, and an
// unset value leaves the column as it was.
func TestUnpreparedAndUnset(t *testing.T) {
	srv := server.RunT(t, server.Options{Init: createKS + "; CREATE TABLE ks.t (k int PRIMARY KEY, a int, b int); INSERT INTO ks.t (k, a, b) VALUES (1, 1, 1);"})
	r := dialRaw(t, srv, 4)
	r.startup()
	var w proto.Writer
	id := []byte("0123456789abcdef")
	w.ShortBytes(id)
	w.Short(1)
	w.Byte(0)
	r.send(proto.OpExecute, w.B)
	_, op, body := r.recv()
	wantError(t, op, body, 0x2500, "Prepared query with ID 30313233343536373839616263646566 not found (either the query was not prepared on this host (maybe the host has been restarted?) or you have prepared too many queries and it has been evicted from the internal cache)")
	rd := proto.NewReader(body)
	rd.Int()
	rd.Str()
	if got := rd.ShortBytes(); string(got) != string(id) {
		t.Errorf("Unprepared id %q", got)
	}

	w = proto.Writer{}
	w.LongString("UPDATE ks.t SET a = ?, b = ? WHERE k = ?")
	r.send(proto.OpPrepare, w.B)
	_, op, body = r.recv()
	if op != proto.OpResult {
		t.Fatalf("prepare: %q", body)
	}
	rd = proto.NewReader(body)
	rd.Int()
	pid := rd.ShortBytes()
	w = proto.Writer{}
	w.ShortBytes(pid)
	w.Short(1)
	w.Byte(1)
	w.Short(3)
	w.Int(-2) // a: unset
	w.Bytes([]byte{0, 0, 0, 2})
	w.Bytes([]byte{0, 0, 0, 1})
	r.send(proto.OpExecute, w.B)
	if _, op, body := r.recv(); op != proto.OpResult {
		t.Fatalf("execute: %q", body)
	}
	op, body = r.query("SELECT a, b FROM ks.t WHERE k = 1")
	if op != proto.OpResult || string(body[len(body)-16:]) != "\x00\x00\x00\x04\x00\x00\x00\x01\x00\x00\x00\x04\x00\x00\x00\x02" {
		t.Errorf("after unset: %q", body)
	}
}

// TestTooBig: an envelope over native_transport_max_frame_size is refused
// with Cassandra's message without being held, and the connection goes on.
func TestTooBig(t *testing.T) {
	srv := server.RunT(t)
	r := dialRaw(t, srv, 4)
	r.startup()
	n := proto.MaxFrame
	go func() {
		env := []byte{4, 0, 0, 9, proto.OpQuery, byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}
		r.c.Write(env)
		r.c.Write(make([]byte, n))
	}()
	_, op, body := r.recv()
	wantError(t, op, body, 0x2200, "Request is too big: length 16777225 exceeds maximum allowed length 16777216.")
	if op, body := r.query("SELECT release_version FROM system.local"); op != proto.OpResult {
		t.Errorf("after: %#x %q", op, body)
	}
}
