package server

import (
	"bufio"
	"errors"
	"io"
	"net"
	"sync"

	"github.com/cqlplay/cqlplay/server/proto"
)

// conn is one client connection. Its goroutine reads a request, answers it
// and reads the next (a driver's many streams wait their turn; the cluster
// runs one request at a time anyway). Events from other connections' DDL
// are written between answers, under wmu.
type conn struct {
	s  *Server
	nc net.Conn
	br *bufio.Reader

	// version is the protocol version of the connection's first envelope;
	// every later one must have it.
	version byte
	started bool
	// framed: v5 segments are on, after STARTUP's answer.
	framed   bool
	keyspace string

	wmu      sync.Mutex
	out      []byte // the envelope being written, reused
	seg      []byte // its segments, reused
	register map[string]bool
}

func newConn(s *Server, nc net.Conn) *conn {
	return &conn{s: s, nc: nc, br: bufio.NewReaderSize(nc, 16<<10)}
}

// The protocol versions served, and Cassandra 4.1's supported list as its
// ProtocolVersion.supportedVersions gives it (which names 6/v6-beta, the
// beta it admits only with the USE_BETA flag).
const (
	minVersion       = 3
	maxVersion       = 5
	betaVersion      = 6
	supportedForMsgs = "3/v3, 4/v4, 5/v5, 6/v6-beta"
)

// errInvalidVersion is ProtocolVersion.invalidVersionMessage.
func errInvalidVersion(v byte) string {
	return "Invalid or unsupported protocol version (" + itoa(int(v)) + "); supported versions are (" + supportedForMsgs + ")"
}

// errBeta is Envelope.Decoder's refusal of a beta version without USE_BETA.
func errBeta(v byte) string {
	return "Beta version of the protocol used (" + itoa(int(v)) + "/v" + itoa(int(v)) + "-beta), but USE_BETA flag is unset"
}

// serve reads and answers requests until the client goes or the server
// closes. This is the one place a request is read.
func (c *conn) serve() {
	defer c.nc.Close()
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
			if v := b[0] & 0x7f; v < minVersion || v > maxVersion {
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
			c.writeError(c.version, h.Stream, protocolError("Invalid message version. Got "+itoa(int(h.Version))+"/v"+itoa(int(h.Version))+
				" but previous messages on this connection had version "+itoa(int(c.version))+"/v"+itoa(int(c.version))))
			return
		}
		if !c.handle(h, body) {
			return
		}
		if c.started && c.version >= 5 && !c.framed {
			// STARTUP is answered: from here on, v5 speaks in segments.
			c.framed = true
			src = &proto.SegmentReader{R: c.br}
		}
	}
}

// refuseVersion answers an envelope of a version not served with the
// ProtocolError Cassandra sends, in a version the client can read, then
// the connection closes.
func (c *conn) refuseVersion(v byte) {
	msg := errInvalidVersion(v)
	answer := byte(4)
	switch {
	case v == betaVersion:
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
	c.writeError(answer, stream, protocolError(msg))
}

// write sends one response envelope, in segments once they are on.
func (c *conn) write(version, flags byte, stream int16, op byte, body []byte) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.out = proto.AppendEnvelope(c.out[:0], version, flags, stream, op, body)
	data := c.out
	if c.framed {
		c.seg = proto.AppendSegments(c.seg[:0], c.out)
		data = c.seg
	}
	c.nc.Write(data)
	if cap(c.out) > 1<<20 {
		c.out = nil // a huge answer's buffer is let go
	}
	if cap(c.seg) > 1<<20 {
		c.seg = nil
	}
}

// event pushes an event to the connection if it registered for it.
func (c *conn) event(kind string, body []byte) {
	c.wmu.Lock()
	registered := c.register[kind]
	c.wmu.Unlock()
	if registered {
		c.write(c.version, 0, -1, proto.OpEvent, body)
	}
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return string(b[i:])
}
