package schema

import (
	"sort"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// Table property defaults, as Cassandra 4.1's TableParams has them.
const (
	DefaultGCGrace = 864000
	MaxTTL         = 630720000
)

// NewTable validates a CREATE TABLE statement and builds its table, checking
// in the order Cassandra's CreateTableStatement does, so the first failing
// check gives Cassandra's message.
// User types are looked up with types (nil: none).
func NewTable(ks string, ct *cql.CreateTable, types cqltype.UserTypes) (*Table, *cqlerr.Error) {
	// Names are copied out of the script, which the schema must not keep alive.
	name := strings.Clone(ct.Table.Name.Name)
	if err := CheckRaw(ct); err != nil {
		return nil, err
	}
	t := &Table{Keyspace: ks, Name: name, GCGrace: DefaultGCGrace, Options: map[string]string{}}
	if err := t.applyProperties(ct.Properties, true); err != nil {
		return nil, err
	}
	colTypes := map[string]*cqltype.Type{}
	static := map[string]bool{}
	for _, c := range ct.Columns {
		typ, err := cqltype.FromRefKeyspace(c.Type, ks, types)
		if err != nil {
			return nil, err
		}
		colTypes[c.Name.Name] = typ
		if c.Static {
			static[c.Name.Name] = true
		}
	}
	for _, c := range ct.Columns {
		if err := CheckNonFrozenUDT(colTypes[c.Name.Name]); err != nil {
			return nil, err
		}
	}
	if err := checkPrimaryKey(name, ct, colTypes, static); err != nil {
		return nil, err
	}
	order, err := clusteringOrder(name, ct.Clustering, ct.ClusteringOrder)
	if err != nil {
		return nil, err
	}
	var others []string
	for _, c := range ct.Columns {
		if !isKey(ct, c.Name.Name) {
			others = append(others, c.Name.Name)
		}
	}
	sort.Strings(others)
	if ct.CompactStorage {
		if err := checkCompact(ct, others, colTypes, static); err != nil {
			return nil, err
		}
	} else if len(ct.Clustering) == 0 && len(static) > 0 {
		return nil, ErrStaticWithoutClustering()
	}
	counters := 0
	for _, n := range others {
		if colTypes[n].Kind == cqltype.Counter {
			counters++
		}
	}
	if counters > 0 {
		if counters != len(others) {
			return nil, errMixedCounters()
		}
		if t.DefaultTTL > 0 {
			return nil, errCounterDefaultTTL()
		}
		t.Counter = true
	}
	for _, k := range ct.PartitionKey {
		t.AddColumn(&Column{Name: k.Name, Type: colTypes[k.Name], Kind: PartitionKey})
	}
	for _, k := range ct.Clustering {
		t.AddColumn(&Column{Name: k.Name, Type: colTypes[k.Name], Kind: Clustering, Desc: order[k.Name]})
	}
	for _, n := range others {
		kind := Regular
		if static[n] {
			kind = Static
		}
		t.AddColumn(&Column{Name: n, Type: colTypes[n], Kind: kind})
	}
	t.Compact = ct.CompactStorage
	t.Dense = ct.CompactStorage && len(ct.Clustering) > 0
	return t, nil
}

func isKey(ct *cql.CreateTable, name string) bool {
	for _, k := range ct.PartitionKey {
		if k.Name == name {
			return true
		}
	}
	for _, k := range ct.Clustering {
		if k.Name == name {
			return true
		}
	}
	return false
}

func checkPrimaryKey(table string, ct *cql.CreateTable, types map[string]*cqltype.Type, static map[string]bool) *cqlerr.Error {
	seen := map[string]bool{}
	keys := append(append([]cql.Ident{}, ct.PartitionKey...), ct.Clustering...)
	for _, k := range keys {
		typ := types[k.Name]
		at := func(e *cqlerr.Error) *cqlerr.Error { return e.At(k.Pos, len(k.Name)) }
		switch {
		case typ == nil:
			return at(errUnknownKeyColumn(k.Name, table))
		case seen[k.Name]:
			return at(errDuplicateKeyColumn(k.Name, table))
		case typ.MultiCell() && typ.Kind == cqltype.UDT:
			return at(errNonFrozenKeyUDT(typ.Keyspace+"."+typ.Name, k.Name))
		case typ.MultiCell():
			return at(errNonFrozenKeyColumn(typ.String(), k.Name))
		case typ.Kind == cqltype.Counter:
			return at(errUnsupportedKeyType("counter", k.Name))
		case referencesDuration(typ):
			return at(errUnsupportedKeyType("duration", k.Name))
		case static[k.Name]:
			return at(errStaticKeyColumn(k.Name))
		}
		seen[k.Name] = true
	}
	return nil
}

func referencesDuration(t *cqltype.Type) bool {
	if t.Kind == cqltype.Duration {
		return true
	}
	for _, e := range t.Elems {
		if referencesDuration(e) {
			return true
		}
	}
	return false
}

// clusteringOrder checks CLUSTERING ORDER BY against the clustering columns and
// returns which columns are DESC.
// CheckRaw runs the checks Cassandra makes while it parses CREATE TABLE
// (CreateTableStatement.Raw): they come before the keyspace's "already
// exists" check, every other check of NewTable comes after it.
func CheckRaw(ct *cql.CreateTable) *cqlerr.Error {
	name := strings.Clone(ct.Table.Name.Name)
	seen := map[string]bool{}
	for _, c := range ct.Columns {
		if seen[c.Name.Name] {
			return errDuplicateColumn(c.Name.Name, name).At(c.Name.Pos, len(c.Name.Name))
		}
		seen[c.Name.Name] = true
	}
	if ct.PrimaryKeys > 1 {
		return errMultiplePrimaryKeys(name)
	}
	ordered := map[string]bool{}
	for _, o := range ct.ClusteringOrder {
		if ordered[o.Column.Name] {
			return errDuplicateOrderColumn(o.Column.Name, name)
		}
		ordered[o.Column.Name] = true
	}
	if ct.PrimaryKeys == 0 {
		return errNoPrimaryKey(name)
	}
	return nil
}

func clusteringOrder(table string, clustering []cql.Ident, order []cql.Ordering) (map[string]bool, *cqlerr.Error) {
	desc := map[string]bool{}
	isClustering := map[string]bool{}
	for _, c := range clustering {
		isClustering[c.Name] = true
	}
	var notClustering []string
	seen := map[string]bool{}
	for _, o := range order {
		if seen[o.Column.Name] {
			return nil, errDuplicateOrderColumn(o.Column.Name, table)
		}
		seen[o.Column.Name] = true
		if !isClustering[o.Column.Name] {
			notClustering = append(notClustering, o.Column.Name)
		}
	}
	if len(notClustering) > 0 {
		return nil, errOrderOfNonClustering(notClustering)
	}
	for i, o := range order {
		want := clustering[i].Name
		if o.Column.Name != want {
			if seen[want] {
				return nil, errOrderSequence(want, o.Column.Name)
			}
			return nil, errMissingOrder(want)
		}
		desc[want] = o.Desc
	}
	return desc, nil
}

func checkCompact(ct *cql.CreateTable, others []string, types map[string]*cqltype.Type, static map[string]bool) *cqlerr.Error {
	for _, n := range others {
		if types[n].MultiCell() {
			return errCompactNonFrozen()
		}
	}
	if len(static) > 0 {
		return errCompactStatic()
	}
	if len(ct.Clustering) == 0 {
		if len(others) == 0 {
			return errCompactNoValue()
		}
		return nil
	}
	if len(others) > 1 {
		return errCompactTooManyValues(others)
	}
	return nil
}

// The messages of CREATE TABLE's checks, in CreateTableStatement.java
// (cql3/statements/schema) unless noted; each is raised only by the check
// named in its comment.

// ErrStaticWithoutClustering: a static column in a table with no clustering column
// (CREATE TABLE, and ALTER TABLE ADD in engine/query).
func ErrStaticWithoutClustering() *cqlerr.Error {
	return cqlerr.Invalid("Static columns are only useful (and thus allowed) if the table has at least one clustering column")
}

// errMixedCounters: counter and non-counter columns beside the key.
func errMixedCounters() *cqlerr.Error {
	return cqlerr.Invalid("Cannot mix counter and non counter columns in the same table")
}

// errCounterDefaultTTL: default_time_to_live on a counter table (TableAttributes, also on ALTER).
func errCounterDefaultTTL() *cqlerr.Error {
	return cqlerr.Invalid("Cannot set default_time_to_live on a table with counters")
}

// errUnknownKeyColumn: PRIMARY KEY names a column the table does not declare.
func errUnknownKeyColumn(col, table string) *cqlerr.Error {
	return cqlerr.Invalid("Unknown column '" + col + "' referenced in PRIMARY KEY for table '" + table + "'")
}

// errDuplicateKeyColumn: PRIMARY KEY names a column twice.
func errDuplicateKeyColumn(col, table string) *cqlerr.Error {
	return cqlerr.Invalid("Duplicate column '" + col + "' in PRIMARY KEY clause for table '" + table + "'")
}

// CheckNonFrozenUDT is CreateTableStatement's (and AlterTableStatement's)
// check that a non-frozen user type holds no non-frozen collection.
func CheckNonFrozenUDT(t *cqltype.Type) *cqlerr.Error {
	if t.Kind == cqltype.UDT && t.MultiCell() {
		for _, f := range t.Elems {
			if f.MultiCell() {
				return errNonFrozenUDTCollection()
			}
		}
	}
	return nil
}

// errNonFrozenUDTCollection is CreateTableStatement's refusal of a
// non-frozen user type column whose fields hold non-frozen collections.
func errNonFrozenUDTCollection() *cqlerr.Error {
	return cqlerr.Invalid("Non-frozen UDTs with nested non-frozen collections are not supported")
}

// errNonFrozenKeyUDT: a key column of a non-frozen user type, printed as
// RawUT.prepare names it (ks.name, which maybeQuote quotes for its dot).
func errNonFrozenKeyUDT(qualified, col string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid non-frozen user-defined type \"" + qualified + "\" for PRIMARY KEY column '" + col + "'")
}

// errNonFrozenKeyColumn: a key column of a non-frozen collection type.
func errNonFrozenKeyColumn(typ, col string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid non-frozen collection type " + typ + " for PRIMARY KEY column '" + col + "'")
}

// errUnsupportedKeyType: a key column of a type that cannot be one (counter, duration).
func errUnsupportedKeyType(typ, col string) *cqlerr.Error {
	return cqlerr.Invalid(typ + " type is not supported for PRIMARY KEY column '" + col + "'")
}

// errStaticKeyColumn: a key column declared static.
func errStaticKeyColumn(col string) *cqlerr.Error {
	return cqlerr.Invalid("Static column '" + col + "' cannot be part of the PRIMARY KEY")
}

// errDuplicateColumn: a column declared twice.
func errDuplicateColumn(col, table string) *cqlerr.Error {
	return cqlerr.Invalid("Duplicate column '" + col + "' declaration for table '" + table + "'")
}

// errMultiplePrimaryKeys: more than one PRIMARY KEY clause or column.
func errMultiplePrimaryKeys(table string) *cqlerr.Error {
	return cqlerr.Invalid("Multiple PRIMARY KEY specified for table '" + table + "' (exactly one required)")
}

// errNoPrimaryKey: no primary key at all (Cassandra's spelling, "specifed", kept).
func errNoPrimaryKey(table string) *cqlerr.Error {
	return cqlerr.Invalid("No PRIMARY KEY specifed for table '" + table + "' (exactly one required)")
}

// errDuplicateOrderColumn: CLUSTERING ORDER BY names a column twice.
func errDuplicateOrderColumn(col, table string) *cqlerr.Error {
	return cqlerr.Invalid("Duplicate column '" + col + "' in CLUSTERING ORDER BY clause for table '" + table + "'")
}

// errOrderOfNonClustering: CLUSTERING ORDER BY names columns that are not clustering columns.
func errOrderOfNonClustering(cols []string) *cqlerr.Error {
	return cqlerr.Invalid("Only clustering key columns can be defined in CLUSTERING ORDER directive: [" + strings.Join(cols, ", ") + "] are not clustering columns")
}

// errOrderSequence: CLUSTERING ORDER BY lists the clustering columns out of order.
func errOrderSequence(want, got string) *cqlerr.Error {
	return cqlerr.Invalid("The order of columns in the CLUSTERING ORDER directive must match that of the clustering columns (" + want + " must appear before " + got + ")")
}

// errMissingOrder: CLUSTERING ORDER BY leaves out a clustering column before one it names.
func errMissingOrder(col string) *cqlerr.Error {
	return cqlerr.Invalid("Missing CLUSTERING ORDER for column " + col)
}

// errCompactNonFrozen: COMPACT STORAGE with a non-frozen collection or UDT.
func errCompactNonFrozen() *cqlerr.Error {
	return cqlerr.Invalid("Non-frozen collections and UDTs are not supported with COMPACT STORAGE")
}

// errCompactStatic: COMPACT STORAGE with a static column.
func errCompactStatic() *cqlerr.Error {
	return cqlerr.Invalid("Static columns are not supported in COMPACT STORAGE tables")
}

// errCompactNoValue: a COMPACT STORAGE table without clustering and with no column beside the key.
func errCompactNoValue() *cqlerr.Error {
	return cqlerr.Invalid("No definition found that is not part of the PRIMARY KEY")
}

// errCompactTooManyValues: a COMPACT STORAGE table with clustering and several value columns.
func errCompactTooManyValues(others []string) *cqlerr.Error {
	return cqlerr.Invalid("COMPACT STORAGE with composite PRIMARY KEY allows no more than one column not part of the PRIMARY KEY (got: " + strings.Join(others, ", ") + ")")
}
