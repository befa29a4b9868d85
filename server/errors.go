package server

import (
	"github.com/cqlplay/cqlplay/engine"
	"github.com/cqlplay/cqlplay/server/proto"
)

// Error codes (native_protocol_v5.spec, section 9).
const (
	codeServerError   = 0x0000
	codeProtocolError = 0x000A
	codeAuth          = 0x0100
	codeInvalid       = 0x2200
	codeAlreadyExists = 0x2400
	codeUnprepared    = 0x2500
)

// wireError is an ERROR message: its code, its message and the code's
// extra fields.
type wireError struct {
	code int32
	msg  string
	// ks and table: AlreadyExists; id: Unprepared.
	ks, table string
	id        []byte
}

func protocolError(msg string) *wireError { return &wireError{code: codeProtocolError, msg: msg} }
func invalid(msg string) *wireError       { return &wireError{code: codeInvalid, msg: msg} }
func serverError(msg string) *wireError   { return &wireError{code: codeServerError, msg: msg} }
func authError(msg string) *wireError     { return &wireError{code: codeAuth, msg: msg} }

// errUnprepared is PreparedQueryNotFoundException: an EXECUTE of an id the
// server does not know, which drivers answer by preparing again.
func errUnprepared(id []byte) *wireError {
	return &wireError{code: codeUnprepared, msg: "Prepared query with ID " + hexID(id) + " not found" +
		" (either the query was not prepared on this host (maybe the host has been restarted?)" +
		" or you have prepared too many queries and it has been evicted from the internal cache)", id: id}
}

func hexID(id []byte) string {
	const digits = "0123456789abcdef"
	b := make([]byte, 0, 2*len(id))
	for _, c := range id {
		b = append(b, digits[c>>4], digits[c&15])
	}
	return string(b)
}

// engineError is the wire form of an engine error: its class's code, its
// message; an AlreadyExists names what the statement creates.
func engineError(e *engine.Error, statement, keyspace string) *wireError {
	code, _ := e.Code.Protocol()
	w := &wireError{code: int32(code), msg: e.Message}
	switch e.Code {
	case engine.AlreadyExists:
		w.ks, w.table, _ = engine.Target(statement, keyspace)
	case engine.Stopped, engine.InvalidDirective:
		w.code = codeServerError
	}
	return w
}

func (e *wireError) body() []byte {
	var w proto.Writer
	w.Int(e.code)
	w.String(e.msg)
	switch e.code {
	case codeAlreadyExists:
		w.String(e.ks)
		w.String(e.table)
	case codeUnprepared:
		w.ShortBytes(e.id)
	}
	return w.B
}

func (c *conn) writeError(version byte, stream int16, e *wireError) {
	c.write(version, 0, stream, proto.OpError, e.body())
}
