package query

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// system_schema.tables and system_schema.views, declared as Cassandra
// 4.1's SchemaKeyspace declares them: one row per table (per view) of the
// reader's keyspaces, with the table parameters DESCRIBE prints, written as
// SchemaKeyspace.addTableParamsToRowBuilder writes them (the read repair
// chances 0.0, cdc only on a node with cdc_enabled, memtable only for a
// configuration other than the default, so null here).
var systemSchemaTablesDDL = map[string]string{
	"tables": `CREATE TABLE system_schema.tables (
    keyspace_name text,
    table_name text,
    bloom_filter_fp_chance double,
    caching frozen<map<text, text>>,
    comment text,
    compaction frozen<map<text, text>>,
    compression frozen<map<text, text>>,
    memtable text,
    crc_check_chance double,
    dclocal_read_repair_chance double,
    default_time_to_live int,
    extensions frozen<map<text, blob>>,
    flags frozen<set<text>>,
    gc_grace_seconds int,
    id uuid,
    max_index_interval int,
    memtable_flush_period_in_ms int,
    min_index_interval int,
    read_repair_chance double,
    speculative_retry text,
    additional_write_policy text,
    cdc boolean,
    read_repair text,
    PRIMARY KEY (keyspace_name, table_name)
) WITH comment = 'table definitions'`,
	"views": `CREATE TABLE system_schema.views (
    keyspace_name text,
    view_name text,
    base_table_id uuid,
    base_table_name text,
    where_clause text,
    bloom_filter_fp_chance double,
    caching frozen<map<text, text>>,
    comment text,
    compaction frozen<map<text, text>>,
    compression frozen<map<text, text>>,
    memtable text,
    crc_check_chance double,
    dclocal_read_repair_chance double,
    default_time_to_live int,
    extensions frozen<map<text, blob>>,
    gc_grace_seconds int,
    id uuid,
    include_all_columns boolean,
    max_index_interval int,
    memtable_flush_period_in_ms int,
    min_index_interval int,
    read_repair_chance double,
    speculative_retry text,
    additional_write_policy text,
    cdc boolean,
    read_repair text,
    PRIMARY KEY (keyspace_name, view_name)
) WITH comment = 'view definitions'`,
}

// tableID is a table's id: the one WITH id = gave it, or the timeuuid
// TableId.generate makes at CREATE, here of the virtual clock then.
func tableID(t *schema.Table) cqltype.Value {
	if s, ok := t.Options["id"]; ok {
		if v, ok := cqltype.ParseUUID(strings.Trim(s, "'")); ok {
			return v
		}
	}
	return cqltype.TimeUUIDAt(t.Created*1000, 0x1234, 0x0242ac110002)
}

// tablesAndViews writes system_schema.tables (views false) or .views.
func (w schemaWriter) tablesAndViews(views bool) {
	for _, t := range w.db.Schema.UserTables() {
		if (t.View != nil) != views {
			continue
		}
		cells := map[string]cqltype.Value{
			"dclocal_read_repair_chance": cqltype.DoubleValue(0),
			"read_repair_chance":         cqltype.DoubleValue(0),
			"id":                         tableID(t),
		}
		for _, p := range schema.TableProperties() {
			text := p[1]
			if x, ok := t.Options[p[0]]; ok {
				text = x
			}
			if p[0] == "memtable" && text == "'default'" || p[0] == "cdc" {
				continue
			}
			if c := w.t.Column(p[0]); c != nil {
				cells[p[0]] = optionValue(c.Type, text)
			}
		}
		if views {
			cells["base_table_id"] = tableID(t.View.Base)
			cells["base_table_name"] = cqltype.TextValue(t.View.Base.Name)
			cells["where_clause"] = cqltype.TextValue(t.View.Where)
			cells["include_all_columns"] = cqltype.BoolValue(t.View.IncludeAll)
		} else {
			cells["flags"] = optionValue(w.t.Column("flags").Type, tableFlags(t))
		}
		w.row([]cqltype.Value{cqltype.TextValue(t.Keyspace), cqltype.TextValue(t.Name)}, cells)
	}
}

// tableFlags is TableMetadata.Flag's set as a CQL literal: a CQL table is
// compound, a counter table counter too; a COMPACT STORAGE table is dense
// with clustering columns, neither without (CompactTables).
func tableFlags(t *schema.Table) string {
	var flags []string
	switch {
	case t.Compact && len(t.ClusteringCs) > 0:
		flags = append(flags, "'dense'")
	case !t.Compact:
		flags = append(flags, "'compound'")
	}
	if t.Counter {
		flags = append(flags, "'counter'")
	}
	return "{" + strings.Join(flags, ", ") + "}"
}

// optionValue is a table option, kept as the CQL text DESCRIBE prints, as a
// value of typ; null when the text is not one.
func optionValue(typ *cqltype.Type, text string) cqltype.Value {
	items := cql.Parse("INSERT INTO t (c) VALUES (" + text + ")")
	if len(items) != 1 {
		return nil
	}
	ins, ok := items[0].Stmt.(*cql.Insert)
	if !ok || len(ins.Values) != 1 {
		return nil
	}
	v, err := typ.Assign(ins.Values[0], "", nil)
	if err != nil {
		return nil
	}
	return v
}
