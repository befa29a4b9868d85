// Package server serves cqlplay's engine on Cassandra's native protocol
// (versions 3 to 5), so that real drivers, cqlsh and application tests talk
// to one in-memory cluster as to Cassandra 4.1.
//
// One Server holds one cluster (an engine Session) behind a mutex: every
// request runs alone, so a batch is never seen half applied. Connections
// have their own current keyspace; prepared statements are shared by all,
// by Cassandra's id (the MD5 of keyspace and query text).
//
// In a test, as miniredis does it:
//
//	srv := server.RunT(t) // a free port on 127.0.0.1, closed by t.Cleanup
//	cluster := gocql.NewCluster(srv.Host())
//	cluster.Port = srv.Port()
//
// The wire (envelopes, segments, notations) is package proto; this package
// reads requests with it and answers them.
package server

import (
	"crypto/tls"
	"errors"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/cqlplay/cqlplay/engine"
)

// Options configure a Server. The zero value is a Cassandra 4.1 cluster.
type Options struct {
	// Version is the Cassandra version copied, one of engine.Versions.
	Version string
	// Init is a CQL script run before the first connection; an error in it
	// fails New.
	Init string
	// NoKeyspace starts each connection in no keyspace, as Cassandra does
	// (an unqualified table name is then an error until USE). By default a
	// connection starts in the playground's keyspace, engine.DefaultKeyspace,
	// where a lesson's script, which names no keyspace, creates its tables,
	// as `cqlplay run` does.
	NoKeyspace bool
	// Nodes is the simulated cluster's node count (the playground's
	// -- @nodes; 0: its default, 3). Drivers still see one node, the
	// server, which announces node 1's tokens; the count shapes the rest
	// of the ring, which traces show (the replicas a request reaches).
	Nodes int
	// Auth, when its User is set, turns on Cassandra's PasswordAuthenticator
	// with this one user: STARTUP is answered AUTHENTICATE, and nothing but
	// AUTH_RESPONSE (SASL PLAIN) is served until the user and password are
	// given. The zero value lets every client in, as AllowAllAuthenticator.
	Auth Credentials
	// TLS, when set, makes the listener speak TLS only, as Cassandra's
	// client_encryption_options (enabled: true, optional: false) does:
	// drivers' SSL options (gocql's SslOpts, the Python driver's
	// ssl_context) connect with it. It needs a certificate
	// (tls.Config.Certificates); ClientAuth asks for clients' certificates
	// as require_client_auth does.
	TLS *tls.Config
	// Now is the wall clock (time.Now when nil): the cluster's clock
	// follows it, so TTLs expire in real time.
	Now func() time.Time
}

// Server is one in-memory cluster served on a TCP address.
type Server struct {
	opts      Options
	now       func() time.Time
	protocols protocols

	// mu is the cluster's lock: a request holds it while the engine runs
	// it, and prepared is read and written under it.
	mu       sync.Mutex
	sess     *engine.Session
	prepared map[[16]byte]*prepared
	// preparedOrder is the ids in the order they were prepared: past
	// maxPrepared the oldest is forgotten (a driver executing it gets
	// Unprepared and prepares it again), as Cassandra's bounded cache does.
	preparedOrder [][16]byte
	// kept are the rows of the last paged reads (pages.go).
	kept      []*keptRead
	keptBytes int
	nextKey   uint64

	ln     net.Listener
	connMu sync.Mutex
	conns  map[*conn]struct{}
	closed bool
	wg     sync.WaitGroup
}

// maxPrepared bounds the prepared statements kept.
const maxPrepared = 10_000

// remember keeps a prepared statement; the caller holds s.mu.
func (s *Server) remember(p *prepared) {
	if _, ok := s.prepared[p.id]; !ok {
		if len(s.preparedOrder) >= maxPrepared {
			delete(s.prepared, s.preparedOrder[0])
			s.preparedOrder = s.preparedOrder[1:]
		}
		s.preparedOrder = append(s.preparedOrder, p.id)
	}
	s.prepared[p.id] = p
}

// prepared is a statement PREPARE registered, by id.
type prepared struct {
	id, resultID [16]byte
	p            *engine.Prepared
}

// New returns a server with its cluster, not yet listening.
func New(opts Options) (*Server, error) {
	s := &Server{opts: opts, now: opts.Now, protocols: protocolsOf(opts.Version), prepared: map[[16]byte]*prepared{}, conns: map[*conn]struct{}{}}
	if s.now == nil {
		s.now = time.Now
	}
	s.sess = engine.NewSession(engine.Options{Version: opts.Version, Start: s.now()})
	init := opts.Init
	if opts.Nodes > 0 {
		init = "-- @nodes " + strconv.Itoa(opts.Nodes) + "\n" + init
	}
	if err := s.script("init script", init); err != nil {
		return nil, err
	}
	return s, nil
}

// Exec runs a CQL script on the cluster, as the init script runs, between
// two requests: a test seeds the cluster with it without a driver. Its
// statements run in the keyspace the last request ran in, so it names
// keyspaces (or starts with a USE). It returns the first failing
// statement's error; the statements after it still ran.
func (s *Server) Exec(script string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.script("script", script)
}

func (s *Server) script(what, script string) error {
	if script == "" {
		return nil
	}
	for _, o := range s.sess.Run(script) {
		if o.Error != nil {
			return errors.New(what + ", line " + strconv.Itoa(o.Line) + ": " + o.Error.Error())
		}
	}
	return nil
}

// Run listens on addr ("127.0.0.1:9042"; port 0 picks a free one) and
// serves connections in the background until Close. It returns once the
// server accepts connections.
func (s *Server) Run(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	if s.opts.TLS != nil {
		// The handshake runs on the connection's first read, in its own
		// goroutine: a client that stalls in it holds only its connection.
		ln = tls.NewListener(ln, s.opts.TLS)
	}
	s.connMu.Lock()
	if s.closed {
		s.connMu.Unlock()
		ln.Close()
		return errors.New("server: closed")
	}
	s.ln = ln
	s.connMu.Unlock()
	s.wg.Add(1)
	go s.accept(ln)
	return nil
}

// Addr is the address the server listens on ("" before Run).
func (s *Server) Addr() string {
	if s.ln == nil {
		return ""
	}
	return s.ln.Addr().String()
}

// Host is the listening host, for a driver's contact point.
func (s *Server) Host() string {
	h, _, _ := net.SplitHostPort(s.Addr())
	return h
}

// Port is the listening port.
func (s *Server) Port() int {
	_, p, _ := net.SplitHostPort(s.Addr())
	n, _ := strconv.Atoi(p)
	return n
}

func (s *Server) accept(ln net.Listener) {
	defer s.wg.Done()
	for {
		nc, err := ln.Accept()
		if err != nil {
			return // closed
		}
		c := newConn(s, nc)
		s.connMu.Lock()
		if s.closed {
			s.connMu.Unlock()
			nc.Close()
			return
		}
		s.conns[c] = struct{}{}
		s.wg.Add(1)
		s.connMu.Unlock()
		go func() {
			defer s.wg.Done()
			c.serve()
			s.connMu.Lock()
			delete(s.conns, c)
			s.connMu.Unlock()
		}()
	}
}

// Close stops listening, closes every connection and waits until each
// connection's goroutine has returned.
func (s *Server) Close() error {
	s.connMu.Lock()
	if s.closed {
		s.connMu.Unlock()
		return nil
	}
	s.closed = true
	var err error
	if s.ln != nil {
		err = s.ln.Close()
	}
	for c := range s.conns {
		c.nc.Close()
	}
	s.connMu.Unlock()
	s.wg.Wait()
	return err
}

// Tester is what RunT needs of a *testing.T (or B, or F).
type Tester interface {
	Helper()
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// RunT starts a server with opts (none: the zero Options) on a free port
// of 127.0.0.1 and closes it when the test ends.
func RunT(t Tester, opts ...Options) *Server {
	t.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	s, err := New(o)
	if err != nil {
		t.Fatalf("server.New: %v", err)
	}
	if err := s.Run("127.0.0.1:0"); err != nil {
		t.Fatalf("server.Run: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// broadcast sends an event to every connection registered for its type;
// it never waits for a client (conn.event).
func (s *Server) broadcast(kind string, body []byte) {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	for c := range s.conns {
		c.event(kind, body)
	}
}
