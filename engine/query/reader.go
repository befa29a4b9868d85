package query

import (
	"sort"
	"strings"
	"sync"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// outRow is one result row before formatting: its values and, for the
// post-query ORDER BY of IN queries, the clustering values to sort by.
type outRow struct {
	vals       []cqltype.Value
	clustering [][]byte
}

// reader runs a planned SELECT against the store. Readers are reused
// (readerPool): a W2 query is small enough that the reader and its scratch
// were a tenth of what it allocated.
type reader struct {
	db   *DB
	p    *selectPlan
	now  int64
	plan *Plan
	rows []outRow
	// aggregate state
	aggRows  int
	aggs     []aggState // one per aggNodes entry
	aggNodes []*selector
	first    map[*selector]cqltype.Value // the group's first row, for what holds no aggregate
	stopped  *cqlerr.Error
	warnings []string
	group    string

	// out holds the formatted rows; a direct read (see selectPlan.direct)
	// formats them as it reads them, its selectors finding their values
	// where srcs says.
	out    rowBuf
	direct bool
	srcs   []cellSource
	// The walk of the current partition: its row context, the slice being
	// walked, the rows it returned and the tombstones it met.
	order      keyOrder
	slices     []keySlice
	scratch    readScratch
	rc         rowCtx
	slice      *keySlice
	n          int
	tombstones int
	live       int // live rows met, as ReadCommand's MetricRecording counts
	unused     []*restriction
	// groups counts the groups a GROUP BY read has started in the
	// partition: PER PARTITION LIMIT limits groups, not rows, and the
	// partition's read ends at the first row of the group past it.
	groups int
}

var readerPool = sync.Pool{New: func() any { return new(reader) }}

// newReader returns a reader of plan p, from the pool.
func newReader(db *DB, p *selectPlan) *reader {
	rd := readerPool.Get().(*reader)
	s := rd.scratch
	*rd = reader{db: db, p: p, now: db.NowSeconds(), plan: &Plan{Table: p.t.Qualified()}, scratch: s}
	rd.out.ends = s.ends
	rd.order = appendKeyOrder(s.order, p.t.ClusteringCs)
	if p.direct() {
		rd.direct, rd.srcs = true, p.sel.appendSources(s.srcs)
		rd.out.reset(db, len(p.sel.sels))
	}
	return rd
}

// readScratch is what a pooled reader keeps between queries: the backing
// arrays of its per-query slices, emptied.
type readScratch struct {
	ends   []int32
	order  keyOrder
	slices []keySlice
	srcs   []cellSource
}

// release hands rd back to the pool, keeping only its scratch; nothing of a
// result refers to it.
func (rd *reader) release() {
	s := readScratch{ends: rd.out.ends[:0], order: rd.order[:0], slices: rd.slices[:0], srcs: rd.srcs[:0]}
	if cap(s.ends) > 1<<14 || cap(s.slices) > 1<<10 {
		s = readScratch{} // a huge query's scratch is let go
	}
	clear(s.order[:cap(s.order)])
	clear(s.slices[:cap(s.slices)])
	*rd = reader{scratch: s}
	readerPool.Put(rd)
}

// read visits the partitions the restrictions name, in the order Cassandra
// returns them: IN keys by key value, range scans by token.
func (rd *reader) read() *cqlerr.Error {
	p, rs := rd.p, rd.p.rs
	data := rd.db.Data(p.t)
	plain, used := clusteringSlices(p.t, rs)
	rd.slices = rd.order.appendSlices(rd.scratch.slices, plain)
	slices := rd.slices
	rd.unused = rs.ck[used:]
	if rd.db.Tracing {
		rd.startTrace()
	}
	if !rs.isKeyRange {
		rd.plan.Kind = "single-partition"
		keys, _, err := rd.db.keysOf(rs)
		if err != nil {
			return err
		}
		if len(keys) > 1 {
			rd.plan.Kind = "multi-partition"
		}
		for _, k := range keys {
			rd.plan.PartitionsRead++
			rd.plan.Partitions = append(rd.plan.Partitions, cqltype.Token(k))
			part := data.Partition(k)
			if part == nil {
				rd.traceRead(cqltype.Token(k), false, 0)
				continue
			}
			live0 := rd.live
			goOn := rd.readPartition(part, slices)
			rd.traceRead(part.Token, true, live0)
			if !goOn {
				break
			}
		}
	} else {
		rd.plan.Kind = "range-scan"
		rd.plan.AllPartitions = rs.token == nil
		if rs.usesIndex && rs.index != nil {
			rd.plan.Kind = "index"
			rd.plan.Index = rs.index.Name
		}
		rd.scan(data, slices)
	}
	if rd.stopped != nil {
		return rd.stopped
	}
	rd.plan.Filtering = p.s.AllowFiltering && (rs.pkNeedsFilter || rs.ckNeedsFilter || len(rs.others) > 0)
	rd.plan.Nodes = rd.db.Ring.NodesFor(rd.plan.Partitions, rs.isKeyRange)
	return nil
}

// scan visits partitions in token order, within a token() range if any.
func (rd *reader) scan(data *store.Table, slices []keySlice) {
	tr := rd.p.rs.token
	visit := func(part *store.Partition) bool {
		if tr != nil && !tokenInRange(tr, part.Token) {
			if tr.hi.set {
				hi, _ := cqltype.Int64Of(tr.hi.vals[0])
				if part.Token > hi {
					return false
				}
			}
			return true
		}
		rd.plan.PartitionsRead++
		rd.plan.Partitions = append(rd.plan.Partitions, part.Token)
		if !rd.pkMatches(part) {
			return rd.checkDeadline()
		}
		live0 := rd.live
		goOn := rd.readPartition(part, slices)
		rd.traceRead(part.Token, true, live0)
		return goOn
	}
	if tr != nil && tr.kind == rEQ {
		v, _ := cqltype.Int64Of(tr.values[0][0])
		data.AscendFrom(v, visit)
		return
	}
	if tr != nil && tr.lo.set {
		lo, _ := cqltype.Int64Of(tr.lo.vals[0])
		data.AscendFrom(lo, visit)
		return
	}
	data.Ascend(visit)
}

func tokenInRange(r *restriction, tok int64) bool {
	if r.kind == rEQ {
		v, _ := cqltype.Int64Of(r.values[0][0])
		return tok == v
	}
	if r.lo.set {
		lo, _ := cqltype.Int64Of(r.lo.vals[0])
		if tok < lo || tok == lo && !r.lo.incl {
			return false
		}
	}
	if r.hi.set {
		hi, _ := cqltype.Int64Of(r.hi.vals[0])
		if tok > hi || tok == hi && !r.hi.incl {
			return false
		}
	}
	return true
}

// pkMatches applies partition key restrictions that are filters (a partial
// key, a slice, or key columns beside token()).
func (rd *reader) pkMatches(part *store.Partition) bool {
	vals := splitKey(rd.p.t, part.Key)
	for i, r := range rd.p.rs.pk {
		if r != nil && !matches(r, vals[i]) {
			return false
		}
	}
	return true
}

func (rd *reader) checkDeadline() bool {
	if d := rd.db.Limits.Deadline; d != nil && d() {
		rd.stopped = ErrTimeLimit
		return false
	}
	return true
}

// ErrTimeLimit stops a run at the playground's time limit: inside a
// statement (a read's checkDeadline, a -- @fill), or between two
// statements (engine.Session quotes its message).
var ErrTimeLimit = cqlerr.New(cqlerr.Stopped, "The script ran past the playground's time limit and was stopped. Make it smaller (fewer rows or statements) and try again.")

// readPartition reads the rows of one partition; it returns false when the
// read must stop (LIMIT reached, or a bound hit).
func (rd *reader) readPartition(part *store.Partition, slices []keySlice) bool {
	p := rd.p
	rd.rc = rowCtx{t: p.t, part: part, pkVals: splitKey(p.t, part.Key), now: rd.now}
	rc := &rd.rc
	if p.s.Distinct {
		if rd.partitionIsLive(part) && rd.staticFiltersMatch(rc) {
			rd.emit(rc)
		}
		return rd.more()
	}
	rd.n, rd.groups = 0, 0
	rd.tombstones = len(part.Ranges) * 2
	if !part.Deletion.IsLive() {
		rd.tombstones++
	}
	for i := range slices {
		if p.reversed {
			rd.slice = &slices[len(slices)-1-i]
			part.DescendFrom(rd.slice.end.Bound, rd.visitReversed)
		} else {
			rd.slice = &slices[i]
			part.AscendFrom(rd.slice.start.Bound, rd.visit)
		}
		if !rd.more() || p.ppLimit > 0 && rd.n >= p.ppLimit && !p.grouped || rd.stopped != nil {
			break
		}
	}
	if rd.n == 0 && rd.staticOnlyRow(part) {
		rc.row, rc.del = nil, part.Deletion
		if rd.staticFiltersMatch(rc) {
			rd.emit(rc)
		}
	}
	// Decided before the tombstone check: a partition over the failure
	// threshold stops the read at the next partition, as it always has.
	goOn := rd.more() && rd.stopped == nil
	rd.plan.TombstonesScanned += rd.tombstones
	rd.tombstoneCheck(part, rd.n, rd.tombstones)
	return goOn
}

// visit is the ascending walk's callback: the store has positioned it at
// the slice's start, and it stops past the slice's end.
func (rd *reader) visit(r *store.Row) bool {
	s := rd.slice
	if rd.order.pastEnd(r.Clustering, s) {
		return false
	}
	if !s.start.Inclusive && len(s.start.Prefix) > 0 && rd.order.compare(r.Clustering, &s.start) == 0 {
		return true
	}
	return rd.row(r)
}

// visitReversed is the descending walk's callback: it skips the one row past
// the slice's end the store may start at and stops before its start.
func (rd *reader) visitReversed(r *store.Row) bool {
	s := rd.slice
	if rd.order.beforeStart(r.Clustering, s) {
		return false
	}
	if rd.order.pastEnd(r.Clustering, s) {
		return true
	}
	return rd.row(r)
}

// row reads one stored row of the slice; it returns false when the read of
// the partition must stop.
func (rd *reader) row(r *store.Row) bool {
	p, rc := rd.p, &rd.rc
	rd.plan.RowsRead++
	rd.plan.CellsRead += len(r.Cells)
	rd.tombstones += countTombstones(r, rd.now)
	if rd.plan.RowsRead%1024 == 0 && !rd.checkDeadline() {
		return false
	}
	rc.row = r
	rc.del = rc.part.DeletionAt(r.Clustering).Max(r.Deletion())
	if !rowIsLive(p.t, r, rc) {
		return true
	}
	rd.live++
	if !rd.rowMatches(rc) {
		return true
	}
	if p.grouped && p.ppLimit > 0 {
		if rd.groupKey(rc) != rd.group || rd.groups == 0 {
			if rd.groups >= p.ppLimit {
				return false
			}
			rd.groups++
		}
	}
	rd.emit(rc)
	rd.n++
	if p.ppLimit > 0 && rd.n >= p.ppLimit && !p.grouped {
		return false
	}
	return rd.more()
}

// staticOnlyRow reports whether a partition without live rows still returns
// one row for its static columns (no clustering or regular restriction).
func (rd *reader) staticOnlyRow(part *store.Partition) bool {
	rs := rd.p.rs
	if len(rs.ck) > 0 || part.Static == nil {
		return false
	}
	for _, r := range rs.others {
		if r.first().Kind != schema.Static {
			return false
		}
	}
	return part.Static.HasLiveData(rd.now, part.Deletion)
}

func (rd *reader) partitionIsLive(part *store.Partition) bool {
	if part.Static != nil && part.Static.HasLiveData(rd.now, part.Deletion) {
		return true
	}
	live := false
	part.Ascend(store.All, func(r *store.Row) bool {
		rd.plan.RowsRead++
		live = r.HasLiveData(rd.now, part.DeletionAt(r.Clustering))
		return !live
	})
	return live
}

func (rd *reader) staticFiltersMatch(rc *rowCtx) bool {
	for _, r := range rd.p.rs.others {
		if !matches(r, rc.value(r.first())) {
			return false
		}
	}
	return true
}

// rowIsLive applies Cassandra's row liveness: a live row marker or a live
// regular cell (compact tables have no marker).
func rowIsLive(t *schema.Table, r *store.Row, rc *rowCtx) bool {
	if !rc.del.Deletes(r.Marker.TS) && r.Marker.IsLive(rc.now) {
		return true
	}
	for i := range r.Cells {
		c := &r.Cells[i]
		if !c.IsLive(rc.now) || rc.del.Deletes(c.TS) || t.ColumnByID(int(c.Col)) == nil {
			continue
		}
		if c.Path() != nil && r.ComplexDeletionOf(c.Col).Deletes(c.TS) {
			continue
		}
		return true
	}
	return false
}

func countTombstones(r *store.Row, now int64) int {
	n := 0
	if !r.Deletion().IsLive() {
		n++
	}
	for i := range r.Cells {
		if r.Cells[i].Tombstone || r.Cells[i].IsExpired(now) {
			n++
		}
	}
	return n + len(r.ComplexDeletions())
}

// rowMatches applies the clustering restrictions not served by slices and
// every regular/static column filter.
func (rd *reader) rowMatches(rc *rowCtx) bool {
	for _, r := range rd.unused {
		if r.multi() {
			if !matchesTuple(r, rc.row.Clustering[r.first().Position:r.last().Position+1]) {
				return false
			}
			continue
		}
		if !matches(r, rc.value(r.first())) {
			return false
		}
	}
	for _, r := range rd.p.rs.others {
		if !matches(r, rc.value(r.first())) {
			return false
		}
	}
	return true
}

// matches evaluates a single-column restriction against a value.
func matches(r *restriction, v cqltype.Value) bool {
	typ := r.first().Type
	switch r.kind {
	case rEQ:
		return v != nil && typ.Compare(v, r.values[0][0]) == 0
	case rIN:
		for _, x := range r.values {
			if v != nil && typ.Compare(v, x[0]) == 0 {
				return true
			}
		}
		return false
	case rSlice:
		if v == nil {
			return false
		}
		if r.lo.set {
			c := typ.Compare(v, r.lo.vals[0])
			if c < 0 || c == 0 && !r.lo.incl {
				return false
			}
		}
		if r.hi.set {
			c := typ.Compare(v, r.hi.vals[0])
			if c > 0 || c == 0 && !r.hi.incl {
				return false
			}
		}
		return true
	case rContains:
		if v == nil {
			return false
		}
		keys, vals := typ.Elements(v)
		if typ.Kind == cqltype.Set {
			vals = keys
		}
		for _, want := range r.coll.contains {
			if !containsValue(elemType(typ), vals, want) {
				return false
			}
		}
		for _, want := range r.coll.containsKeys {
			if !containsValue(typ.KeyType(), keys, want) {
				return false
			}
		}
		for _, e := range r.coll.entries {
			found := false
			for i := range keys {
				if typ.KeyType().Compare(keys[i], e[0]) == 0 && typ.ValueType().Compare(vals[i], e[1]) == 0 {
					found = true
				}
			}
			if !found {
				return false
			}
		}
		return true
	}
	return false
}

func elemType(t *cqltype.Type) *cqltype.Type {
	if t.Kind == cqltype.Map {
		return t.ValueType()
	}
	return t.ElemType()
}

func containsValue(t *cqltype.Type, vals []cqltype.Value, want cqltype.Value) bool {
	for _, v := range vals {
		if t.Compare(v, want) == 0 {
			return true
		}
	}
	return false
}

// matchesTuple evaluates a multi-column restriction: tuples compare
// lexicographically by value, whatever the clustering order.
func matchesTuple(r *restriction, vals [][]byte) bool {
	cmp := func(want []cqltype.Value) int {
		for i, c := range r.cols {
			if x := c.Type.Compare(vals[i], want[i]); x != 0 {
				return x
			}
		}
		return 0
	}
	switch r.kind {
	case rEQ, rIN:
		for _, want := range r.values {
			if cmp(want) == 0 {
				return true
			}
		}
		return false
	case rSlice:
		if r.lo.set {
			c := cmp(r.lo.vals)
			if c < 0 || c == 0 && !r.lo.incl {
				return false
			}
		}
		if r.hi.set {
			c := cmp(r.hi.vals)
			if c > 0 || c == 0 && !r.hi.incl {
				return false
			}
		}
		return true
	}
	return false
}

// more reports whether the read should go on (LIMIT not yet reached).
func (rd *reader) more() bool {
	p := rd.p
	if rd.stopped != nil {
		return false
	}
	if p.limit > 0 && !p.sel.aggregate && !p.grouped && !p.postOrder && rd.count() >= p.limit {
		return false
	}
	return true
}

// count is the number of result rows so far.
func (rd *reader) count() int {
	if rd.direct {
		return rd.out.rows
	}
	return len(rd.rows)
}

// direct reports whether a plan's rows can be formatted as they are read:
// nothing aggregates, sorts, groups or wraps them afterwards.
func (p *selectPlan) direct() bool {
	return !p.s.JSON && !p.sel.aggregate && !p.grouped && !p.postOrder
}

// groupKey is the GROUP BY group of the current row: its partition and the
// grouped prefix of its clustering.
func (rd *reader) groupKey(rc *rowCtx) string {
	key := string(rc.part.Key)
	if rc.row != nil && rc.row.Clustering != nil {
		for _, v := range rc.row.Clustering[:rd.p.groupPrefix] {
			key += "\x00" + string(v)
		}
	}
	return key
}

// emit computes the selection for the current row.
func (rd *reader) emit(rc *rowCtx) {
	sel := rd.p.sel
	if rd.p.grouped {
		key := rd.groupKey(rc)
		if rd.aggRows > 0 && key != rd.group {
			rd.finishAggregate()
		}
		rd.group = key
	}
	if sel.aggregate || rd.p.grouped {
		rd.aggregate(rc)
		return
	}
	if max := rd.db.Limits.MaxRows; max > 0 && rd.count() >= max {
		rd.stopped = errTooManyRowsRead(max)
		return
	}
	if rd.direct {
		out := &rd.out
		for j, s := range sel.sels {
			var v cqltype.Value
			switch src := &rd.srcs[j]; src.kind {
			case srcClustering:
				// A COMPACT STORAGE row may name a prefix of its clustering
				// (CASSANDRA-7990): the columns after it are null.
				if rc.row != nil && src.pos < len(rc.row.Clustering) {
					v = rc.row.Clustering[src.pos]
				}
			case srcRegular:
				v = rc.regular(src.id)
			default:
				v = rd.eval(s, rc)
			}
			out.cell(s.typ, v, j)
		}
		out.endRow()
		return
	}
	vals := make([]cqltype.Value, len(sel.sels))
	for i, s := range sel.sels {
		vals[i] = rd.eval(s, rc)
	}
	var clustering [][]byte
	if rc.row != nil {
		clustering = rc.row.Clustering
	}
	rd.rows = append(rd.rows, outRow{vals: vals, clustering: clustering})
}

// formatRows formats the rows a read had to hold (see rowBuf).
func (rd *reader) formatRows() {
	sels := rd.p.sel.sels
	out := &rd.out
	out.reset(rd.db, len(sels))
	for _, r := range rd.rows {
		for j, v := range r.vals {
			out.cell(sels[j].typ, v, j)
		}
		out.endRow()
	}
}

func (rd *reader) result() (*Result, *cqlerr.Error) {
	p := rd.p
	if p.sel.aggregate && !p.grouped || rd.aggRows > 0 {
		rd.finishAggregate()
	}
	if p.grouped && p.limit > 0 && len(rd.rows) > p.limit {
		rd.rows = rd.rows[:p.limit]
	}
	if p.postOrder {
		rd.sortRows()
		if p.limit > 0 && len(rd.rows) > p.limit {
			rd.rows = rd.rows[:p.limit]
		}
	}
	res := &Result{Plan: rd.plan}
	if p.s.JSON {
		// The [json] column is text, and cqlsh prints it as any text cell
		// (its backslashes doubled, control characters escaped).
		res.Columns = []string{"[json]"}
		text := cqltype.Simple(cqltype.Text)
		if rd.db.Typed {
			res.Types = []*cqltype.Type{text}
		}
		for _, r := range rd.rows {
			j := rd.jsonRow(r.vals)
			res.Rows = append(res.Rows, []string{text.Format(cqltype.Value(j))})
			if rd.db.Typed {
				res.Values = append(res.Values, []cqltype.Value{cqltype.Value(j)})
			}
		}
	} else {
		res.Columns = make([]string, len(p.sel.sels))
		for i, s := range p.sel.sels {
			res.Columns[i] = s.name
		}
		if !rd.direct {
			rd.formatRows()
		}
		if rd.db.Typed {
			// A result with no rows still says its columns' types.
			res.Types = make([]*cqltype.Type, len(p.sel.sels))
			for i, s := range p.sel.sels {
				res.Types[i] = s.typ
			}
			res.Values = rd.out.typed()
		}
		res.Rows, res.Nulls = rd.out.result()
	}
	rd.plan.RowsReturned = len(res.Rows)
	res.Warnings = append(res.Warnings, rd.warnings...)
	if p.sel.aggregate && !p.grouped {
		if p.rs.isKeyRange {
			res.Warnings = append(res.Warnings, "Aggregation query used without partition key")
		} else if p.rs.pkIsIN() {
			res.Warnings = append(res.Warnings, "Aggregation query used on multiple partition keys (IN restriction)")
		}
	}
	return res, nil
}

// sortRows orders rows of several partitions by the ORDER BY columns (IN queries).
func (rd *reader) sortRows() {
	t := rd.p.t
	sort.SliceStable(rd.rows, func(i, j int) bool {
		a, b := rd.rows[i].clustering, rd.rows[j].clustering
		for _, o := range rd.p.orderBy {
			c := t.Column(o.Column.Name)
			if a == nil || b == nil {
				// A partition's static row (no clustering) compares below any row
				// (OrderingComparator), and the whole order is reversed when ORDER BY
				// runs against the clustering order (SelectStatement.isReversed).
				if rd.p.reversed {
					return b == nil && a != nil
				}
				return a == nil && b != nil
			}
			x := c.Type.Compare(a[c.Position], b[c.Position])
			if o.Desc {
				x = -x
			}
			if x != 0 {
				return x < 0
			}
		}
		return false
	})
}

func (rd *reader) jsonRow(vals []cqltype.Value) string {
	b := []byte{'{'}
	for i, s := range rd.p.sel.sels {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = cqltype.AppendJSONString(b, jsonKey(s.name))
		b = append(b, ": "...)
		if vals[i] == nil {
			b = append(b, "null"...)
		} else {
			b = append(b, s.typ.JSON(vals[i])...)
		}
	}
	return string(append(b, '}'))
}

// jsonKey is a column's key in SELECT JSON output: Selection.rowToJson
// wraps a name in "" only when it differs from its lower-case form, so
// "Mixed" is quoted while writetime(v), cast(v as float) and s['1'] are not.
func jsonKey(name string) string {
	if name != strings.ToLower(name) {
		return `"` + name + `"`
	}
	return name
}

// errTooManyRowsRead is the playground's own bound on the rows one query returns.
func errTooManyRowsRead(max int) *cqlerr.Error {
	return cqlerr.New(cqlerr.Stopped, "The query returned more than "+itoa(max)+" rows, the playground's bound, and was stopped. Add a LIMIT or narrow the WHERE clause.")
}
