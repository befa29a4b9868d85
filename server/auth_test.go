package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gocql/gocql"

	"github.com/cqlplay/cqlplay/server"
	"github.com/cqlplay/cqlplay/server/proto"
)

var authOpts = server.Options{Auth: server.Credentials{User: "alice", Password: "s3cret"}}

// authSession connects gocql with PasswordAuthenticator.
func authSession(t *testing.T, srv *server.Server, user, password string) (*gocql.Session, error) {
	cluster := gocql.NewCluster(srv.Host())
	cluster.Port = srv.Port()
	cluster.Timeout = 30 * time.Second
	cluster.ConnectTimeout = 30 * time.Second
	cluster.NumConns = 1
	cluster.Authenticator = gocql.PasswordAuthenticator{Username: user, Password: password}
	s, err := cluster.CreateSession()
	if err == nil {
		t.Cleanup(s.Close)
	}
	return s, err
}

// TestAuthGocql: gocql's PasswordAuthenticator gets in with the right
// password and is refused, with Cassandra's message, with a wrong one; a
// client without an authenticator is refused too.
func TestAuthGocql(t *testing.T) {
	srv := server.RunT(t, authOpts)
	s, err := authSession(t, srv, "alice", "s3cret")
	if err != nil {
		t.Fatalf("right password: %v", err)
	}
	var v string
	if err := s.Query("SELECT release_version FROM system.local").Scan(&v); err != nil || v != "4.1.7" {
		t.Fatalf("after auth: %q %v", v, err)
	}
	_, err = authSession(t, srv, "alice", "wrong")
	if err == nil || !strings.Contains(err.Error(), "Provided username alice and/or password are incorrect") {
		t.Errorf("wrong password: %v", err)
	}
	_, err = authSession(t, srv, "bob", "s3cret")
	if err == nil || !strings.Contains(err.Error(), "Provided username bob and/or password are incorrect") {
		t.Errorf("wrong user: %v", err)
	}
	cluster := gocql.NewCluster(srv.Host())
	cluster.Port = srv.Port()
	cluster.ConnectTimeout = 30 * time.Second
	if s, err := cluster.CreateSession(); err == nil {
		s.Close()
		t.Error("no authenticator: connected")
	} else if !strings.Contains(err.Error(), "org.apache.cassandra.auth.PasswordAuthenticator") {
		t.Errorf("no authenticator: %v", err)
	}
}

// authStartup sends STARTUP and expects AUTHENTICATE with the class name;
// in v5 segments follow, as after READY.
func (r *raw) authStartup() {
	r.t.Helper()
	var w proto.Writer
	w.Short(1)
	w.String("CQL_VERSION")
	w.String("3.0.0")
	r.send(proto.OpStartup, w.B)
	_, op, body := r.recv()
	if op != proto.OpAuthenticate || string(body) != "\x00\x2forg.apache.cassandra.auth.PasswordAuthenticator" {
		r.t.Fatalf("STARTUP: op %#x %q, want AUTHENTICATE", op, body)
	}
	if r.v >= 5 {
		r.framed = true
		r.src = &proto.SegmentReader{R: r.br}
	}
}

func (r *raw) authResponse(token []byte) (byte, []byte) {
	var w proto.Writer
	w.Bytes(token)
	r.send(proto.OpAuthResponse, w.B)
	_, op, body := r.recv()
	return op, body
}

// TestAuthBytes: what a driver hides. Before the password only
// AUTH_RESPONSE is served (ServerConnection.validateNewMessage); malformed
// SASL PLAIN tokens get PlainTextSaslAuthenticator's messages; a wrong
// password leaves the connection open for another try, as Cassandra does;
// AUTH_SUCCESS carries a null token; then requests are served.
func TestAuthBytes(t *testing.T) {
	srv := server.RunT(t, authOpts)
	for _, v := range []byte{4, 5} {
		r := dialRaw(t, srv, v)
		r.authStartup()
		for _, op := range []byte{proto.OpQuery, proto.OpOptions, proto.OpStartup, proto.OpRegister} {
			r.send(op, nil)
			_, got, body := r.recv()
			wantError(t, got, body, 0x000A, "Unexpected message "+proto.OpName(op)+", expecting SASL_RESPONSE")
		}
		for _, tt := range []struct{ token, msg string }{
			{"\x00alice\x00wrong", "Provided username alice and/or password are incorrect"},
			{"\x00alicE\x00s3cret", "Provided username alicE and/or password are incorrect"},
			{"alice\x00s3cret", "Authentication ID must not be null"},
			{"\x00alice\x00", "Password must not be null"},
			{"", "Password must not be null"},
			{"\x00\x00s3cret", "Authentication ID must not be null"},
			{"s3cret", "Password must not be null"},
			{"\x00a\x00b\x00c", `Credential format error: username or password is empty or contains NUL(\0) character`},
		} {
			op, body := r.authResponse([]byte(tt.token))
			wantError(t, op, body, 0x0100, tt.msg)
		}
		// An authzId before the user is ignored, as Cassandra ignores it.
		op, body := r.authResponse([]byte("someone\x00alice\x00s3cret"))
		if op != proto.OpAuthSuccess || string(body) != "\xff\xff\xff\xff" {
			t.Fatalf("v%d right password: op %#x %q", v, op, body)
		}
		op, body = r.query("SELECT release_version FROM system.local")
		if op != proto.OpResult || !strings.Contains(string(body), "4.1.7") {
			t.Errorf("v%d after AUTH_SUCCESS: op %#x %q", v, op, body)
		}
		r.send(proto.OpStartup, nil)
		_, op, body = r.recv()
		wantError(t, op, body, 0x000A, "Unexpected message STARTUP, the connection is already initialized")
	}
	// v1's CREDENTIALS, while authenticating: refused by its decoder, and
	// the connection closes.
	r := dialRaw(t, srv, 4)
	r.authStartup()
	r.send(0x04, []byte{0, 0})
	_, op, body := r.recv()
	wantError(t, op, body, 0x000A, "Legacy credentials authentication is not supported in protocol versions > 1. Please use SASL authentication via a SaslResponse message")
	if _, err := r.br.Peek(1); err == nil {
		t.Error("the connection stayed open after CREDENTIALS")
	}
	// Without -auth an AUTH_RESPONSE is unexpected.
	r = dialRaw(t, server.RunT(t), 4)
	r.startup()
	op, body = r.authResponse([]byte("\x00alice\x00s3cret"))
	wantError(t, op, body, 0x000A, "Unexpected message AUTH_RESPONSE")
}
