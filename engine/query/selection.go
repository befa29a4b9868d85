package query

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/function"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

type selKind uint8

const (
	selColumn selKind = iota + 1
	selWritetime
	selTTL
	selToken
	selCount   // count(*) or count(col)
	selAgg     // min, max, sum, avg
	selFunc    // a scalar function of other selectors
	selConst   // a literal or a function of no row data
	selElement // an element of a set or map: args[0][val]
	selSlice   // a slice of a set or map: args[0][val..to], each bound optional
	selField   // a field of a user type: args[0].f, f the field's position
)

// selector computes one output column of a SELECT.
type selector struct {
	kind selKind
	name string
	typ  *cqltype.Type
	col  *schema.Column
	fn   string // the aggregate of selAgg; "cast" for a CAST
	// native is the function of a selFunc other than CAST
	native *function.Native
	// lit is a literal argument of a function, a selConst valued once the
	// function is resolved
	lit  *cql.Literal
	args []*selector
	// constant value for selConst; the key of selElement; the lower bound
	// of selSlice (when hasFrom)
	val cqltype.Value
	// the upper bound of selSlice (when hasTo)
	to             cqltype.Value
	hasFrom, hasTo bool
	// field is the position of selField's field
	field int
}

// selection is the prepared select list.
type selection struct {
	sels      []*selector
	wildcard  bool
	aggregate bool
	columns   []*schema.Column // every column the selection reads
}

func (s *selection) reads(c *schema.Column) bool {
	for _, x := range s.columns {
		if x == c {
			return true
		}
	}
	return false
}

// containsOnlyStatic is Selection.containsOnlyStaticColumns: some static
// column and nothing but partition key and static columns.
func (s *selection) containsOnlyStatic() bool {
	if s.wildcard {
		return false
	}
	hasStatic := false
	for _, c := range s.columns {
		switch c.Kind {
		case schema.Static:
			hasStatic = true
		case schema.PartitionKey:
		default:
			return false
		}
	}
	return hasStatic
}

func (s *selection) selectsCollection() bool {
	for _, c := range s.columns {
		if c.Type.MultiCell() {
			return true
		}
	}
	return false
}

// prepareSelection resolves the select list against the table.
func (db *DB) prepareSelection(t *schema.Table, items []cql.Selector) (*selection, *cqlerr.Error) {
	sel := &selection{}
	if len(items) == 0 {
		sel.wildcard = true
		for _, c := range t.Columns {
			sel.sels = append(sel.sels, &selector{kind: selColumn, name: c.Name, typ: c.Type, col: c})
			sel.columns = append(sel.columns, c)
		}
		return sel, nil
	}
	for _, it := range items {
		s, err := db.prepareSelector(t, sel, it.Expr)
		if err != nil {
			return nil, err
		}
		if it.Alias != nil {
			s.name = it.Alias.Name
		}
		sel.sels = append(sel.sels, s)
	}
	if sel.aggregate {
		for _, s := range sel.sels {
			if s.kind == selColumn || s.kind == selWritetime || s.kind == selTTL || s.kind == selToken {
				continue
			}
		}
	}
	return sel, nil
}

func (db *DB) prepareSelector(t *schema.Table, sel *selection, e cql.Expr) (*selector, *cqlerr.Error) {
	switch x := e.(type) {
	case *cql.ColumnRef:
		c, err := db.column(t, x.Ident)
		if err != nil {
			return nil, err
		}
		sel.columns = appendColumn(sel.columns, c)
		return &selector{kind: selColumn, name: c.Name, typ: c.Type, col: c}, nil
	case *cql.FuncCall:
		return db.prepareFuncSelector(t, sel, x)
	case *cql.Cast:
		inner, err := db.prepareSelector(t, sel, x.Expr)
		if err != nil {
			return nil, err
		}
		to, err := cqltype.FromRef(x.Type)
		if err != nil {
			return nil, err
		}
		// Selectable.WithCast: a cast to the selector's own type is ignored, so the
		// column keeps the inner selector's name (c, not cast(c as int)).
		if inner.typ.Equal(to) {
			return inner, nil
		}
		if !cqltype.CanCast(inner.typ, to) {
			return nil, cqltype.ErrCast(inner.name, to)
		}
		return &selector{kind: selFunc, fn: "cast", name: "cast(" + inner.name + " as " + to.String() + ")", typ: to, args: []*selector{inner}}, nil
	case *cql.Literal, *cql.Collection, *cql.Tuple, *cql.TypeHint:
		return nil, errInferSelector(e.String())
	case *cql.BindMarker:
		return nil, errBindMarker(x)
	case *cql.Index:
		return db.prepareElementSelector(t, sel, x.Target, x.Key, nil, false, e)
	case *cql.Slice:
		return db.prepareElementSelector(t, sel, x.Target, x.From, x.To, true, e)
	case *cql.Field:
		// Selectable.WithFieldSelection
		inner, err := db.prepareSelector(t, sel, x.Target)
		if err != nil {
			return nil, err
		}
		ut := inner.typ
		if ut.Kind != cqltype.UDT {
			return nil, errFieldOfNonUDT(inner.name, ut.String())
		}
		p := ut.FieldPosition(x.Field.Name)
		if p < 0 {
			return nil, errNoFieldSelected(inner.name, ut.String(), x.Field.Name)
		}
		return &selector{kind: selField, name: inner.name + "." + x.Field.Name, typ: ut.Elems[p], args: []*selector{inner}, field: p}, nil
	}
	return nil, errUnsupportedSelector(e.String())
}

// prepareElementSelector prepares c[key] (an element of a set or map) or
// c[from..to] (the elements between two keys, both included; a bound left
// out is open), as Selectable.WithElementSelection and WithSliceSelection do
// (Cassandra 4.0+): the selected expression first, then its type, then the
// key terms against the collection's key type.
func (db *DB) prepareElementSelector(t *schema.Table, sel *selection, target, from, to cql.Expr, slice bool, e cql.Expr) (*selector, *cqlerr.Error) {
	inner, err := db.prepareSelector(t, sel, target)
	if err != nil {
		return nil, err
	}
	ct := inner.typ
	if inner.kind == selCount || inner.kind == selAgg {
		return nil, errUnsupportedSelector(e.String())
	}
	what := "Element"
	if slice {
		what = "Slice"
	}
	switch {
	case !ct.IsCollection() && slice:
		return nil, errSliceOfNonCollection(inner.name, ct.String())
	case !ct.IsCollection():
		return nil, errElementOfNonCollection(inner.name, ct.String())
	case ct.Kind == cqltype.List:
		return nil, errSelectionOfList(what, inner.name)
	}
	recv := "value(" + inner.name + ")"
	if ct.Kind == cqltype.Map {
		recv = "key(" + inner.name + ")"
	}
	s := &selector{kind: selElement, name: e.String(), typ: ct.KeyType(), args: []*selector{inner}}
	if ct.Kind == cqltype.Map {
		s.typ = ct.ValueType()
	}
	bound := func(x cql.Expr) (cqltype.Value, bool, *cqlerr.Error) {
		if x == nil {
			return nil, false, nil
		}
		v, err := ct.KeyType().Assign(x, recv, db.env())
		if err != nil {
			return nil, false, err
		}
		if v == nil {
			return nil, false, errNullSelection(what, inner.name)
		}
		return v, true, nil
	}
	if !slice {
		if s.val, _, err = bound(from); err != nil {
			return nil, err
		}
		return s, nil
	}
	s.kind, s.typ = selSlice, ct
	if s.val, s.hasFrom, err = bound(from); err != nil {
		return nil, err
	}
	if s.to, s.hasTo, err = bound(to); err != nil {
		return nil, err
	}
	return s, nil
}

func appendColumn(cs []*schema.Column, c *schema.Column) []*schema.Column {
	for _, x := range cs {
		if x == c {
			return cs
		}
	}
	return append(cs, c)
}

func (db *DB) prepareFuncSelector(t *schema.Table, sel *selection, f *cql.FuncCall) (*selector, *cqlerr.Error) {
	name := strings.ToLower(f.Name)
	switch name {
	case "writetime", "ttl":
		if len(f.Args) != 1 {
			return nil, errWritetimeArgs(name)
		}
		ref, ok := f.Args[0].(*cql.ColumnRef)
		if !ok {
			return nil, errWritetimeNotColumn(f.Pos, f.Args[0].String())
		}
		c, err := db.column(t, ref.Ident)
		if err != nil {
			return nil, err
		}
		fnName := "writeTime"
		kind := selWritetime
		typ := cqltype.BigintType
		if name == "ttl" {
			fnName, kind, typ = "ttl", selTTL, cqltype.IntType
		}
		if c.IsPrimaryKey() {
			return nil, errWritetimeOfKey(fnName, c.Name)
		}
		if c.Type.MultiCell() {
			// Selectable.WritetimeOrTTL (3.11 to 4.1 alike).
			what := "collection"
			if c.Type.Kind == cqltype.UDT {
				what = "UDT"
			}
			return nil, errWritetimeOfMultiCell(fnName, what, c.Name)
		}
		sel.columns = appendColumn(sel.columns, c)
		return &selector{kind: kind, name: name + "(" + c.Name + ")", typ: typ, col: c}, nil
	case "count":
		sel.aggregate = true
		if f.Star {
			return &selector{kind: selCount, name: "count", typ: cqltype.BigintType}, nil
		}
		if len(f.Args) == 1 {
			if lit, ok := f.Args[0].(*cql.Literal); ok && lit.Kind == cql.IntegerLit && lit.Text == "1" {
				return &selector{kind: selCount, name: "count", typ: cqltype.BigintType}, nil
			}
		}
		if len(f.Args) != 1 {
			return nil, errFunctionArgs("count", 1, len(f.Args))
		}
		arg, err := db.prepareSelector(t, sel, f.Args[0])
		if err != nil {
			return nil, err
		}
		if aggregates(arg) {
			return nil, errNestedAggregate()
		}
		return &selector{kind: selCount, name: "system.count(" + arg.name + ")", typ: cqltype.BigintType, args: []*selector{arg}}, nil
	case "min", "max", "sum", "avg":
		sel.aggregate = true
		if len(f.Args) != 1 {
			return nil, errFunctionArgs(name, 1, len(f.Args))
		}
		arg, err := db.prepareSelector(t, sel, f.Args[0])
		if err != nil {
			return nil, err
		}
		if (name == "sum" || name == "avg") && !arg.typ.IsNumeric() {
			return nil, errNoSignature(name, arg.name, arg.typ.String())
		}
		if aggregates(arg) {
			return nil, errNestedAggregate()
		}
		typ := arg.typ
		if typ.Kind == cqltype.Counter {
			typ = cqltype.BigintType
		}
		if typ.IsCollection() || typ.Kind == cqltype.UDT || typ.Kind == cqltype.Tuple {
			// 4.1 defines min and max for the native types alone: any other
			// argument resolves to min(blob) / max(blob), which compare the
			// serialized values as bytes and answer a blob.
			typ = cqltype.BlobType
		}
		return &selector{kind: selAgg, fn: name, name: "system." + name + "(" + arg.name + ")", typ: typ, args: []*selector{arg}}, nil
	}
	if function.IsToJSON(funcName(f)) {
		if len(f.Args) != 1 {
			return nil, function.ErrToJSONArgs(len(f.Args))
		}
		arg, err := db.prepareSelector(t, sel, f.Args[0])
		if err != nil {
			return nil, err
		}
		fn := function.ToJSON(arg.typ)
		return &selector{kind: selFunc, native: fn, name: fn.QualifiedName() + "(" + arg.name + ")", typ: fn.Result, args: []*selector{arg}}, nil
	}
	if function.IsFromJSON(funcName(f)) {
		return nil, function.ErrFromJSONInSelection()
	}
	return db.prepareScalarSelector(t, sel, f)
}

// prepareScalarSelector prepares a native scalar function of other
// selectors, resolved once here (Selectable.WithFunction.Raw): a literal
// argument is a term selector, tested against the parameters as the
// literal and then prepared as a value of the chosen parameter.
func (db *DB) prepareScalarSelector(t *schema.Table, sel *selection, f *cql.FuncCall) (*selector, *cqlerr.Error) {
	name := funcName(f)
	args := make([]*selector, len(f.Args))
	fargs := make([]function.Arg, len(f.Args))
	names := make([]string, len(f.Args))
	for i, a := range f.Args {
		s, err := db.prepareSelector(t, sel, a)
		if err != nil {
			lit, ok := a.(*cql.Literal)
			if !ok {
				return nil, err
			}
			s = &selector{kind: selConst, name: lit.String(), lit: lit}
		}
		args[i], fargs[i], names[i] = s, s, s.name
	}
	var fn *function.Native
	var err *cqlerr.Error
	if function.IsToken(name) {
		fn = db.tokenFct(t)
		err = function.Validate(fn, fargs)
	} else {
		fn, err = function.Resolve(name, fargs, nil)
	}
	if err != nil {
		return nil, err
	}
	if fn == nil {
		return nil, errUnknownSelectorFunction(name)
	}
	for i, a := range args {
		if a.lit == nil {
			continue
		}
		if a.val, err = fn.Params[i].Assign(a.lit, function.ArgReceiver(fn, i), db.env()); err != nil {
			return nil, err
		}
		a.typ = fn.Params[i]
	}
	s := &selector{kind: selFunc, native: fn, name: fn.QualifiedName() + "(" + join(names, ", ") + ")", typ: fn.Result, args: args}
	if function.IsToken(name) && isPartitionKey(t, args) {
		s.kind = selToken // the partition's token, hashed once per partition
	}
	return s, nil
}

// isPartitionKey reports whether args are the partition key's columns in
// order, as in token(k).
func isPartitionKey(t *schema.Table, args []*selector) bool {
	for i, a := range args {
		if a.kind != selColumn || a.col != t.PartitionKey[i] {
			return false
		}
	}
	return true
}

// String is the selector as Cassandra prints an argument in "Type error:
// x cannot be passed as argument 0 of function ...".
func (s *selector) String() string { return s.name }

// TestAssignment is a selector's Selectable.testAssignment: a literal as
// its term does, anything else by its type.
func (s *selector) TestAssignment(t *cqltype.Type) function.Match {
	if s.lit != nil {
		if t.Assignable(s.lit) {
			return function.WeaklyAssignable
		}
		return function.NotAssignable
	}
	return function.TypeMatch(t, s.typ)
}

// srcKind says where a selector of a plain read finds its value.
type srcKind uint8

const (
	srcEval       srcKind = iota // rd.eval: anything but the two below
	srcClustering                // the row's clustering value at pos
	srcRegular                   // the live simple cell of column id
)

// cellSource is a selector's value source, decided once per query so that
// a plain read takes a clustering value or a cell without eval's dispatch.
type cellSource struct {
	kind srcKind
	pos  int
	id   int32
}

// appendSources appends the value source of each selector to out (a
// reader's reused scratch).
func (s *selection) appendSources(out []cellSource) []cellSource {
	out = append(out[:0], make([]cellSource, len(s.sels))...)
	for i, sel := range s.sels {
		if sel.kind != selColumn {
			continue
		}
		switch c := sel.col; {
		case c.Kind == schema.Clustering:
			out[i] = cellSource{kind: srcClustering, pos: c.Position}
		case c.Kind == schema.Regular && !c.Type.MultiCell():
			out[i] = cellSource{kind: srcRegular, id: int32(c.ID)}
		}
	}
	return out
}

// rowCtx is one CQL row being read: its partition, its stored row (nil for
// a partition that only has static data) and the reader's instant.
type rowCtx struct {
	t      *schema.Table
	part   *store.Partition
	pkVals []cqltype.Value
	row    *store.Row
	now    int64
	del    store.Deletion
}

func (rc *rowCtx) liveCell(r *store.Row, c *schema.Column) *store.Cell {
	if r == nil {
		return nil
	}
	cell := simpleCell(r, int32(c.ID))
	if cell == nil || !cell.IsLive(rc.now) {
		return nil
	}
	if rc.del.Deletes(cell.TS) {
		return nil
	}
	return cell
}

// regular returns the value of a regular simple column in this row, nil
// when null: value's answer for such a column, without its dispatch.
func (rc *rowCtx) regular(id int32) cqltype.Value {
	if rc.row == nil {
		return nil
	}
	c := simpleCell(rc.row, id)
	if c == nil || !c.IsLive(rc.now) || rc.del.Deletes(c.TS) {
		return nil
	}
	return c.Value
}

// simpleCell is store.Row.Cell(col, nil) with a linear scan over the few
// cells of a typical row, cheaper than the binary search's calls.
func simpleCell(r *store.Row, col int32) *store.Cell {
	if len(r.Cells) > 8 {
		return r.Cell(col, nil)
	}
	for i := range r.Cells {
		c := &r.Cells[i]
		if c.Col < col {
			continue
		}
		// Cells sort by (Col, Path) and an empty path first: the column's
		// first cell is its simple cell if it has one.
		if c.Col == col && len(c.Path()) == 0 {
			return c
		}
		return nil
	}
	return nil
}

func (rc *rowCtx) rowFor(c *schema.Column) (*store.Row, store.Deletion) {
	if c.Kind == schema.Static {
		return rc.part.Static, rc.part.Deletion
	}
	return rc.row, rc.del
}

// value returns the column's value in this row, nil when null.
func (rc *rowCtx) value(c *schema.Column) cqltype.Value {
	switch c.Kind {
	case schema.PartitionKey:
		return rc.pkVals[c.Position]
	case schema.Clustering:
		if rc.row == nil || c.Position >= len(rc.row.Clustering) {
			return nil
		}
		return rc.row.Clustering[c.Position]
	}
	r, del := rc.rowFor(c)
	if r == nil {
		return nil
	}
	if c.Type.MultiCell() {
		return rc.collection(r, del, c)
	}
	saved := rc.del
	rc.del = del
	cell := rc.liveCell(r, c)
	rc.del = saved
	if cell == nil {
		return nil
	}
	return cell.Value
}

// collection gathers a non-frozen collection's live elements into its value.
func (rc *rowCtx) collection(r *store.Row, del store.Deletion, c *schema.Column) cqltype.Value {
	var live []store.Cell
	cdel := del.Max(r.ComplexDeletionOf(int32(c.ID)))
	for _, e := range r.Elements(int32(c.ID)) {
		if e.Path() != nil && e.IsLive(rc.now) && !cdel.Deletes(e.TS) {
			live = append(live, e)
		}
	}
	sortElements(c.Type, live)
	if c.Type.Kind == cqltype.UDT {
		return userTypeValue(c.Type, live)
	}
	keys := make([]cqltype.Value, len(live))
	vals := make([]cqltype.Value, len(live))
	for i := range live {
		keys[i], vals[i] = live[i].Path(), live[i].Value
	}
	if len(keys) == 0 {
		return nil
	}
	switch c.Type.Kind {
	case cqltype.List:
		return c.Type.Join(nil, vals)
	case cqltype.Set:
		return c.Type.Join(keys, nil)
	}
	return c.Type.Join(keys, vals)
}

// userTypeValue joins the live field cells of a non-frozen user type into
// its value: null when no field is set.
func userTypeValue(t *cqltype.Type, cells []store.Cell) cqltype.Value {
	if len(cells) == 0 {
		return nil
	}
	fields := make([]cqltype.Value, len(t.Elems))
	for _, e := range cells {
		if i := cqltype.FieldOfPath(e.Path()); i >= 0 && i < len(fields) {
			fields[i] = e.Value
		}
	}
	return cqltype.JoinFields(fields)
}

// cellMeta returns the live cell of a simple column for writetime() and ttl().
func (rc *rowCtx) cellMeta(c *schema.Column) *store.Cell {
	r, del := rc.rowFor(c)
	saved := rc.del
	rc.del = del
	defer func() { rc.del = saved }()
	return rc.liveCell(r, c)
}

// The messages of a SELECT's selectors, in cql3/selection/*.java and
// cql3/functions/FunctionResolver.java.

// errInferSelector is Selectable.WithTerm's refusal of a literal selector
// whose type nothing gives (no cast).
func errInferSelector(term string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot infer type for term " + term + " in selection clause (try using a cast to force a type)")
}

// errUnsupportedSelector is cqlplay's own refusal of a selector form the
// parser accepts and the executor does not evaluate.
func errUnsupportedSelector(sel string) *cqlerr.Error {
	return cqlerr.Invalid("Unsupported selector: " + sel)
}

// errSliceOfNonCollection is Selectable.WithSliceSelection's refusal of
// col[a..b] on a column that is no collection.
func errSliceOfNonCollection(sel, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid slice selection: " + sel + " of type " + typ + " is not a collection")
}

// errElementOfNonCollection is Selectable.WithElementSelection's refusal of
// col[k] on a column that is no collection (Cassandra's doubled "is" kept).
func errElementOfNonCollection(sel, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid element selection: " + sel + " is of type " + typ + " is not a collection")
}

// errSelectionOfList: what is "Element" or "Slice".
func errSelectionOfList(what, sel string) *cqlerr.Error {
	return cqlerr.Invalid(what + " selection is only allowed on sets and maps, but " + sel + " is a list")
}

// errNullSelection is ElementsSelector's refusal of a null key or bound in
// an element or slice selection (what: Element or Slice).
func errNullSelection(what, sel string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid null value for " + strings.ToLower(what) + " selection on " + sel)
}

// errWritetimeArgs is the refusal of WRITETIME or TTL called with other than
// one argument, in the words of FunctionResolver's arity check (Cassandra's
// grammar takes exactly one column there).
func errWritetimeArgs(fn string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid number of arguments for function " + fn)
}

// errWritetimeNotColumn: writetime() or ttl() of something other than a column, a parse error in Cassandra.
func errWritetimeNotColumn(pos cqlerr.Pos, arg string) *cqlerr.Error {
	return cqlerr.New(cqlerr.SyntaxException, "line "+pos.String()+" no viable alternative at input '"+arg+"'")
}

// errWritetimeOfKey is Selectable.WritetimeOrTTL.newSelectorFactory's
// refusal of WRITETIME or TTL of a primary key column.
func errWritetimeOfKey(fn, col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot use selection function " + fn + " on PRIMARY KEY part " + col)
}

// errFieldOfNonUDT is Selectable.WithFieldSelection's refusal of col.field
// on a column that is no user type.
func errFieldOfNonUDT(sel, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid field selection: " + sel + " of type " + typ + " is not a user type")
}

// errNoFieldSelected is Selectable.WithFieldSelection's refusal of a field
// the user type does not declare.
func errNoFieldSelected(sel, typ, field string) *cqlerr.Error {
	return cqlerr.Invalid(sel + " of type " + typ + " has no field " + field)
}

// errWritetimeOfMultiCell: what is "collection" or "UDT".
func errWritetimeOfMultiCell(fn, what, col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot use selection function " + fn + " on non-frozen " + what + " " + col)
}

// errFunctionArgs: a call with the wrong number of arguments.
func errFunctionArgs(fn string, want, got int) *cqlerr.Error {
	return cqlerr.Invalid("Invalid number of arguments in call to function system." + fn + ": " + itoa(want) + " required but " + itoa(got) + " provided")
}

// aggregates reports whether a selector aggregates rows, itself or in an argument.
func aggregates(s *selector) bool {
	if s.kind == selCount || s.kind == selAgg {
		return true
	}
	for _, a := range s.args {
		if aggregates(a) {
			return true
		}
	}
	return false
}

// errNestedAggregate: an aggregate's argument aggregates (AbstractFunctionSelector.newFactory).
func errNestedAggregate() *cqlerr.Error {
	return cqlerr.Invalid("aggregate functions cannot be used as arguments of aggregate functions")
}

// errNoSignature is FunctionResolver's refusal of a selector's function call
// whose argument's type no overload accepts.
func errNoSignature(fn, arg, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid call to function " + fn + ", none of its type signatures match (argument " + arg + " is of type " + typ + ")")
}

// errUnknownSelectorFunction: Selectable.WithFunction.Raw, a selector
// calling no function.
func errUnknownSelectorFunction(fn string) *cqlerr.Error {
	return cqlerr.Invalid("Unknown function '" + fn + "'")
}
