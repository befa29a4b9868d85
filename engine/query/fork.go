package query

import (
	"maps"
	"slices"

	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// Snapshots for incremental runs (engine's Session.Rerun). Fork makes a
// snapshot of the live DB, which nobody writes; Resume makes a live DB of a
// snapshot, to run statements on. Both copies share their data until one
// is written: tables share their partitions and rows, copied when first
// written after the fork (store/cow.go). Statements on one copy never show
// in the other. The prepared INSERTs are not carried over, which changes
// no result.
//
// The schema is copied outright (it is small, and DDL changes it in
// place): Resume copies it, and Fork copies it once for all the snapshots
// taken between two statements that may change it, which share that copy
// (snapshots are never written).
//
// Only one DB of a lineage may be written at a time: they share one
// store.Owner, and a fork ends the ownership of everything.

// Fork returns a snapshot of db: a copy nobody may write (Resume it).
func (db *DB) Fork() *DB {
	db.startForks()
	sch, tables := db.lastFork.schema, db.lastFork.tables
	if db.schemaChanged || sch == nil {
		sch, tables = db.Schema.Clone()
		db.lastFork.schema, db.lastFork.tables = sch, tables
		db.schemaChanged = false
	}
	return db.copyWith(sch, tables)
}

// Resume returns a copy of db, a snapshot, to be written.
func (db *DB) Resume() *DB {
	db.startForks()
	sch, tables := db.Schema.Clone()
	c := db.copyWith(sch, tables)
	// The snapshot's schema is the copy's as it stands: the copy's next
	// snapshots may share it until the copy changes its schema.
	c.lastFork.schema = db.Schema
	c.lastFork.tables = make(map[*schema.Table]*schema.Table, len(tables))
	for orig, cp := range tables {
		c.lastFork.tables[cp] = orig
	}
	return c
}

// startForks turns copy on write on for db's tables and ends the ownership
// of what they hold.
func (db *DB) startForks() {
	if db.own == nil {
		db.own = store.NewOwner()
		for _, d := range db.data {
			d.SetOwner(db.own)
		}
	}
	db.own.Fork()
}

// copyWith returns a copy of db with schema sch, tables naming each of
// db's tables' copy in sch.
func (db *DB) copyWith(sch *schema.Schema, tables map[*schema.Table]*schema.Table) *DB {
	c := &DB{
		Schema:   sch,
		data:     make(map[*schema.Table]*store.Table, len(db.data)),
		Keyspace: db.Keyspace,
		Clock:    db.Clock,
		Version:  db.Version,
		PageSize: db.PageSize,
		// The copy appends its own traces: a clipped slice never writes
		// into the array db shares.
		Traces:  slices.Clip(db.Traces),
		rng:     db.rng,
		rows:    db.rows,
		Ring:    db.Ring,
		listSeq: db.listSeq,
		advice:  advice{given: maps.Clone(db.advice.given)},
		own:     db.own,
	}
	for t, d := range db.data {
		n := tables[t]
		if n == nil {
			// A table the schema no longer names (dropped): its data is
			// unreachable, as in db.
			continue
		}
		c.data[n] = d.Fork(n)
	}
	if db.views != nil {
		c.views = make(map[*schema.Table]*viewState, len(db.views))
		for v, st := range db.views {
			if n := tables[v]; n != nil {
				c.views[n] = &viewState{filter: st.filter, derived: maps.Clone(st.derived)}
			}
		}
	}
	return c
}
