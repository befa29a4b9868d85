package proto

import (
	"encoding/binary"
	"errors"
	"io"
	"strconv"
)

// Opcodes (native_protocol_v5.spec, section 2.4).
const (
	OpError         byte = 0x00
	OpStartup       byte = 0x01
	OpReady         byte = 0x02
	OpAuthenticate  byte = 0x03
	OpOptions       byte = 0x05
	OpSupported     byte = 0x06
	OpQuery         byte = 0x07
	OpResult        byte = 0x08
	OpPrepare       byte = 0x09
	OpExecute       byte = 0x0A
	OpRegister      byte = 0x0B
	OpEvent         byte = 0x0C
	OpBatch         byte = 0x0D
	OpAuthChallenge byte = 0x0E
	OpAuthResponse  byte = 0x0F
	OpAuthSuccess   byte = 0x10
)

// opNames are Message.Type's names, which some messages quote.
var opNames = map[byte]string{
	OpError: "ERROR", OpStartup: "STARTUP", OpReady: "READY", OpAuthenticate: "AUTHENTICATE",
	OpOptions: "OPTIONS", OpSupported: "SUPPORTED", OpQuery: "QUERY", OpResult: "RESULT",
	OpPrepare: "PREPARE", OpExecute: "EXECUTE", OpRegister: "REGISTER", OpEvent: "EVENT",
	OpBatch: "BATCH", OpAuthChallenge: "AUTH_CHALLENGE", OpAuthResponse: "AUTH_RESPONSE",
	OpAuthSuccess: "AUTH_SUCCESS",
}

// requests are the opcodes a client sends (Message.Type's REQUEST
// direction; 0x04 is v1's CREDENTIALS).
var requests = map[byte]bool{OpStartup: true, 0x04: true, OpOptions: true, OpQuery: true, OpPrepare: true,
	OpExecute: true, OpRegister: true, OpBatch: true, OpAuthResponse: true}

// CheckOpcode is Message.Type.fromOpcode for a request: "" when h names a
// known opcode sent in the request direction, else the ProtocolError's
// message.
func CheckOpcode(h Header) string {
	name, known := opNames[h.Opcode]
	if h.Opcode == 0x04 {
		name, known = "CREDENTIALS", true
	}
	if !known {
		return "Unknown opcode " + strconv.Itoa(int(h.Opcode))
	}
	want, got := "REQUEST", "REQUEST"
	if !requests[h.Opcode] {
		want = "RESPONSE"
	}
	if h.Response {
		got = "RESPONSE"
	}
	if want != got {
		return "Wrong protocol direction (expected " + want + ", got " + got + ") for opcode " + strconv.Itoa(int(h.Opcode)) + " (" + name + ")"
	}
	return ""
}

// OpName is the name of an opcode as Cassandra's Message.Type calls it.
func OpName(op byte) string {
	if n, ok := opNames[op]; ok {
		return n
	}
	return "0x" + strconv.FormatUint(uint64(op), 16)
}

// Envelope header flags.
const (
	FlagCompression   byte = 0x01
	FlagTracing       byte = 0x02
	FlagCustomPayload byte = 0x04
	FlagWarning       byte = 0x08
	FlagUseBeta       byte = 0x10
)

// Response is the direction bit of a response's version byte.
const Response byte = 0x80

// HeaderSize is the size of an envelope header from v3 on.
const HeaderSize = 9

// MaxFrame is the largest envelope accepted, header included:
// native_transport_max_frame_size, 16 MiB in Cassandra 4.1.
const MaxFrame = 16 << 20

// Header is an envelope header.
type Header struct {
	Version byte // without the direction bit
	// Response is the direction bit: set in what a server sends.
	Response bool
	Flags    byte
	Stream   int16
	Opcode   byte
	Length   uint32
}

// ParseHeader decodes a 9-byte header.
func ParseHeader(b []byte) Header {
	return Header{
		Version:  b[0] & 0x7f,
		Response: b[0]&0x80 != 0,
		Flags:    b[1],
		Stream:   int16(binary.BigEndian.Uint16(b[2:])),
		Opcode:   b[4],
		Length:   binary.BigEndian.Uint32(b[5:]),
	}
}

// ErrTooBig is returned for an envelope whose body is over the limit; its
// message is Envelope.Decoder's (an InvalidRequest answered on its stream).
type ErrTooBig struct {
	Stream int16
	Length uint64
}

func (e *ErrTooBig) Error() string {
	return "Request is too big: length " + strconv.FormatUint(e.Length, 10) +
		" exceeds maximum allowed length " + strconv.Itoa(MaxFrame) + "."
}

// ReadEnvelope reads one envelope from r: its header, then, once its length
// is known to be within MaxFrame, its body. A body over the limit is
// skipped (read and dropped in small pieces) and ErrTooBig returned, so
// the connection stays in step.
//
// The body's buffer grows with what arrives (readBody), never to the
// length announced before the bytes are there: a client that announces
// 16 MiB and stalls holds what it sent, not 16 MiB.
func ReadEnvelope(r io.Reader, hdr *[HeaderSize]byte) (Header, []byte, error) {
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return Header{}, nil, err
	}
	h := ParseHeader(hdr[:])
	if uint64(h.Length)+HeaderSize > MaxFrame {
		if _, err := io.CopyN(io.Discard, r, int64(h.Length)); err != nil {
			return h, nil, err
		}
		return h, nil, &ErrTooBig{Stream: h.Stream, Length: uint64(h.Length) + HeaderSize}
	}
	body, err := readBody(r, int(h.Length))
	return h, body, err
}

// firstChunk is the largest body buffer allocated before its bytes arrive.
const firstChunk = 64 << 10

// readBody reads n bytes, into a buffer at most twice what has arrived (and
// at least firstChunk), so that what a stalled client makes the server hold
// is bounded by what it sent.
func readBody(r io.Reader, n int) ([]byte, error) {
	body := make([]byte, 0, min(n, firstChunk))
	for len(body) < n {
		if len(body) == cap(body) {
			body = append(body[:cap(body)], make([]byte, min(n, 2*cap(body))-cap(body))...)[:len(body)]
		}
		m, err := r.Read(body[len(body):cap(body)])
		body = body[:len(body)+m]
		if err != nil && len(body) < n {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
	}
	return body, nil
}

// AppendEnvelope appends a response envelope: header and body.
func AppendEnvelope(dst []byte, version, flags byte, stream int16, op byte, body []byte) []byte {
	if version <= 2 {
		// v1 and v2 have a one-byte stream id (the 8-byte header), which only
		// the error that refuses them uses.
		dst = append(dst, version|Response, flags, byte(stream), op)
	} else {
		dst = append(dst, version|Response, flags, byte(uint16(stream)>>8), byte(stream), op)
	}
	dst = binary.BigEndian.AppendUint32(dst, uint32(len(body)))
	return append(dst, body...)
}

// ErrShort is returned when a body ends before a value it announces.
var ErrShort = errors.New("not enough bytes")
