package query

import (
	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// conditions are the IF clause of a lightweight transaction.
type conditions struct {
	ifNotExists bool
	ifExists    bool
	conds       []*condition
}

type condition struct {
	col  *schema.Column
	op   cql.Operator
	key  cqltype.Value // m[key] / l[index]
	vals []cqltype.Value
	typ  *cqltype.Type
	// field is 1 + the position of the user type field c.f compared, or 0
	field int
	elem  bool // a collection element, c[key]
}

// prepareConditions validates IF EXISTS / IF col op v as ModificationStatement.Parsed
// prepares them, before the statement's operations and WHERE clause
// (prepareColumnConditions: a custom timestamp first, then each condition's
// ColumnCondition.Raw.prepare, then its column's place in the key).
func (db *DB) prepareConditions(t *schema.Table, ifExists bool, conds []*cql.Condition, ts cql.Expr) (*conditions, *cqlerr.Error) {
	if !ifExists && len(conds) == 0 {
		return nil, nil
	}
	if len(conds) > 0 && ts != nil {
		return nil, errConditionalTimestamp()
	}
	cs := &conditions{ifExists: ifExists}
	for _, c := range conds {
		col, err := db.column(t, c.Column)
		if err != nil {
			return nil, err
		}
		if col.Type.Kind == cqltype.Counter {
			return nil, errConditionOnCounter()
		}
		cond := &condition{col: col, op: c.Op, typ: col.Type}
		recv := col.Name
		if c.Field != nil {
			// ColumnCondition.Raw.prepare casts the column's type to a user
			// type: a column of another type is reported as a missing field.
			p := col.Type.FieldPosition(c.Field.Name)
			if col.Type.Kind != cqltype.UDT || p < 0 {
				return nil, errConditionField(c.Field.Name, col.Name)
			}
			cond.field, cond.typ, recv = p+1, col.Type.Elems[p], col.Name+"."+c.Field.Name
		}
		if c.Key != nil {
			kt, recv := col.Type.KeyType(), "key("+col.Name+")"
			if col.Type.Kind == cqltype.List {
				kt, recv = cqltype.IntType, "idx("+col.Name+")"
			}
			if kt == nil {
				return nil, errNotAMap(col.Name)
			}
			if cond.key, err = kt.Assign(c.Key, recv, db.env()); err != nil {
				return nil, err
			}
			cond.elem = true
			cond.typ = elemType(col.Type)
		}
		if err := checkDurationCondition(cond.typ, c.Op); err != nil {
			return nil, err
		}
		// Raw.prepareTerms: CONTAINS compares an element, CONTAINS KEY a map key
		// (CollectionType.makeCollectionReceiver).
		switch {
		case c.Op == cql.OpContainsKey && col.Type.Kind != cqltype.Map:
			return nil, errContainsKeyNotMap(col.Name)
		case c.Op == cql.OpContains && !col.Type.IsCollection():
			return nil, errContainsNotCollection(col.Name)
		case c.Op == cql.OpContainsKey:
			cond.typ, recv = col.Type.KeyType(), "key("+col.Name+")"
		case c.Op == cql.OpContains:
			cond.typ, recv = elemType(col.Type), "value("+col.Name+")"
		}
		exprs := c.In
		if c.Op != cql.OpIn {
			exprs = []cql.Expr{c.Value}
		}
		for _, e := range exprs {
			v, err := cond.typ.Assign(e, recv, db.env())
			if err != nil {
				return nil, err
			}
			cond.vals = append(cond.vals, v)
		}
		if col.IsPrimaryKey() {
			return nil, errConditionOnKey(col.Name)
		}
		cs.conds = append(cs.conds, cond)
	}
	return cs, nil
}

// applyConditional runs a lightweight transaction on one row: read, check,
// write if the check holds, and answer with the [applied] row.
func (db *DB) applyConditional(w *write, keys [][]byte, p writeParams) (*Result, *cqlerr.Error) {
	applied, res, err := db.checkConditions(w, keys, p)
	if err != nil || !applied {
		return res, err
	}
	for _, key := range keys {
		if err := db.mutate(w, key, p); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// checkConditions evaluates a write's IF clause; on failure the result holds
// the [applied] row with the current values Cassandra returns.
func (db *DB) checkConditions(w *write, keys [][]byte, p writeParams) (bool, *Result, *cqlerr.Error) {
	word := "updates"
	if w.typ == deleteStmt {
		word = "deletions"
	}
	// keyIsInRelation and clusteringKeyRestrictionsHasIN: an IN of one value is an EQ
	// (SingleColumnRelation.newINRestriction), any other IN is refused, IN () too.
	for _, r := range w.rs.pk {
		if isTrueIN(r) {
			return false, nil, errConditionalIn("the partition key", word)
		}
	}
	for _, r := range w.rs.ck {
		if isTrueIN(r) {
			return false, nil, errConditionalIn("the clustering key columns", word)
		}
	}
	data := db.Data(w.t)
	part := data.Partition(keys[0])
	var clustering [][]byte
	if w.t.HasClustering() {
		slices, _ := clusteringSlices(w.t, w.rs)
		if len(slices) > 0 {
			clustering = slices[0].Start.Prefix
		}
	} else {
		clustering = [][]byte{}
	}
	rc := &rowCtx{t: w.t, pkVals: splitKey(w.t, keys[0]), now: p.now}
	exists := false
	if part != nil {
		rc.part = part
		if clustering != nil && len(clustering) == len(w.t.ClusteringCs) {
			if row := part.Row(clustering); row != nil {
				rc.row = row
				rc.del = part.DeletionAt(clustering).Max(row.Deletion())
				exists = rowIsLive(w.t, row, rc)
			}
		}
		if !exists && part.Static != nil && appliesOnlyToStatic(w.ops) {
			exists = part.Static.HasLiveData(p.now, part.Deletion)
		}
	}
	c := w.cond
	applied := true
	switch {
	case c.ifNotExists:
		applied = !exists
	case c.ifExists:
		applied = exists
	default:
		// ColumnsConditions.appliesTo reads a missing row as null cells
		// (IF v = null holds), and static conditions read the static row
		// whether or not the clustering row exists (CQL3CasRequest).
		if part == nil {
			rc = &rowCtx{t: w.t, pkVals: rc.pkVals, now: p.now, part: emptyPartition}
		}
		var err *cqlerr.Error
		if applied, err = c.holds(rc); err != nil {
			return false, nil, err
		}
	}
	res := &Result{Columns: []string{"[applied]"}, Types: []*cqltype.Type{cqltype.BooleanType}, Plan: &Plan{Kind: "write", Table: w.t.Qualified(), PartitionsRead: 1, Partitions: tokens(keys)}}
	if applied {
		res.Rows = [][]string{{"True"}}
		res.Values = [][]cqltype.Value{{cqltype.BoolValue(true)}}
		return true, res, nil
	}
	row := []string{"False"}
	vals := []cqltype.Value{cqltype.BoolValue(false)}
	// The failure row is the partition as the condition's read saw it: the
	// clustering row, or, when only the static row is there and static
	// columns were read (a static condition or a static update), that row.
	if !c.ifNotExists && !c.ifExists && !exists && part != nil && part.Static != nil &&
		(c.readsStatic() || appliesOnlyToStatic(w.ops)) && part.Static.HasLiveData(p.now, part.Deletion) {
		exists = true
	}
	// A static-only update names no row: its conditions were read from
	// the partition's first live row (CQL3CasRequest.readCommand reads one
	// row of the whole partition), which the failure row shows.
	if !c.ifNotExists && !c.ifExists && part != nil && w.t.HasClustering() && len(clustering) == 0 && appliesOnlyToStatic(w.ops) {
		if r := firstLiveRow(rc); r != nil {
			rc.row, rc.del, exists = r, part.DeletionAt(r.Clustering).Max(r.Deletion()), true
		}
	}
	if exists {
		var cols []*schema.Column
		if c.ifNotExists || c.ifExists {
			cols = w.t.Columns
		} else {
			for _, cond := range c.conds {
				cols = appendColumn(cols, cond.col)
			}
		}
		for _, col := range cols {
			res.Columns = append(res.Columns, col.Name)
			v := rc.value(col)
			res.Types = append(res.Types, col.Type)
			vals = append(vals, v)
			if v == nil {
				res.Nulls = append(res.Nulls, [2]int{0, len(row)})
				row = append(row, "null")
			} else {
				row = append(row, col.Type.Format(v))
			}
		}
	}
	res.Rows = [][]string{row}
	res.Values = [][]cqltype.Value{vals}
	return false, res, nil
}

// emptyPartition stands for a partition that does not exist: its rows and
// static row are missing, so every condition reads null.
var emptyPartition = &store.Partition{}

// readsStatic reports whether a condition is on a static column: the
// condition's read then fetches the static row.
func (cs *conditions) readsStatic() bool {
	for _, c := range cs.conds {
		if c.col.Kind == schema.Static {
			return true
		}
	}
	return false
}

// holds evaluates the IF conditions on the current row, in order, until one
// fails; a slice compared with null is an error when it is reached
// (ColumnCondition.Bound.compareWithOperator).
func (cs *conditions) holds(rc *rowCtx) (bool, *cqlerr.Error) {
	for _, c := range cs.conds {
		// ElementAccessBound: a null element is refused as the conditions are bound.
		if c.elem && c.key == nil {
			return false, errNullElementAccess(c.col.Type.Kind == cqltype.Map)
		}
	}
	for _, c := range cs.conds {
		switch c.op {
		case cql.OpLt, cql.OpLte, cql.OpGt, cql.OpGte, cql.OpContains, cql.OpContainsKey:
			if c.vals[0] == nil {
				return false, errNullComparison(c.op.String())
			}
		}
		v := rc.value(c.col)
		if c.elem && c.col.Type.Kind == cqltype.List && (v != nil || c.col.Type.MultiCell()) {
			// getListIndex
			if i, _ := cqltype.Int32Of(c.key); i < 0 {
				return false, errNegativeListIndex(int(i))
			}
		}
		if c.key != nil && v != nil {
			v = element(c.col.Type, v, c.key)
		} else if c.key != nil {
			v = nil
		}
		if c.field > 0 {
			fields, _ := c.col.Type.Fields(v)
			v = nil
			if c.field <= len(fields) {
				v = fields[c.field-1]
			}
		}
		if !c.check(v) {
			return false, nil
		}
	}
	return true, nil
}

// errNullElementAccess: IF l[null] or m[null] (ColumnCondition.ElementAccessBound).
func errNullElementAccess(isMap bool) *cqlerr.Error {
	if isMap {
		return cqlerr.Invalid("Invalid null value for map element access")
	}
	return cqlerr.Invalid("Invalid null value for list element access")
}

// errNegativeListIndex: IF l[-1] (ElementAccessBound.getListIndex).
func errNegativeListIndex(i int) *cqlerr.Error {
	return cqlerr.Invalid("Invalid negative list index " + itoa(i))
}

// errNullComparison: a slice condition compared with null (ColumnCondition.Bound.compareWithOperator).
func errNullComparison(op string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid comparison with null for operator \"" + op + "\"")
}

func element(t *cqltype.Type, coll, key cqltype.Value) cqltype.Value {
	keys, vals := t.Elements(coll)
	if t.Kind == cqltype.List {
		i, _ := cqltype.Int32Of(key)
		if int(i) < len(vals) && i >= 0 {
			return vals[i]
		}
		return nil
	}
	for i, k := range keys {
		if t.KeyType().Compare(k, key) == 0 {
			return vals[i]
		}
	}
	return nil
}

func (c *condition) check(v cqltype.Value) bool {
	switch c.op {
	case cql.OpIn:
		for _, x := range c.vals {
			if equalNullable(c.typ, v, x) {
				return true
			}
		}
		return false
	case cql.OpEq:
		return equalNullable(c.typ, v, c.vals[0])
	case cql.OpNeq:
		return !equalNullable(c.typ, v, c.vals[0])
	case cql.OpContains, cql.OpContainsKey:
		// containsAppliesTo: the list's or map's values, the set's elements or the map's keys.
		keys, vals := c.col.Type.Elements(v)
		if c.col.Type.Kind == cqltype.Set || c.op == cql.OpContainsKey {
			vals = keys
		}
		return c.vals[0] != nil && containsValue(c.typ, vals, c.vals[0])
	}
	if v == nil || c.vals[0] == nil {
		return false
	}
	r := c.typ.Compare(v, c.vals[0])
	switch c.op {
	case cql.OpLt:
		return r < 0
	case cql.OpLte:
		return r <= 0
	case cql.OpGt:
		return r > 0
	case cql.OpGte:
		return r >= 0
	}
	return false
}

func equalNullable(t *cqltype.Type, a, b cqltype.Value) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return t.Compare(a, b) == 0
}

// The messages of lightweight transactions' conditions (ColumnCondition.java,
// ModificationStatement.java).

// errConditionField is ColumnCondition.Raw.prepare's refusal of IF col.field
// on a field the user type does not declare.
func errConditionField(field, col string) *cqlerr.Error {
	return cqlerr.Invalid("Unknown field " + field + " for column " + col)
}

// errConditionOnKey is ModificationStatement.Parsed.prepareColumnConditions'
// refusal of an IF condition on a primary key column.
func errConditionOnKey(col string) *cqlerr.Error {
	return cqlerr.Invalid("PRIMARY KEY column '" + col + "' cannot have IF conditions")
}

// errConditionOnCounter is ColumnCondition.Raw.prepare's refusal of an IF
// condition on a counter column.
func errConditionOnCounter() *cqlerr.Error {
	return cqlerr.Invalid("Conditions on counters are not supported")
}

// errConditionalIn: IN on the key of a conditional write; word is "updates" or "deletions".
func errConditionalIn(where, word string) *cqlerr.Error {
	return cqlerr.Invalid("IN on " + where + " is not supported with conditional " + word)
}

// checkDurationCondition refuses a slice condition on a value that holds a duration
// (ColumnCondition.Raw.validateOperationOnDurations, before the values are prepared).
func checkDurationCondition(t *cqltype.Type, op cql.Operator) *cqlerr.Error {
	if (op != cql.OpLt && op != cql.OpLte && op != cql.OpGt && op != cql.OpGte) || !referencesDuration(t) {
		return nil
	}
	switch t.Kind {
	case cqltype.List, cqltype.Set, cqltype.Map:
		return errDurationConditionIn("collections")
	case cqltype.Tuple:
		return errDurationConditionIn("tuples")
	case cqltype.UDT:
		return errDurationConditionIn("UDTs")
	}
	return errDurationCondition(op.String())
}

// errDurationConditionIn: a slice condition on a collection, tuple or UDT holding durations.
func errDurationConditionIn(kind string) *cqlerr.Error {
	return cqlerr.Invalid("Slice conditions are not supported on " + kind + " containing durations")
}

// errDurationCondition: a slice condition on a duration.
func errDurationCondition(op string) *cqlerr.Error {
	return cqlerr.Invalid("Slice conditions ( " + op + " ) are not supported on durations")
}

// isTrueIN reports whether r is an IN that Cassandra keeps as an IN: not one value.
func isTrueIN(r *restriction) bool {
	return r != nil && r.kind == rIN && len(r.values) != 1
}

// appliesToRegularColumns: whether a condition reads a regular column
// (ColumnConditions.appliesToRegularColumns; IF EXISTS reads none).
func (c *conditions) appliesToRegularColumns() bool {
	for _, cd := range c.conds {
		if cd.col.Kind != schema.Static {
			return true
		}
	}
	return false
}
