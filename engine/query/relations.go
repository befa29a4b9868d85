package query

import (
	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// toRestriction turns one relation into a restriction, validating it as
// Relation.toRestriction and its subclasses do (SingleColumnRelation,
// MultiColumnRelation, TokenRelation), in their order.
func (db *DB) toRestriction(t *schema.Table, rel *cql.Relation) (*restriction, *cqlerr.Error) {
	if rel.Op == cql.OpNeq {
		return nil, errNotEqual(rel.Text)
	}
	switch rel.Kind {
	case cql.TokenRelation:
		return db.tokenRestriction(t, rel)
	case cql.MultiColumn:
		return db.multiRestriction(t, rel)
	}
	return db.singleRestriction(t, rel)
}

func (db *DB) column(t *schema.Table, id cql.Ident) (*schema.Column, *cqlerr.Error) {
	c := t.Column(id.Name)
	if c == nil {
		return nil, db.undefinedColumn(t, id)
	}
	return c, nil
}

func (db *DB) singleRestriction(t *schema.Table, rel *cql.Relation) (*restriction, *cqlerr.Error) {
	c, err := db.column(t, rel.Columns[0])
	if err != nil {
		return nil, err
	}
	typ := c.Type
	r := &restriction{rel: rel}
	r.col1[0] = c
	r.cols = r.col1[:]
	// 4.1 filters on IN over any column (CASSANDRA-14344); 3.11 and 4.0
	// refused it in SingleColumnRelation.toReceivers.
	if rel.Op == cql.OpIn && !c.IsPrimaryKey() && len(rel.In) != 1 && db.Version.Before(4, 1) {
		return nil, errInOnRegular(c.Name)
	}
	if rel.Op == cql.OpContainsKey && typ.Kind != cqltype.Map {
		return nil, errContainsKeyNotMap(c.Name)
	}
	if rel.Op == cql.OpContains && !typ.IsCollection() {
		return nil, errContainsNotCollection(c.Name)
	}
	if rel.MapKey != nil {
		if typ.Kind == cqltype.List {
			return nil, errListEntry(c.Name)
		}
		if typ.Kind != cqltype.Map {
			return nil, errNotAMap(c.Name)
		}
		if !typ.MultiCell() {
			return nil, errFrozenMapEntry(c.Name)
		}
		if rel.Op != cql.OpEq {
			return nil, errMapEntryNotEq()
		}
	}
	if typ.MultiCell() && typ.Kind == cqltype.UDT {
		return nil, errNonFrozenUDTRelation(c.Name, typ.String())
	}
	if typ.MultiCell() && rel.MapKey == nil && rel.Op != cql.OpContains && rel.Op != cql.OpContainsKey {
		return nil, errCollectionOp(c.Name, typ.String(), opText(rel.Op))
	}
	if (rel.Op == cql.OpLt || rel.Op == cql.OpLte || rel.Op == cql.OpGt || rel.Op == cql.OpGte) && referencesDuration(typ) {
		if typ.IsCollection() {
			return nil, errDurationCollectionSlice()
		}
		return nil, errDurationSlice()
	}
	e := db.env()
	switch rel.Op {
	case cql.OpEq:
		if rel.MapKey != nil {
			k, err := typ.KeyType().Assign(rel.MapKey, "key("+c.Name+")", e)
			if err != nil {
				return nil, err
			}
			v, err := typ.ValueType().Assign(rel.Value, "value("+c.Name+")", e)
			if err != nil {
				return nil, err
			}
			r.kind = rContains
			r.coll = &collTerms{entries: [][2]cqltype.Value{{k, v}}}
			if k == nil {
				r.nulls, r.nullPart = rel, "map key"
			} else if v == nil {
				r.nulls, r.nullPart = rel, "map value"
			}
			return r, nil
		}
		v, err := typ.Assign(rel.Value, c.Name, e)
		if err != nil {
			return nil, err
		}
		if v == nil {
			r.nulls = rel
		}
		r.setEQ(v)
	case cql.OpIn:
		vals, err := db.inValues(c, rel)
		if err != nil {
			return nil, err
		}
		r.kind, r.values = rIN, vals
		if len(vals) == 1 {
			r.kind = rEQ
		}
	case cql.OpLt, cql.OpLte, cql.OpGt, cql.OpGte:
		v, err := typ.Assign(rel.Value, c.Name, e)
		if err != nil {
			return nil, err
		}
		if v == nil {
			r.nulls = rel
		}
		r.kind = rSlice
		b := bound{vals: []cqltype.Value{v}, incl: rel.Op == cql.OpLte || rel.Op == cql.OpGte, set: true}
		if rel.Op == cql.OpGt || rel.Op == cql.OpGte {
			r.lo = b
		} else {
			r.hi = b
		}
	case cql.OpContains:
		elem := typ.ElemType()
		name := "value(" + c.Name + ")"
		if typ.Kind == cqltype.Map {
			elem = typ.ValueType()
		}
		v, err := elem.Assign(rel.Value, name, e)
		if err != nil {
			return nil, err
		}
		r.kind, r.coll = rContains, &collTerms{contains: []cqltype.Value{v}}
		if v == nil {
			r.nulls = rel
		}
	case cql.OpContainsKey:
		v, err := typ.KeyType().Assign(rel.Value, "key("+c.Name+")", e)
		if err != nil {
			return nil, err
		}
		r.kind, r.coll = rContains, &collTerms{containsKeys: []cqltype.Value{v}}
		if v == nil {
			r.nulls = rel
		}
	case cql.OpLike:
		return nil, errLike(rel.Text)
	default:
		return nil, errUnsupportedRestriction(rel.Text)
	}
	return r, nil
}

// inValues converts an IN list, keeping the written order (the reader sorts
// and deduplicates by the column's comparator when it builds keys).
func (db *DB) inValues(c *schema.Column, rel *cql.Relation) ([][]cqltype.Value, *cqlerr.Error) {
	if m, isMarker := rel.Value.(*cql.BindMarker); isMarker {
		// IN ?: one marker for the whole list (a list<type of c>).
		vals, err := db.markerList(m, c.Type, "in("+c.Name+")")
		out := make([][]cqltype.Value, len(vals))
		for i, v := range vals {
			out[i] = []cqltype.Value{v}
		}
		return out, err
	}
	if rel.Value != nil {
		v, err := c.Type.Assign(rel.Value, "in("+c.Name+")", db.env())
		if err != nil {
			return nil, err
		}
		return [][]cqltype.Value{{v}}, nil
	}
	out := make([][]cqltype.Value, 0, len(rel.In))
	for _, x := range rel.In {
		v, err := c.Type.Assign(x, c.Name, db.env())
		if err != nil {
			return nil, err
		}
		if v == nil {
			return nil, errNullInCondition(c.Name)
		}
		out = append(out, []cqltype.Value{v})
	}
	return out, nil
}

func (db *DB) tokenRestriction(t *schema.Table, rel *cql.Relation) (*restriction, *cqlerr.Error) {
	var cols []*schema.Column
	for _, id := range rel.Columns {
		c, err := db.column(t, id)
		if err != nil {
			return nil, err
		}
		cols = append(cols, c)
	}
	// TokenRelation.toReceivers' checks, in its order.
	pk := t.PartitionKey
	for _, c := range pk {
		if !containsColumn(cols, c) {
			return nil, errTokenPartial()
		}
	}
	seen := map[*schema.Column]bool{}
	for _, c := range cols {
		if seen[c] {
			return nil, errTokenDuplicate()
		}
		seen[c] = true
	}
	for _, c := range cols {
		if c.Kind != schema.PartitionKey {
			return nil, errTokenNotPartitionKey()
		}
	}
	if !sameColumns(cols, pk) {
		return nil, errTokenOrder(columnNames(pk))
	}
	v, err := cqltype.BigintType.Assign(rel.Value, "partition key token", db.env())
	if err != nil {
		return nil, err
	}
	if v == nil {
		return nil, errNullToken()
	}
	r := &restriction{cols: cols, token: true, rel: rel}
	b := bound{vals: []cqltype.Value{v}, incl: rel.Op == cql.OpLte || rel.Op == cql.OpGte, set: true}
	switch rel.Op {
	case cql.OpEq:
		r.kind, r.values = rEQ, [][]cqltype.Value{{v}}
	case cql.OpGt, cql.OpGte:
		r.kind, r.lo = rSlice, b
	case cql.OpLt, cql.OpLte:
		r.kind, r.hi = rSlice, b
	default:
		return nil, errTokenOp(opText(rel.Op))
	}
	return r, nil
}

func containsColumn(cs []*schema.Column, c *schema.Column) bool {
	for _, d := range cs {
		if d == c {
			return true
		}
	}
	return false
}

func (db *DB) multiRestriction(t *schema.Table, rel *cql.Relation) (*restriction, *cqlerr.Error) {
	var cols []*schema.Column
	seen := map[*schema.Column]bool{}
	for _, id := range rel.Columns {
		c, err := db.column(t, id)
		if err != nil {
			return nil, err
		}
		if c.Kind != schema.Clustering {
			return nil, errMultiNotClustering(c.Name)
		}
		if seen[c] {
			return nil, errMultiTwice(c.Name, rel.Text)
		}
		seen[c] = true
		cols = append(cols, c)
	}
	for i := 1; i < len(cols); i++ {
		if cols[i].Position != cols[i-1].Position+1 {
			return nil, errMultiOrder(rel.Text)
		}
	}
	r := &restriction{cols: cols, rel: rel}
	switch rel.Op {
	case cql.OpEq, cql.OpLt, cql.OpLte, cql.OpGt, cql.OpGte:
		kind := tupleEQ
		if rel.Op != cql.OpEq {
			kind = tupleSlice
		}
		vals, err := db.tupleValues(cols, rel.Value, kind)
		if err != nil {
			return nil, err
		}
		if rel.Op == cql.OpEq {
			r.kind, r.values = rEQ, [][]cqltype.Value{vals}
			break
		}
		r.kind = rSlice
		b := bound{vals: vals, incl: rel.Op == cql.OpLte || rel.Op == cql.OpGte, set: true}
		if rel.Op == cql.OpGt || rel.Op == cql.OpGte {
			r.lo = b
		} else {
			r.hi = b
		}
	case cql.OpIn:
		r.kind = rIN
		for _, x := range rel.In {
			vals, err := db.tupleValues(cols, x, tupleIN)
			if err != nil {
				return nil, err
			}
			r.values = append(r.values, vals)
		}
		if len(r.values) == 1 {
			r.kind = rEQ
		}
	default:
		return nil, errUnsupportedRestriction(rel.Text)
	}
	return r, nil
}

// tupleKind is the multi-column relation a tuple belongs to: each says a
// null inside it its own way (MultiColumnRestriction).
type tupleKind uint8

const (
	tupleEQ    tupleKind = iota // EQRestriction.appendTo
	tupleSlice                  // SliceRestriction.appendBoundTo
	tupleIN                     // INRestriction.appendTo
)

// tupleValues converts the right side of a multi-column relation.
func (db *DB) tupleValues(cols []*schema.Column, e cql.Expr, kind tupleKind) ([]cqltype.Value, *cqlerr.Error) {
	tup, ok := e.(*cql.Tuple)
	if !ok {
		if m, isMarker := e.(*cql.BindMarker); isMarker {
			return db.tupleMarker(cols, m)
		}
		return nil, errTupleSize(len(cols), 1, e.String())
	}
	if len(tup.Elems) != len(cols) {
		return nil, errTupleSize(len(cols), len(tup.Elems), tup.String())
	}
	vals := make([]cqltype.Value, len(cols))
	for i, c := range cols {
		v, err := c.Type.Assign(tup.Elems[i], c.Name, db.env())
		if err != nil {
			return nil, err
		}
		if v == nil {
			switch kind {
			case tupleSlice:
				return nil, errNullInCondition(c.Name)
			case tupleIN:
				return nil, errNullInTupleIN(cols)
			}
			return nil, errNullValue(c.Name)
		}
		vals[i] = v
	}
	return vals, nil
}

func opText(op cql.Operator) string {
	switch op {
	case cql.OpEq:
		return "="
	case cql.OpNeq:
		return "!="
	case cql.OpLt:
		return "<"
	case cql.OpLte:
		return "<="
	case cql.OpGt:
		return ">"
	case cql.OpGte:
		return ">="
	case cql.OpIn:
		return "IN"
	case cql.OpContains:
		return "CONTAINS"
	case cql.OpContainsKey:
		return "CONTAINS KEY"
	case cql.OpLike:
		return "LIKE"
	case cql.OpIsNotNull:
		return "IS NOT"
	}
	return "?"
}

func referencesDuration(t *cqltype.Type) bool {
	if t.Kind == cqltype.Duration {
		return true
	}
	for _, e := range t.Elems {
		if referencesDuration(e) {
			return true
		}
	}
	return false
}

// The messages of turning a relation into a restriction, in
// cql3/{SingleColumnRelation, MultiColumnRelation, TokenRelation}.java
// and the restrictions they build.

// errNotEqual: != in a WHERE clause (Relation.toRestriction).
func errNotEqual(rel string) *cqlerr.Error {
	return cqlerr.Invalid("Unsupported \"!=\" relation: " + rel)
}

// errInOnRegular: IN on a regular column (3.11's wording, SingleColumnRelation).
func errInOnRegular(col string) *cqlerr.Error {
	return cqlerr.Invalid("IN predicates on non-primary-key columns (" + col + ") is not yet supported")
}

// errContainsKeyNotMap is SingleColumnRelation.toReceivers' refusal of
// CONTAINS KEY on a column that is no map.
func errContainsKeyNotMap(col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot use CONTAINS KEY on non-map column " + col)
}

// errContainsNotCollection is SingleColumnRelation.toReceivers' refusal of
// CONTAINS on a column that is no collection.
func errContainsNotCollection(col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot use CONTAINS on non-collection column " + col)
}

// errListEntry is SingleColumnRelation.toReceivers' refusal of l[index] =
// value on a list.
func errListEntry(col string) *cqlerr.Error {
	return cqlerr.Invalid("Indexes on list entries (" + col + "[index] = value) are not currently supported.")
}

// errNotAMap is SingleColumnRelation.toReceivers' refusal of col[key] =
// value on a column that is no map.
func errNotAMap(col string) *cqlerr.Error {
	return cqlerr.Invalid("Column " + col + " cannot be used as a map")
}

// errFrozenMapEntry is SingleColumnRelation.toReceivers' refusal of m[key] =
// value on a frozen map.
func errFrozenMapEntry(col string) *cqlerr.Error {
	return cqlerr.Invalid("Map-entry equality predicates on frozen map column " + col + " are not supported")
}

// errMapEntryNotEq is SingleColumnRelation.toReceivers' refusal of an
// operator other than = on a map entry.
func errMapEntryNotEq() *cqlerr.Error {
	return cqlerr.Invalid("Only EQ relations are supported on map entries")
}

// errNonFrozenUDTRelation: SingleColumnRelation.toReceivers, "Non-frozen UDTs don't support any operator".
func errNonFrozenUDTRelation(col, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Non-frozen UDT column '" + col + "' (" + typ + ") cannot be restricted by any relation")
}

// errCollectionOp is SingleColumnRelation.toReceivers' refusal of an
// operator (=, <, IN ...) on a non-frozen collection column.
func errCollectionOp(col, typ, op string) *cqlerr.Error {
	return cqlerr.Invalid("Collection column '" + col + "' (" + typ + ") cannot be restricted by a '" + op + "' relation")
}

// errDurationCollectionSlice is SingleColumnRelation.newSliceRestriction's
// refusal of a slice on a collection containing durations.
func errDurationCollectionSlice() *cqlerr.Error {
	return cqlerr.Invalid("Slice restrictions are not supported on collections containing durations")
}

// errDurationSlice is SingleColumnRelation.newSliceRestriction's refusal of
// a slice on a duration column: durations have no order.
func errDurationSlice() *cqlerr.Error {
	return cqlerr.Invalid("Slice restrictions are not supported on duration columns")
}

// errLike: LIKE without an index that supports it (SASI).
func errLike(rel string) *cqlerr.Error {
	return cqlerr.Invalid("LIKE restriction is only supported on properly indexed columns. " + rel + " is not valid.")
}

// errNullInCondition: null compared in a WHERE relation.
func errNullInCondition(col string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid null value in condition for column " + col)
}

// errUnsupportedNull: null compared with a regular or static column, which reaches the
// row filter (RowFilter.Expression.validate; MapEqualityExpression.validate for m[k] = v,
// where part is "map key" or "map value").
func errUnsupportedNull(part, col string) *cqlerr.Error {
	return cqlerr.Invalid("Unsupported null " + part + " for column " + col)
}

// errNullValue: null inside a multi-column equality.
func errNullValue(col string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid null value for column " + col)
}

// errNullInTupleIN: null inside a tuple of a multi-column IN
// (INRestriction.appendTo names the columns as a Java list).
func errNullInTupleIN(cols []*schema.Column) *cqlerr.Error {
	return cqlerr.Invalid("Invalid null value in condition for columns: [" + columnNames(cols) + "]")
}

// errTokenPartial: token() over part of the partition key (TokenRelation).
func errTokenPartial() *cqlerr.Error {
	return cqlerr.Invalid("The token() function must be applied to all partition key components or none of them")
}

// errTokenDuplicate is TokenRelation.toReceivers' refusal of a
// token() naming a partition key column twice.
func errTokenDuplicate() *cqlerr.Error {
	return cqlerr.Invalid("The token() function contains duplicate partition key components")
}

// errTokenNotPartitionKey is TokenRelation.toReceivers' refusal of
// a token() argument outside the partition key.
func errTokenNotPartitionKey() *cqlerr.Error {
	return cqlerr.Invalid("The token() function must contains only partition key components")
}

// errTokenOrder is TokenRelation.toReceivers' refusal of token()
// arguments out of the partition key's order.
func errTokenOrder(pk string) *cqlerr.Error {
	return cqlerr.Invalid("The token function arguments must be in the partition key order: " + pk)
}

// errNullToken is TokenRestriction's refusal of token(...) compared to null.
func errNullToken() *cqlerr.Error {
	return cqlerr.Invalid("Invalid null token value")
}

// errTokenOp is TokenRelation's refusal of an operator other than =, <, <=,
// >, >= on token().
func errTokenOp(op string) *cqlerr.Error {
	return cqlerr.Invalid(op + " cannot be used with the token function")
}

// errMultiNotClustering: a multi-column relation over a column that is not clustering (MultiColumnRelation).
func errMultiNotClustering(col string) *cqlerr.Error {
	return cqlerr.Invalid("Multi-column relations can only be applied to clustering columns but was applied to: " + col)
}

// errMultiTwice is MultiColumnRelation.receivers' refusal of a column named
// twice in (c1, c2) op ....
func errMultiTwice(col, rel string) *cqlerr.Error {
	return cqlerr.Invalid("Column \"" + col + "\" appeared twice in a relation: " + rel)
}

// errMultiOrder is MultiColumnRelation's refusal of clustering columns out
// of the primary key's order in (c1, c2) op ....
func errMultiOrder(rel string) *cqlerr.Error {
	return cqlerr.Invalid("Clustering columns must appear in the PRIMARY KEY order in multi-column relations: " + rel)
}

// errTupleSize: a value tuple whose size differs from the columns'.
func errTupleSize(want, got int, tuple string) *cqlerr.Error {
	return cqlerr.Invalid("Expected " + itoa(want) + " elements in value tuple, but got " + itoa(got) + ": " + tuple)
}
