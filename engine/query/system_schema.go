package query

import (
	"sort"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// system_schema.keyspaces, .tables, .columns, .dropped_columns, .views,
// .indexes, .triggers, .types, .functions and .aggregates (tables and views
// in system_schema_tables.go; 4.1 has no column_masks) show where Cassandra
// records a data model: each column's kind (partition_key, clustering,
// regular, static), its position in the key and its clustering order. They
// are declared as Cassandra 4.1's SchemaKeyspace declares them and filled
// from the session's schema each time a statement names them, so they are
// always current and a session that never reads them pays nothing. They list
// the reader's keyspaces and tables (and, for keyspaces, Cassandra's own
// keyspaces too), not the system tables' columns.

var systemSchemaDDL = map[string]string{
	"keyspaces": `CREATE TABLE system_schema.keyspaces (
    keyspace_name text PRIMARY KEY,
    durable_writes boolean,
    replication frozen<map<text, text>>
) WITH comment = 'keyspace definitions'`,
	"columns": `CREATE TABLE system_schema.columns (
    keyspace_name text,
    table_name text,
    column_name text,
    clustering_order text,
    column_name_bytes blob,
    kind text,
    position int,
    type text,
    PRIMARY KEY (keyspace_name, table_name, column_name)
) WITH comment = 'column definitions'`,
	"indexes": `CREATE TABLE system_schema.indexes (
    keyspace_name text,
    table_name text,
    index_name text,
    kind text,
    options frozen<map<text, text>>,
    PRIMARY KEY (keyspace_name, table_name, index_name)
) WITH comment = 'secondary index definitions'`,
	"dropped_columns": `CREATE TABLE system_schema.dropped_columns (
    keyspace_name text,
    table_name text,
    column_name text,
    dropped_time timestamp,
    kind text,
    type text,
    PRIMARY KEY (keyspace_name, table_name, column_name)
) WITH comment = 'dropped column registry'`,
	// triggers, functions and aggregates are always empty: the engine
	// has no triggers or user-defined functions.
	"triggers": `CREATE TABLE system_schema.triggers (
    keyspace_name text,
    table_name text,
    trigger_name text,
    options frozen<map<text, text>>,
    PRIMARY KEY (keyspace_name, table_name, trigger_name)
) WITH comment = 'trigger definitions'`,
	"functions": `CREATE TABLE system_schema.functions (
    keyspace_name text,
    function_name text,
    argument_types frozen<list<text>>,
    argument_names frozen<list<text>>,
    body text,
    language text,
    return_type text,
    called_on_null_input boolean,
    PRIMARY KEY (keyspace_name, function_name, argument_types)
) WITH comment = 'user defined function definitions'`,
	"aggregates": `CREATE TABLE system_schema.aggregates (
    keyspace_name text,
    aggregate_name text,
    argument_types frozen<list<text>>,
    final_func text,
    initcond text,
    return_type text,
    state_func text,
    state_type text,
    PRIMARY KEY (keyspace_name, aggregate_name, argument_types)
) WITH comment = 'user defined aggregate definitions'`,
	"types": `CREATE TABLE system_schema.types (
    keyspace_name text,
    type_name text,
    field_names frozen<list<text>>,
    field_types frozen<list<text>>,
    PRIMARY KEY (keyspace_name, type_name)
) WITH comment = 'user defined type definitions'`,
}

// virtualKeyspaces are listed in system_virtual_schema, not system_schema.
var virtualKeyspaces = map[string]bool{"system_views": true, "system_virtual_schema": true}

// systemSchemaTable returns system_schema.<name> rebuilt from the current
// schema, or nil for a table the engine does not keep.
func (db *DB) systemSchemaTable(ks *schema.Keyspace, name string) *schema.Table {
	ddl, ok := systemSchemaDDL[name]
	if !ok {
		ddl, ok = systemSchemaTablesDDL[name]
	}
	if !ok {
		return nil
	}
	w := db.refillSystemTable(ks, name, ddl)
	t := w.t
	switch name {
	case "keyspaces":
		w.keyspaces()
	case "columns":
		w.columns()
	case "indexes":
		w.indexes()
	case "types":
		w.types()
	case "dropped_columns":
		w.droppedColumns()
	case "tables", "views":
		w.tablesAndViews(name == "views")
	}
	ks.Tables[name] = t
	return t
}

// schemaWriter writes rows into a system_schema table.
type schemaWriter struct {
	db   *DB
	t    *schema.Table
	data *store.Table
}

// row writes one row: key values for the partition key then the clustering
// columns, and cells by column name (nil values are left out: null).
func (w schemaWriter) row(key []cqltype.Value, cells map[string]cqltype.Value) *store.Row {
	nPK := len(w.t.PartitionKey)
	pk := key[0]
	if nPK > 1 {
		pk = cqltype.CompositeKey(key[:nPK])
	}
	part := w.data.PartitionForWrite(pk)
	row := part.RowForWrite(key[nPK:])
	ts := w.db.Clock
	row.SetMarker(store.Liveness{TS: ts})
	for _, c := range w.t.Regulars {
		if v, ok := cells[c.Name]; ok && v != nil {
			row.Write(store.Cell{Col: int32(c.ID), TS: ts, Value: v})
		}
	}
	return row
}

func (w schemaWriter) keyspaces() {
	replication := w.t.Column("replication").Type
	for _, name := range w.db.Schema.KeyspaceNames() {
		ks := w.db.Schema.Keyspaces[name]
		if virtualKeyspaces[name] {
			continue
		}
		// A frozen map's entries are sorted by key, the class by its full name.
		repl := append([][2]string(nil), ks.Replication...)
		sort.Slice(repl, func(i, j int) bool { return repl[i][0] < repl[j][0] })
		var keys, vals []cqltype.Value
		for _, kv := range repl {
			v := kv[1]
			if kv[0] == "class" && !strings.Contains(v, ".") {
				v = "org.apache.cassandra.locator." + v
			}
			keys = append(keys, cqltype.TextValue(kv[0]))
			vals = append(vals, cqltype.TextValue(v))
		}
		w.row([]cqltype.Value{cqltype.TextValue(name)}, map[string]cqltype.Value{
			"durable_writes": cqltype.BoolValue(ks.DurableWrites),
			"replication":    replication.Join(keys, vals),
		})
	}
}

func (w schemaWriter) columns() {
	for _, t := range w.db.Schema.UserTables() {
		for _, c := range t.Columns {
			kind, position, order := columnKind(c), -1, "none"
			if c.IsPrimaryKey() {
				position = c.Position
			}
			if c.Kind == schema.Clustering {
				order = "asc"
				if c.Desc {
					order = "desc"
				}
			}
			w.row([]cqltype.Value{cqltype.TextValue(t.Keyspace), cqltype.TextValue(t.Name), cqltype.TextValue(c.Name)}, map[string]cqltype.Value{
				"clustering_order":  cqltype.TextValue(order),
				"column_name_bytes": cqltype.Value(c.Name),
				"kind":              cqltype.TextValue(kind),
				"position":          cqltype.Int32Value(int32(position)),
				"type":              cqltype.TextValue(c.Type.String()),
			})
		}
	}
}

// droppedColumns writes one row per column ALTER TABLE DROP removed (the
// last drop of each name; a column added again keeps it), as
// SchemaKeyspace.addDroppedColumnToSchemaMutation does: dropped_time the
// drop's timestamp in milliseconds, the column's kind and type.
func (w schemaWriter) droppedColumns() {
	for _, t := range w.db.Schema.UserTables() {
		for name, c := range t.Dropped {
			w.row([]cqltype.Value{cqltype.TextValue(t.Keyspace), cqltype.TextValue(t.Name), cqltype.TextValue(name)}, map[string]cqltype.Value{
				"dropped_time": cqltype.TimestampValue(c.DroppedAt / 1000), // TimeUnit.toMillis truncates,
				"kind":         cqltype.TextValue(columnKind(c)),
				"type":         cqltype.TextValue(expandUserTypes(c.Type).String()),
			})
		}
	}
}

// expandUserTypes is AbstractType.expandUserTypes, which
// TableMetadata.recordColumnDrop applies to a dropped column's type: each
// user type becomes the tuple of its fields' types, frozen as it was.
func expandUserTypes(t *cqltype.Type) *cqltype.Type {
	if len(t.Elems) == 0 {
		return t
	}
	c := *t
	c.Elems = make([]*cqltype.Type, len(t.Elems))
	for i, e := range t.Elems {
		c.Elems[i] = expandUserTypes(e)
	}
	if c.Kind == cqltype.UDT {
		c.Kind, c.Keyspace, c.Name, c.FieldNames = cqltype.Tuple, "", "", nil
	}
	return &c
}

// indexes writes one row per secondary index as SchemaKeyspace does from
// IndexMetadata: kind COMPOSITES for a built-in index, CUSTOM with its
// class_name for a custom one, and the target as IndexTarget.asCqlString
// writes it (the column alone for the values of a non-collection column,
// keys(c), values(c), entries(c) or full(c) otherwise).
func (w schemaWriter) indexes() {
	options := w.t.Column("options").Type
	for _, t := range w.db.Schema.UserTables() {
		for _, ix := range t.Indexes {
			target := targetName(ix.Column.Name)
			if ix.Target != "values" || ix.Column.Type.IsCollection() {
				target = ix.Target + "(" + target + ")"
			}
			kind := "COMPOSITES"
			var keys, vals []cqltype.Value
			if ix.Custom != "" {
				kind = "CUSTOM"
				keys = append(keys, cqltype.TextValue("class_name"))
				vals = append(vals, cqltype.TextValue(ix.Custom))
			}
			keys = append(keys, cqltype.TextValue("target"))
			vals = append(vals, cqltype.TextValue(target))
			w.row([]cqltype.Value{cqltype.TextValue(t.Keyspace), cqltype.TextValue(t.Name), cqltype.TextValue(ix.Name)}, map[string]cqltype.Value{
				"kind":    cqltype.TextValue(kind),
				"options": options.Join(keys, vals),
			})
		}
	}
}

// types writes one row per user type as SchemaKeyspace.addTypeToSchemaMutation
// does: the field names as they are, each field type as CQL prints it.
func (w schemaWriter) types() {
	list := w.t.Column("field_names").Type
	for _, ks := range w.db.Schema.Keyspaces {
		for _, ut := range ks.Types {
			var names, types []cqltype.Value
			for i, f := range ut.FieldNames {
				names, types = append(names, cqltype.TextValue(f)), append(types, cqltype.TextValue(ut.Elems[i].String()))
			}
			w.row([]cqltype.Value{cqltype.TextValue(ks.Name), cqltype.TextValue(ut.Name)}, map[string]cqltype.Value{
				"field_names": list.Join(nil, names),
				"field_types": list.Join(nil, types),
			})
		}
	}
}

// columnKind is ColumnMetadata.Kind in lower case, as system_schema writes it.
func columnKind(c *schema.Column) string {
	switch c.Kind {
	case schema.PartitionKey:
		return "partition_key"
	case schema.Clustering:
		return "clustering"
	case schema.Static:
		return "static"
	}
	return "regular"
}

// targetName is ColumnIdentifier.maybeQuote for an index target: a name that
// is not lower-case letters, digits and '_' (starting with a letter) is
// double-quoted, with '"' doubled.
func targetName(name string) string {
	plain := name != ""
	for i := 0; i < len(name) && plain; i++ {
		c := name[i]
		plain = 'a' <= c && c <= 'z' || i > 0 && ('0' <= c && c <= '9' || c == '_')
	}
	if plain {
		return name
	}
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}
