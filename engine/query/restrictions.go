package query

import (
	"slices"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// Messages of StatementRestrictions.java and the restriction classes
// (Cassandra 4.1), used by several checks.
const (
	msgAllowFiltering = "Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING"
)

// stmtType is the statement kind as Cassandra's StatementType prints it.
type stmtType string

const (
	selectStmt stmtType = "SELECT"
	insertStmt stmtType = "INSERT"
	updateStmt stmtType = "UPDATE"
	deleteStmt stmtType = "DELETE"
)

type restrictionKind uint8

const (
	rEQ restrictionKind = iota + 1
	rIN
	rSlice
	rContains
	rLike
)

// bound is one end of a slice on values (not storage order).
type bound struct {
	vals []cqltype.Value // one value, or a tuple for multi-column slices
	incl bool
	set  bool
}

// restriction is what the WHERE clause says about one column, or about a run
// of clustering columns for a multi-column relation, or about token().
type restriction struct {
	cols []*schema.Column
	kind restrictionKind
	// values holds EQ's one value or IN's list; for multi-column relations
	// each entry is a tuple of len(cols) values, flattened as one slice each.
	values [][]cqltype.Value
	lo, hi bound
	// coll holds the terms of a restriction on a collection (kind
	// rContains), behind a pointer: the other kinds, most of them, are a
	// fifth smaller without them.
	coll  *collTerms
	token bool
	rel   *cql.Relation
	nulls *cql.Relation // a relation whose value is null (checked at execution)
	// nullPart names the null of a regular or static column's relation in its
	// message: "value", or a map entry's "map key" or "map value".
	nullPart string
	unset    bool // the value is unset (INSERT JSON without the column)
	// Inline storage for the common single-column equality, so building
	// one costs one allocation (every key column of every INSERT has one).
	col1 [1]*schema.Column
	val1 [1][]cqltype.Value
	one  [1]cqltype.Value
}

// collTerms are the CONTAINS, CONTAINS KEY and m[k] = v restrictions on one
// collection column.
type collTerms struct {
	contains     []cqltype.Value
	containsKeys []cqltype.Value
	entries      [][2]cqltype.Value
}

// setEQ makes r the single-value equality v.
func (r *restriction) setEQ(v cqltype.Value) {
	r.one[0] = v
	r.val1[0] = r.one[:]
	r.kind, r.values = rEQ, r.val1[:]
}

func (r *restriction) first() *schema.Column { return r.cols[0] }
func (r *restriction) last() *schema.Column  { return r.cols[len(r.cols)-1] }
func (r *restriction) isSlice() bool         { return r.kind == rSlice }
func (r *restriction) isEQorIN() bool        { return r.kind == rEQ || r.kind == rIN }
func (r *restriction) multi() bool {
	return len(r.cols) > 1 || r.rel != nil && r.rel.Kind == cql.MultiColumn
}

// restrictions is the analysed WHERE clause of one statement, built and
// validated in the order StatementRestrictions does it.
type restrictions struct {
	table *schema.Table
	typ   stmtType
	// pk holds per partition key column its restriction (nil when none).
	pk    []*restriction
	token *restriction
	// ck holds the clustering restrictions in column order: a multi-column
	// restriction appears once, at its first column's index.
	ck []*restriction
	// ckCols holds per clustering column (by position) its restriction.
	ckCols []*restriction
	others []*restriction // regular and static columns, in textual order

	isKeyRange    bool
	usesIndex     bool
	index         *schema.Index
	pkNeedsFilter bool
	ckNeedsFilter bool
	// pkFiltered and ckFiltered record whether StatementRestrictions added
	// the partition key and clustering restrictions to its filter
	// restrictions, which it decides as it goes, before a later regular
	// column's index turns secondary indexing on.
	pkFiltered, ckFiltered bool
	allowFiltering         bool
}

func newRestrictions(t *schema.Table, typ stmtType, allowFiltering bool) *restrictions {
	keys := make([]*restriction, len(t.PartitionKey)+len(t.ClusteringCs))
	return &restrictions{
		table:          t,
		typ:            typ,
		pk:             keys[:len(t.PartitionKey):len(t.PartitionKey)],
		ckCols:         keys[len(t.PartitionKey):],
		allowFiltering: allowFiltering,
	}
}

// analyse builds the restrictions of a WHERE clause and checks them as
// StatementRestrictions' constructor does. selectsOnlyStatic is for SELECT
// (and UPDATE/DELETE writing only static columns).
func (db *DB) analyse(t *schema.Table, typ stmtType, where []*cql.Relation, allowFiltering, selectsOnlyStatic, forView bool) (*restrictions, *cqlerr.Error) {
	rs := newRestrictions(t, typ, allowFiltering)
	for _, rel := range where {
		// StatementRestrictions checks this first for each relation, in
		// textual order.
		if (rel.Op == cql.OpContains || rel.Op == cql.OpContainsKey) && (typ == updateStmt || typ == deleteStmt) {
			op := "CONTAINS"
			if rel.Op == cql.OpContainsKey {
				op = "CONTAINS KEY"
			}
			return nil, errContainsInWrite(typ, op).At(rel.Pos, len(rel.Text))
		}
		if rel.Op == cql.OpIsNotNull {
			if !forView {
				return nil, errUnsupportedRestriction(rel.Text).At(rel.Pos, len(rel.Text))
			}
			continue
		}
		r, err := db.toRestriction(t, rel)
		if err != nil {
			return nil, err.At(rel.Pos, len(rel.Text))
		}
		if err := rs.add(r); err != nil {
			return nil, err.At(rel.Pos, len(rel.Text))
		}
	}
	if err := rs.process(selectsOnlyStatic, forView); err != nil {
		return nil, err
	}
	return rs, nil
}

// add merges one relation's restriction into the set, with the merge
// messages of the restriction classes.
func (rs *restrictions) add(r *restriction) *cqlerr.Error {
	if r.token {
		if rs.token != nil {
			return mergeToken(rs.token, r)
		}
		rs.token = r
		return nil
	}
	c := r.first()
	switch c.Kind {
	case schema.PartitionKey:
		if old := rs.pk[c.Position]; old != nil {
			return mergeSingle(old, r)
		}
		rs.pk[c.Position] = r
	case schema.Clustering:
		return rs.addClustering(r)
	default:
		for _, old := range rs.others {
			if old.first() == c {
				return mergeSingle(old, r)
			}
		}
		rs.others = append(rs.others, r)
	}
	return nil
}

// addClustering follows ClusteringColumnRestrictions.mergeWith: the checks
// compare the new restriction with the last (highest) restricted column.
func (rs *restrictions) addClustering(r *restriction) *cqlerr.Error {
	for _, c := range r.cols {
		if old := rs.ckCols[c.Position]; old != nil {
			if old.multi() || r.multi() {
				if err := mergeMulti(old, r); err != nil {
					return err
				}
				for _, c := range old.cols {
					rs.ckCols[c.Position] = old
				}
				return nil
			}
			return mergeSingle(old, r)
		}
	}
	if len(rs.ck) > 0 && !rs.allowFiltering && !rs.indexSupports(r) {
		last := rs.ck[len(rs.ck)-1]
		newStart := r.first()
		if last.isSlice() && newStart.Position > last.first().Position {
			return errAfterSlice("Clustering column", newStart.Name, last.first().Name)
		}
		if newStart.Position < last.first().Position && r.isSlice() {
			next := rs.nextRestricted(newStart)
			return errAfterSlice("PRIMARY KEY column", next.Name, newStart.Name)
		}
	}
	for _, c := range r.cols {
		rs.ckCols[c.Position] = r
	}
	// Keep rs.ck sorted by first column position.
	i := len(rs.ck)
	for i > 0 && rs.ck[i-1].first().Position > r.first().Position {
		i--
	}
	rs.ck = append(rs.ck, nil)
	copy(rs.ck[i+1:], rs.ck[i:])
	rs.ck[i] = r
	return nil
}

// atRelation locates an error at the relation a restriction came from.
func atRelation(err *cqlerr.Error, r *restriction) *cqlerr.Error {
	if r == nil || r.rel == nil {
		return err
	}
	return err.At(r.rel.Pos, len(r.rel.Text))
}

// nextRestricted returns the first restricted clustering column after c.
func (rs *restrictions) nextRestricted(c *schema.Column) *schema.Column {
	for _, r := range rs.ck {
		if r.first().Position > c.Position {
			return r.first()
		}
	}
	return c
}

// mergeSingle merges two restrictions on one column (SingleColumnRestriction.mergeWith).
func mergeSingle(old, r *restriction) *cqlerr.Error {
	name := old.first().Name
	switch old.kind {
	case rEQ:
		return errEqAndMore(name)
	case rIN:
		return errInAndMore(name)
	case rSlice:
		if r.kind != rSlice {
			return errEqAndSlice("Column", name)
		}
		return mergeBounds(old, r, name)
	case rContains:
		if r.kind != rContains {
			return errCollectionRestriction(name)
		}
		if old.nulls == nil {
			old.nulls, old.nullPart = r.nulls, r.nullPart
		}
		old.coll.contains = append(old.coll.contains, r.coll.contains...)
		old.coll.containsKeys = append(old.coll.containsKeys, r.coll.containsKeys...)
		old.coll.entries = append(old.coll.entries, r.coll.entries...)
		return nil
	}
	return errEqAndMore(name)
}

// mergeMulti merges restrictions when one is multi-column
// (MultiColumnRestriction.mergeWith; a single-column restriction takes part
// converted to a one-column tuple). Messages name the columns the two have
// in common. Two slices starting on the same column merge even when their
// tuples differ in length: (a, b) > (1, 2) AND a < 3 keeps each bound's own
// tuple, and the merged restriction covers the longer list of columns.
func mergeMulti(old, r *restriction) *cqlerr.Error {
	names := commonNames(old.cols, r.cols)
	switch old.kind {
	case rEQ:
		return errEqAndMore(names)
	case rIN:
		return errInAndMore(names)
	}
	if r.kind != rSlice {
		return errEqAndSlice("Column", names)
	}
	if old.first() != r.first() {
		// The later of the two first columns is the one refused.
		col := old.first()
		if r.first().Position > col.Position {
			col = r.first()
		}
		return errSlicesOnDifferentColumns(col.Name)
	}
	if err := mergeBounds(old, r, names); err != nil {
		return err
	}
	if len(r.cols) > len(old.cols) {
		old.cols = r.cols
	}
	return nil
}

// commonNames is getColumnsInCommons: the columns two restrictions share,
// joined by " ," as Cassandra joins them (in clustering order here; a Java
// HashSet's order there).
func commonNames(a, b []*schema.Column) string {
	var names []string
	for _, c := range a {
		for _, d := range b {
			if c == d {
				names = append(names, c.Name)
			}
		}
	}
	return join(names, " ,")
}

func mergeToken(old, r *restriction) *cqlerr.Error {
	names := columnNames(old.cols)
	if old.kind == rEQ {
		return errEqAndMore(names)
	}
	if r.kind != rSlice {
		return errEqAndSlice("Columns", names)
	}
	return mergeBounds(old, r, names)
}

// mergeBounds merges two slices on the same column(s) into one, each bound
// set at most once (SliceRestriction.mergeWith).
func mergeBounds(old, r *restriction, names string) *cqlerr.Error {
	if old.lo.set && r.lo.set {
		return errTwoBounds("start", names)
	}
	if old.hi.set && r.hi.set {
		return errTwoBounds("end", names)
	}
	if r.lo.set {
		old.lo = r.lo
	}
	if r.hi.set {
		old.hi = r.hi
	}
	return nil
}

func columnNames(cs []*schema.Column) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Name
	}
	return join(names, ", ")
}

func sameColumns(a, b []*schema.Column) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// process runs the checks StatementRestrictions' constructor runs once every
// relation is added, in its order.
func (rs *restrictions) process(selectsOnlyStatic, forView bool) *cqlerr.Error {
	t := rs.table
	hasIndex := rs.pickIndex()
	if err := rs.processPartitionKey(hasIndex, forView); err != nil {
		return err
	}
	rs.pkFiltered = rs.usesIndex || rs.pkNeedsFilter
	if selectsOnlyStatic && len(rs.ck) > 0 {
		switch rs.typ {
		case updateStmt, deleteStmt:
			return errClusteringForStaticWrite(rs.typ)
		case selectStmt:
			return errClusteringForStaticSelect()
		}
	}
	if err := rs.processClustering(hasIndex, selectsOnlyStatic, forView); err != nil {
		return err
	}
	if rs.isKeyRange && rs.index != nil && rs.index.Column.Kind == schema.Clustering {
		rs.usesIndex = true
	}
	rs.ckFiltered = len(rs.ck) > 0 && (rs.usesIndex || rs.ckNeedsFilter)
	if len(rs.others) > 0 {
		if rs.typ == updateStmt || rs.typ == deleteStmt {
			// Cassandra lists them from its RestrictionSet, a TreeMap whose
			// comparator puts static and regular columns (no position) in
			// the byte order of their names, each once.
			names := make([]string, 0, len(rs.others))
			for _, r := range rs.others {
				if !slices.Contains(names, r.first().Name) {
					names = append(names, r.first().Name)
				}
			}
			slices.Sort(names)
			return errRegularInWriteWhere(names)
		}
		if hasIndex {
			rs.usesIndex = true
		} else if !rs.allowFiltering {
			return atRelation(errNeedsFiltering(), rs.others[0])
		}
	}
	if rs.usesIndex && t.View == nil {
		// validateSecondaryIndexSelections
		for _, r := range rs.pk {
			if r != nil && r.kind == rIN {
				return errIndexWithIn()
			}
		}
	}
	return nil
}

// onToken is PartitionKeyRestrictions.isOnToken: a token() relation
// decides the partitions read unless every partition key column is also
// restricted without filtering (TokenFilter.isOnToken), in which case the
// token only filters the keys those restrictions name (keysOf).
func (rs *restrictions) onToken() bool {
	if rs.token == nil {
		return false
	}
	n := rs.pkRestrictedCount()
	return n < len(rs.pk) || rs.pkHasSlice()
}

func (rs *restrictions) pkRestrictedCount() int {
	n := 0
	for _, r := range rs.pk {
		if r != nil {
			n++
		}
	}
	return n
}

func (rs *restrictions) unrestrictedPK() []string {
	var names []string
	for i, r := range rs.pk {
		if r == nil {
			names = append(names, rs.table.PartitionKey[i].Name)
		}
	}
	return names
}

func (rs *restrictions) pkHasSlice() bool {
	for _, r := range rs.pk {
		if r != nil && (r.kind == rSlice || r.kind == rContains) {
			return true
		}
	}
	return false
}

// The rules of StatementRestrictions and the restriction classes that the
// playground explains (explain.go), each raised by the constructor below it.
const (
	RuleClusteringSkipped    cqlerr.Rule = "restrictions.clustering-skipped"
	RuleAfterSlice           cqlerr.Rule = "restrictions.after-slice"
	RuleNeedsFiltering       cqlerr.Rule = "restrictions.needs-filtering"
	RulePartitionKeyMissing  cqlerr.Rule = "restrictions.partition-key-missing"
	RuleClusteringKeyMissing cqlerr.Rule = "restrictions.clustering-key-missing"
)

// errClusteringSkipped: a clustering column is restricted while one before it
// is not (StatementRestrictions.processClusteringColumnsRestrictions).
func errClusteringSkipped(col, preceding string) *cqlerr.Error {
	return cqlerr.Invalid("PRIMARY KEY column \""+col+"\" cannot be restricted as preceding column \""+preceding+"\" is not restricted").
		For(RuleClusteringSkipped, col, preceding)
}

// errAfterSlice: a column is restricted after one restricted by a range
// (ClusteringColumnRestrictions.addRestriction); what names the column,
// "Clustering column" or "PRIMARY KEY column", depends on which came first.
func errAfterSlice(what, col, sliced string) *cqlerr.Error {
	return cqlerr.Invalid(what+" \""+col+"\" cannot be restricted (preceding column \""+sliced+"\" is restricted by a non-EQ relation)").
		For(RuleAfterSlice, col, sliced)
}

// errNeedsFiltering: the query would read rows it then discards
// (StatementRestrictions.REQUIRES_ALLOW_FILTERING_MESSAGE).
func errNeedsFiltering() *cqlerr.Error {
	return cqlerr.Invalid(msgAllowFiltering).For(RuleNeedsFiltering)
}

// errPartitionKeyMissing: a write names no whole partition
// (StatementRestrictions.processPartitionKeyRestrictions).
func errPartitionKeyMissing(missing []string) *cqlerr.Error {
	return cqlerr.Invalid("Some partition key parts are missing: "+join(missing, ", ")).For(RulePartitionKeyMissing, missing...)
}

// errClusteringKeyMissing: an INSERT or UPDATE names no whole row
// (StatementRestrictions.processClusteringColumnsRestrictions).
func errClusteringKeyMissing(missing []string) *cqlerr.Error {
	return cqlerr.Invalid("Some clustering keys are missing: "+join(missing, ", ")).For(RuleClusteringKeyMissing, missing...)
}

// processPartitionKey is StatementRestrictions.processPartitionKeyRestrictions.
func (rs *restrictions) processPartitionKey(hasIndex, forView bool) *cqlerr.Error {
	if rs.typ != selectStmt {
		if rs.onToken() {
			return errTokenInWrite(rs.typ)
		}
		if missing := rs.unrestrictedPK(); len(missing) > 0 {
			return errPartitionKeyMissing(missing)
		}
		if rs.pkHasSlice() {
			return errPartitionSliceInWrite(rs.typ)
		}
		return nil
	}
	if rs.onToken() {
		rs.isKeyRange = true
	}
	n := rs.pkRestrictedCount()
	if n == 0 && rs.token == nil {
		rs.isKeyRange = true
		rs.usesIndex = hasIndex
	}
	if n > 0 && (n < len(rs.pk) || rs.pkHasSlice()) {
		rs.pkNeedsFilter = true
		if !rs.allowFiltering && !forView && !hasIndex {
			return errNeedsFiltering()
		}
		rs.isKeyRange = true
		rs.usesIndex = hasIndex
	}
	return nil
}

// processClustering is StatementRestrictions.processClusteringColumnsRestrictions.
func (rs *restrictions) processClustering(hasIndex, selectsOnlyStatic, forView bool) *cqlerr.Error {
	t := rs.table
	allowSlices := rs.typ == selectStmt || rs.typ == deleteStmt
	if !allowSlices {
		for _, r := range rs.ck {
			if r.isSlice() {
				return errClusteringSliceInWrite(rs.typ)
			}
		}
		if !t.Compact || len(rs.ck) == 0 {
			if missing := rs.unrestrictedCK(); !selectsOnlyStatic && len(missing) > 0 {
				return errClusteringKeyMissing(missing)
			}
		}
		return nil
	}
	for _, r := range rs.ck {
		if r.kind == rContains && !hasIndex && !rs.allowFiltering {
			return errClusteringContains()
		}
	}
	if len(rs.ck) > 0 && rs.clusteringNeedsFiltering() {
		rs.ckNeedsFilter = true
		if hasIndex || forView {
			rs.usesIndex = true
		} else if !rs.allowFiltering {
			restricted := rs.restrictedCKColumns()
			for i, c := range restricted {
				if t.ClusteringCs[i] != c {
					return atRelation(errClusteringSkipped(c.Name, t.ClusteringCs[i].Name), rs.ckCols[c.Position])
				}
			}
		}
	}
	return nil
}

func (rs *restrictions) unrestrictedCK() []string {
	var names []string
	for _, c := range rs.table.ClusteringCs {
		if rs.ckCols[c.Position] == nil {
			names = append(names, c.Name)
		}
	}
	return names
}

func (rs *restrictions) restrictedCKColumns() []*schema.Column {
	var cs []*schema.Column
	for _, c := range rs.table.ClusteringCs {
		if rs.ckCols[c.Position] != nil {
			cs = append(cs, c)
		}
	}
	return cs
}

// clusteringNeedsFiltering is ClusteringColumnRestrictions.needFiltering: a
// restriction that does not continue the prefix (after a gap or a slice) or a
// CONTAINS can only be applied as a filter.
func (rs *restrictions) clusteringNeedsFiltering() bool {
	pos := 0
	for _, r := range rs.ck {
		if r.kind == rContains || r.kind == rLike || pos != r.first().Position {
			return true
		}
		if !r.isSlice() {
			pos = r.last().Position + 1
		}
	}
	return false
}

// indexSupports reports whether an index of the table serves r.
func (rs *restrictions) indexSupports(r *restriction) bool {
	return rs.supportingIndex(r) != nil
}

func (rs *restrictions) supportingIndex(r *restriction) *schema.Index {
	if r.token || r.multi() {
		return nil
	}
	for _, ix := range rs.table.Indexes {
		if ix.Column != r.first() {
			continue
		}
		switch {
		case r.kind == rEQ && (ix.Target == "values" && !ix.Column.Type.MultiCell() || ix.Target == "full"):
			return ix
		case r.kind == rContains && len(r.coll.contains) > 0 && ix.Target == "values" && ix.Column.Type.IsCollection():
			return ix
		case r.kind == rContains && len(r.coll.containsKeys) > 0 && ix.Target == "keys":
			return ix
		case r.kind == rContains && len(r.coll.entries) > 0 && ix.Target == "entries":
			return ix
		}
	}
	return nil
}

// pickIndex chooses the index a query would use (the first restriction, in
// partition key, clustering, then regular order, that an index serves).
// Only a SELECT uses one (StatementType.allowUseOfSecondaryIndices): an
// UPDATE or DELETE restricts as if the table had no index.
func (rs *restrictions) pickIndex() bool {
	if rs.typ != selectStmt {
		return false
	}
	var all []*restriction
	for _, r := range rs.pk {
		if r != nil {
			all = append(all, r)
		}
	}
	all = append(all, rs.ck...)
	all = append(all, rs.others...)
	for _, r := range all {
		if ix := rs.supportingIndex(r); ix != nil {
			rs.index = ix
			return true
		}
	}
	return false
}

// needFiltering is StatementRestrictions.needFiltering (4.1), used by
// SELECT's final ALLOW FILTERING check for range and index queries: the
// query filters when its filter restrictions cover more than one column,
// when clustering columns are restricted but none is filtered, or when one
// regular column carries several CONTAINS.
func (rs *restrictions) needFiltering() bool {
	n := 0
	if rs.pkFiltered {
		n += rs.pkRestrictedCount()
	}
	if rs.ckFiltered {
		n += len(rs.restrictedCKColumns())
	}
	var cols []*schema.Column
	multipleContains := false
	for _, r := range rs.others {
		if !slices.Contains(cols, r.first()) {
			cols = append(cols, r.first())
		}
		if r.kind == rContains && len(r.coll.contains)+len(r.coll.containsKeys)+len(r.coll.entries) > 1 {
			multipleContains = true
		}
	}
	n += len(cols)
	return n > 1 || n == 0 && len(rs.ck) > 0 || n != 0 && multipleContains
}

// isColumnRestrictedByEq reports whether c is restricted by = (or a one-value IN).
func (rs *restrictions) isColumnRestrictedByEq(c *schema.Column) bool {
	r := rs.ckCols[c.Position]
	return r != nil && (r.kind == rEQ || r.kind == rIN && len(r.values) == 1)
}

// pkIsIN reports whether the partition key is restricted by an IN of several values.
func (rs *restrictions) pkIsIN() bool {
	for _, r := range rs.pk {
		if r != nil && r.kind == rIN && len(r.values) > 1 {
			return true
		}
	}
	return false
}

// The other messages of the restriction rules (StatementRestrictions.java and
// the restriction classes in cql3/restrictions, SingleColumnRestriction,
// MultiColumnRestriction and ClusteringColumnRestrictions among them).

// errContainsInWrite: CONTAINS or CONTAINS KEY in an UPDATE or DELETE (StatementRestrictions).
func errContainsInWrite(typ stmtType, op string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot use " + string(typ) + " with " + op)
}

// errUnsupportedRestriction: IS NOT NULL outside a view definition.
func errUnsupportedRestriction(rel string) *cqlerr.Error {
	return cqlerr.Invalid("Unsupported restriction: " + rel)
}

// errEqAndMore: an equality merged with any other relation on the same column(s).
func errEqAndMore(cols string) *cqlerr.Error {
	return cqlerr.Invalid(cols + " cannot be restricted by more than one relation if it includes an Equal")
}

// errInAndMore: an IN merged with any other relation on the same column(s).
func errInAndMore(cols string) *cqlerr.Error {
	return cqlerr.Invalid(cols + " cannot be restricted by more than one relation if it includes a IN")
}

// errEqAndSlice: a slice merged with an equality ("Column" or, multi-column, "Columns").
func errEqAndSlice(what, cols string) *cqlerr.Error {
	return cqlerr.Invalid(what + " \"" + cols + "\" cannot be restricted by both an equality and an inequality relation")
}

// errCollectionRestriction: a non-frozen collection compared as a whole.
func errCollectionRestriction(col string) *cqlerr.Error {
	return cqlerr.Invalid("Collection column " + col + " can only be restricted by CONTAINS, CONTAINS KEY, or map-entry equality")
}

// errSlicesOnDifferentColumns: two multi-column slices starting on different columns.
func errSlicesOnDifferentColumns(col string) *cqlerr.Error {
	return cqlerr.Invalid("Column \"" + col + "\" cannot be restricted by two inequalities not starting with the same column")
}

// errTwoBounds: two lower (start) or two upper (end) bounds on the same column(s).
func errTwoBounds(bound, cols string) *cqlerr.Error {
	return cqlerr.Invalid("More than one restriction was found for the " + bound + " bound on " + cols)
}

// errClusteringForStaticWrite: an UPDATE or DELETE of static columns only that names a row.
func errClusteringForStaticWrite(typ stmtType) *cqlerr.Error {
	return cqlerr.Invalid("Invalid restrictions on clustering columns since the " + string(typ) + " statement modifies only static columns")
}

// errClusteringForStaticSelect: a SELECT of static columns only that names a row.
func errClusteringForStaticSelect() *cqlerr.Error {
	return cqlerr.Invalid("Cannot restrict clustering columns when selecting only static columns")
}

// RuleRegularInWriteWhere is ModificationStatement's rule that a write's
// WHERE clause names rows by their primary key only.
const RuleRegularInWriteWhere cqlerr.Rule = "writes.where-primary-key-only"

// errRegularInWriteWhere: a write's WHERE names regular columns (the trailing space is Cassandra's).
func errRegularInWriteWhere(cols []string) *cqlerr.Error {
	return cqlerr.Invalid("Non PRIMARY KEY columns found in where clause: "+join(cols, ", ")+" ").For(RuleRegularInWriteWhere, cols...)
}

// errIndexWithIn: an indexed query with IN on the primary key.
func errIndexWithIn() *cqlerr.Error {
	return cqlerr.Invalid("Select on indexed columns and with IN clause for the PRIMARY KEY are not supported")
}

// errTokenInWrite: token() in the WHERE clause of an UPDATE or DELETE.
func errTokenInWrite(typ stmtType) *cqlerr.Error {
	return cqlerr.Invalid("The token function cannot be used in WHERE clauses for " + string(typ) + " statements")
}

// errPartitionSliceInWrite: a range on the partition key in an UPDATE or DELETE.
func errPartitionSliceInWrite(typ stmtType) *cqlerr.Error {
	return cqlerr.Invalid("Only EQ and IN relation are supported on the partition key (unless you use the token() function) for " + string(typ) + " statements")
}

// errClusteringSliceInWrite: a range on a clustering column in an INSERT or UPDATE.
func errClusteringSliceInWrite(typ stmtType) *cqlerr.Error {
	return cqlerr.Invalid("Slice restrictions are not supported on the clustering columns in " + string(typ) + " statements")
}

// errClusteringContains: CONTAINS on a clustering column without an index or filtering.
func errClusteringContains() *cqlerr.Error {
	return cqlerr.Invalid("Clustering columns can only be restricted with CONTAINS with a secondary index or filtering")
}
