package query

import (
	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/ring"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
	"github.com/cqlplay/cqlplay/engine/version"
)

// DB is one simulated cluster: its schema, its data and its clock.
type DB struct {
	Schema   *schema.Schema
	data     map[*schema.Table]*store.Table
	Keyspace string
	// Clock is the virtual time in microseconds since the epoch. Every
	// statement advances it by one microsecond, so writes without USING
	// TIMESTAMP are ordered as the script orders them.
	Clock int64
	// Version is the Cassandra version simulated: its facts and the
	// predicates (Before, AtLeast) version-dependent rules ask.
	Version *version.V
	rng     uint64
	// Limits bound the work of one run; the session sets them.
	Limits Limits
	// PageSize is the page size the client asks for, cqlsh's PAGING: 0 when
	// paging is off. Only the ORDER BY with IN check reads it.
	PageSize int
	// Tracing is cqlsh's TRACING ON: reads record their Plan.Trace.
	Tracing bool
	rows    int
	// fmtBuf is the buffer results are formatted into, kept between queries
	// (reader.formatRows).
	fmtBuf []byte
	// Ring is the simulated cluster's token ring.
	Ring *ring.Ring
	// Traces are the requests TRACING ON traced, which system_traces lists.
	Traces []TraceSession
	// listSeq orders list elements appended within one microsecond.
	listSeq int64
	// pending collects the warnings of the statement being executed, and
	// pendingAdvice its advice.
	pending       []string
	pendingAdvice []Advice
	advice        advice
	views         map[*schema.Table]*viewState
	// templates are the prepared INSERTs later statements of the same shape
	// bind their values into, and matched the one InsertTemplate found
	// (prepared.go).
	templates []*insertTemplate
	matched   *insertTemplate
	// own is, once the session forks (fork.go), the live copy's ownership
	// of the data it shares with its snapshots; nil before.
	own *store.Owner
	// lastFork is the schema copy Fork last made, with the copy of each
	// table, which the next fork shares unless schemaChanged: set by every
	// statement that may change the schema (any but DML, SELECT and USE;
	// a read of a system table, which is rebuilt, too).
	lastFork struct {
		schema *schema.Schema
		tables map[*schema.Table]*schema.Table
	}
	schemaChanged bool
	// recv is the table of the statement being prepared, whose columns
	// receive its terms: FunctionResolver makes token() for it (TokenFct
	// over the receiver's keyspace and table). Set by lookupTable.
	recv *schema.Table
	// Binds are the values bound to the statement's markers (bind.go); nil
	// in a playground script, whose markers are errors.
	Binds *Binds
	// Typed asks reads for their values as well as their text
	// (Result.Types and Values), which the native-protocol server sends.
	Typed bool
}

// Limits bounds a run. Zero fields are unbounded.
type Limits struct {
	MaxRows int
	// Deadline is checked periodically during long scans and writes; it
	// returns true when the run must stop.
	Deadline func() bool
}

// New returns an empty cluster starting at clock (micros) with a seeded
// generator for now() and uuid(), simulating the Cassandra version named
// (version.Default when it is none of version.All).
func New(clock int64, seed uint64, name string) *DB {
	if seed == 0 {
		seed = 0x9E3779B97F4A7C15
	}
	v, _ := version.Of(name)
	return &DB{
		Schema:   schema.New(),
		data:     map[*schema.Table]*store.Table{},
		Keyspace: schema.DefaultKeyspace,
		Clock:    clock,
		Version:  v,
		rng:      seed,
		Ring:     ring.New(3, 16, 1),
		PageSize: cqlshPageSize,
	}
}

// Data returns the store of table t, creating it on first use.
func (db *DB) Data(t *schema.Table) *store.Table {
	d := db.data[t]
	if d == nil {
		d = store.NewTable(t)
		if db.own != nil {
			d.SetOwner(db.own)
		}
		db.data[t] = d
	}
	return d
}

// NowSeconds is the clock in seconds, Cassandra's nowInSec.
func (db *DB) NowSeconds() int64 { return floorDiv(db.Clock, 1_000_000) }

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// next returns the next pseudo-random 64-bit number (splitmix64), for now()
// and uuid(): seeded, so a script always produces the same values.
func (db *DB) next() uint64 {
	db.rng += 0x9E3779B97F4A7C15
	z := db.rng
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// Result is what one statement returns besides an error.
type Result struct {
	Columns  []string
	Rows     [][]string
	Nulls    [][2]int
	Text     string
	Warnings []string
	Plan     *Plan
	// Types and Values are the result set typed: each column's type and
	// each row's values in Cassandra's serialized form (nil: null). A read
	// sets them under DB.Typed; a conditional write always does.
	Types  []*cqltype.Type
	Values [][]cqltype.Value
}

// Plan says what a statement cost (see engine.Plan, an alias of this type).
type Plan struct {
	Kind              string
	Table             string
	PartitionsRead    int
	RowsRead          int
	RowsReturned      int
	CellsRead         int
	TombstonesScanned int
	Filtering         bool
	Index             string
	AllPartitions     bool
	Partitions        []int64
	Nodes             []int
	// Trace is what a read under TRACING ON recorded for its trace
	// (DB.Tracing); nil otherwise, and never in the JSON.
	Trace *TraceFacts
}

// Exec runs one statement.
func (db *DB) Exec(stmt cql.Statement) (*Result, *cqlerr.Error) {
	db.pending, db.pendingAdvice = db.pending[:0], nil
	db.recv = nil
	db.keepTemplate(stmt)
	switch stmt.(type) {
	case *cql.Select, *cql.Insert, *cql.Update, *cql.Delete, *cql.Batch, *cql.Use:
	default:
		db.schemaChanged = true
	}
	res, err := db.exec(stmt)
	db.Clock++
	if err != nil {
		return nil, err
	}
	if res == nil {
		res = &Result{}
	}
	db.endWarnings(res)
	return res, nil
}

// warn adds a warning to the statement being executed.
func (db *DB) warn(msgs ...string) { db.pending = append(db.pending, msgs...) }

// advise adds advice to the statement being executed.
func (db *DB) advise(as ...Advice) { db.pendingAdvice = append(db.pendingAdvice, as...) }

// endWarnings adds the statement's pending warnings to res.
func (db *DB) endWarnings(res *Result) {
	if len(db.pending) > 0 {
		res.Warnings = append(res.Warnings, db.pending...)
	}
}

// Advice is the playground's modeling advice on the statement Exec or
// ExecPrepared ran last, to follow its Warnings: each piece's rule and
// values, which the facade words in the session's language
// (engine/internal/explain). It is kept on the DB, not in the Result,
// which every statement allocates: a field more there cost a 100,000-row
// fill 3 MB.
func (db *DB) Advice() []Advice { return db.pendingAdvice }

func (db *DB) exec(stmt cql.Statement) (res *Result, err *cqlerr.Error) {
	switch s := stmt.(type) {
	case *cql.Select:
		return db.execSelect(s)
	case *cql.Insert:
		return db.execInsert(s)
	case *cql.Update:
		return db.execUpdate(s)
	case *cql.Delete:
		return db.execDelete(s)
	case *cql.Batch:
		return db.execBatch(s)
	case *cql.CreateKeyspace:
		return db.createKeyspace(s)
	case *cql.AlterKeyspace:
		return db.alterKeyspace(s)
	case *cql.DropKeyspace:
		return db.dropKeyspace(s)
	case *cql.Use:
		return db.use(s)
	case *cql.CreateTable:
		return db.createTable(s)
	case *cql.AlterTable:
		return db.alterTable(s)
	case *cql.DropTable:
		return db.dropTable(s)
	case *cql.Truncate:
		return db.truncate(s)
	case *cql.CreateIndex:
		return db.createIndex(s)
	case *cql.DropIndex:
		return db.dropIndex(s)
	case *cql.CreateView:
		return db.createView(s)
	case *cql.AlterView:
		return db.alterView(s)
	case *cql.DropView:
		return db.dropView(s)
	case *cql.Describe:
		return db.describe(s)
	case *cql.CreateType:
		return db.createType(s)
	case *cql.DropType:
		return db.dropType(s)
	case *cql.CreateFunction:
		return db.createFunction(s)
	case *cql.CreateAggregate:
		return db.createAggregate(s)
	case *cql.DropFunction:
		return db.dropFunction(s)
	}
	return nil, errUnsupportedStatement()
}

// ResetRun starts the per-run bounds afresh.
func (db *DB) ResetRun() { db.rows = 0; db.advice = advice{} }

// Compact purges, in every table, the tombstones whose gc_grace_seconds have
// passed, as a major compaction would (the -- @compact directive).
func (db *DB) Compact() int {
	n := 0
	for _, d := range db.data {
		n += d.Compact(db.NowSeconds())
	}
	return n
}

// Tables returns every user table's store, for layouts.
func (db *DB) Tables() map[*schema.Table]*store.Table { return db.data }

// errUnsupportedStatement is cqlplay's own refusal of a parsed statement
// Exec does not execute (a bug if ever returned).
func errUnsupportedStatement() *cqlerr.Error { return cqlerr.Invalid("Unsupported statement") }

// StatementTable is the table a SELECT, INSERT, UPDATE or DELETE names,
// or nil: another statement, or a table that does not exist.
func (db *DB) StatementTable(stmt cql.Statement) *schema.Table {
	var q cql.QualifiedName
	switch s := stmt.(type) {
	case *cql.Select:
		q = s.Table
	case *cql.Insert:
		q = s.Table
	case *cql.Update:
		q = s.Table
	case *cql.Delete:
		q = s.Table
	default:
		return nil
	}
	ks := db.Schema.Keyspaces[db.keyspaceOf(q)]
	if ks == nil {
		return nil
	}
	return ks.Tables[q.Name.Name]
}
