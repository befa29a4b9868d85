package query

import (
	"maps"

	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// Fork returns a copy of db that shares its data until either changes it:
// the snapshot an incremental run resumes from (engine's Session.Rerun).
// Statements on one copy never show in the other. The schema is copied
// outright (it is small, and DDL changes it in place); tables share their
// partitions and rows, copied when first written after the fork
// (store/cow.go); the prepared INSERTs are not carried over, which changes
// no result.
//
// Only one copy of a lineage may be written at a time: the copies share
// one store.Owner, and a fork ends the ownership of everything, whichever
// copy is written next.
func (db *DB) Fork() *DB {
	if db.own == nil {
		db.own = store.NewOwner()
		for _, d := range db.data {
			d.SetOwner(db.own)
		}
	}
	db.own.Fork()
	sch, tables := db.Schema.Clone()
	c := &DB{
		Schema:   sch,
		data:     make(map[*schema.Table]*store.Table, len(db.data)),
		Keyspace: db.Keyspace,
		Clock:    db.Clock,
		Version:  db.Version,
		Lang:     db.Lang,
		rng:      db.rng,
		rows:     db.rows,
		Ring:     db.Ring,
		listSeq:  db.listSeq,
		advice:   advice{given: maps.Clone(db.advice.given)},
		own:      db.own,
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
