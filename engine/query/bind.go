package query

import (
	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// Bind markers, for the native-protocol server's prepared statements. A
// playground script cannot bind values (the session rejects a statement
// with markers), so DB.Binds is nil there and a marker stays an error.
//
// A statement is prepared by running it once, with Collect set, on a copy
// of the cluster that is then thrown away (Prepare): each marker the
// statement evaluates records the receiver it is evaluated for (a column,
// in(c), [limit], [ttl], [timestamp], partition key token, ...), as
// Cassandra's VariableSpecifications does while it prepares, and stands for
// a sample value of that type so that the statement goes on to its next
// marker. Executing binds Values by marker index.

// Binds are the values bound to a statement's markers, by index, or the
// receivers a prepared statement's markers record.
type Binds struct {
	// Values hold the value bound to each marker (nil: null), already
	// checked against the marker's type (cqltype.Validate).
	Values [][]byte
	// Unset marks the markers bound to the protocol's unset value.
	Unset []bool
	// Collect records the markers' receivers in Specs instead of binding,
	// each marker standing for the value sample gives for its type (a
	// function value, so that a build that never prepares, the
	// WebAssembly one, does not link it).
	Collect bool
	Specs   []BindSpec
	sample  func(*cqltype.Type) cqltype.Value
}

// BindSpec is the receiver of one marker: Cassandra's ColumnSpecification.
type BindSpec struct {
	Keyspace, Table, Name string
	Type                  *cqltype.Type
}

// isUnset reports whether e is a marker bound to the unset value.
func (b *Binds) isUnset(e cql.Expr) bool {
	m, ok := e.(*cql.BindMarker)
	return ok && b != nil && !b.Collect && m.Index < len(b.Unset) && b.Unset[m.Index]
}

// bindMarker evaluates marker m for a receiver of type want.
func (db *DB) bindMarker(m *cql.BindMarker, want *cqltype.Type, receiver string) (cqltype.Value, *cqlerr.Error) {
	b := db.Binds
	if b == nil {
		return nil, errBindMarker(m)
	}
	if b.Collect {
		for len(b.Specs) <= m.Index {
			b.Specs = append(b.Specs, BindSpec{})
		}
		// VariableSpecifications: a named marker's receiver takes its name.
		spec := BindSpec{Name: receiver, Type: want}
		if m.Name != "" {
			spec.Name = m.Name
		}
		if db.recv != nil {
			spec.Keyspace, spec.Table = db.recv.Keyspace, db.recv.Name
		}
		if b.Specs[m.Index].Type == nil {
			b.Specs[m.Index] = spec
		}
		return b.sample(want), nil
	}
	if m.Index >= len(b.Values) {
		return nil, ErrBindVariables()
	}
	if b.Unset[m.Index] {
		return nil, errUnsetValue(receiver)
	}
	return b.Values[m.Index], nil
}

// errPrepared stops a statement being prepared once its markers are all
// recorded, where running on would need their values (INSERT JSON ?).
var errPrepared = &cqlerr.Error{Code: cqlerr.InvalidRequest, Message: "prepared"}

// errUnsetValue: an unset value where the statement needs one
// (Constants.Marker and the restrictions' bind: "Invalid unset value for
// column k"; other receivers say their own name).
func errUnsetValue(receiver string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid unset value for column " + receiver)
}

// sampleValue is a valid, non-empty value of t that a prepared statement's
// marker stands for while the statement is prepared: positive (a LIMIT),
// small (a TTL), a version 1 UUID for a timeuuid.
func sampleValue(t *cqltype.Type) cqltype.Value {
	switch t.Kind {
	case cqltype.Ascii, cqltype.Text:
		return cqltype.TextValue("a")
	case cqltype.Blob:
		return []byte{0}
	case cqltype.Boolean:
		return cqltype.BoolValue(true)
	case cqltype.Tinyint:
		return cqltype.Int8Value(1)
	case cqltype.Smallint:
		return cqltype.Int16Value(1)
	case cqltype.Int:
		return cqltype.Int32Value(1)
	case cqltype.Bigint, cqltype.Counter, cqltype.Timestamp, cqltype.Time:
		return cqltype.Int64Value(1)
	case cqltype.Float:
		return cqltype.FloatValue(1)
	case cqltype.Double:
		return cqltype.DoubleValue(1)
	case cqltype.Date:
		return cqltype.DateValue(0)
	case cqltype.Inet:
		return []byte{127, 0, 0, 1}
	case cqltype.Duration:
		return cqltype.DurationValue(0, 0, 1)
	case cqltype.UUID:
		return []byte{0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1}
	case cqltype.Timeuuid:
		return cqltype.TimeUUID(1, 0, 0)
	case cqltype.Varint:
		return []byte{1}
	case cqltype.Decimal:
		return []byte{0, 0, 0, 0, 1}
	case cqltype.List:
		return t.Join(nil, []cqltype.Value{sampleValue(t.Elems[0])})
	case cqltype.Set:
		return t.Join([]cqltype.Value{sampleValue(t.Elems[0])}, nil)
	case cqltype.Map:
		return t.Join([]cqltype.Value{sampleValue(t.Elems[0])}, []cqltype.Value{sampleValue(t.Elems[1])})
	case cqltype.Tuple, cqltype.UDT:
		fields := make([]cqltype.Value, len(t.Elems))
		for i, f := range t.Elems {
			fields[i] = sampleValue(f)
		}
		return cqltype.JoinFields(fields)
	}
	return []byte{0}
}

// WithoutUnset returns stmt without what its unset markers leave out, as
// Cassandra skips them when it executes: an INSERT column or an UPDATE
// assignment whose value is unset is not written, an unset USING TTL or
// TIMESTAMP or LIMIT is as if not given. stmt itself is not changed.
func (b *Binds) WithoutUnset(stmt cql.Statement) cql.Statement {
	if b == nil || b.Collect {
		return stmt
	}
	switch s := stmt.(type) {
	case *cql.Insert:
		c := *s
		c.Columns, c.Values = nil, nil
		for i, v := range s.Values {
			if !b.isUnset(v) && i < len(s.Columns) {
				c.Columns = append(c.Columns, s.Columns[i])
				c.Values = append(c.Values, v)
			}
		}
		c.Using = b.using(s.Using)
		return &c
	case *cql.Update:
		c := *s
		c.Assignments = nil
		for _, a := range s.Assignments {
			if !b.isUnset(a.Value) && (a.Key == nil || !b.isUnset(a.Key)) {
				c.Assignments = append(c.Assignments, a)
			}
		}
		c.Using = b.using(s.Using)
		return &c
	case *cql.Delete:
		c := *s
		c.Using = b.using(s.Using)
		return &c
	case *cql.Select:
		c := *s
		if b.isUnset(c.Limit) {
			c.Limit = nil
		}
		if b.isUnset(c.PerPartitionLimit) {
			c.PerPartitionLimit = nil
		}
		return &c
	case *cql.Batch:
		c := *s
		c.Using = b.using(s.Using)
		c.Statements = make([]cql.Statement, len(s.Statements))
		for i, st := range s.Statements {
			c.Statements[i] = b.WithoutUnset(st)
		}
		return &c
	}
	return stmt
}

func (b *Binds) using(u cql.Using) cql.Using {
	if b.isUnset(u.TTL) {
		u.TTL = nil
	}
	if b.isUnset(u.Timestamp) {
		u.Timestamp = nil
	}
	return u
}

// markerList evaluates a marker that stands for a whole list of values (IN ?,
// a tuple's (a, b) IN ?): a list<want> value split into its elements.
func (db *DB) markerList(m *cql.BindMarker, want *cqltype.Type, receiver string) ([]cqltype.Value, *cqlerr.Error) {
	lt := cqltype.ListOf(want, false)
	v, err := db.bindMarker(m, lt, receiver)
	if err != nil || v == nil {
		return nil, err
	}
	_, vals := lt.Elements(v)
	return vals, nil
}

// tupleMarker evaluates a marker for a whole tuple of columns, (b, c) = ?:
// its receiver is the tuple of their types, named (b,c) as
// Tuples.makeReceiver names it.
func (db *DB) tupleMarker(cols []*schema.Column, m *cql.BindMarker) ([]cqltype.Value, *cqlerr.Error) {
	types := make([]*cqltype.Type, len(cols))
	name := "("
	for i, c := range cols {
		types[i] = c.Type
		if i > 0 {
			name += ","
		}
		name += c.Name
	}
	tt := cqltype.TupleOf(types...)
	v, err := db.bindMarker(m, tt, name+")")
	if err != nil {
		return nil, err
	}
	if v == nil {
		return nil, errNullValue(name + ")")
	}
	fields, _ := tt.Fields(v)
	for len(fields) < len(cols) {
		fields = append(fields, nil)
	}
	return fields, nil
}

// Prepare prepares stmt, which has markers markers, as PREPARE does: it
// runs it once on a throwaway copy of the cluster with every marker
// recording its receiver (Binds.Collect), and returns the receivers in
// marker order and the run's result (a read's columns and their types).
// An error is the statement's own, as preparing it would give.
func (db *DB) Prepare(stmt cql.Statement, markers int) ([]BindSpec, *Result, *cqlerr.Error) {
	tmp := db.Fork().Resume()
	tmp.Binds = &Binds{Collect: true, sample: sampleValue}
	tmp.Typed = true
	tmp.Limits = Limits{}
	res, err := tmp.Exec(stmt)
	if err == errPrepared {
		res, err = nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	specs := tmp.Binds.Specs
	for len(specs) < markers {
		specs = append(specs, BindSpec{})
	}
	for i := range specs {
		if specs[i].Type == nil {
			// A marker the statement never evaluated (a selector, a
			// collection element): Cassandra has no receiver for it either.
			return nil, nil, ErrBindVariables()
		}
	}
	return specs, res, nil
}
