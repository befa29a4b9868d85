package query

import (
	"slices"
	"sort"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// cqlshPageSize is cqlsh's default page size: a query that would need more
// than one page hits paging-only checks.
const cqlshPageSize = 100

// selectPlan is a validated SELECT, ready to run.
type selectPlan struct {
	s        *cql.Select
	t        *schema.Table
	sel      *selection
	rs       *restrictions
	reversed bool
	// orderBy lists the ORDER BY columns when rows of several partitions must
	// be sorted after the read (IN on the partition key).
	orderBy   []cql.Ordering
	limit     int
	ppLimit   int
	postOrder bool
	// grouped is set for GROUP BY; rows group by partition and the first
	// groupPrefix clustering columns.
	grouped     bool
	groupPrefix int
}

// RuleOrderBy is SelectStatement's rule for ORDER BY: only the stored
// clustering order, or its reverse, of partitions named by = or IN.
const RuleOrderBy cqlerr.Rule = "select.order-by"

const msgOrderByDeclared = "Order by currently only supports the ordering of columns following their declared order in the PRIMARY KEY"

// errOrderBy is one of SelectStatement.verifyOrderingIsAllowed's and
// getOrderingComparator's messages, all breaking RuleOrderBy.
func errOrderBy(msg string) *cqlerr.Error { return cqlerr.Invalid(msg).For(RuleOrderBy) }

func (db *DB) execSelect(s *cql.Select) (*Result, *cqlerr.Error) {
	p, err := db.planSelect(s)
	if err != nil {
		return nil, err
	}
	return db.runSelect(p)
}

// planSelect validates a SELECT in SelectStatement.RawStatement.prepare's order.
func (db *DB) planSelect(s *cql.Select) (*selectPlan, *cqlerr.Error) {
	t, err := db.lookupTable(s.Table)
	if err != nil {
		return nil, err
	}
	sel, err := db.prepareSelection(t, s.Selectors)
	if err != nil {
		return nil, err
	}
	rs, err := db.analyse(t, selectStmt, s.Where, s.AllowFiltering, sel.containsOnlyStatic(), false)
	if err != nil {
		return nil, err
	}
	p := &selectPlan{s: s, t: t, sel: sel, rs: rs}
	if s.Distinct {
		if s.PerPartitionLimit != nil {
			return nil, errPerPartitionLimitDistinct()
		}
		if err := validateDistinct(t, sel, rs); err != nil {
			return nil, err
		}
	}
	// With GROUP BY, PER PARTITION LIMIT limits the groups of a partition
	// (AggregationSpecification.AGGREGATE_EVERYTHING is the aggregate
	// without GROUP BY).
	if sel.aggregate && len(s.GroupBy) == 0 && s.PerPartitionLimit != nil {
		return nil, errPerPartitionLimitAggregate()
	}
	if len(s.GroupBy) > 0 {
		if err := db.checkGroupBy(p); err != nil {
			return nil, err
		}
	}
	if len(s.OrderBy) > 0 {
		if err := db.checkOrderBy(p); err != nil {
			return nil, err
		}
	}
	if !s.AllowFiltering && (rs.isKeyRange || rs.usesIndex) && rs.needFiltering() {
		return nil, errNeedsFiltering()
	}
	return p, nil
}

// checkGroupBy is SelectStatement.getAggregationSpecFactory: GROUP BY names
// primary key columns in order, the whole partition key first, skipping only
// columns restricted by =.
func (db *DB) checkGroupBy(p *selectPlan) *cqlerr.Error {
	t := p.t
	pk := append(append([]*schema.Column{}, t.PartitionKey...), t.ClusteringCs...)
	next := 0
	prefix := 0
	for _, id := range p.s.GroupBy {
		c, err := db.column(t, id)
		if err != nil {
			return err
		}
		if !c.IsPrimaryKey() {
			return errGroupByRegular(c.Name)
		}
		for {
			if next >= len(pk) {
				return errGroupByOrder()
			}
			col := pk[next]
			next++
			if col.Kind == schema.Clustering {
				prefix++
			}
			if col == c {
				break
			}
			if !p.rs.isColumnRestrictedByEq(col) && !(col.Kind == schema.PartitionKey && p.rs.pk[col.Position] != nil && p.rs.pk[col.Position].kind == rEQ) {
				return errGroupByOrder()
			}
		}
	}
	if next < len(pk) && pk[next].Kind == schema.PartitionKey {
		return errGroupByPartialKey()
	}
	if prefix > 0 && p.s.Distinct {
		return errGroupByDistinct()
	}
	p.grouped, p.groupPrefix = true, prefix
	return nil
}

// validateDistinct is SelectStatement.validateDistinctSelection.
func validateDistinct(t *schema.Table, sel *selection, rs *restrictions) *cqlerr.Error {
	nonStaticFilter := false
	for _, r := range rs.others {
		if r.first().Kind != schema.Static {
			nonStaticFilter = true
		}
	}
	if len(rs.ck) > 0 || nonStaticFilter {
		return errDistinctWhere()
	}
	for _, c := range sel.columns {
		if c.Kind != schema.PartitionKey && c.Kind != schema.Static {
			return errDistinctColumn(c.Name)
		}
	}
	if !rs.isKeyRange {
		return nil
	}
	for _, c := range t.PartitionKey {
		if !sel.reads(c) {
			return errDistinctPartialKey(c.Name)
		}
	}
	return nil
}

// checkOrderBy is verifyOrderingIsAllowed and isReversed of SelectStatement.
func (db *DB) checkOrderBy(p *selectPlan) *cqlerr.Error {
	t, rs := p.t, p.rs
	// Cassandra's parser puts the orderings in a LinkedHashMap: a column
	// named twice keeps its first place and its last direction.
	var cols []*schema.Column
	var orderings []cql.Ordering
	for _, o := range p.s.OrderBy {
		c, err := db.column(t, o.Column)
		if err != nil {
			return err
		}
		if i := slices.Index(cols, c); i >= 0 {
			orderings[i].Desc = o.Desc
			continue
		}
		cols = append(cols, c)
		orderings = append(orderings, o)
	}
	if rs.usesIndex {
		if db.Version.AtLeast(5, 0) {
			return errOrderBy("ORDER BY with 2ndary indexes is not supported, except for ANN queries.")
		}
		return errOrderBy("ORDER BY with 2ndary indexes is not supported.")
	}
	if rs.isKeyRange {
		return errOrderBy("ORDER BY is only supported when the partition key is restricted by an EQ or an IN.")
	}
	reversed := make([]int, len(t.ClusteringCs)) // 0 unset, 1 forward, 2 reversed
	i := 0
	for k, c := range cols {
		if c.Kind != schema.Clustering {
			return errOrderBy("Order by is currently only supported on the clustered columns of the PRIMARY KEY, got " + c.Name)
		}
		if c.Position < i {
			return errOrderBy(msgOrderByDeclared)
		}
		for i != c.Position {
			if !rs.isColumnRestrictedByEq(t.ClusteringCs[i]) {
				return errOrderBy(msgOrderByDeclared)
			}
			i++
		}
		i++
		if orderings[k].Desc != c.Desc {
			reversed[c.Position] = 2
		} else {
			reversed[c.Position] = 1
		}
	}
	dir := 0
	for _, r := range reversed {
		if r == 0 {
			continue
		}
		if dir == 0 {
			dir = r
		} else if dir != r {
			return errOrderBy("Unsupported order by relation")
		}
	}
	p.reversed = dir == 2
	if rs.pkIsIN() {
		p.postOrder = true
		p.orderBy = orderings
	}
	return nil
}

// runSelect executes a validated SELECT; the checks Cassandra runs at
// execution (limits, nulls, key sizes, paging) come first.
func (db *DB) runSelect(p *selectPlan) (*Result, *cqlerr.Error) {
	s := p.s
	var err *cqlerr.Error
	if p.limit, err = db.limitValue(s.Limit, "[limit]"); err != nil {
		return nil, err
	}
	if p.ppLimit, err = db.limitValue(s.PerPartitionLimit, "[per_partition_limit]"); err != nil {
		return nil, err
	}
	if err := p.rs.checkNulls(); err != nil {
		return nil, err
	}
	// SelectStatement.execute: a query whose LIMIT fits in one page, or run
	// with paging off, is not paged, and may be sorted after the read.
	if p.postOrder && db.PageSize > 0 && (p.limit == 0 || p.limit > db.PageSize) {
		return nil, errOrderByWithIn()
	}
	rd := newReader(db, p)
	defer rd.release()
	if err := rd.read(); err != nil {
		return nil, err
	}
	return rd.result()
}

// limitValue evaluates LIMIT / PER PARTITION LIMIT; 0 means none.
func (db *DB) limitValue(e cql.Expr, receiver string) (int, *cqlerr.Error) {
	if e == nil {
		return 0, nil
	}
	// A literal too large for an int fails when the statement is prepared, as
	// Constants.Literal.parsedValue does ("Unable to make int from '...'").
	v, err := cqltype.IntType.Assign(e, receiver, db.env())
	if err != nil {
		return 0, err
	}
	if v == nil {
		return 0, errLimitNull()
	}
	n, _ := cqltype.Int32Of(v)
	if n <= 0 {
		return 0, errLimitNotPositive()
	}
	return int(n), nil
}

// checkNulls raises the null-value errors Cassandra raises when it binds values.
func (rs *restrictions) checkNulls() *cqlerr.Error {
	for i, group := range [3][]*restriction{rs.pk, rs.ck, rs.others} {
		for _, r := range group {
			if r != nil && r.unset {
				return errUnsetInCondition(r.first().Name)
			}
			if r != nil && r.nulls != nil {
				if i == 2 {
					part := r.nullPart
					if part == "" {
						part = "value"
					}
					return errUnsupportedNull(part, r.first().Name)
				}
				return errNullInCondition(r.first().Name)
			}
		}
	}
	return nil
}

// keysOf returns the keys the partition key restrictions of rs name, as
// partitionKeys; beside a token() relation, only those whose token it
// admits (TokenFilter.filter).
func (db *DB) keysOf(rs *restrictions) ([][]byte, [][]cqltype.Value, *cqlerr.Error) {
	keys, vals, err := db.partitionKeys(rs.table, rs.pk)
	if err != nil || rs.token == nil {
		return keys, vals, err
	}
	var ks [][]byte
	var vs [][]cqltype.Value
	for i, k := range keys {
		if tokenFilterAdmits(rs.token, cqltype.Token(k)) {
			ks, vs = append(ks, k), append(vs, vals[i])
		}
	}
	return ks, vs, nil
}

// tokenFilterAdmits is TokenFilter.toRangeSet's set of tokens: a start
// after the end wraps around the ring (the tokens up to the end and from
// the start), unlike a token range scan, which then reads nothing.
func tokenFilterAdmits(r *restriction, tok int64) bool {
	if r.kind != rSlice || !r.lo.set || !r.hi.set {
		return tokenInRange(r, tok)
	}
	lo, _ := cqltype.Int64Of(r.lo.vals[0])
	hi, _ := cqltype.Int64Of(r.hi.vals[0])
	if lo <= hi {
		return tokenInRange(r, tok)
	}
	return tok < hi || tok == hi && r.hi.incl || tok > lo || tok == lo && r.lo.incl
}

// partitionKeys returns the serialized keys an EQ/IN partition restriction
// names, sorted by key value (component by component) and deduplicated, as
// Cassandra returns IN results.
func (db *DB) partitionKeys(t *schema.Table, pk []*restriction) ([][]byte, [][]cqltype.Value, *cqlerr.Error) {
	if single := singleValues(pk); single != nil {
		// One value per column, as every INSERT has: no product to build.
		k, err := serializeKey(t, single)
		if err != nil {
			return nil, nil, err
		}
		return [][]byte{k}, [][]cqltype.Value{single}, nil
	}
	combos := [][]cqltype.Value{{}}
	for i, r := range pk {
		c := t.PartitionKey[i]
		vals := uniqueSorted(c.Type, r.values)
		var next [][]cqltype.Value
		for _, prefix := range combos {
			for _, v := range vals {
				combo := append(append([]cqltype.Value{}, prefix...), v)
				next = append(next, combo)
			}
		}
		combos = next
	}
	keys := make([][]byte, len(combos))
	for i, combo := range combos {
		k, err := serializeKey(t, combo)
		if err != nil {
			return nil, nil, err
		}
		keys[i] = k
	}
	return keys, combos, nil
}

// singleValues returns the one value each restriction of rs names, or nil
// when one names several (IN) or is not single-column.
func singleValues(rs []*restriction) []cqltype.Value {
	for _, r := range rs {
		if r == nil || len(r.values) != 1 || len(r.values[0]) != 1 {
			return nil
		}
	}
	vals := make([]cqltype.Value, len(rs))
	for i, r := range rs {
		vals[i] = r.values[0][0]
	}
	return vals
}

// uniqueSorted sorts single values by the type's comparator and drops duplicates.
func uniqueSorted(typ *cqltype.Type, in [][]cqltype.Value) []cqltype.Value {
	vals := make([]cqltype.Value, 0, len(in))
	for _, v := range in {
		vals = append(vals, v[0])
	}
	sort.SliceStable(vals, func(i, j int) bool { return typ.Compare(vals[i], vals[j]) < 0 })
	out := vals[:0]
	for i, v := range vals {
		if i == 0 || typ.Compare(v, out[len(out)-1]) != 0 {
			out = append(out, v)
		}
	}
	return out
}

const maxKeyLength = 65535

// serializeKey builds the partition key bytes and checks Cassandra's limits.
func serializeKey(t *schema.Table, vals []cqltype.Value) ([]byte, *cqlerr.Error) {
	var key []byte
	if len(vals) == 1 {
		key = vals[0]
	} else {
		key = cqltype.CompositeKey(vals)
	}
	if len(key) == 0 {
		return nil, errEmptyKey()
	}
	if len(key) > maxKeyLength {
		return nil, errKeyTooLong(len(key))
	}
	return key, nil
}

// splitKey returns the partition key's component values.
func splitKey(t *schema.Table, key []byte) []cqltype.Value {
	if len(t.PartitionKey) == 1 {
		return []cqltype.Value{key}
	}
	return cqltype.SplitComposite(key)
}

// clusteringSlices turns the clustering restrictions that form a prefix
// into storage-order slices, in storage order; restrictions that cannot be
// served by slices are left for the row filter: the slices serve the first
// used restrictions of rs.ck.
func clusteringSlices(t *schema.Table, rs *restrictions) (slices []store.Slice, used int) {
	prefixes := [][]cqltype.Value{make([]cqltype.Value, 0, len(t.ClusteringCs))}
	var trailing, multi *restriction
	pos := 0
	for _, r := range rs.ck {
		if r.first().Position != pos || r.kind == rContains || r.kind == rLike {
			break
		}
		if r.isSlice() {
			if r.multi() {
				multi = r
			} else {
				trailing = r
			}
			used++
			break
		}
		if len(prefixes) == 1 && len(r.values) == 1 {
			// An equality extends the one prefix in place (its capacity
			// holds every clustering column).
			prefixes[0] = append(prefixes[0], r.values[0]...)
		} else {
			var next [][]cqltype.Value
			for _, prefix := range prefixes {
				for _, vals := range r.values {
					next = append(next, append(append([]cqltype.Value{}, prefix...), vals...))
				}
			}
			prefixes = next
		}
		used++
		pos = r.last().Position + 1
	}
	cmp := store.Clustering(t.ClusteringCs)
	if len(prefixes) > 1 {
		sort.SliceStable(prefixes, func(i, j int) bool { return cmp.Compare(prefixes[i], prefixes[j]) < 0 })
	}
	for i, prefix := range prefixes {
		if i > 0 && cmp.Compare(prefix, prefixes[i-1]) == 0 {
			continue
		}
		if multi != nil {
			slices = append(slices, multiSlices(t.ClusteringCs, prefix, multi)...)
			continue
		}
		if trailing == nil {
			b := store.Bound{Prefix: prefix, Inclusive: true}
			slices = append(slices, store.Slice{Start: b, End: b})
			continue
		}
		start := store.Bound{Prefix: prefix, Inclusive: true}
		end := store.Bound{Prefix: prefix, Inclusive: true}
		lo, hi := trailing.lo, trailing.hi
		if trailing.first().Desc {
			lo, hi = hi, lo
		}
		if lo.set {
			start = store.Bound{Prefix: append(append([]cqltype.Value{}, prefix...), lo.vals[0]), Inclusive: lo.incl}
		}
		if hi.set {
			end = store.Bound{Prefix: append(append([]cqltype.Value{}, prefix...), hi.vals[0]), Inclusive: hi.incl}
		}
		slices = append(slices, store.Slice{Start: start, End: end})
	}
	return slices, used
}

// The other messages of SelectStatement.java (cql3/statements) and its
// parameters, each raised by the check named.

// RuleDistinctColumns is SelectStatement's rule that SELECT DISTINCT lists
// partitions: it selects whole partition keys and static columns only.
const RuleDistinctColumns cqlerr.Rule = "select.distinct-columns"

// RuleOrderByWithIn is SelectStatement's rule that sorting rows of several
// partitions (IN on the partition key with ORDER BY) is refused while paging.
const RuleOrderByWithIn cqlerr.Rule = "select.order-by-with-in"

// errPerPartitionLimitDistinct is SelectStatement.RawStatement.prepare's
// refusal of PER PARTITION LIMIT with SELECT DISTINCT.
func errPerPartitionLimitDistinct() *cqlerr.Error {
	return cqlerr.Invalid("PER PARTITION LIMIT is not allowed with SELECT DISTINCT queries")
}

// errPerPartitionLimitAggregate is SelectStatement.RawStatement.prepare's
// refusal of PER PARTITION LIMIT with aggregates.
func errPerPartitionLimitAggregate() *cqlerr.Error {
	return cqlerr.Invalid("PER PARTITION LIMIT is not allowed with aggregate queries.")
}

// errGroupByRegular is
// SelectStatement.RawStatement.getAggregationSpecification's refusal of
// GROUP BY on a column outside the primary key.
func errGroupByRegular(col string) *cqlerr.Error {
	return cqlerr.Invalid("Group by is currently only supported on the columns of the PRIMARY KEY, got " + col)
}

// errGroupByOrder is
// SelectStatement.RawStatement.getAggregationSpecification's refusal of
// GROUP BY columns out of the primary key's order.
func errGroupByOrder() *cqlerr.Error {
	return cqlerr.Invalid("Group by currently only support groups of columns following their declared order in the PRIMARY KEY")
}

// errGroupByPartialKey is
// SelectStatement.RawStatement.getAggregationSpecification's refusal of
// GROUP BY a part of the partition key.
func errGroupByPartialKey() *cqlerr.Error {
	return cqlerr.Invalid("Group by is not supported on only a part of the partition key")
}

// errGroupByDistinct is
// SelectStatement.RawStatement.getAggregationSpecification's refusal of
// GROUP BY clustering columns with SELECT DISTINCT.
func errGroupByDistinct() *cqlerr.Error {
	return cqlerr.Invalid("Grouping on clustering columns is not allowed for SELECT DISTINCT queries")
}

// errDistinctWhere is
// SelectStatement.RawStatement.validateDistinctSelection's refusal of SELECT
// DISTINCT restricting clustering or regular columns.
func errDistinctWhere() *cqlerr.Error {
	return cqlerr.Invalid("SELECT DISTINCT with WHERE clause only supports restriction by partition key and/or static columns.")
}

// errDistinctColumn breaks RuleDistinctColumns: a column that is neither partition key nor static.
func errDistinctColumn(col string) *cqlerr.Error {
	return cqlerr.Invalid("SELECT DISTINCT queries must only request partition key columns and/or static columns (not "+col+")").
		For(RuleDistinctColumns, col)
}

// errDistinctPartialKey breaks RuleDistinctColumns: part of the partition key only.
func errDistinctPartialKey(col string) *cqlerr.Error {
	return cqlerr.Invalid("SELECT DISTINCT queries must request all the partition key columns (missing "+col+")").
		For(RuleDistinctColumns, col)
}

// errOrderByWithIn breaks RuleOrderByWithIn (cqlsh and the drivers page by default).
func errOrderByWithIn() *cqlerr.Error {
	return cqlerr.Invalid("Cannot page queries with both ORDER BY and a IN restriction on the partition key; you must either remove the ORDER BY or the IN and sort client side, or disable paging for this query").
		For(RuleOrderByWithIn)
}

// errLimitNull is SelectStatement.getLimit's refusal of a null LIMIT.
func errLimitNull() *cqlerr.Error { return cqlerr.Invalid("Invalid null value of limit") }

// errLimitNotPositive is SelectStatement.getLimit's refusal of a LIMIT of
// zero or less.
func errLimitNotPositive() *cqlerr.Error { return cqlerr.Invalid("LIMIT must be strictly positive") }

// errUnsetInCondition is a restriction's refusal of an unset bound value in
// WHERE (checkBindValueSet in cql3/restrictions).
func errUnsetInCondition(col string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid unset value for column " + col)
}

// errEmptyKey: an empty partition key value (Validation.validateKey).
func errEmptyKey() *cqlerr.Error { return cqlerr.Invalid("Key may not be empty") }

// errKeyTooLong: a key over 65,535 bytes (Validation.validateKey).
func errKeyTooLong(n int) *cqlerr.Error {
	return cqlerr.Invalid("Key length of " + itoa(n) + " is longer than maximum of 65535")
}
