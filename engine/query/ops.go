package query

import (
	"sort"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// listReference is Lists.PrecisionTime's REFERENCE_TIME (2010-01-01 UTC, ms):
// prepended list elements get cell paths from times mirrored before it, so
// they sort ahead of appended ones.
const listReference = 1262304000000

// applyOp writes one operation into a row.
func (db *DB) applyOp(w *write, part *store.Partition, row *store.Row, op *operation, p writeParams) *cqlerr.Error {
	c := op.col
	if c.Readded && p.ts <= c.DroppedAt {
		return nil // never read: dropped at a later timestamp (BTreeRow.filter)
	}
	col := int32(c.ID)
	typ := c.Type
	if typ.Kind == cqltype.Counter {
		return db.applyCounter(part, row, op, p)
	}
	if !typ.MultiCell() {
		switch op.kind {
		case opSet:
			part.Write(row, p.cell(col, op.val))
		case opDelete:
			part.Write(row, p.cell(col, nil))
		default:
			return errInvalidOperation(op.text, "non counter column", c.Name)
		}
		return nil
	}
	switch op.kind {
	case opSet:
		part.DeleteComplex(row, col, store.Deletion{MarkedAt: p.ts - 1, LocalTime: p.now})
		db.addElements(part, row, c, op.val, p, false)
	case opAdd:
		db.addElements(part, row, c, op.val, p, false)
	case opPrepend:
		db.addElements(part, row, c, op.val, p, true)
	case opSub:
		db.removeElements(part, row, c, op.val, p)
	case opDelete:
		part.DeleteComplex(row, col, p.deletion())
	case opSetElem:
		return db.setElement(part, row, c, op, p)
	case opDeleteElem:
		return db.deleteElement(part, row, c, op, p)
	}
	return nil
}

// addElements writes the elements of a collection value as cells.
func (db *DB) addElements(part *store.Partition, row *store.Row, c *schema.Column, v cqltype.Value, p writeParams, prepend bool) {
	if v == nil {
		return
	}
	col := int32(c.ID)
	if c.Type.Kind == cqltype.UDT {
		// UserTypes.Setter: a cell per non-null field, its path the field's position.
		fields, _ := c.Type.Fields(v)
		for i, f := range fields {
			if f != nil {
				part.Write(row, withPath(p.cell(col, f), cqltype.FieldPath(i)))
			}
		}
		return
	}
	keys, vals := c.Type.Elements(v)
	switch c.Type.Kind {
	case cqltype.List:
		for i, e := range vals {
			part.Write(row, withPath(p.cell(col, e), db.listPath(p.ts, prepend, i, len(vals))))
		}
	case cqltype.Set:
		for _, k := range keys {
			part.Write(row, withPath(p.cell(col, []byte{}), k))
		}
	case cqltype.Map:
		for i, k := range keys {
			part.Write(row, withPath(p.cell(col, vals[i]), k))
		}
	}
}

func withPath(c store.Cell, path []byte) store.Cell {
	if path == nil {
		path = []byte{}
	}
	c.SetPath(path)
	return c
}

// listPath returns the timeuuid that names a list element's cell, element i
// of n. A prepend's elements take ascending times below those of the prepends
// before it in the same millisecond, as Lists.Prepender draws them from
// PrecisionTime.getNext, so each prepend goes ahead of the earlier ones.
func (db *DB) listPath(ts int64, prepend bool, i, n int) []byte {
	db.listSeq++
	ms := ts / 1000
	if prepend {
		ms = listReference - (ms - listReference)
		before := db.listSeq - 1 - int64(i) // the elements written before this prepend
		ticks := 9999 - (before+int64(n))%10000 + int64(i)
		return cqltype.TimeUUIDAt(ms*1_000_000+ticks*100, 0x1000, 0x1C0FFEE0CAFE)
	}
	return cqltype.TimeUUIDAt(ms*1_000_000+(db.listSeq%10000)*100, 0x1000, 0x1C0FFEE0CAFE)
}

// removeElements deletes elements: set values, map keys, or every list
// element equal to one of the values.
func (db *DB) removeElements(part *store.Partition, row *store.Row, c *schema.Column, v cqltype.Value, p writeParams) {
	if v == nil {
		return
	}
	col := int32(c.ID)
	keys, vals := c.Type.Elements(v)
	switch c.Type.Kind {
	case cqltype.Set, cqltype.Map:
		if c.Type.Kind == cqltype.Map {
			keys, _ = cqltype.SetOf(c.Type.KeyType(), false).Elements(v)
		}
		for _, k := range keys {
			part.Write(row, withPath(p.cell(col, nil), k))
		}
	case cqltype.List:
		for _, e := range db.liveElements(part, row, c, p.now) {
			for _, x := range vals {
				if c.Type.ElemType().Compare(e.Value, x) == 0 {
					part.Write(row, withPath(p.cell(col, nil), e.Path()))
					break
				}
			}
		}
	}
}

// liveElements returns the live cells of a collection column in the order
// of the collection's comparator (timeuuid order for lists).
func (db *DB) liveElements(part *store.Partition, row *store.Row, c *schema.Column, now int64) []store.Cell {
	del := part.DeletionAt(row.Clustering).Max(row.Deletion()).Max(row.ComplexDeletionOf(int32(c.ID)))
	var out []store.Cell
	for _, e := range row.Elements(int32(c.ID)) {
		if e.Path() != nil && e.IsLive(now) && !del.Deletes(e.TS) {
			out = append(out, e)
		}
	}
	sortElements(c.Type, out)
	return out
}

// sortElements orders collection cells by the collection's key comparator.
func sortElements(t *cqltype.Type, cells []store.Cell) {
	kt := t.KeyType()
	switch t.Kind {
	case cqltype.UDT:
		kt = cqltype.SmallintType
	case cqltype.List:
		kt = cqltype.TimeuuidType
	case cqltype.Set:
		kt = t.ElemType()
	}
	sort.SliceStable(cells, func(i, j int) bool { return kt.Compare(cells[i].Path(), cells[j].Path()) < 0 })
}

func (db *DB) setElement(part *store.Partition, row *store.Row, c *schema.Column, op *operation, p writeParams) *cqlerr.Error {
	col := int32(c.ID)
	if c.Type.Kind == cqltype.Map || c.Type.Kind == cqltype.UDT {
		part.Write(row, withPath(p.cell(col, op.val), op.key))
		return nil
	}
	elems := p.prefetched(op)
	idx, err := listElement(elems, op)
	if err != nil {
		return err
	}
	part.Write(row, withPath(p.cell(col, op.val), elems[idx].Path()))
	return nil
}

func (db *DB) deleteElement(part *store.Partition, row *store.Row, c *schema.Column, op *operation, p writeParams) *cqlerr.Error {
	col := int32(c.ID)
	if c.Type.Kind != cqltype.List {
		part.Write(row, withPath(p.cell(col, nil), op.key))
		return nil
	}
	elems := p.prefetched(op)
	idx, err := listElement(elems, op)
	if err != nil {
		return err
	}
	part.Write(row, withPath(p.cell(col, nil), elems[idx].Path()))
	return nil
}

// listElement finds the element l[i] of a list operation names among the
// list's elements before the statement (Cassandra's prefetched row: in
// DELETE l[0], l[1] both indexes name the elements as they were), with
// Lists.SetterByIndex's and Lists.DiscarderByIndex's messages: the list is
// empty, then i is out of bounds.
func listElement(elems []store.Cell, op *operation) (int32, *cqlerr.Error) {
	idx, _ := cqltype.Int32Of(op.key)
	switch {
	case len(elems) == 0 && op.kind == opSetElem:
		return 0, errSetInNullList()
	case len(elems) == 0:
		return 0, errDeleteFromNullList()
	case idx < 0 || int(idx) >= len(elems):
		return 0, errListIndex(int(idx), len(elems))
	}
	return idx, nil
}

// prefetchLists reads, before anything is written, the elements of each
// list an element operation names and checks the operations against them:
// a statement that fails writes nothing, as Cassandra builds its whole
// mutation first. The result has, for each operation, its list's elements
// (nil for other operations).
func (db *DB) prefetchLists(part *store.Partition, row *store.Row, ops []*operation, now int64) ([][]store.Cell, *cqlerr.Error) {
	var lists [][]store.Cell
	for i, op := range ops {
		if (op.kind != opSetElem && op.kind != opDeleteElem) || op.col.Type.Kind != cqltype.List || !op.col.Type.MultiCell() {
			continue
		}
		r := row
		if op.col.Kind == schema.Static && row.Clustering != nil {
			// A static list lives in the partition's static row.
			if r = part.Static; r == nil {
				r = &store.Row{}
			}
		}
		if lists == nil {
			lists = make([][]store.Cell, len(ops))
		}
		lists[i] = db.liveElements(part, r, op.col, now)
		if _, err := listElement(lists[i], op); err != nil {
			return nil, err
		}
	}
	return lists, nil
}

// prefetched is the elements prefetchLists read for op's list.
func (p writeParams) prefetched(op *operation) []store.Cell {
	for i, o := range p.ops {
		if o == op && i < len(p.lists) {
			return p.lists[i]
		}
	}
	return nil
}

// applyCounter adds to a counter. Counters merge by adding rather than by
// last-write-wins; the store keeps one cell holding the running total.
func (db *DB) applyCounter(part *store.Partition, row *store.Row, op *operation, p writeParams) *cqlerr.Error {
	col := int32(op.col.ID)
	delta, _ := cqltype.Int64Of(op.val)
	if op.kind == opSub {
		delta = -delta
	}
	if op.kind == opDelete {
		part.Write(row, p.cell(col, nil))
		return nil
	}
	var cur int64
	ts := p.ts
	if old := row.Cell(col, nil); old != nil && !old.Tombstone && !part.DeletionAt(row.Clustering).Max(row.Deletion()).Deletes(old.TS) {
		cur, _ = cqltype.Int64Of(old.Value)
		if old.TS >= ts {
			ts = old.TS + 1
		}
	} else if old != nil && old.Tombstone {
		// A deleted counter cannot be incremented again (Cassandra's rule):
		// the tombstone always wins.
		return nil
	}
	c := p.cell(col, cqltype.Int64Value(cur+delta))
	c.TS = ts
	part.Write(row, c)
	return nil
}

// The messages of list operations at execution (Lists.java).

// errListIndex is Lists.SetterByIndex's refusal of SET l[i] = v with i
// outside the list.
func errListIndex(idx, size int) *cqlerr.Error {
	return cqlerr.Invalid("List index " + itoa(idx) + " out of bound, list has size " + itoa(size))
}

// errDeleteFromNullList is Lists.DiscarderByIndex's refusal of DELETE l[i]
// on a list that is null.
func errDeleteFromNullList() *cqlerr.Error {
	return cqlerr.Invalid("Attempted to delete an element from a list which is null")
}

// errSetInNullList: Lists.SetterByIndex, l[i] = v on an empty or null list
// (checked before the index's bounds).
func errSetInNullList() *cqlerr.Error {
	return cqlerr.Invalid("Attempted to set an element on a list which is null")
}
