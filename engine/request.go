package engine

import (
	"encoding/binary"
	"strings"
	"time"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/query"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// The engine as a database server sees it: one statement at a time, with
// values bound to its markers and typed results, for the native-protocol
// server (server/). Scripts (Run) are unchanged: a marker in a script is
// still an error there.

// Type is a CQL type: its Kind, the element types of a collection or tuple,
// a user type's keyspace, name and fields. Values of it are in Cassandra's
// serialized form, which is also the protocol's.
type Type = cqltype.Type

// Kind is a CQL type constructor.
type Kind = cqltype.Kind

// The kinds a Type may have.
const (
	Ascii     = cqltype.Ascii
	Bigint    = cqltype.Bigint
	Blob      = cqltype.Blob
	Boolean   = cqltype.Boolean
	Counter   = cqltype.Counter
	Date      = cqltype.Date
	Decimal   = cqltype.Decimal
	Double    = cqltype.Double
	Duration  = cqltype.Duration
	Float     = cqltype.Float
	Inet      = cqltype.Inet
	Int       = cqltype.Int
	Smallint  = cqltype.Smallint
	Text      = cqltype.Text
	Time      = cqltype.Time
	Timestamp = cqltype.Timestamp
	Timeuuid  = cqltype.Timeuuid
	Tinyint   = cqltype.Tinyint
	UUID      = cqltype.UUID
	Varint    = cqltype.Varint
	List      = cqltype.List
	Set       = cqltype.Set
	Map       = cqltype.Map
	Tuple     = cqltype.Tuple
	UDT       = cqltype.UDT
)

// DefaultKeyspace is the keyspace a session starts in: the playground's
// own, which lessons' scripts write their tables to.
const DefaultKeyspace = schema.DefaultKeyspace

// Column is a column of a result, or the receiver of a bind marker:
// Cassandra's ColumnSpecification.
type Column struct {
	Keyspace, Table, Name string
	Type                  *Type
}

// Request is one statement a client sends: QUERY or EXECUTE.
type Request struct {
	// Statement is one CQL statement (a trailing ';' is allowed).
	Statement string
	// Keyspace is the client's current keyspace ("" for none).
	Keyspace string
	// Values are bound to the statement's markers in order (nil is null);
	// Unset, when set, marks the ones bound to "unset". With Names, each
	// value is bound to the markers of that name instead.
	Values [][]byte
	Unset  []bool
	Names  []string
	// PageSize > 0 pages the rows of a read; PagingState is the state the
	// previous page returned.
	PageSize    int
	PagingState []byte
	// Tracing traces the statement, as cqlsh's TRACING ON does.
	Tracing bool
	// Now moves the cluster's clock forward to it (the server passes the
	// wall clock, so TTLs expire in real time); zero leaves the clock.
	Now time.Time
}

// BatchRequest is a BATCH message: statements with their own values, run
// as one BATCH statement.
type BatchRequest struct {
	// Kind is "LOGGED", "UNLOGGED" or "COUNTER".
	Kind       string
	Statements []Request
	Keyspace   string
	Tracing    bool
	Now        time.Time
}

// ResultKind is the kind of a RESULT message.
type ResultKind uint8

// The result kinds.
const (
	VoidResult ResultKind = iota
	RowsResult
	SetKeyspaceResult
	SchemaChangeResult
)

// Result is what a request returned.
type Result struct {
	Kind ResultKind
	// Columns and Rows are a Rows result: the values in Cassandra's
	// serialized form, nil for null.
	Columns []Column
	Rows    [][][]byte
	// PagingState is set when more rows follow this page.
	PagingState []byte
	// Keyspace is a SetKeyspace result's keyspace, and the keyspace the
	// client is in after the request.
	Keyspace string
	// Change is a SchemaChange result's change.
	Change   *SchemaChange
	Warnings []string
	// TraceID is the traced session's id (16 bytes) under Request.Tracing.
	TraceID []byte
}

// SchemaChange is what a DDL statement changed, as the protocol's
// SCHEMA_CHANGE says it.
type SchemaChange struct {
	// Change is CREATED, UPDATED or DROPPED; Target KEYSPACE, TABLE, TYPE,
	// FUNCTION or AGGREGATE.
	Change, Target string
	Keyspace, Name string
	// Args are a function's or aggregate's argument types.
	Args []string
}

// Prepared is a statement prepared for EXECUTE.
type Prepared struct {
	Statement string
	Keyspace  string
	// Markers are the receivers of its bind markers, in order.
	Markers []Column
	// PartitionKey holds, for each partition key column of the statement's
	// table in order, the index of the marker that binds it; nil unless
	// every one is bound by a marker.
	PartitionKey []int
	// Result is a read's result columns; nil for other statements.
	Result []Column
}

// errNoStatement: a request with no statement in it.
func errNoStatement() *Error {
	return cqlerr.New(cqlerr.SyntaxException, "line 0:-1 no viable alternative at input '<EOF>'")
}

// errNotCQL: a cqlsh command sent to the server, whose parser knows only
// CQL (ANTLR's message for a first word no rule starts with).
func errNotCQL(word string) *Error {
	return cqlerr.New(cqlerr.SyntaxException, "line 1:0 no viable alternative at input '"+word+"'")
}

// parseOne parses the one statement of a request.
func parseOne(text string) (cql.Item, *Error) {
	var it cql.Item
	if !cql.NewReader(text).Next(&it) {
		return it, errNoStatement()
	}
	if it.Err != nil {
		return it, it.Err
	}
	switch x := it.Stmt.(type) {
	case *cql.CqlshCommand:
		// cqlsh's own commands are not CQL: the server's parser rejects them.
		word, _, _ := strings.Cut(strings.TrimSpace(it.Src), " ")
		return it, errNotCQL(word)
	case *cql.Directive:
		_ = x
		return it, errNoStatement()
	}
	return it, nil
}

// partitionKeyIndexes finds, for the table the markers bind, the marker of
// each partition key column.
func (s *Session) partitionKeyIndexes(markers []Column) []int {
	if len(markers) == 0 {
		return nil
	}
	ks := s.db.Schema.Keyspaces[markers[0].Keyspace]
	if ks == nil || ks.Tables[markers[0].Table] == nil {
		return nil
	}
	t := ks.Tables[markers[0].Table]
	var out []int
	for _, c := range t.PartitionKey {
		found := -1
		for i, m := range markers {
			if m.Table == t.Name && m.Keyspace == t.Keyspace && m.Name == c.Name {
				found = i
				break
			}
		}
		if found < 0 {
			return nil
		}
		out = append(out, found)
	}
	return out
}

// resultColumns are a result's columns, named for the table it read.
func resultColumns(res *query.Result) []Column {
	ks, table := "", ""
	if res.Plan != nil {
		ks, table, _ = strings.Cut(res.Plan.Table, ".")
	}
	cols := make([]Column, len(res.Columns))
	for i, name := range res.Columns {
		cols[i] = Column{Keyspace: ks, Table: table, Name: name}
		if i < len(res.Types) {
			cols[i].Type = res.Types[i]
		}
	}
	return cols
}

func (s *Session) execute(it *cql.Item, keyspace string, values [][]byte, unset []bool, names []string, pageSize int, pagingState []byte, tracing bool, now time.Time) (out *Result, err *Error) {
	db := s.db
	db.Keyspace = keyspace
	if us := now.UnixMicro(); !now.IsZero() && us > db.Clock {
		db.Clock = us
	}
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, engineBug(it)
		}
		db.Binds, db.Typed, db.Tracing, db.PageSize = nil, false, false, 0
	}()
	binds, err := s.bind(it, values, unset, names)
	if err != nil {
		return nil, err
	}
	stmt := it.Stmt
	if binds != nil {
		stmt = binds.WithoutUnset(stmt)
	}
	change := s.schemaChangeOf(stmt)
	s.schemaMayChange(stmt)
	db.Binds, db.Typed, db.Tracing, db.PageSize = binds, true, tracing, pageSize
	s.startRun()
	res, err := db.Exec(stmt)
	if err != nil {
		err = s.explain(err, stmt)
		if !err.Pos.IsValid() {
			err = err.At(it.Pos, len(it.Src))
		}
		return nil, err
	}
	out = &Result{Keyspace: db.Keyspace, Warnings: s.warnings(res)}
	switch x := stmt.(type) {
	case *cql.Use:
		out.Kind = SetKeyspaceResult
	case *cql.Describe:
		out.Kind = RowsResult
		out.Columns, out.Rows = s.describeRows(x, res.Text)
	default:
		if change != nil {
			out.Kind, out.Change = SchemaChangeResult, change
		} else if res.Columns != nil && res.Text == "" {
			out.Kind = RowsResult
			out.Columns = resultColumns(res)
			out.Rows = res.Values
			if len(res.Values) != len(res.Rows) || len(res.Types) != len(res.Columns) {
				// A result the engine did not type: its text, as text,
				// rather than no rows.
				out.Columns, out.Rows = textRows(out.Columns, res)
			}
			out.Rows, out.PagingState = page(out.Rows, pageSize, pagingState)
		}
	}
	if tracing {
		o := Outcome{Statement: it.Src, Line: 1, Plan: res.Plan}
		if res.Columns != nil {
			o.Columns = res.Columns
		}
		n := len(db.Traces)
		s.attachTrace(&o)
		if len(db.Traces) > n {
			out.TraceID = db.Traces[len(db.Traces)-1].ID
		}
	}
	return out, nil
}

// textRows is a result's rows as cqlsh prints them, every column text.
func textRows(cols []Column, res *query.Result) ([]Column, [][][]byte) {
	for i := range cols {
		cols[i].Type = cqltype.TextType
	}
	nulls := map[[2]int]bool{}
	for _, n := range res.Nulls {
		nulls[n] = true
	}
	rows := make([][][]byte, len(res.Rows))
	for i, r := range res.Rows {
		rows[i] = make([][]byte, len(r))
		for j, v := range r {
			if !nulls[[2]int{i, j}] {
				rows[i][j] = []byte(v)
			}
		}
	}
	return cols, rows
}

// bind checks the values bound to a statement's markers against the types
// of their receivers (Cassandra's serializers' checks) and returns them
// ready for the engine; nil for a statement without markers.
func (s *Session) bind(it *cql.Item, values [][]byte, unset []bool, names []string) (*query.Binds, *Error) {
	if it.Markers == 0 && len(values) == 0 {
		return nil, nil
	}
	key := specKey{s.db.Keyspace, it.Src}
	specs, ok := s.specs[key]
	if !ok {
		var err *Error
		if specs, _, err = s.db.Prepare(it.Stmt, it.Markers); err != nil {
			return nil, err
		}
		if s.specs == nil || len(s.specs) > maxSpecs {
			s.specs = map[specKey][]query.BindSpec{}
		}
		s.specs[key] = specs
	}
	if names != nil {
		values, unset = byName(specs, values, unset, names)
	}
	if len(values) != len(specs) {
		return nil, query.ErrBindVariables()
	}
	b := &query.Binds{Values: make([][]byte, len(values)), Unset: make([]bool, len(values))}
	for i, v := range values {
		if i < len(unset) && unset[i] {
			b.Unset[i] = true
			continue
		}
		nv, err := specs[i].Type.Validate(v)
		if err != nil {
			return nil, err
		}
		b.Values[i] = nv
	}
	return b, nil
}

// byName orders values given by name as the statement's markers are: each
// marker takes the value of its name (a :name marker's name, a ? its
// receiver's), as QueryOptions.OptionsWithNames.prepare does.
func byName(specs []query.BindSpec, values [][]byte, unset []bool, names []string) ([][]byte, []bool) {
	outV := make([][]byte, len(specs))
	outU := make([]bool, len(specs))
	for i, sp := range specs {
		name := sp.Name
		// A marker no value names stays null (OptionsWithNames.prepare).
		for j, n := range names {
			if n == name {
				outV[i], outU[i] = values[j], j < len(unset) && unset[j]
				break
			}
		}
	}
	return outV, outU
}

// page cuts rows to one page: the rows after the state's offset, at most
// size of them, and the state of the next page when rows remain. (The
// statement is run again for every page: a write between two pages may
// shift the rows, which a real cluster's paging would not.)
func page(rows [][][]byte, size int, state []byte) ([][][]byte, []byte) {
	if size <= 0 {
		return rows, nil
	}
	start := 0
	if len(state) == 8 {
		start = int(min(binary.BigEndian.Uint64(state), uint64(len(rows))))
	}
	end := min(start+size, len(rows))
	var next []byte
	if end < len(rows) {
		next = binary.BigEndian.AppendUint64(nil, uint64(end))
	}
	return rows[start:end], next
}

// schemaChangeOf says what a DDL statement will change, before it runs,
// or nil: not DDL, or an IF [NOT] EXISTS that will change nothing.
func (s *Session) schemaChangeOf(stmt cql.Statement) *SchemaChange {
	db := s.db
	ksOf := func(q cql.QualifiedName) string {
		if q.Keyspace.Name != "" {
			return q.Keyspace.Name
		}
		return db.Keyspace
	}
	hasTable := func(q cql.QualifiedName) bool {
		ks := db.Schema.Keyspaces[ksOf(q)]
		return ks != nil && ks.Tables[q.Name.Name] != nil
	}
	hasType := func(q cql.QualifiedName) bool {
		ks := db.Schema.Keyspaces[ksOf(q)]
		if ks == nil {
			return false
		}
		for _, t := range ks.Types {
			if t.Name == q.Name.Name {
				return true
			}
		}
		return false
	}
	table := func(change string, q cql.QualifiedName) *SchemaChange {
		return &SchemaChange{Change: change, Target: "TABLE", Keyspace: ksOf(q), Name: q.Name.Name}
	}
	switch x := stmt.(type) {
	case *cql.CreateKeyspace:
		if x.IfNotExists && db.Schema.Keyspaces[x.Name.Name] != nil {
			return nil
		}
		return &SchemaChange{Change: "CREATED", Target: "KEYSPACE", Keyspace: x.Name.Name}
	case *cql.AlterKeyspace:
		return &SchemaChange{Change: "UPDATED", Target: "KEYSPACE", Keyspace: x.Name.Name}
	case *cql.DropKeyspace:
		if x.IfExists && db.Schema.Keyspaces[x.Name.Name] == nil {
			return nil
		}
		return &SchemaChange{Change: "DROPPED", Target: "KEYSPACE", Keyspace: x.Name.Name}
	case *cql.CreateTable:
		if x.IfNotExists && hasTable(x.Table) {
			return nil
		}
		return table("CREATED", x.Table)
	case *cql.AlterTable:
		if x.UserType {
			if x.IfExists && !hasType(x.Table) {
				return nil
			}
			return &SchemaChange{Change: "UPDATED", Target: "TYPE", Keyspace: ksOf(x.Table), Name: x.Table.Name.Name}
		}
		if x.IfExists && !hasTable(x.Table) {
			return nil
		}
		return table("UPDATED", x.Table)
	case *cql.DropIndex:
		// Dropping an index changes its base table.
		t, _ := db.Schema.FindIndex(ksOf(x.Name), x.Name.Name.Name)
		if t == nil {
			return nil
		}
		return &SchemaChange{Change: "UPDATED", Target: "TABLE", Keyspace: t.Keyspace, Name: t.Name}
	case *cql.DropTable:
		if x.IfExists && !hasTable(x.Table) {
			return nil
		}
		return table("DROPPED", x.Table)
	case *cql.CreateView:
		if x.IfNotExists && hasTable(x.Name) {
			return nil
		}
		return table("CREATED", x.Name)
	case *cql.DropView:
		if x.IfExists && !hasTable(x.Name) {
			return nil
		}
		return table("DROPPED", x.Name)
	case *cql.CreateIndex:
		// An index changes its base table (SchemaChange TABLE UPDATED).
		return table("UPDATED", x.Table)
	case *cql.CreateType:
		if x.IfNotExists && hasType(x.Name) {
			return nil
		}
		return &SchemaChange{Change: "CREATED", Target: "TYPE", Keyspace: ksOf(x.Name), Name: x.Name.Name.Name}
	case *cql.DropType:
		if x.IfExists && !hasType(x.Name) {
			return nil
		}
		return &SchemaChange{Change: "DROPPED", Target: "TYPE", Keyspace: ksOf(x.Name), Name: x.Name.Name.Name}
	case *cql.CreateFunction:
		return &SchemaChange{Change: "CREATED", Target: "FUNCTION", Keyspace: ksOf(x.Name), Name: x.Name.Name.Name}
	case *cql.CreateAggregate:
		return &SchemaChange{Change: "CREATED", Target: "AGGREGATE", Keyspace: ksOf(x.Name), Name: x.Name.Name.Name}
	case *cql.DropFunction:
		target := "FUNCTION"
		if x.Aggregate {
			target = "AGGREGATE"
		}
		return &SchemaChange{Change: "DROPPED", Target: target, Keyspace: ksOf(x.Name), Name: x.Name.Name.Name}
	}
	return nil
}

// specKey names a statement bound values were checked for: the keyspace it
// ran in and its text.
type specKey struct{ keyspace, src string }

// maxSpecs bounds the statements whose marker receivers are kept.
const maxSpecs = 1024

// schemaMayChange forgets the kept marker receivers before a statement
// that may change the schema (any but DML, SELECT and USE) runs.
func (s *Session) schemaMayChange(stmt cql.Statement) {
	switch stmt.(type) {
	case *cql.Select, *cql.Insert, *cql.Update, *cql.Delete, *cql.Batch, *cql.Use:
		return
	}
	s.specs = nil
}
