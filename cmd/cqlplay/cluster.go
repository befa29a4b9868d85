package main

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/gocql/gocql"

	"github.com/cqlplay/cqlplay/engine"
)

// `cqlplay run --cluster HOST:PORT`: the script runs statement by statement
// through gocql against a cluster (a real Cassandra, or `cqlplay serve`),
// and each answer becomes the Outcome the engine would have given, so that
// it prints as `cqlplay run` prints: values in cqlsh's format (the engine
// formats the bytes the server sent, by the types it said), errors with
// their class and message.

// clusterSession connects to addr and runs scripts there.
func clusterSession(addr string) (session, func(), error) {
	c, err := dialCluster(addr)
	if err != nil {
		return session{}, nil, err
	}
	return session{run: c.run, layout: func(string, string) (string, error) {
		return "", errors.New("--layout needs the engine: it is not available with --cluster")
	}}, func() { c.s.Close() }, nil
}

// dialCluster connects to addr, in no keyspace.
func dialCluster(addr string) (*clusterClient, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	p, err := strconv.Atoi(port)
	if err != nil {
		return nil, fmt.Errorf("bad port in %q", addr)
	}
	c := &clusterClient{host: host, port: p}
	if err := c.connect(""); err != nil {
		return nil, err
	}
	return c, nil
}

type clusterClient struct {
	host string
	port int
	s    *gocql.Session
}

// connect opens a session in keyspace ks: gocql runs no USE statement, so
// a USE opens a session in the new keyspace.
func (c *clusterClient) connect(ks string) error {
	cluster := gocql.NewCluster(c.host)
	cluster.Port = c.port
	cluster.Keyspace = ks
	cluster.Timeout = time.Minute
	cluster.ConnectTimeout = 30 * time.Second
	cluster.NumConns = 1
	cluster.WriteCoalesceWaitTime = 0
	// A conditional write's [applied] row has columns its prepared form does
	// not announce: every answer must carry its own metadata.
	cluster.DisableSkipMetadata = true
	s, err := cluster.CreateSession()
	if err != nil {
		return err
	}
	if c.s != nil {
		c.s.Close()
	}
	c.s = s
	return nil
}

func (c *clusterClient) run(script string) []engine.Outcome {
	var outs []engine.Outcome
	for _, st := range engine.Statements(script) {
		o := engine.Outcome{Statement: st.Text, Line: st.Line}
		switch {
		case st.Err != nil:
			o.Error = st.Err
		case st.Local:
			o.Error = &engine.Error{Code: engine.InvalidRequest, Message: "not CQL: a cqlsh command or a playground directive cannot run on a cluster"}
		default:
			c.exec(&o)
		}
		outs = append(outs, o)
	}
	return outs
}

// exec runs one statement and fills its outcome.
func (c *clusterClient) exec(o *engine.Outcome) {
	if ks, ok := useKeyspace(o.Statement); ok {
		if err := c.connect(ks); err != nil {
			o.Error = outcomeError(err)
		}
		return
	}
	iter := c.s.Query(o.Statement).Iter()
	cols := iter.Columns()
	if len(cols) > 0 {
		o.Columns = make([]string, len(cols))
		types := make([]*engine.Type, len(cols))
		for i, col := range cols {
			o.Columns[i] = col.Name
			types[i] = engineType(col.TypeInfo)
		}
		// gocql scans a tuple column field by field, into one destination
		// each: their bytes are joined again into the tuple's.
		var dest []any
		fields := make([][]rawValue, len(cols))
		for i, col := range cols {
			n := 1
			if tt, ok := col.TypeInfo.(gocql.TupleTypeInfo); ok {
				n = len(tt.Elems)
			}
			fields[i] = make([]rawValue, n)
			for j := range fields[i] {
				dest = append(dest, &fields[i][j])
			}
		}
		for iter.Scan(dest...) {
			row := make([]string, len(cols))
			for i := range cols {
				v := fields[i][0]
				if _, ok := cols[i].TypeInfo.(gocql.TupleTypeInfo); ok {
					v = joinTuple(fields[i])
				}
				if v.data == nil {
					row[i] = "null"
					o.Nulls = append(o.Nulls, [2]int{len(o.Rows), i})
				} else {
					row[i] = types[i].Format(v.data)
				}
			}
			o.Rows = append(o.Rows, row)
		}
		if o.Rows == nil {
			o.Rows = [][]string{}
		}
	}
	o.Warnings = iter.Warnings()
	if err := iter.Close(); err != nil {
		o.Columns, o.Rows, o.Nulls = nil, nil, nil
		o.Error = outcomeError(err)
	}
}

// rawValue keeps a value's bytes as the server sent them.
type rawValue struct{ data []byte }

func (r *rawValue) UnmarshalCQL(_ gocql.TypeInfo, data []byte) error {
	if data == nil {
		r.data = nil
		return nil
	}
	r.data = append(make([]byte, 0, len(data)), data...)
	return nil
}

// joinTuple serializes a tuple's fields again: each an int32 length (-1
// for null) and its bytes. gocql reads a null tuple as null fields, so a
// tuple of nulls alone prints as null.
func joinTuple(fields []rawValue) rawValue {
	null := true
	for _, f := range fields {
		null = null && f.data == nil
	}
	if null {
		return rawValue{}
	}
	b := []byte{}
	for _, f := range fields {
		if f.data == nil {
			b = append(b, 0xff, 0xff, 0xff, 0xff)
			continue
		}
		n := len(f.data)
		b = append(b, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
		b = append(b, f.data...)
	}
	return rawValue{data: b}
}

// useKeyspace reads the keyspace of a USE statement.
func useKeyspace(stmt string) (string, bool) {
	f := strings.Fields(stmt)
	if len(f) != 2 || !strings.EqualFold(f[0], "USE") {
		return "", false
	}
	ks := f[1]
	if strings.HasPrefix(ks, `"`) {
		return strings.ReplaceAll(strings.Trim(ks, `"`), `""`, `"`), true
	}
	return strings.ToLower(ks), true
}

// outcomeError is a driver error as the engine reports errors: the class
// named by the error's code, the server's message.
func outcomeError(err error) *engine.Error {
	var re gocql.RequestError
	if !errors.As(err, &re) {
		return &engine.Error{Code: engine.ServerError, Message: err.Error()}
	}
	code := engine.ErrorCode("Error " + strconv.Itoa(re.Code()))
	for _, c := range []engine.ErrorCode{engine.SyntaxException, engine.InvalidRequest, engine.AlreadyExists,
		engine.ConfigurationException, engine.Unauthorized, engine.ServerError} {
		if n, _ := c.Protocol(); n == re.Code() {
			code = c
		}
	}
	return &engine.Error{Code: code, Message: re.Message()}
}

// engineType is the engine's type for a type gocql read from metadata.
func engineType(info gocql.TypeInfo) *engine.Type {
	switch t := info.(type) {
	case gocql.CollectionType:
		switch t.Type() {
		case gocql.TypeList:
			return engine.ListOf(engineType(t.Elem), false)
		case gocql.TypeSet:
			return engine.SetOf(engineType(t.Elem), false)
		case gocql.TypeMap:
			return engine.MapOf(engineType(t.Key), engineType(t.Elem), false)
		}
	case gocql.TupleTypeInfo:
		elems := make([]*engine.Type, len(t.Elems))
		for i, e := range t.Elems {
			elems[i] = engineType(e)
		}
		return engine.TupleOf(elems...)
	case gocql.UDTTypeInfo:
		names := make([]string, len(t.Elements))
		types := make([]*engine.Type, len(t.Elements))
		for i, f := range t.Elements {
			names[i], types[i] = f.Name, engineType(f.Type)
		}
		return engine.UserTypeOf(t.KeySpace, t.Name, names, types, true)
	}
	if k, ok := simpleKinds[info.Type()]; ok {
		return engine.SimpleType(k)
	}
	if info.Type() == gocql.TypeCustom && strings.HasSuffix(info.Custom(), "DurationType") {
		return engine.SimpleType(engine.Duration)
	}
	return engine.SimpleType(engine.Blob)
}

var simpleKinds = map[gocql.Type]engine.Kind{
	gocql.TypeAscii: engine.Ascii, gocql.TypeBigInt: engine.Bigint, gocql.TypeBlob: engine.Blob,
	gocql.TypeBoolean: engine.Boolean, gocql.TypeCounter: engine.Counter, gocql.TypeDecimal: engine.Decimal,
	gocql.TypeDouble: engine.Double, gocql.TypeFloat: engine.Float, gocql.TypeInt: engine.Int,
	gocql.TypeText: engine.Text, gocql.TypeVarchar: engine.Text, gocql.TypeTimestamp: engine.Timestamp,
	gocql.TypeUUID: engine.UUID, gocql.TypeVarint: engine.Varint, gocql.TypeTimeUUID: engine.Timeuuid,
	gocql.TypeInet: engine.Inet, gocql.TypeDate: engine.Date, gocql.TypeTime: engine.Time,
	gocql.TypeSmallInt: engine.Smallint, gocql.TypeTinyInt: engine.Tinyint, gocql.TypeDuration: engine.Duration,
}
