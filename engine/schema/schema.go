// Package schema holds the simulated cluster's keyspaces, tables, columns,
// indexes and views, and validates DDL as Cassandra 4.1 does.
//
// It knows nothing of data: the store keeps rows, keyed by the tables defined
// here. Column IDs are never reused within a table, so cells written to a
// dropped column stay invisible when a column of the same name is added again,
// as in Cassandra.
package schema

import (
	"sort"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// ColumnKind is a column's role in the primary key.
type ColumnKind uint8

const (
	PartitionKey ColumnKind = iota + 1
	Clustering
	Static
	Regular
)

// Column is one column of a table.
type Column struct {
	Name string
	Type *cqltype.Type
	Kind ColumnKind
	// Position is the index within the partition key or clustering columns.
	Position int
	// Desc is set for clustering columns declared DESC in CLUSTERING ORDER BY.
	Desc bool
	// ID identifies a static or regular column's cells in the store; unique
	// within the table for its whole life.
	ID int
	// DroppedAt is, for a column ALTER TABLE DROP removed, the drop's
	// timestamp in microseconds (DroppedColumn.droppedTime), which
	// system_schema.dropped_columns lists.
	DroppedAt int64
	// Readded marks a column added again after a drop of its name: its
	// cells written at or before DroppedAt (the last drop's) stay unread,
	// as TableMetadata.droppedColumns, which keeps the drop, makes
	// BTreeRow.filter skip them; those written after it are read again.
	Readded bool
}

// IsPrimaryKey reports whether c is a partition key or clustering column.
func (c *Column) IsPrimaryKey() bool { return c.Kind == PartitionKey || c.Kind == Clustering }

// Compare orders two clustering values of c in storage order (DESC reversed).
func (c *Column) Compare(a, b cqltype.Value) int {
	r := c.Type.Compare(a, b)
	if c.Desc {
		return -r
	}
	return r
}

// Table is a table or a materialized view.
type Table struct {
	Keyspace  string
	Name      string
	qualified string
	// Columns lists every column in SELECT * order: partition key, clustering,
	// then static and regular columns each by name.
	Columns      []*Column
	PartitionKey []*Column
	ClusteringCs []*Column
	Statics      []*Column
	Regulars     []*Column
	byName       map[string]*Column
	byID         map[int]*Column
	nextID       int
	// Dropped remembers each dropped column by name, the last one dropped,
	// for ALTER TABLE ADD's checks (TableMetadata.droppedColumns).
	Dropped map[string]*Column

	Compact    bool
	Counter    bool
	DefaultTTL int
	GCGrace    int
	// Options holds every table property as DESCRIBE prints it.
	Options map[string]string

	Indexes []*Index
	// View is set when the table is a materialized view.
	View *View
	// Views lists the views of this base table.
	Views []*Table
	// Dense marks a compact table with clustering columns: its single value
	// column has cells named by the clustering value (legacy layout).
	Dense bool
	// Created is the virtual clock (microseconds) at CREATE, which the
	// table's id, a timeuuid (TableId.generate), is made of.
	Created int64
}

// Index is a secondary index on one column.
type Index struct {
	Name   string
	Column *Column
	// Target is "values", "keys", "entries" or "full".
	Target string
	Custom string
}

// View is the definition of a materialized view.
type View struct {
	Base *Table
	// Where is the view's WHERE clause as written, for DESCRIBE.
	Where string
	// IncludeAll is set for SELECT *: columns added to the base later join the view.
	IncludeAll bool
}

// Qualified returns ks.name.
// A table's keyspace and name never change once it is created, so the name
// is built once: every write's plan carries it.
func (t *Table) Qualified() string {
	if t.qualified == "" {
		t.qualified = t.Keyspace + "." + t.Name
	}
	return t.qualified
}

// Column returns the column called name, or nil.
func (t *Table) Column(name string) *Column { return t.byName[name] }

// ColumnByID returns the static or regular column with the given ID, or nil
// when it was dropped.
func (t *Table) ColumnByID(id int) *Column { return t.byID[id] }

// HasClustering reports whether the table has clustering columns.
func (t *Table) HasClustering() bool { return len(t.ClusteringCs) > 0 }

// AddColumn adds c to the table, assigning its ID and keeping Columns in
// SELECT * order.
func (t *Table) AddColumn(c *Column) { t.addColumn(c, false) }

// ReAddColumn adds c, of the name of old, a column ALTER TABLE DROP removed:
// c keeps old's ID, for Cassandra finds a column's cells by its name, and
// is Readded with old's drop timestamp.
func (t *Table) ReAddColumn(c, old *Column) {
	c.ID, c.Readded, c.DroppedAt = old.ID, true, old.DroppedAt
	t.addColumn(c, true)
}

func (t *Table) addColumn(c *Column, keepID bool) {
	c.Name = strings.Clone(c.Name) // not a piece of the script, which it would keep alive
	if t.byName == nil {
		t.byName = map[string]*Column{}
		t.byID = map[int]*Column{}
	}
	switch c.Kind {
	case PartitionKey:
		c.Position = len(t.PartitionKey)
		t.PartitionKey = append(t.PartitionKey, c)
	case Clustering:
		c.Position = len(t.ClusteringCs)
		t.ClusteringCs = append(t.ClusteringCs, c)
	case Static:
		t.Statics = insertByName(t.Statics, c)
	case Regular:
		t.Regulars = insertByName(t.Regulars, c)
	}
	if !c.IsPrimaryKey() {
		if !keepID {
			c.ID = t.nextID
			t.nextID++
		}
		t.byID[c.ID] = c
	}
	t.byName[c.Name] = c
	t.rebuild()
}

// DropColumn removes a static or regular column, dropped at timestamp at
// (microseconds). Its cells stay in the store but are never read again.
func (t *Table) DropColumn(c *Column, at int64) {
	if t.Dropped == nil {
		t.Dropped = map[string]*Column{}
	}
	c.DroppedAt = at
	t.Dropped[c.Name] = c
	delete(t.byName, c.Name)
	delete(t.byID, c.ID)
	t.Statics = remove(t.Statics, c)
	t.Regulars = remove(t.Regulars, c)
	t.rebuild()
}

// RenameColumn renames a primary key column.
func (t *Table) RenameColumn(c *Column, to string) {
	delete(t.byName, c.Name)
	c.Name = to
	t.byName[to] = c
	t.rebuild()
}

func (t *Table) rebuild() {
	t.Columns = t.Columns[:0]
	t.Columns = append(t.Columns, t.PartitionKey...)
	t.Columns = append(t.Columns, t.ClusteringCs...)
	t.Columns = append(t.Columns, t.Statics...)
	t.Columns = append(t.Columns, t.Regulars...)
}

func insertByName(cs []*Column, c *Column) []*Column {
	cs = append(cs, c)
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
	return cs
}

func remove(cs []*Column, c *Column) []*Column {
	out := cs[:0]
	for _, x := range cs {
		if x != c {
			out = append(out, x)
		}
	}
	return out
}

// Keyspace is a keyspace and its tables, views and indexes.
type Keyspace struct {
	Name string
	// Replication holds the replication map as written.
	Replication   [][2]string
	DurableWrites bool
	Tables        map[string]*Table
	// Types holds the keyspace's user-defined types in the order they were
	// created, as CREATE TYPE defines them (not frozen). A type is never
	// changed in place: ALTER TYPE replaces it, and every column that uses it.
	Types []*cqltype.Type
	// System marks Cassandra's own keyspaces, listed but not writable.
	System bool
}

// UserTypes looks up the user types of the schema's keyspaces.
//
//go:noinline
func (s *Schema) UserTypes(ks, name string) *cqltype.Type {
	if k := s.Keyspaces[ks]; k != nil {
		for _, t := range k.Types {
			if t.Name == name {
				return t
			}
		}
	}
	return nil
}

// TypeNames returns the names of the keyspace's user types, sorted.
func (k *Keyspace) TypeNames() []string {
	var names []string
	for _, t := range k.Types {
		names = append(names, t.Name)
	}
	sort.Strings(names)
	return names
}

// TableNames returns the names of the keyspace's tables (not views), sorted.
func (k *Keyspace) TableNames() []string {
	var names []string
	for n, t := range k.Tables {
		if t.View == nil {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// Schema is the whole cluster's schema.
type Schema struct {
	Keyspaces map[string]*Keyspace
}

// DefaultKeyspace is the keyspace every session starts in.
const DefaultKeyspace = "cqlplay"

// New returns a schema with the system keyspaces and the default keyspace.
func New() *Schema {
	s := &Schema{Keyspaces: map[string]*Keyspace{}}
	// Cassandra 4.1's own keyspaces, with the replication a fresh node gives
	// them (the distributed ones use SimpleStrategy).
	for _, sk := range []struct {
		name string
		rf   string
	}{{"system", ""}, {"system_auth", "1"}, {"system_distributed", "3"}, {"system_schema", ""}, {"system_traces", "2"}, {"system_views", ""}, {"system_virtual_schema", ""}} {
		repl := [][2]string{{"class", "org.apache.cassandra.locator.LocalStrategy"}}
		if sk.rf != "" {
			repl = [][2]string{{"class", "org.apache.cassandra.locator.SimpleStrategy"}, {"replication_factor", sk.rf}}
		}
		s.Keyspaces[sk.name] = &Keyspace{Name: sk.name, System: true, Tables: map[string]*Table{}, DurableWrites: true, Replication: repl}
	}
	s.Keyspaces[DefaultKeyspace] = &Keyspace{Name: DefaultKeyspace, Tables: map[string]*Table{}, DurableWrites: true,
		Replication: [][2]string{{"class", "org.apache.cassandra.locator.SimpleStrategy"}, {"replication_factor", "1"}}}
	return s
}

// UserTables lists the tables and views of every keyspace but Cassandra's
// own, in keyspace then table name order.
func (s *Schema) UserTables() []*Table {
	var out []*Table
	for _, ksName := range s.KeyspaceNames() {
		ks := s.Keyspaces[ksName]
		if ks.System {
			continue
		}
		names := make([]string, 0, len(ks.Tables))
		for n := range ks.Tables {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			out = append(out, ks.Tables[n])
		}
	}
	return out
}

// KeyspaceNames returns every keyspace name, sorted.
func (s *Schema) KeyspaceNames() []string {
	names := make([]string, 0, len(s.Keyspaces))
	for n := range s.Keyspaces {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// FindIndex returns the index called name in keyspace ks, with its table.
func (s *Schema) FindIndex(ks, name string) (*Table, *Index) {
	k := s.Keyspaces[ks]
	if k == nil {
		return nil, nil
	}
	for _, t := range k.Tables {
		for _, ix := range t.Indexes {
			if ix.Name == name {
				return t, ix
			}
		}
	}
	return nil, nil
}
