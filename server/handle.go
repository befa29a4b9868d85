package server

import (
	"crypto/md5"
	"fmt"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine"
	"github.com/cqlplay/cqlplay/server/proto"
)

// handle answers one request; false closes the connection.
func (c *conn) handle(h proto.Header, body []byte) (keep bool) {
	defer func() {
		// A bug answers its request with a ServerError, never a crash.
		if r := recover(); r != nil {
			c.writeError(h.Version, h.Stream, serverError(fmt.Sprint("cqlplay's server failed on this request (a bug: please report it with the request): ", r)))
			keep = true
		}
	}()
	if msg := proto.CheckOpcode(h); msg != "" {
		c.writeError(h.Version, h.Stream, protocolError(msg))
		return false
	}
	if h.Flags&proto.FlagCustomPayload != 0 && h.Version < 4 {
		c.writeError(h.Version, h.Stream, protocolError("Received frame with CUSTOM_PAYLOAD flag for native protocol version < 4"))
		return false
	}
	if !c.started && h.Opcode != proto.OpOptions && h.Opcode != proto.OpStartup {
		c.writeError(h.Version, h.Stream, protocolError("Unexpected message "+proto.OpName(h.Opcode)+", expecting STARTUP or OPTIONS"))
		return true
	}
	// ServerConnection.validateNewMessage, the later stages.
	switch {
	case c.authenticating && h.Opcode != proto.OpAuthResponse && h.Opcode != opCredentials:
		c.writeError(h.Version, h.Stream, protocolError("Unexpected message "+proto.OpName(h.Opcode)+", expecting SASL_RESPONSE"))
		return true
	case c.started && h.Opcode == proto.OpStartup:
		c.writeError(h.Version, h.Stream, protocolError("Unexpected message STARTUP, the connection is already initialized"))
		return true
	}
	r := proto.NewReader(body)
	tracing := h.Flags&proto.FlagTracing != 0
	if h.Flags&proto.FlagCustomPayload != 0 {
		skipBytesMap(r)
	}
	var res *response
	var werr *wireError
	switch h.Opcode {
	case proto.OpOptions:
		res = c.supported()
	case proto.OpStartup:
		res, werr = c.startup(r)
	case proto.OpRegister:
		res, werr = c.registerFor(r)
	case proto.OpQuery:
		res, werr = c.query(r, tracing)
	case proto.OpPrepare:
		res, werr = c.prepare(r)
	case proto.OpExecute:
		res, werr = c.execute(r, tracing)
	case proto.OpBatch:
		res, werr = c.batch(r, tracing)
	case proto.OpAuthResponse:
		if c.s.opts.Auth.User == "" {
			werr = protocolError("Unexpected message AUTH_RESPONSE")
			break
		}
		res, werr = c.authenticate(r)
	case opCredentials:
		// v1's, a version not served: CredentialsMessage's decoder refuses it.
		werr = protocolError("Legacy credentials authentication is not supported in protocol versions > 1. Please use SASL authentication via a SaslResponse message")
	default:
		werr = protocolError("Unexpected message " + proto.OpName(h.Opcode))
	}
	if werr == nil && r.Err() != nil {
		werr = protocolError("Invalid " + proto.OpName(h.Opcode) + " message: " + r.Err().Error())
	}
	if werr != nil {
		c.writeError(h.Version, h.Stream, werr)
		return werr.code != codeProtocolError
	}
	c.send(h, res)
	if res.event != nil {
		c.s.broadcast("SCHEMA_CHANGE", res.event)
	}
	return true
}

// opCredentials is v1's CREDENTIALS, a request of no version served.
const opCredentials = 0x04

// response is an answer: an opcode and a body, with the tracing id and
// warnings the header flags announce, and the event it sets off.
type response struct {
	op       byte
	body     []byte
	traceID  []byte
	warnings []string
	event    []byte
}

func (c *conn) send(h proto.Header, res *response) {
	var flags byte
	var w proto.Writer
	if res.traceID != nil {
		flags |= proto.FlagTracing
		w.B = append(w.B, res.traceID...)
	}
	if len(res.warnings) > 0 && h.Version >= 4 {
		flags |= proto.FlagWarning
		w.StringList(res.warnings)
	}
	w.B = append(w.B, res.body...)
	c.write(h.Version, flags, h.Stream, res.op, w.B)
}

func skipBytesMap(r *proto.Reader) {
	n := int(r.Short())
	for i := 0; i < n && r.Err() == nil; i++ {
		_ = r.Str()
		r.Bytes()
	}
}

// supported answers OPTIONS (InitialConnectionHandler's SUPPORTED).
func (c *conn) supported() *response {
	var w proto.Writer
	keys := []string{"CQL_VERSION", "COMPRESSION", "PROTOCOL_VERSIONS"}
	w.StringMultimap(keys, map[string][]string{
		"CQL_VERSION":       {engine.VersionOf(c.s.opts.Version).CQL},
		"COMPRESSION":       {"snappy", "lz4"},
		"PROTOCOL_VERSIONS": c.s.protocols.supported,
	})
	return &response{op: proto.OpSupported, body: w.B}
}

// startup answers STARTUP: READY, or AUTHENTICATE when Options.Auth asks
// for a password.
func (c *conn) startup(r *proto.Reader) (*response, *wireError) {
	opts := r.StringMap()
	if r.Err() != nil {
		return nil, protocolError("Invalid STARTUP message: " + r.Err().Error())
	}
	// StartupMessage.execute: LZ4, or Snappy before v5.
	switch comp := strings.ToLower(opts["COMPRESSION"]); comp {
	case "":
	case "lz4":
		c.lz4 = true
	case "snappy":
		if c.version >= 5 {
			return nil, protocolError("Snappy compression is no longer supported. Please switch to the LZ4 compressor or another supported compression implementation.")
		}
		c.snappy = true
	default:
		return nil, protocolError("Unknown compression algorithm: " + comp)
	}
	c.started = true
	if c.s.opts.Auth.User != "" {
		c.authenticating = true
		var w proto.Writer
		w.String(authenticator)
		return &response{op: proto.OpAuthenticate, body: w.B}, nil
	}
	return &response{op: proto.OpReady}, nil
}

// registerFor answers REGISTER: the connection receives those events.
func (c *conn) registerFor(r *proto.Reader) (*response, *wireError) {
	types := r.StringList()
	c.qmu.Lock()
	if c.register == nil {
		c.register = map[string]bool{}
	}
	for _, t := range types {
		switch t {
		case "TOPOLOGY_CHANGE", "STATUS_CHANGE", "SCHEMA_CHANGE":
			c.register[t] = true
		default:
			c.qmu.Unlock()
			return nil, protocolError("Invalid value '" + t + "' for Type")
		}
	}
	c.qmu.Unlock()
	return &response{op: proto.OpReady}, nil
}

// params are a QUERY's or EXECUTE's query parameters.
type params struct {
	values       [][]byte
	unset        []bool
	names        []string
	skipMetadata bool
	pageSize     int
	pagingState  []byte
	keyspace     string
}

// Query flags (native_protocol_v5.spec, section 4.1.4).
const (
	qValues       = 0x01
	qSkipMetadata = 0x02
	qPageSize     = 0x04
	qPagingState  = 0x08
	qSerial       = 0x10
	qTimestamp    = 0x20
	qNames        = 0x40
	qKeyspace     = 0x80
	qNowInSeconds = 0x100
)

// readConsistencyFlags reads what opens a request's parameters: the
// consistency (accepted, and meaningless on one node), then the flags, an
// [int] since v5 and a [byte] before.
func (c *conn) readConsistencyFlags(r *proto.Reader) uint32 {
	r.Short() // consistency
	if c.version >= 5 {
		return uint32(r.Int())
	}
	return uint32(r.Byte())
}

// readParams reads query parameters: the consistency (accepted, and
// meaningless on one node), the flags, and what they announce.
func (c *conn) readParams(r *proto.Reader) params {
	var p params
	flags := c.readConsistencyFlags(r)
	if flags&qValues != 0 {
		n := int(r.Short())
		for i := 0; i < n && r.Err() == nil; i++ {
			if flags&qNames != 0 {
				p.names = append(p.names, r.Str())
			}
			v, unset := r.Value()
			p.values = append(p.values, v)
			p.unset = append(p.unset, unset)
		}
	}
	p.skipMetadata = flags&qSkipMetadata != 0
	p.pageSize = -1
	if flags&qPageSize != 0 {
		p.pageSize = int(r.Int())
	}
	if flags&qPagingState != 0 {
		p.pagingState = r.Bytes()
	}
	if flags&qSerial != 0 {
		r.Short()
	}
	if flags&qTimestamp != 0 {
		r.Long() // the client's default timestamp: writes take the cluster's clock
	}
	if flags&qKeyspace != 0 {
		p.keyspace = r.Str()
	}
	if flags&qNowInSeconds != 0 {
		r.Int()
	}
	return p
}

// query answers QUERY.
func (c *conn) query(r *proto.Reader, tracing bool) (*response, *wireError) {
	q := r.LongString()
	p := c.readParams(r)
	if r.Err() != nil {
		return nil, nil
	}
	ks := c.keyspace
	if p.keyspace != "" {
		ks = p.keyspace
	}
	req := &engine.Request{Statement: q, Keyspace: ks, Values: p.values, Unset: p.unset, Names: p.names,
		PageSize: p.pageSize, PagingState: p.pagingState, Tracing: tracing}
	return c.run(req, p, nil)
}

// run executes a request on the cluster and builds its RESULT.
func (c *conn) run(req *engine.Request, p params, prep *prepared) (*response, *wireError) {
	s := c.s
	s.mu.Lock()
	req.Now = s.now()
	res, err := s.pagedRun(req)
	s.mu.Unlock()
	if err != nil {
		return nil, engineError(err, req.Statement, req.Keyspace)
	}
	return c.result(res, p, prep), nil
}

// Result kinds (section 4.2.5).
const (
	kindVoid         = 0x0001
	kindRows         = 0x0002
	kindSetKeyspace  = 0x0003
	kindPrepared     = 0x0004
	kindSchemaChange = 0x0005
)

// Rows metadata flags.
const (
	mGlobalTableSpec = 0x0001
	mHasMorePages    = 0x0002
	mNoMetadata      = 0x0004
	mMetadataChanged = 0x0008
)

// result encodes a RESULT.
func (c *conn) result(res *engine.Result, p params, prep *prepared) *response {
	out := &response{op: proto.OpResult, traceID: res.TraceID, warnings: res.Warnings}
	var w proto.Writer
	switch res.Kind {
	case engine.SetKeyspaceResult:
		c.keyspace = res.Keyspace
		w.Int(kindSetKeyspace)
		w.String(res.Keyspace)
	case engine.SchemaChangeResult:
		w.Int(kindSchemaChange)
		c.schemaChange(&w, res.Change)
		var ev proto.Writer
		ev.String("SCHEMA_CHANGE")
		c.schemaChange(&ev, res.Change)
		out.event = ev.B
	case engine.RowsResult:
		w.Int(kindRows)
		c.rowsMetadata(&w, res, p, prep)
		w.Int(int32(len(res.Rows)))
		for _, row := range res.Rows {
			for _, v := range row {
				w.Bytes(v)
			}
		}
	default:
		w.Int(kindVoid)
	}
	out.body = w.B
	return out
}

// rowsMetadata writes a Rows result's metadata; with skip_metadata, and
// the columns as the statement was prepared, only the flags and count.
func (c *conn) rowsMetadata(w *proto.Writer, res *engine.Result, p params, prep *prepared) {
	var flags int32
	if res.PagingState != nil {
		flags |= mHasMorePages
	}
	resultID := metadataID(res.Columns)
	skip := p.skipMetadata && prep != nil && resultID == prep.resultID
	// A conditional write's rows always carry their metadata, never flagged
	// as changed, so that clients do not cache it (ExecuteMessage, CASSANDRA-13992).
	changed := c.version >= 5 && prep != nil && prep.p.Result != nil && resultID != prep.resultID
	switch {
	case skip:
		flags |= mNoMetadata
	case changed:
		flags |= mMetadataChanged
	}
	global := !skip && sameTable(res.Columns)
	if global {
		flags |= mGlobalTableSpec
	}
	w.Int(flags)
	w.Int(int32(len(res.Columns)))
	if res.PagingState != nil {
		w.Bytes(res.PagingState)
	}
	if skip {
		return
	}
	if changed {
		w.ShortBytes(resultID[:])
	}
	writeColumns(w, res.Columns, global, c.version)
}

func sameTable(cols []engine.Column) bool {
	for _, col := range cols {
		if col.Keyspace != cols[0].Keyspace || col.Table != cols[0].Table {
			return false
		}
	}
	return len(cols) > 0
}

func writeColumns(w *proto.Writer, cols []engine.Column, global bool, v byte) {
	if global {
		w.String(cols[0].Keyspace)
		w.String(cols[0].Table)
	}
	for _, col := range cols {
		if !global {
			w.String(col.Keyspace)
			w.String(col.Table)
		}
		w.String(col.Name)
		w.Option(col.Type, v)
	}
}

// metadataID is a result metadata's id (v5's result_metadata_id): the MD5
// of its columns' names and types, as ResultMetadata.computeResultMetadataId
// digests them.
func metadataID(cols []engine.Column) [16]byte {
	h := md5.New()
	for _, col := range cols {
		h.Write([]byte(col.Keyspace + "\x00" + col.Table + "\x00" + col.Name + "\x00"))
		if col.Type != nil {
			h.Write([]byte(col.Type.String()))
		}
		h.Write([]byte{0})
	}
	var id [16]byte
	copy(id[:], h.Sum(nil))
	return id
}

// schemaChange writes a SCHEMA_CHANGE's change, target and options.
func (c *conn) schemaChange(w *proto.Writer, ch *engine.SchemaChange) {
	w.String(ch.Change)
	w.String(ch.Target)
	w.String(ch.Keyspace)
	switch ch.Target {
	case "TABLE", "TYPE":
		w.String(ch.Name)
	case "FUNCTION", "AGGREGATE":
		w.String(ch.Name)
		w.StringList(ch.Args)
	}
}

// prepare answers PREPARE.
func (c *conn) prepare(r *proto.Reader) (*response, *wireError) {
	q := r.LongString()
	ks := c.keyspace
	if c.version >= 5 && r.Len() >= 4 {
		if flags := r.Int(); flags&0x01 != 0 {
			ks = r.Str()
		}
	}
	if r.Err() != nil {
		return nil, nil
	}
	s := c.s
	s.mu.Lock()
	p, err := s.sess.Prepare(q, ks)
	var prep *prepared
	if err == nil {
		// QueryProcessor.computeId: the MD5 of the keyspace and the query.
		prep = &prepared{id: md5.Sum([]byte(ks + q)), resultID: metadataID(p.Result), p: p}
		s.remember(prep)
	}
	s.mu.Unlock()
	if err != nil {
		return nil, engineError(err, q, ks)
	}
	var w proto.Writer
	w.Int(kindPrepared)
	w.ShortBytes(prep.id[:])
	if c.version >= 5 {
		w.ShortBytes(prep.resultID[:])
	}
	// The bind variables' metadata.
	global := sameTable(p.Markers)
	var flags int32
	if global {
		flags = mGlobalTableSpec
	}
	w.Int(flags)
	w.Int(int32(len(p.Markers)))
	if c.version >= 4 {
		w.Int(int32(len(p.PartitionKey)))
		for _, i := range p.PartitionKey {
			w.Short(uint16(i))
		}
	}
	writeColumns(&w, p.Markers, global, c.version)
	// The result's metadata.
	global = sameTable(p.Result)
	flags = 0
	if global {
		flags = mGlobalTableSpec
	}
	if len(p.Result) == 0 {
		flags = mNoMetadata
	}
	w.Int(flags)
	w.Int(int32(len(p.Result)))
	if len(p.Result) > 0 {
		writeColumns(&w, p.Result, global, c.version)
	}
	return &response{op: proto.OpResult, body: w.B}, nil
}

// lookup finds a prepared statement by id.
func (c *conn) lookup(id []byte) *prepared {
	if len(id) != 16 {
		return nil
	}
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	return c.s.prepared[[16]byte(id)]
}

// execute answers EXECUTE.
func (c *conn) execute(r *proto.Reader, tracing bool) (*response, *wireError) {
	id := r.ShortBytes()
	if c.version >= 5 {
		r.ShortBytes() // result_metadata_id: the server compares its own
	}
	p := c.readParams(r)
	if r.Err() != nil {
		return nil, nil
	}
	prep := c.lookup(id)
	if prep == nil {
		return nil, errUnprepared(append([]byte(nil), id...))
	}
	if n := len(prep.p.Markers); p.names == nil && !(len(p.values) == 0 && n == 0) && len(p.values) != n {
		// QueryProcessor.processPrepared.
		return nil, invalid("there were " + strconv.Itoa(n) + " markers(?) in CQL but " + strconv.Itoa(len(p.values)) + " bound variables")
	}
	req := &engine.Request{Statement: prep.p.Statement, Keyspace: prep.p.Keyspace, Values: p.values, Unset: p.unset,
		Names: p.names, PageSize: p.pageSize, PagingState: p.pagingState, Tracing: tracing}
	if prep.p.Keyspace == "" {
		req.Keyspace = c.keyspace
	}
	return c.run(req, p, prep)
}

// batch answers BATCH.
func (c *conn) batch(r *proto.Reader, tracing bool) (*response, *wireError) {
	kind := r.Byte()
	n := int(r.Short())
	b := &engine.BatchRequest{Kind: [...]string{"LOGGED", "UNLOGGED", "COUNTER"}[min(int(kind), 2)], Keyspace: c.keyspace, Tracing: tracing}
	var unknown []byte
	for i := 0; i < n && r.Err() == nil; i++ {
		var st engine.Request
		markers := -1
		switch r.Byte() {
		case 0:
			st.Statement = r.LongString()
		default:
			id := r.ShortBytes()
			if prep := c.lookup(id); prep != nil {
				st.Statement = prep.p.Statement
				markers = len(prep.p.Markers)
				if prep.p.Keyspace != "" {
					// A prepared statement keeps the keyspace it was prepared in.
					b.Keyspace = prep.p.Keyspace
				}
			} else if unknown == nil {
				unknown = append([]byte(nil), id...)
			}
		}
		nv := int(r.Short())
		for j := 0; j < nv && r.Err() == nil; j++ {
			v, unset := r.Value()
			st.Values = append(st.Values, v)
			st.Unset = append(st.Unset, unset)
		}
		if markers >= 0 && markers != nv && unknown == nil {
			return nil, invalid("There were " + strconv.Itoa(markers) + " markers(?) in CQL but " + strconv.Itoa(nv) + " bound variables")
		}
		b.Statements = append(b.Statements, st)
	}
	flags := c.readConsistencyFlags(r)
	if flags&qSerial != 0 {
		r.Short()
	}
	if flags&qTimestamp != 0 {
		r.Long()
	}
	if flags&qKeyspace != 0 {
		b.Keyspace = r.Str()
	}
	if flags&qNowInSeconds != 0 {
		r.Int()
	}
	if r.Err() != nil {
		return nil, nil
	}
	if unknown != nil {
		return nil, errUnprepared(unknown)
	}
	if kind > 2 {
		return nil, protocolError("Invalid BATCH message type " + strconv.Itoa(int(kind)))
	}
	s := c.s
	s.mu.Lock()
	b.Now = s.now()
	res, err := s.sess.ExecuteBatch(b)
	s.mu.Unlock()
	if err != nil {
		return nil, engineError(err, "", b.Keyspace)
	}
	return c.result(res, params{}, nil), nil
}
