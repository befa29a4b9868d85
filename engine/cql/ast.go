package cql

import "github.com/cqlplay/cqlplay/engine/cqlerr"

// Pos is a place in the script (byte offset, 1-based line and column).
type Pos = cqlerr.Pos

// Node is any element of the syntax tree.
type Node interface {
	// Position returns where the node starts in the script.
	Position() Pos
	// String prints the node as canonical CQL: parsing the printed text gives an
	// equal tree, which is how the parser is tested.
	String() string
}

// Statement is one complete CQL statement.
type Statement interface {
	Node
	statementNode()
}

// Expr is a value expression: a literal, a collection, a function call, a bind
// marker, a column reference (in selectors and assignments), ...
type Expr interface {
	Node
	exprNode()
}

// Ident is a CQL identifier. Name is as Cassandra stores it: lower-cased unless
// it was double-quoted, in which case it is exact (with "" unescaped).
type Ident struct {
	Pos    Pos
	Name   string
	Quoted bool
}

// QualifiedName is [keyspace.]name. Keyspace.Name is "" when omitted.
type QualifiedName struct {
	Keyspace Ident
	Name     Ident
}

// TypeRef is a CQL type as written: Name is lower-case ("int", "list", "map",
// "frozen", "tuple", or a user type's name), Params its type arguments.
type TypeRef struct {
	Pos    Pos
	Name   string
	Params []*TypeRef
	// Keyspace is set for a user type written ks.name; Quoted when the user
	// type's name was double-quoted (Name is then exact).
	Keyspace string
	Quoted   bool
}

// Property is one `name = value` of a WITH clause (value: a literal or a map).
type Property struct {
	Name  Ident
	Value Expr
}

// Ordering is one `column [ASC|DESC]` of CLUSTERING ORDER BY or ORDER BY.
type Ordering struct {
	Column Ident
	Desc   bool
}

// ---------------------------------------------------------------------------
// Expressions

// LiteralKind is the lexical class of a constant, as Cassandra names it in
// "Invalid <KIND> constant (...)" messages.
type LiteralKind uint8

const (
	StringLit   LiteralKind = iota + 1 // 'text' or $$text$$
	IntegerLit                         // -12
	FloatLit                           // 1.5, 1e3, NaN, -Infinity
	BooleanLit                         // true / false
	UUIDLit                            // 5132b130-ae79-11e4-ab27-0800200c9a66 (unquoted)
	HexLit                             // 0xcafe
	DurationLit                        // 1h30m, P1D
	NullLit                            // null
)

// String returns the kind as Cassandra's messages name it
// ("Invalid STRING constant (abc) ...").
func (k LiteralKind) String() string {
	switch k {
	case StringLit:
		return "STRING"
	case IntegerLit:
		return "INTEGER"
	case FloatLit:
		return "FLOAT"
	case BooleanLit:
		return "BOOLEAN"
	case UUIDLit:
		return "UUID"
	case HexLit:
		return "HEX"
	case DurationLit:
		return "DURATION"
	}
	return "NULL"
}

// Literal is a constant. Text is the value as Cassandra's messages print it:
// a string's content without quotes (with ” already unescaped), a number or
// uuid exactly as written, a blob with its 0x prefix.
type Literal struct {
	Pos  Pos
	Kind LiteralKind
	Text string
}

// CollectionKind tells a collection literal's brackets apart.
type CollectionKind uint8

const (
	ListColl    CollectionKind = iota + 1 // [a, b]
	SetColl                               // {a, b}
	MapColl                               // {k: v}
	EmptyBraces                           // {}: an empty set or map, decided by the receiver
)

// Collection is a collection literal. For maps, Keys[i] maps to Elems[i].
type Collection struct {
	Pos   Pos
	Kind  CollectionKind
	Keys  []Expr
	Elems []Expr
}

// Tuple is a parenthesised list: a tuple literal, or the right side of a
// multi-column relation.
type Tuple struct {
	Pos   Pos
	Elems []Expr
}

// FuncCall is name(args): now(), uuid(), token(k), toTimestamp(x), count(*),
// writetime(c), ttl(c), CAST is separate. Keyspace is set for system.now().
type FuncCall struct {
	Pos      Pos
	Keyspace string
	Name     string // lower-cased unless quoted
	Args     []Expr
	Star     bool // count(*)
	Quoted   bool // the name was double-quoted ("myFunc"(), "cast"(x))
}

// Cast is CAST(expr AS type), allowed in selectors.
type Cast struct {
	Pos  Pos
	Expr Expr
	Type *TypeRef
}

// TypeHint is (type) expr, e.g. (int) 5.
type TypeHint struct {
	Pos  Pos
	Type *TypeRef
	Expr Expr
}

// ColumnRef names a column inside an expression (selectors, c = c + 1).
type ColumnRef struct {
	Ident
}

// Index is element selection c[key], in selectors, SET, DELETE and IF.
type Index struct {
	Pos    Pos
	Target Expr
	Key    Expr
}

// Slice is slice selection c[from..to] of a set or map in selectors; From
// or To is nil when that bound is left out (c[x..], c[..y]).
type Slice struct {
	Pos      Pos
	Target   Expr
	From, To Expr
}

// Field is field selection x.f on a user-defined type value.
type Field struct {
	Pos    Pos
	Target Expr
	Field  Ident
}

// BinaryOp is left op right, for op + or - (used by assignments and selectors).
type BinaryOp struct {
	Pos   Pos
	Op    byte // '+' or '-'
	Left  Expr
	Right Expr
}

// Negate is -expr where expr is not a plain number literal.
type Negate struct {
	Pos  Pos
	Expr Expr
}

// BindMarker is ? or :name. A playground script cannot bind values, so the
// engine rejects these there; a prepared statement (the native-protocol
// server) binds a value to each by Index, its place among the statement's
// markers in the order written, from 0.
type BindMarker struct {
	Pos   Pos
	Name  string
	Index int
}

// Star is the * of SELECT * (only inside selectors and count(*)).
type Star struct {
	Pos Pos
}

// ---------------------------------------------------------------------------
// WHERE and IF

// Operator is a relation or condition operator.
type Operator uint8

const (
	OpEq Operator = iota + 1
	OpNeq
	OpLt
	OpLte
	OpGt
	OpGte
	OpIn
	OpContains
	OpContainsKey
	OpLike
	OpIsNotNull
)

// RelationKind separates `col op v`, `(c1, c2) op (v1, v2)` and `token(k) op v`.
type RelationKind uint8

const (
	SingleColumn RelationKind = iota + 1
	MultiColumn
	TokenRelation
)

// Relation is one restriction of a WHERE clause. Columns holds the one column
// (SingleColumn), the tuple's columns (MultiColumn) or token()'s arguments.
// Value is the right side; for IN it is nil and In holds the list (each a
// Tuple for a multi-column IN), unless the IN takes a single marker, in which
// case Value is that marker. MapKey is set for `m[key] = v`.
type Relation struct {
	Pos     Pos
	Kind    RelationKind
	Columns []Ident
	MapKey  Expr
	Op      Operator
	Value   Expr
	In      []Expr
	// Text is the relation as written, whitespace-normalised, for messages
	// such as `Unsupported "!=" relation: b != 5`.
	Text string
}

// Condition is one IF condition of an LWT: col op v, col[key] op v, col IN (...).
type Condition struct {
	Pos    Pos
	Column Ident
	Key    Expr
	Field  *Ident // IF c.f = v on a user type
	Op     Operator
	Value  Expr
	In     []Expr
}

// ---------------------------------------------------------------------------
// Statements

// Base carries what every statement has: where it starts and its source text.
type Base struct {
	Pos Pos
	// Src is the statement exactly as written, without the trailing ';'.
	Src string
}

func (b *Base) Position() Pos  { return b.Pos }
func (b *Base) statementNode() {}

// Using holds USING TTL / TIMESTAMP, each nil when absent.
type Using struct {
	TTL       Expr
	Timestamp Expr
}

// Select is SELECT [JSON] [DISTINCT] selectors FROM t [WHERE ...] [GROUP BY ...]
// [ORDER BY ...] [PER PARTITION LIMIT n] [LIMIT n] [ALLOW FILTERING].
type Select struct {
	Base
	JSON              bool
	Distinct          bool
	Selectors         []Selector // empty means *
	Table             QualifiedName
	Where             []*Relation
	GroupBy           []Ident
	OrderBy           []Ordering
	PerPartitionLimit Expr
	Limit             Expr
	AllowFiltering    bool
}

// Selector is one item of a select list with its optional alias.
type Selector struct {
	Expr  Expr
	Alias *Ident
}

// Insert is INSERT INTO t (cols) VALUES (vals) | JSON '...' [IF NOT EXISTS] [USING ...].
type Insert struct {
	Base
	Table       QualifiedName
	Columns     []Ident
	Values      []Expr
	JSON        Expr // INSERT JSON: the JSON text literal; Columns/Values empty
	DefaultNull bool // INSERT JSON: absent columns become null (the default) unless DEFAULT UNSET
	IfNotExists bool
	Using       Using
}

// AssignOp is the kind of an UPDATE assignment.
type AssignOp uint8

const (
	AssignSet     AssignOp = iota + 1 // c = v, c[k] = v
	AssignAdd                         // c = c + v, c += v
	AssignSub                         // c = c - v, c -= v
	AssignPrepend                     // c = v + c
)

// Assignment is one SET item of UPDATE. Key is set for c[k] = v. For c = x + y
// forms the parser records which column the right side referenced in Ref, so
// the engine can reject `a = b + 1` with Cassandra's message.
type Assignment struct {
	Pos    Pos
	Column Ident
	Key    Expr
	Field  *Ident // c.f = v on a user type
	Op     AssignOp
	Value  Expr
	Ref    *Ident
	// Text is the assignment as written, for messages such as
	// `Invalid operation (c = c + 1) for non counter column c`.
	Text string
}

// Update is UPDATE t [USING ...] SET ... WHERE ... [IF EXISTS | IF cond...].
type Update struct {
	Base
	Table       QualifiedName
	Using       Using
	Assignments []*Assignment
	Where       []*Relation
	IfExists    bool
	Conditions  []*Condition
}

// DeleteTarget is one column (or element c[k]) named in DELETE's selection.
type DeleteTarget struct {
	Column Ident
	Key    Expr
	Field  *Ident // DELETE c.f on a user type
}

// Delete is DELETE [targets] FROM t [USING TIMESTAMP t] WHERE ... [IF ...].
type Delete struct {
	Base
	Targets    []DeleteTarget
	Table      QualifiedName
	Using      Using
	Where      []*Relation
	IfExists   bool
	Conditions []*Condition
}

// BatchKind is LOGGED (the default), UNLOGGED or COUNTER.
type BatchKind uint8

const (
	LoggedBatch BatchKind = iota + 1
	UnloggedBatch
	CounterBatch
)

// Batch is BEGIN [UNLOGGED|COUNTER] BATCH [USING ...] stmts APPLY BATCH.
type Batch struct {
	Base
	Kind       BatchKind
	Using      Using
	Statements []Statement // *Insert, *Update, *Delete
}

// ColumnDef is one column of CREATE TABLE or ALTER TABLE ADD.
type ColumnDef struct {
	Name       Ident
	Type       *TypeRef
	Static     bool
	PrimaryKey bool // `col type PRIMARY KEY`
}

// CreateTable is CREATE TABLE [IF NOT EXISTS] t (defs, PRIMARY KEY (...)) [WITH ...].
// PrimaryKeys counts PRIMARY KEY declarations (inline and clause), so the engine
// can say "Multiple PRIMARY KEY specified". PartitionKey and Clustering come from
// the clause or the inline declaration.
type CreateTable struct {
	Base
	IfNotExists     bool
	Table           QualifiedName
	Columns         []ColumnDef
	PrimaryKeys     int
	PartitionKey    []Ident
	Clustering      []Ident
	ClusteringOrder []Ordering
	CompactStorage  bool
	Properties      []Property
}

// AlterKind is the action of ALTER TABLE.
type AlterKind uint8

const (
	AlterAdd AlterKind = iota + 1
	AlterDrop
	AlterRename
	AlterWith
	AlterType
	AlterDropCompactStorage
)

// AlterTable is ALTER TABLE t ADD ... | DROP ... | RENAME a TO b | WITH ... | ALTER c TYPE t,
// and, with UserType set, ALTER TYPE t ADD f type | RENAME f TO g ... | ALTER f TYPE type
// (Table is then the type's name, Add and Rename* its fields).
type AlterTable struct {
	Base
	UserType       bool
	IfExists       bool
	Table          QualifiedName
	Kind           AlterKind
	Add            []ColumnDef
	Drop           []Ident
	IfColumnExists bool // ADD IF NOT EXISTS / DROP IF EXISTS (4.1)
	RenameFrom     []Ident
	RenameTo       []Ident
	Properties     []Property
	Column         Ident    // ALTER c TYPE t
	NewType        *TypeRef // ALTER c TYPE t
	DropTimestamp  Expr     // DROP c USING TIMESTAMP n
}

// DropTable is DROP TABLE [IF EXISTS] t.
type DropTable struct {
	Base
	IfExists bool
	Table    QualifiedName
}

// Truncate is TRUNCATE [TABLE] t.
type Truncate struct {
	Base
	Table QualifiedName
}

// CreateKeyspace is CREATE KEYSPACE [IF NOT EXISTS] ks WITH replication = {...}.
type CreateKeyspace struct {
	Base
	IfNotExists bool
	Name        Ident
	Properties  []Property
}

// AlterKeyspace is ALTER KEYSPACE ks WITH ...
type AlterKeyspace struct {
	Base
	IfExists   bool
	Name       Ident
	Properties []Property
}

// DropKeyspace is DROP KEYSPACE [IF EXISTS] ks.
type DropKeyspace struct {
	Base
	IfExists bool
	Name     Ident
}

// Use is USE ks.
type Use struct {
	Base
	Keyspace Ident
}

// IndexTargetKind is what of a column an index covers.
type IndexTargetKind uint8

const (
	IndexValues  IndexTargetKind = iota + 1 // c or VALUES(c)
	IndexKeys                               // KEYS(m)
	IndexEntries                            // ENTRIES(m)
	IndexFull                               // FULL(frozen)
)

// CreateIndex is CREATE [CUSTOM] INDEX [IF NOT EXISTS] [name] ON t (target) [USING 'class'].
// Name.Name is "" when no name is given. Explicit tells VALUES(c) from c.
type CreateIndex struct {
	Base
	Custom      bool
	IfNotExists bool
	Name        Ident
	Table       QualifiedName
	Column      Ident
	Target      IndexTargetKind
	Explicit    bool
	Using       string
	Properties  []Property
}

// DropIndex is DROP INDEX [IF EXISTS] [ks.]name.
type DropIndex struct {
	Base
	IfExists bool
	Name     QualifiedName
}

// CreateView is CREATE MATERIALIZED VIEW [IF NOT EXISTS] v AS SELECT ... FROM t
// WHERE ... PRIMARY KEY (...) [WITH ...].
type CreateView struct {
	Base
	IfNotExists     bool
	Name            QualifiedName
	Selectors       []Selector // empty means *
	Base_           QualifiedName
	Where           []*Relation
	PrimaryKeys     int
	PartitionKey    []Ident
	Clustering      []Ident
	ClusteringOrder []Ordering
	CompactStorage  bool
	Properties      []Property
}

// AlterView is ALTER MATERIALIZED VIEW [IF EXISTS] v WITH properties.
type AlterView struct {
	Base
	IfExists   bool
	Name       QualifiedName
	Properties []Property
}

// DropView is DROP MATERIALIZED VIEW [IF EXISTS] v.
type DropView struct {
	Base
	IfExists bool
	Name     QualifiedName
}

// DescribeKind is what DESCRIBE lists.
type DescribeKind uint8

const (
	DescribeTables DescribeKind = iota + 1
	DescribeTable
	DescribeKeyspaces
	DescribeKeyspace
	DescribeSchema
	DescribeIndex
	DescribeView
	DescribeTypes
	DescribeType       // DESCRIBE TYPE t
	DescribeCluster    // DESCRIBE CLUSTER
	DescribeFunctions  // DESCRIBE FUNCTIONS
	DescribeFunction   // DESCRIBE FUNCTION f
	DescribeAggregates // DESCRIBE AGGREGATES
	DescribeAggregate  // DESCRIBE AGGREGATE a
	DescribeGeneric    // DESCRIBE name: a keyspace, table, index or view
)

// Describe is DESCRIBE|DESC TABLES | TABLE t | KEYSPACES | [ONLY] KEYSPACE [ks] |
// [FULL] SCHEMA | INDEX i | MATERIALIZED VIEW v | FUNCTIONS | FUNCTION f |
// AGGREGATES | AGGREGATE a | name (DescribeGeneric).
type Describe struct {
	Base
	Kind DescribeKind
	Name QualifiedName
	// Full is DESCRIBE FULL SCHEMA, Only DESCRIBE ONLY KEYSPACE.
	Full, Only bool
}

// CreateType is CREATE TYPE [IF NOT EXISTS] name (field type, ...).
type CreateType struct {
	Base
	IfNotExists bool
	Name        QualifiedName
	Fields      []ColumnDef
}

// DropType is DROP TYPE [IF EXISTS] name.
type DropType struct {
	Base
	IfExists bool
	Name     QualifiedName
}

// Directive is a comment line `-- @name args...` that steers the simulation
// (`-- @advance 2h`, `-- @now 2026-01-01T00:00:00Z`, `-- @nodes 6 rf 3`,
// `-- @version 3.11`, `-- @retry`, `-- @compact`). Real cqlsh sees a comment,
// so a script with directives stays valid CQL. Name is lower-cased.
type Directive struct {
	Base
	Name string
	Args []string
}

// CreateFunction is CREATE [OR REPLACE] FUNCTION [IF NOT EXISTS]
// [ks.]name (arg type, ...) (CALLED | RETURNS NULL) ON NULL INPUT RETURNS
// type LANGUAGE lang AS 'body'.
type CreateFunction struct {
	Base
	OrReplace, IfNotExists bool
	Name                   QualifiedName
	Args                   []ColumnDef // names and types; never Static
	CalledOnNullInput      bool
	Returns                *TypeRef
	Language               string // lower-cased, as Parser.g keeps it
	Body                   string
}

// CreateAggregate is CREATE [OR REPLACE] AGGREGATE [IF NOT EXISTS]
// [ks.]name (type, ...) SFUNC f STYPE type [FINALFUNC f] [INITCOND term].
type CreateAggregate struct {
	Base
	OrReplace, IfNotExists bool
	Name                   QualifiedName
	ArgTypes               []*TypeRef
	StateFunc              Ident
	StateType              *TypeRef
	FinalFunc              *Ident // nil: none
	InitCond               Expr   // nil: none
}

// DropFunction is DROP FUNCTION (or, Aggregate, DROP AGGREGATE) [IF EXISTS]
// [ks.]name [(type, ...)].
type DropFunction struct {
	Base
	Aggregate, IfExists bool
	Name                QualifiedName
	ArgTypes            []*TypeRef
	ArgsGiven           bool // the parentheses were written, even empty
}
