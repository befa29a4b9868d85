package server

import (
	"bufio"
	"errors"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"

	"github.com/cqlplay/cqlplay/engine"
	"github.com/cqlplay/cqlplay/server/proto"
)

// conn is one client connection. Its goroutine reads a request, answers it
// and reads the next (a driver's many streams wait their turn; the cluster
// runs one request at a time anyway). A second goroutine writes what the
// outbox holds: answers, and events from other connections' DDL, which are
// never waited for: a client that reads nothing while its outbox is full
// is disconnected rather than holding up the connection that changed the
// schema.
type conn struct {
	s  *Server
	nc net.Conn
	br *bufio.Reader

	// version is the protocol version of the connection's first envelope;
	// every later one must have it.
	version byte
	started bool
	// framed: v5 segments are on, after STARTUP's answer; lz4: STARTUP
	// asked for LZ4 compression (of bodies before v5, of segments in v5);
	// snappy: for Snappy (of bodies, before v5 only).
	framed bool
	// authenticating: STARTUP was answered AUTHENTICATE and no
	// AUTH_RESPONSE has succeeded yet (ServerConnection's AUTHENTICATING).
	authenticating bool
	lz4            bool
	snappy         bool
	keyspace       string

	// outbox holds encoded envelopes for the writer; qmu guards closed,
	// set when serve closes the outbox, register, and queued, the bytes
	// in the outbox and the writer's hands, which written signals down.
	outbox   chan []byte
	qmu      sync.Mutex
	closed   bool
	register map[string]bool
	queued   int
	written  *sync.Cond
}

// outboxSize bounds the envelopes waiting to be written to one client, and
// outboxBytes their bytes: an answer waits while the client's queue holds
// more (it is let in when the queue is empty, whatever its size), so a
// client that reads nothing holds about 4 MiB of answers, not 64 answers
// of any size.
const (
	outboxSize  = 64
	outboxBytes = 4 << 20
)

func newConn(s *Server, nc net.Conn) *conn {
	c := &conn{s: s, nc: nc, br: bufio.NewReaderSize(nc, 16<<10), outbox: make(chan []byte, outboxSize)}
	c.written = sync.NewCond(&c.qmu)
	if !s.opts.NoKeyspace {
		c.keyspace = engine.DefaultKeyspace
	}
	return c
}

// writeLoop writes the outbox until serve closes it, what is queued
// together in one write; after a write error it drops the rest.
func (c *conn) writeLoop() {
	var failed bool
	var batch []byte
	for b := range c.outbox {
		batch = append(batch[:0], b...)
	more:
		for len(batch) < 64<<10 {
			select {
			case next, ok := <-c.outbox:
				if !ok {
					break more
				}
				batch = append(batch, next...)
			default:
				break more
			}
		}
		if !failed {
			if _, err := c.nc.Write(batch); err != nil {
				failed = true
				c.nc.Close() // the reader stops too
			}
		}
		c.qmu.Lock()
		c.queued -= len(batch)
		c.written.Broadcast()
		c.qmu.Unlock()
		if cap(batch) > 1<<20 {
			batch = nil // a huge answer's buffer is let go
		}
	}
}

// minVersion is the oldest protocol version served.
const minVersion = 3

// protocols are the protocol versions a Cassandra version speaks: the
// newest served, the beta it admits only with the USE_BETA flag (which
// this server refuses), and ProtocolVersion.supportedVersions, which its
// messages and SUPPORTED list.
type protocols struct {
	max, beta byte
	supported []string
}

// protocolsOf reads them from the version table: every version from
// minVersion to the newest, then the beta.
func protocolsOf(cassandra string) protocols {
	v := engine.VersionOf(cassandra)
	p := protocols{max: v.Protocol, beta: v.Beta}
	for n := byte(minVersion); n <= v.Beta; n++ {
		s := strconv.Itoa(int(n)) + "/v" + strconv.Itoa(int(n))
		if n == v.Beta {
			s += "-beta"
		}
		p.supported = append(p.supported, s)
	}
	return p
}

// errInvalidVersion is ProtocolVersion.invalidVersionMessage.
func (p protocols) errInvalidVersion(v byte) string {
	return "Invalid or unsupported protocol version (" + strconv.Itoa(int(v)) + "); supported versions are (" + strings.Join(p.supported, ", ") + ")"
}

// errBeta is Envelope.Decoder's refusal of a beta version without USE_BETA.
func errBeta(v byte) string {
	return "Beta version of the protocol used (" + strconv.Itoa(int(v)) + "/v" + strconv.Itoa(int(v)) + "-beta), but USE_BETA flag is unset"
}

// serve reads and answers requests until the client goes or the server
// closes. This is the one place a request is read.
func (c *conn) serve() {
	written := make(chan struct{})
	go func() {
		defer close(written)
		c.writeLoop()
	}()
	defer func() {
		// What was answered is written before the connection closes.
		c.qmu.Lock()
		c.closed = true
		close(c.outbox)
		c.qmu.Unlock()
		<-written
		c.nc.Close()
	}()
	var src io.Reader = c.br
	var hdr [proto.HeaderSize]byte
	for {
		// A first byte with an unknown version is refused before the rest of
		// its header is awaited (v1 and v2 headers are shorter).
		if !c.started && c.version == 0 {
			b, err := c.br.Peek(1)
			if err != nil {
				return
			}
			if v := b[0] & 0x7f; v < minVersion || v > c.s.protocols.max {
				c.refuseVersion(v)
				return
			}
		}
		h, body, err := proto.ReadEnvelope(src, &hdr)
		var big *proto.ErrTooBig
		switch {
		case errors.As(err, &big):
			c.writeError(h.Version, h.Stream, invalid(big.Error()))
			continue
		case err != nil:
			return
		}
		if c.version == 0 {
			c.version = h.Version
		}
		if h.Version != c.version {
			c.writeError(c.version, h.Stream, protocolError("Invalid message version. Got "+strconv.Itoa(int(h.Version))+"/v"+strconv.Itoa(int(h.Version))+
				" but previous messages on this connection had version "+strconv.Itoa(int(c.version))+"/v"+strconv.Itoa(int(c.version))))
			return
		}
		// A compressed body before v5; without a compressor the flag is
		// ignored, as Envelope.Decompressor does.
		if h.Flags&proto.FlagCompression != 0 && (c.lz4 || c.snappy) && c.version < 5 {
			if c.snappy {
				body, err = proto.UnsnappyBody(body)
			} else {
				body, err = proto.DecompressBody(body)
			}
			if err != nil {
				c.writeError(h.Version, h.Stream, protocolError(err.Error()))
				return
			}
		}
		if !c.handle(h, body) {
			return
		}
		if c.started && c.version >= 5 && !c.framed {
			// STARTUP is answered: from here on, v5 speaks in segments
			// (qmu: events are encoded on other goroutines).
			c.qmu.Lock()
			c.framed = true
			c.qmu.Unlock()
			src = &proto.SegmentReader{R: c.br, LZ4: c.lz4}
		}
	}
}

// refuseVersion answers an envelope of a version not served with the
// ProtocolError Cassandra sends, in a version the client can read, then
// the connection closes.
func (c *conn) refuseVersion(v byte) {
	p := c.s.protocols
	msg := p.errInvalidVersion(v)
	answer := byte(4)
	switch {
	case v == p.beta:
		msg, answer = errBeta(v), v
	case v == 1 || v == 2:
		answer = v // the version itself, which the client reads
	}
	// The stream id: v1/v2 put it in one byte, later versions in two.
	var stream int16
	if b, err := c.br.Peek(4); err == nil {
		if v <= 2 {
			stream = int16(int8(b[2]))
		} else {
			stream = int16(uint16(b[2])<<8 | uint16(b[3]))
		}
	}
	flags := byte(0)
	if answer == p.beta {
		flags = proto.FlagUseBeta // Message.encode: a beta version's answer says so
	}
	c.write(answer, flags, stream, proto.OpError, protocolError(msg).body())
}

// encode makes one envelope, in segments once they are on.
func (c *conn) encode(version, flags byte, stream int16, op byte, body []byte) []byte {
	env := proto.AppendEnvelope(make([]byte, 0, proto.HeaderSize+len(body)), version, flags, stream, op, body)
	if c.framed {
		return proto.AppendSegments(make([]byte, 0, len(env)+len(env)/proto.MaxSegmentPayload*10+10), env, c.lz4)
	}
	if (c.lz4 || c.snappy) && c.started && op != proto.OpReady {
		z, ok := proto.CompressBody(body)
		if c.snappy {
			z, ok = proto.SnappyBody(body)
		}
		if ok {
			return proto.AppendEnvelope(make([]byte, 0, proto.HeaderSize+len(z)), version, flags|proto.FlagCompression, stream, op, z)
		}
	}
	return env
}

// write queues an answer; only the serve goroutine calls it, and waits
// while the outbox is full, in envelopes or in bytes (the client is slow to
// read its answers).
func (c *conn) write(version, flags byte, stream int16, op byte, body []byte) {
	b := c.encode(version, flags, stream, op, body)
	c.qmu.Lock()
	for c.queued > 0 && c.queued+len(b) > outboxBytes {
		c.written.Wait()
	}
	c.queued += len(b)
	c.qmu.Unlock()
	c.outbox <- b
}

// event queues an event if the connection registered for it, without
// waiting: a client whose outbox is full is disconnected.
func (c *conn) event(kind string, body []byte) {
	c.qmu.Lock()
	defer c.qmu.Unlock()
	if c.closed || !c.register[kind] {
		return
	}
	b := c.encode(c.version, 0, -1, proto.OpEvent, body)
	if c.queued > 0 && c.queued+len(b) > outboxBytes {
		c.nc.Close()
		return
	}
	select {
	case c.outbox <- b:
		c.queued += len(b)
	default:
		c.nc.Close()
	}
}
