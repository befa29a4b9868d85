package schema

import (
	"sort"
	"strconv"
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

// tableProperties are the WITH options CREATE/ALTER TABLE accept in 4.1
// (TableParams.Option), with their defaults as DESCRIBE prints them.
var tableProperties = []struct{ name, def string }{
	{"additional_write_policy", "'99p'"},
	{"bloom_filter_fp_chance", "0.01"},
	{"caching", "{'keys': 'ALL', 'rows_per_partition': 'NONE'}"},
	{"cdc", "false"},
	{"comment", "''"},
	{"compaction", "{'class': 'org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy', 'max_threshold': '32', 'min_threshold': '4'}"},
	{"compression", "{'chunk_length_in_kb': '16', 'class': 'org.apache.cassandra.io.compress.LZ4Compressor'}"},
	{"memtable", "'default'"},
	{"crc_check_chance", "1.0"},
	{"default_time_to_live", "0"},
	{"extensions", "{}"},
	{"gc_grace_seconds", "864000"},
	{"max_index_interval", "2048"},
	{"memtable_flush_period_in_ms", "0"},
	{"min_index_interval", "128"},
	{"read_repair", "'BLOCKING'"},
	{"speculative_retry", "'99p'"},
}

// obsoleteProperties are accepted and ignored (PropertyDefinitions logs them).
var obsoleteProperties = map[string]bool{
	"index_interval": true, "replicate_on_write": true, "populate_io_cache_on_flush": true,
	"read_repair_chance": true, "dclocal_read_repair_chance": true,
}

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

// applyProperties validates WITH options and records them. Unknown names are a
// SyntaxException, bad values a ConfigurationException (TableAttributes).
func (t *Table) applyProperties(props []cql.Property, create bool) *cqlerr.Error {
	seen := map[string]bool{}
	for _, p := range props {
		name := p.Name.Name
		if seen[name] {
			return errPropertyTwice(p.Name.Pos, name)
		}
		seen[name] = true
		if obsoleteProperties[name] {
			continue
		}
		if !knownProperty(name) {
			return ErrUnknownProperty(p.Name.Pos, name)
		}
		text, isMap := propertyText(p.Value)
		switch name {
		case "default_time_to_live", "gc_grace_seconds":
			if isMap {
				return errPropertyNotString(name)
			}
			n, err := strconv.Atoi(text)
			if err != nil {
				return errPropertyNotInteger(text, name)
			}
			if n < 0 {
				return errPropertyNegative(name, text)
			}
			if name == "default_time_to_live" {
				if n > MaxTTL {
					return errPropertyTooLarge(name, text)
				}
				t.DefaultTTL = n
			} else {
				t.GCGrace = n
			}
			t.Options[name] = text
		case "memtable":
			// MemtableParams.get: a stock 4.1 cassandra.yaml defines no memtable
			// configuration but "default".
			if isMap {
				return errPropertyNotString(name)
			}
			if text != "default" {
				return errMemtableNotFound(text)
			}
			t.Options[name] = "'" + text + "'"
		case "caching", "compaction", "compression":
			if coll, ok := p.Value.(*cql.Collection); ok {
				prepare := compactionText
				switch name {
				case "caching":
					prepare = cachingText
				case "compression":
					prepare = compressionText
				}
				c, err := prepare(coll)
				if err != nil {
					return err
				}
				text = c
			}
			t.Options[name] = text
		default:
			if isMap {
				t.Options[name] = text
			} else if lit, ok := p.Value.(*cql.Literal); ok && lit.Kind == cql.StringLit {
				t.Options[name] = "'" + strings.ReplaceAll(text, "'", "''") + "'"
			} else {
				t.Options[name] = text
			}
		}
	}
	return nil
}

func knownProperty(name string) bool {
	for _, p := range tableProperties {
		if p.name == name {
			return true
		}
	}
	return name == "id"
}

// propertyText renders a property value as DESCRIBE prints it; maps come out
// as {'k': 'v'} with keys sorted.
func propertyText(e cql.Expr) (string, bool) {
	switch v := e.(type) {
	case *cql.Literal:
		return v.Text, false
	case *cql.Collection:
		return propertyOpts(v).Text(), true
	}
	if e == nil {
		return "", false
	}
	return e.String(), false
}

// AlterProperties applies ALTER TABLE ... WITH.
func (t *Table) AlterProperties(props []cql.Property) *cqlerr.Error {
	if t.Counter {
		for _, p := range props {
			if p.Name.Name == "default_time_to_live" {
				if text, _ := propertyText(p.Value); text != "0" {
					return errCounterDefaultTTL()
				}
			}
		}
	}
	return t.applyProperties(props, false)
}

// TableProperties returns every table property with its default, in the
// order DESCRIBE prints them.
func TableProperties() [][2]string {
	out := make([][2]string, len(tableProperties))
	for i, p := range tableProperties {
		out[i] = [2]string{p.name, p.def}
	}
	return out
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

// errPropertyTwice: a WITH property given twice (PropertyDefinitions.addProperty).
func errPropertyTwice(pos cqlerr.Pos, name string) *cqlerr.Error {
	return cqlerr.Syntax(pos, len(name), "Multiple definition for property '"+name+"'")
}

// ErrUnknownProperty: a WITH property Cassandra does not know (PropertyDefinitions.validate),
// of a table or, in engine/query, of a keyspace.
func ErrUnknownProperty(pos cqlerr.Pos, name string) *cqlerr.Error {
	return cqlerr.Syntax(pos, len(name), "Unknown property '"+name+"'")
}

// errPropertyNotString: a property that takes a string given something else (PropertyDefinitions.getString).
func errPropertyNotString(name string) *cqlerr.Error {
	return cqlerr.New(cqlerr.SyntaxException, "Invalid value for property '"+name+"'. It should be a string")
}

// errPropertyNotInteger: an integer property given something else (PropertyDefinitions.toInt).
func errPropertyNotInteger(text, name string) *cqlerr.Error {
	return cqlerr.New(cqlerr.SyntaxException, "Invalid integer value "+text+" for '"+name+"'")
}

// errPropertyNegative: a negative value for a property that must not be (TableParams.validate).
func errPropertyNegative(name, text string) *cqlerr.Error {
	return cqlerr.Config(name + " must be greater than or equal to 0 (got " + text + ")")
}

// errPropertyTooLarge: default_time_to_live past MaxTTL (TableParams.validate).
func errPropertyTooLarge(name, text string) *cqlerr.Error {
	return cqlerr.Config(name + " must be less than or equal to " + strconv.Itoa(MaxTTL) + " (got " + text + ")")
}
