package query

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// createIndex validates CREATE INDEX as CreateIndexStatement does. The index
// is built at once (Cassandra builds it in the background).
func (db *DB) createIndex(s *cql.CreateIndex) (*Result, *cqlerr.Error) {
	ksName := db.keyspaceOf(s.Table)
	ks := db.Schema.Keyspaces[ksName]
	if ks == nil {
		return nil, errNoSuchKeyspace(ksName)
	}
	t := ks.Tables[s.Table.Name.Name]
	if t == nil {
		return nil, errIndexNoTable(s.Table.Name.Name)
	}
	if s.Custom && strings.Contains(strings.ToLower(s.Using), "sasi") {
		return nil, errSASIDisabled()
	}
	if t.View != nil {
		return nil, errIndexOnView()
	}
	if t.Counter {
		return nil, errIndexOnCounters()
	}
	c := t.Column(s.Column.Name)
	if c == nil {
		return nil, db.undefinedColumn(t, s.Column)
	}
	if c.Kind == schema.PartitionKey && len(t.PartitionKey) == 1 {
		return nil, errIndexOnlyPartitionKey(c.Name)
	}
	target := "values"
	switch s.Target {
	case cql.IndexKeys:
		target = "keys"
	case cql.IndexEntries:
		target = "entries"
	case cql.IndexFull:
		target = "full"
	}
	isMap := c.Type.IsCollection() && c.Type.KeyType() != nil && len(c.Type.Elems) == 2
	switch {
	case target == "keys" && !isMap:
		return nil, errIndexTarget("keys", c.Name)
	case target == "entries" && !isMap:
		return nil, errIndexTarget("entries", c.Name)
	case target == "full" && !c.Type.Frozen:
		return nil, errIndexFull()
	case target == "values" && c.Type.IsCollection() && c.Type.Frozen:
		return nil, errIndexValuesOfFrozen(c.Name)
	}
	if c.Type.IsCollection() && c.Type.Frozen && target == "values" {
		target = "full"
	}
	name := s.Name.Name
	if name != "" {
		if _, ix := db.Schema.FindIndex(ksName, name); ix != nil {
			if s.IfNotExists {
				return &Result{}, nil
			}
			return nil, errIndexExists(name)
		}
	} else {
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
	db.warn(db.indexAdvice(t, c)...)
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

func errIndexNoTable(table string) *cqlerr.Error {
	return cqlerr.Invalid("Table '" + table + "' doesn't exist")
}

func errSASIDisabled() *cqlerr.Error {
	return cqlerr.Invalid("SASI indexes are disabled. Enable in cassandra.yaml to use.")
}

func errIndexOnView() *cqlerr.Error {
	return cqlerr.Invalid("Secondary indexes on materialized views aren't supported")
}

func errIndexOnCounters() *cqlerr.Error {
	return cqlerr.Invalid("Secondary indexes on counter tables aren't supported")
}

func errIndexOnlyPartitionKey(col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot create secondary index on the only partition key column " + col)
}

// errIndexTarget: keys() or entries() on a column that is not a map.
func errIndexTarget(target, col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot create index on " + target + " of column " + col + " with non-map type")
}

func errIndexFull() *cqlerr.Error {
	return cqlerr.Invalid("full() indexes can only be created on frozen collections")
}

func errIndexValuesOfFrozen(col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot create values() index on frozen column " + col + ". Frozen collections only support full() indexes")
}

func errIndexExists(name string) *cqlerr.Error {
	return cqlerr.Invalid("Index '" + name + "' already exists")
}

func errIndexDuplicate(name, existing string) *cqlerr.Error {
	return cqlerr.Invalid("Index " + name + " is a duplicate of existing index " + existing)
}

func errNoIndex(name, ks string) *cqlerr.Error {
	return cqlerr.Invalid("Index '" + name + "' could not be found in any of the tables of keyspace '" + ks + "'")
}
