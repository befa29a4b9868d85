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
		return nil, cqlerr.Invalid("Keyspace '" + ksName + "' doesn't exist")
	}
	t := ks.Tables[s.Table.Name.Name]
	if t == nil {
		return nil, cqlerr.Invalid("Table '" + s.Table.Name.Name + "' doesn't exist")
	}
	if s.Custom && strings.Contains(strings.ToLower(s.Using), "sasi") {
		return nil, cqlerr.Invalid("SASI indexes are disabled. Enable in cassandra.yaml to use.")
	}
	if t.View != nil {
		return nil, cqlerr.Invalid("Secondary indexes on materialized views aren't supported")
	}
	if t.Counter {
		return nil, cqlerr.Invalid("Secondary indexes on counter tables aren't supported")
	}
	c := t.Column(s.Column.Name)
	if c == nil {
		return nil, db.undefinedColumn(t, s.Column)
	}
	if c.Kind == schema.PartitionKey && len(t.PartitionKey) == 1 {
		return nil, cqlerr.Invalid("Cannot create secondary index on the only partition key column " + c.Name)
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
		return nil, cqlerr.Invalid("Cannot create index on keys of column " + c.Name + " with non-map type")
	case target == "entries" && !isMap:
		return nil, cqlerr.Invalid("Cannot create index on entries of column " + c.Name + " with non-map type")
	case target == "full" && !c.Type.Frozen:
		return nil, cqlerr.Invalid("full() indexes can only be created on frozen collections")
	case target == "values" && c.Type.IsCollection() && c.Type.Frozen:
		return nil, cqlerr.Invalid("Cannot create values() index on frozen column " + c.Name + ". Frozen collections only support full() indexes")
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
			return nil, cqlerr.Invalid("Index '" + name + "' already exists")
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
			return nil, cqlerr.Invalid("Index " + name + " is a duplicate of existing index " + ix.Name)
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
		return nil, cqlerr.Invalid("Index '" + s.Name.Name.Name + "' could not be found in any of the tables of keyspace '" + ksName + "'")
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
