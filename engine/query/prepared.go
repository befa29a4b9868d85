package query

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// maxTemplates bounds the prepared INSERT shapes a DB keeps.
const maxTemplates = 8

// insertTemplate is a prepared INSERT kept for the statements after it, as a
// driver keeps a prepared statement: a script of many INSERTs of one shape
// (the same text up to the first value) is prepared once, and each later
// statement only binds its literals into the prepared write and applies it.
// A DB keeps the templates of the last few shapes (maxTemplates), so a
// script that writes each row to two tables, as denormalised models do,
// prepares both. Parsing and preparing each INSERT in full was most of the
// cost of loading a script of a hundred thousand rows (workload W1).
//
// The template holds only what does not depend on the values: the table,
// the columns and the checks prepareInsert made of them. It is dropped when
// anything but a read or a write runs (DDL, USE, a directive may change what
// the same text means).
type insertTemplate struct {
	prefix string // the statement's text before its first value
	w      *write
	slots  []insertSlot // where each value goes, in the order written
	lits   []cql.Literal
}

// insertSlot is where one value of the INSERT goes: the restriction of a
// key column, or the operation setting a regular column.
type insertSlot struct {
	col *schema.Column
	r   *restriction
	op  *operation
}

// rememberInsert makes s, which prepareInsert just turned into w, the
// template for the INSERTs after it, when it is one of the plain kind: every
// value a non-null literal, no JSON, no USING, no IF NOT EXISTS, its text
// before the first value on one line.
func (db *DB) rememberInsert(s *cql.Insert, w *write) {
	if s.JSON != nil || s.IfNotExists || w.ttl != nil || w.ts != nil || w.cond != nil || len(s.Values) == 0 || s.Src == "" {
		return
	}
	slots := make([]insertSlot, len(s.Values))
	for i, e := range s.Values {
		lit, ok := e.(*cql.Literal)
		if !ok || lit.Kind == cql.NullLit {
			return
		}
		c := w.t.Column(s.Columns[i].Name)
		slots[i].col = c
		if c.IsPrimaryKey() {
			slots[i].r = w.rs.restrictionOf(c)
			if slots[i].r == nil {
				return
			}
			continue
		}
		for _, op := range w.ops {
			if op.col == c {
				slots[i].op = op
			}
		}
		if slots[i].op == nil {
			return
		}
	}
	n := s.Values[0].Position().Offset - s.Pos.Offset
	if n <= 0 || n > len(s.Src) {
		return
	}
	// A copy: the template outlives the script, which it must not keep alive.
	prefix := strings.Clone(s.Src[:n])
	for i := 0; i < len(prefix); i++ {
		if prefix[i] == '\n' {
			return
		}
	}
	tp := &insertTemplate{prefix: prefix, w: w, slots: slots, lits: make([]cql.Literal, len(slots))}
	for i, old := range db.templates {
		if old.prefix == prefix {
			db.templates[i] = tp
			return
		}
	}
	if len(db.templates) == maxTemplates {
		copy(db.templates, db.templates[1:])
		db.templates = db.templates[:maxTemplates-1]
	}
	db.templates = append(db.templates, tp)
}

// InsertTemplate returns the prepared INSERT whose text the statement
// starting text begins with (text runs on to the end of the script): the
// prefix of its shape and the literals to read its values into; "" when
// none matches. ExecPrepared then runs that one.
func (db *DB) InsertTemplate(text string) (prefix string, lits []cql.Literal) {
	db.matched = nil
	for i := len(db.templates) - 1; i >= 0; i-- {
		if tp := db.templates[i]; strings.HasPrefix(text, tp.prefix) {
			db.matched = tp
			return tp.prefix, tp.lits
		}
	}
	return "", nil
}

// EndRun lets go of the last script: the templates' literals are pieces of
// it, which would keep a whole script of a hundred thousand INSERTs alive
// until the next run.
func (db *DB) EndRun() {
	for _, tp := range db.templates {
		clear(tp.lits)
	}
}

// ForgetPrepared drops the prepared INSERTs: the session calls it for
// directives, which may change what the same text means.
func (db *DB) ForgetPrepared() { db.templates, db.matched = db.templates[:0], nil }

// ExecPrepared runs the INSERT template with the literals InsertTemplate
// handed out, read from the statement src, as Exec would run that
// statement. It reports false, having changed nothing, when a value does not
// fit its column or the write fails: the statement must then run through
// Exec, which gives the error its exact message, position and explanation.
func (db *DB) ExecPrepared() (*Result, bool) {
	tp := db.matched
	if tp == nil {
		return nil, false
	}
	env := db.env()
	for i := range tp.slots {
		sl := &tp.slots[i]
		v, err := sl.col.Type.AssignLiteral(&tp.lits[i], sl.col.Name, env)
		if err != nil || v == nil {
			return nil, false
		}
		if sl.r != nil {
			sl.r.setEQ(v)
		} else {
			sl.op.val = v
		}
	}
	db.pending, db.pendingAdvice = db.pending[:0], nil
	res, err := db.apply(tp.w, nil)
	if err != nil {
		return nil, false
	}
	db.Clock++
	if res == nil {
		res = &Result{}
	}
	db.endWarnings(res)
	return res, true
}

// keepTemplate drops the INSERT template unless stmt is a read or a write,
// which cannot change what an INSERT's text means.
func (db *DB) keepTemplate(stmt cql.Statement) {
	switch stmt.(type) {
	case *cql.Select, *cql.Insert, *cql.Update, *cql.Delete, *cql.Batch:
	default:
		db.ForgetPrepared()
	}
}

// restrictionOf returns the single-column equality on key column c, or nil.
func (rs *restrictions) restrictionOf(c *schema.Column) *restriction {
	var r *restriction
	switch c.Kind {
	case schema.PartitionKey:
		r = rs.pk[c.Position]
	case schema.Clustering:
		if c.Position < len(rs.ckCols) {
			r = rs.ckCols[c.Position]
		}
	}
	if r == nil || r.kind != rEQ || len(r.cols) != 1 || r.cols[0] != c || r.token || r.nulls != nil || r.unset {
		return nil
	}
	return r
}
