package query

import (
	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/schema"
	"strings"
)

// The system tables the engine models, by keyspace: every table of
// system_schema and of system_traces, and system.local of the system
// keyspace. SELECT fills them (system_schema.go, system_traces.go,
// system_local.go) and DESCRIBE prints them, from the same declarations.
func systemDDLs(ks string) []map[string]string {
	switch ks {
	case "system_schema":
		return []map[string]string{systemSchemaDDL, systemSchemaTablesDDL}
	case "system_traces":
		return []map[string]string{systemTracesDDL}
	case "system":
		return []map[string]string{{"local": systemLocalDDL, "peers": systemPeersDDL, "peers_v2": systemPeersV2DDL}}
	}
	return nil
}

// completeSystemKeyspaces are the system keyspaces whose every table the
// engine models, so that DESCRIBE KEYSPACE lists them as Cassandra does.
var completeSystemKeyspaces = map[string]bool{"system_schema": true, "system_traces": true, "system_auth": true, "system_distributed": true}

// systemParams are the table parameters each system keyspace's parse()
// gives all its tables beside their comment: SchemaKeyspace's a 7-day
// gc_grace_seconds and a 1-hour memtable flush period, SystemKeyspace's 0
// and 1 hour, TraceKeyspace's 0 (4.0 unset its flush period).
var systemParams = map[string]string{
	"system_schema": " AND gc_grace_seconds = 604800 AND memtable_flush_period_in_ms = 3600000",
	"system":        " AND gc_grace_seconds = 0 AND memtable_flush_period_in_ms = 3600000",
	"system_traces": " AND gc_grace_seconds = 0",
	"system_auth":   " AND gc_grace_seconds = 7776000",
}

// systemTable builds a system table from its declaration, which is the
// engine's own text: one that does not parse or is refused is a bug.
func systemTable(ks *schema.Keyspace, ddl string) *schema.Table {
	ct, ok := cql.Parse(ddl + systemParams[ks.Name])[0].Stmt.(*cql.CreateTable)
	if !ok {
		panic("a system table's declaration does not parse: " + ddl)
	}
	t, err := schema.NewTable(ks.Name, ct, nil)
	if err != nil {
		panic("a system table's declaration is refused: " + err.Message)
	}
	return t
}

// refillSystemTable starts system table ks.<name> afresh from its
// declaration, the data of the one an earlier statement read dropped, and
// returns the writer that fills it; the caller puts it in ks.Tables once
// filled.
func (db *DB) refillSystemTable(ks *schema.Keyspace, name, ddl string) schemaWriter {
	if old := ks.Tables[name]; old != nil {
		delete(db.data, old)
	}
	t := systemTable(ks, ddl)
	return schemaWriter{db: db, t: t, data: db.Data(t)}
}

// describedTable is the table or view called name of ks as DESCRIBE sees
// it: a system table from its declaration (empty: DESCRIBE prints only its
// definition), whether or not a statement has read it yet.
func describedTable(ks *schema.Keyspace, name string) *schema.Table {
	if !ks.System {
		return ks.Tables[name]
	}
	for _, m := range systemDDLs(ks.Name) {
		if ddl, ok := m[name]; ok {
			return systemTable(ks, ddl)
		}
	}
	if ddl := moreSystemTable(ks.Name, name); ddl != "" {
		return systemTable(ks, ddl)
	}
	return nil
}

// describedTableNames are the names of ks's tables (not views) DESCRIBE
// lists, sorted.
func describedTableNames(ks *schema.Keyspace) []string {
	if !ks.System {
		return ks.TableNames()
	}
	return systemTableNames(ks.Name)
}

// systemTableNames are the names of the tables systemDDLs and moreSystemDDL
// declare in keyspace ks, sorted: a constant rather than a walk of the
// declarations, which costs the WebAssembly module 2 KB, kept as static
// data (TestSystemTableNames keeps them equal).
func systemTableNames(ks string) []string {
	for _, n := range systemTableNameList {
		if n[0] == ks {
			return strings.Fields(n[1])
		}
	}
	return nil
}

var systemTableNameList = [...][2]string{
	{"system", "local peers peers_v2"},
	{"system_schema", "aggregates columns dropped_columns functions indexes keyspaces tables triggers types views"},
	{"system_traces", "events sessions"},
	{"system_auth", "network_permissions resource_role_permissons_index role_members role_permissions roles"},
	{"system_distributed", "parent_repair_history partition_denylist repair_history view_build_status"},
}
