package query

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// createIndex validates CREATE INDEX as CreateIndexStatement does. The index
// is built at once (Cassandra builds it in the background).
func (db *DB) createIndex(s *cql.CreateIndex) (*Result, *cqlerr.Error) {
	// CreateIndexStatement.authorize (ALTER on the table), then apply's
	// order: the SASI switch, keyspace, table, an index name already
	// taken, counters, views, then the target.
	if err := db.authorizeDDL(db.keyspaceOf(s.Table), "ALTER", s.Table.Name.Name); err != nil {
		return nil, err
	}
	if s.Custom && strings.Contains(strings.ToLower(s.Using), "sasi") {
		return nil, errSASIDisabled()
	}
	ksName := db.keyspaceOf(s.Table)
	ks := db.Schema.Keyspaces[ksName]
	if ks == nil {
		return nil, errNoSuchKeyspace(ksName)
	}
	t := ks.Tables[s.Table.Name.Name]
	if t == nil {
		return nil, errIndexNoTable(s.Table.Name.Name)
	}
	if name := s.Name.Name; name != "" {
		if _, ix := db.Schema.FindIndex(ksName, name); ix != nil {
			if s.IfNotExists {
				return &Result{}, nil
			}
			return nil, errIndexExists(name)
		}
	}
	if t.Counter {
		return nil, errIndexOnCounters()
	}
	if t.View != nil {
		return nil, errIndexOnView()
	}
	c := t.Column(s.Column.Name)
	if c == nil {
		return nil, db.undefinedColumn(t, s.Column)
	}
	// IndexTarget.Raw.prepare: a plain target on a collection indexes its
	// values.
	target := "simple"
	switch {
	case s.Target == cql.IndexKeys:
		target = "keys"
	case s.Target == cql.IndexEntries:
		target = "entries"
	case s.Target == cql.IndexFull:
		target = "full"
	case s.Explicit || c.Type.IsCollection():
		target = "values"
	}
	if err := validateIndexTarget(t, c, target); err != nil {
		return nil, err
	}
	if target == "simple" {
		target = "values"
	}
	name := s.Name.Name
	if name == "" {
		// IndexMetadata.generateDefaultIndexName, then findAvailableIndexName.
		base := t.Name + "_" + c.Name + "_idx"
		name = base
		for i := 1; ; i++ {
			if _, ix := db.Schema.FindIndex(ksName, name); ix == nil {
				break
			}
			name = base + "_" + itoa(i)
		}
	}
	for _, ix := range t.Indexes {
		if ix.Column == c && ix.Target == target {
			if s.IfNotExists {
				return &Result{}, nil
			}
			return nil, errIndexDuplicate(name, ix.Name)
		}
	}
	t.Indexes = append(t.Indexes, &schema.Index{Name: name, Column: c, Target: target, Custom: s.Using})
	db.advise(db.indexAdvice(t, c)...)
	return &Result{}, nil
}

func (db *DB) dropIndex(s *cql.DropIndex) (*Result, *cqlerr.Error) {
	ksName := db.keyspaceOf(s.Name)
	t, ix := db.Schema.FindIndex(ksName, s.Name.Name.Name)
	if ix == nil {
		if s.IfExists {
			return &Result{}, nil
		}
		return nil, errNoIndex(s.Name.Name.Name, ksName)
	}
	out := t.Indexes[:0]
	for _, x := range t.Indexes {
		if x != ix {
			out = append(out, x)
		}
	}
	t.Indexes = out
	return &Result{}, nil
}

// The messages of CREATE and DROP INDEX, in cql3/statements/schema/
// {CreateIndexStatement, DropIndexStatement}.java, in their order of checks.

// errIndexNoTable is CreateIndexStatement.apply's refusal of an index on a
// table that does not exist.
func errIndexNoTable(table string) *cqlerr.Error {
	return cqlerr.Invalid("Table '" + table + "' doesn't exist")
}

// errSASIDisabled is CreateIndexStatement.apply's refusal of a SASI index,
// disabled by 4.1's default cassandra.yaml (enable_sasi_indexes: false).
func errSASIDisabled() *cqlerr.Error {
	return cqlerr.Invalid("SASI indexes are disabled. Enable in cassandra.yaml to use.")
}

// errIndexOnView is CreateIndexStatement.apply's refusal of an index on a
// materialized view.
func errIndexOnView() *cqlerr.Error {
	return cqlerr.Invalid("Secondary indexes on materialized views aren't supported")
}

// errIndexOnCounters is CreateIndexStatement.apply's refusal of an index on
// a counter table.
func errIndexOnCounters() *cqlerr.Error {
	return cqlerr.Invalid("Secondary indexes on counter tables aren't supported")
}

// errIndexOnlyPartitionKey is CreateIndexStatement.validateIndexTarget's
// refusal of an index on a table's only partition key column.
func errIndexOnlyPartitionKey(col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot create secondary index on the only partition key column " + col)
}

// errIndexTarget: keys() or entries() on a column that is not a map.
// validateIndexTarget is CreateIndexStatement.validateIndexTarget, in its
// order; target is IndexTarget.Type's name (simple, values, keys, entries,
// full).
func validateIndexTarget(t *schema.Table, c *schema.Column, target string) *cqlerr.Error {
	typ := c.Type
	if typ.ReferencesDuration() {
		switch {
		case typ.IsCollection():
			return errIndexUnsupported("collections containing durations")
		case typ.Kind == cqltype.Tuple:
			return errIndexUnsupported("tuples containing durations")
		case typ.Kind == cqltype.UDT:
			return errIndexUnsupported("UDTs containing durations")
		}
		return errIndexUnsupported("duration columns")
	}
	if t.Compact {
		if c.IsPrimaryKey() {
			return errIndexUnsupported("PRIMARY KEY columns in COMPACT STORAGE tables")
		}
		// A dense table (clustering columns) has one value column.
		if c.Kind == schema.Regular && t.HasClustering() {
			return errIndexUnsupported("compact value column of COMPACT STORAGE tables")
		}
	}
	if c.Kind == schema.PartitionKey && len(t.PartitionKey) == 1 {
		return errIndexOnlyPartitionKey(c.Name)
	}
	frozenCollection := typ.IsCollection() && typ.Frozen
	switch {
	case frozenCollection && target != "full":
		return errIndexOnFrozen(target, c.Name)
	case !frozenCollection && target == "full":
		return errIndexFull()
	case !typ.IsCollection() && target != "simple":
		return errIndexNonCollection(target, c.Name)
	case !(typ.Kind == cqltype.Map && !typ.Frozen) && (target == "keys" || target == "entries"):
		return errIndexTarget(target, c.Name)
	case typ.Kind == cqltype.UDT && !typ.Frozen:
		return errIndexNonFrozenUDT(c.Name)
	}
	return nil
}

// errIndexNonFrozenUDT is CreateIndexStatement.validateIndexTarget's refusal
// of an index on a non-frozen user type column.
func errIndexNonFrozenUDT(col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot create index on non-frozen UDT column " + col)
}

// errIndexUnsupported: CreateIndexStatement's refusals of a target no index
// can read (durations, COMPACT STORAGE's key and value columns).
func errIndexUnsupported(what string) *cqlerr.Error {
	return cqlerr.Invalid("Secondary indexes are not supported on " + what)
}

// errIndexOnFrozen is CreateIndexStatement.validateIndexTarget's refusal of
// keys(), values() or entries() on a frozen collection.
func errIndexOnFrozen(target, col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot create " + target + "() index on frozen column " + col +
		". Frozen collections are immutable and must be fully indexed by using the 'full(" + col + ")' modifier")
}

// errIndexNonCollection is CreateIndexStatement.validateIndexTarget's
// refusal of keys(), values() or entries() on a column that is no
// collection.
func errIndexNonCollection(target, col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot create " + target + "() index on " + col + ". Non-collection columns only support simple indexes")
}

// errIndexTarget is CreateIndexStatement.validateIndexTarget's refusal of
// keys() or entries() on a collection that is no map.
func errIndexTarget(target, col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot create index on " + target + " of column " + col + " with non-map type")
}

// errIndexFull is CreateIndexStatement.validateIndexTarget's refusal of
// full() on a column that is no frozen collection.
func errIndexFull() *cqlerr.Error {
	return cqlerr.Invalid("full() indexes can only be created on frozen collections")
}

// errIndexExists is CreateIndexStatement.apply's refusal of an index name
// the keyspace already has (without IF NOT EXISTS).
func errIndexExists(name string) *cqlerr.Error {
	return cqlerr.Invalid("Index '" + name + "' already exists")
}

// errIndexDuplicate is CreateIndexStatement.apply's refusal of an index
// equal to an existing one of another name.
func errIndexDuplicate(name, existing string) *cqlerr.Error {
	return cqlerr.Invalid("Index " + name + " is a duplicate of existing index " + existing)
}

// errNoIndex: DROP INDEX of an index no table of the keyspace has, with 4.x's
// stray closing quote (DropIndexStatement.apply).
func errNoIndex(name, ks string) *cqlerr.Error {
	return cqlerr.Invalid("Index '" + ks + "." + name + "' doesn't exist'")
}
