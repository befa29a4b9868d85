// Package query executes CQL statements against the schema and the store with
// Apache Cassandra 4.1's rules: it validates each statement in the order
// Cassandra does (so the first failing check gives Cassandra's message),
// plans reads from the WHERE clause the way StatementRestrictions does, and
// applies writes with client-style timestamps from a virtual clock.
//
// DB (db.go) is one simulated cluster and Exec its only entry point: one
// parsed statement in, a Result (rows, text, warnings, plan) or a
// *cqlerr.Error out. Everything else is reached from there:
//
//	db.go            DB, Exec's dispatch, Result and Plan, compaction of expired data
//	ddl.go           keyspaces and tables: CREATE, ALTER, DROP, USE, name resolution
//	index.go         CREATE and DROP INDEX
//	view.go          materialized views: CreateViewStatement's checks, keeping views in step
//	usertype.go      CREATE, ALTER and DROP TYPE
//	udf.go           CREATE FUNCTION and AGGREGATE, refused as 4.1's default cassandra.yaml refuses them
//	describe.go      DESCRIBE, as cqlsh prints it
//	system_tables.go the system tables modelled, by keyspace, and their declarations
//	system_local.go  system.local, and the builder of system tables
//	system_schema.go system_schema.keyspaces, .columns, .dropped_columns, ..., rebuilt from the schema
//	system_schema_tables.go  system_schema.tables and .views with their table parameters
//	system_traces.go system_traces.sessions and .events, from the traces TRACING ON recorded
//	system_more.go   the system tables DESCRIBE prints and no statement fills (peers, system_auth ...)
//	trace.go         what a read records under TRACING ON, for the session's trace
//
//	select.go        SELECT: planning (restrictions, ordering, limits) and the result
//	restrictions.go  StatementRestrictions: which WHERE clauses a table can answer, in Cassandra's order
//	relations.go     one relation to one restriction (Single/Multi/TokenRelation)
//	multislice.go    multi-column slices (c1, c2) > (v1, v2)
//	keyorder.go      the key order of partitions read by IN, token ranges and scans
//	reader.go        walking partitions and rows for a plan: liveness, paging limits, filtering
//	selection.go     the selected columns and functions of a SELECT, and the row context they read
//	eval.go          evaluating selectors on a row (functions, casts, collection elements)
//	aggregate.go     sum, avg, min, max and count as AggregateFcts computes them
//	functions.go     native functions and term evaluation for writes
//	rowbuf.go        formatting a result row without allocating per cell
//	warnings.go      tombstone thresholds, large partitions, when the playground gives modeling advice (Advice: a rule and its values, worded by engine/internal/explain)
//	javahash.go      Java's HashSet order of column names, which messages and renames follow
//
//	write.go         INSERT, UPDATE, DELETE: keys, timestamps, TTLs, row markers, tombstones
//	ops.go           the operations of SET: collections, counters, null
//	conditions.go    lightweight transactions: IF, IF [NOT] EXISTS, the [applied] row
//	batch.go         BATCH: BatchStatement's validation order, conditional batches
//	insert_json.go   INSERT JSON
//	prepared.go      prepared INSERTs: a statement's shape reused for the next of its kind
//	fill.go          -- @fill: generated rows written as prepared INSERTs
//	bind.go          bind markers of the native-protocol server's prepared statements
//	fork.go          snapshots of the cluster for incremental reruns (copy on write)
//
// Invariants: the clock advances by one microsecond per statement, so writes
// without USING TIMESTAMP are ordered as the script orders them; a statement
// that fails changes nothing; messages match Cassandra's byte for byte
// (messages_test.go and the engine's scenario files assert them).
package query
