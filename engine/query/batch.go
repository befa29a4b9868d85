package query

import (
	"slices"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// unloggedBatchWarnPartitions is unlogged_batch_across_partitions_warn_threshold.
const unloggedBatchWarnPartitions = 10

// execBatch prepares every statement, validates the batch in
// BatchStatement's order, then applies all mutations with one timestamp.
func (db *DB) execBatch(b *cql.Batch) (*Result, *cqlerr.Error) {
	var writes []*write
	for _, st := range b.Statements {
		var w *write
		var err *cqlerr.Error
		switch s := st.(type) {
		case *cql.Insert:
			w, err = db.prepareInsert(s)
		case *cql.Update:
			w, err = db.prepareUpdate(s)
		case *cql.Delete:
			w, err = db.prepareDelete(s)
		default:
			err = errBatchStatement()
		}
		if err != nil {
			return nil, err
		}
		writes = append(writes, w)
	}
	if err := validateBatch(b, writes); err != nil {
		return nil, err
	}
	params := writeParams{ts: db.Clock, now: db.NowSeconds()}
	if b.Using.Timestamp != nil {
		v, err := cqltype.BigintType.Assign(b.Using.Timestamp, "[timestamp]", db.env())
		if err != nil {
			return nil, err
		}
		params.ts, _ = cqltype.Int64Of(v)
	}
	conditional := false
	for _, w := range writes {
		if w.cond != nil {
			conditional = true
		}
	}
	if conditional {
		return db.applyConditionalBatch(writes, params)
	}
	res := &Result{}
	partitions := map[string]bool{}
	tables := map[string]bool{}
	for _, w := range writes {
		keys, _, err := db.keysOf(w.rs)
		if err == nil {
			for _, k := range keys {
				partitions[w.t.Qualified()+"\x00"+string(k)] = true
			}
		}
		tables[w.t.Qualified()] = true
	}
	var tableNames []string
	for n := range tables {
		tableNames = append(tableNames, n)
	}
	sizeWarnings, err := batchWarnings(writes, len(partitions), sortedStrings(tableNames))
	if err != nil {
		return nil, err
	}
	res.Warnings = append(res.Warnings, sizeWarnings...)
	for _, w := range writes {
		if _, err := db.apply(w, &params); err != nil {
			return nil, err
		}
	}
	if b.Kind == cql.UnloggedBatch && len(partitions) > unloggedBatchWarnPartitions {
		var names []string
		for n := range tables {
			names = append(names, n)
		}
		word := "table"
		if len(names) > 1 {
			word = "tables"
		}
		res.Warnings = append(res.Warnings, "Unlogged batch covering "+itoa(len(partitions))+" partitions detected against "+word+" ["+join(sortedStrings(names), ", ")+"]. You should use a logged batch for atomicity, or asynchronous writes for performance.")
	}
	return res, nil
}

// validateBatch is BatchStatement's validation, first failing check wins.
func validateBatch(b *cql.Batch, writes []*write) *cqlerr.Error {
	if b.Using.TTL != nil {
		return errBatchTTL()
	}
	hasConditions, hasCounters, hasNonCounters, stmtTimestamp := false, false, false, false
	tables := map[string]bool{}
	for _, w := range writes {
		if w.cond != nil {
			hasConditions = true
		}
		if w.t.Counter {
			hasCounters = true
		} else {
			hasNonCounters = true
		}
		if w.ts != nil {
			stmtTimestamp = true
		}
		tables[w.t.Qualified()] = true
	}
	batchTS := b.Using.Timestamp != nil
	switch {
	case batchTS && hasConditions:
		return errBatchConditionalTimestamp()
	case batchTS && b.Kind == cql.CounterBatch:
		return errBatchCounterTimestamp()
	case batchTS && stmtTimestamp:
		return errBatchTwoTimestamps()
	case batchTS && hasCounters:
		return errBatchTimestampWithCounters()
	case b.Kind == cql.CounterBatch && hasNonCounters:
		return errCounterBatchNonCounter()
	case hasCounters && hasNonCounters:
		return errBatchMixedCounters()
	case b.Kind == cql.LoggedBatch && hasCounters:
		return errLoggedBatchCounter()
	case hasConditions && len(tables) > 1:
		return errConditionalBatchTables()
	}
	return nil
}

// applyConditionalBatch applies a batch with conditions: all of them must
// hold on the one partition it touches, or nothing is written.
func (db *DB) applyConditionalBatch(writes []*write, params writeParams) (*Result, *cqlerr.Error) {
	var key []byte
	var rows casRows
	for _, w := range writes {
		keys, _, err := db.keysOf(w.rs)
		if err != nil {
			return nil, err
		}
		if len(keys) > 1 {
			return nil, errConditionalBatchIn()
		}
		if key != nil && string(key) != string(keys[0]) {
			return nil, errConditionalBatchPartitions()
		}
		key = keys[0]
		if w.cond != nil {
			if err := rows.add(w); err != nil {
				return nil, err
			}
		}
	}
	for _, w := range writes {
		if w.cond == nil {
			continue
		}
		res, err := db.checkOnly(w, key, params)
		if err != nil {
			return nil, err
		}
		if !res {
			return db.batchFailure(writes, key, params), nil
		}
	}
	for _, w := range writes {
		w.cond = nil
		if _, err := db.apply(w, &params); err != nil {
			return nil, err
		}
	}
	return &Result{Columns: []string{"[applied]"}, Rows: [][]string{{"True"}},
		Types: []*cqltype.Type{cqltype.BooleanType}, Values: [][]cqltype.Value{{cqltype.BoolValue(true)}}}, nil
}

// casRows records the kind of condition a conditional batch puts on each row it reads,
// as CQL3CasRequest does while BatchStatement.makeCasRequest adds each statement's
// conditions: IF EXISTS, IF NOT EXISTS or IF columns, one kind per row (the static
// row being one).
type casRows []casRow

type casRow struct {
	key  string
	kind int
}

const (
	casColumns = iota + 1
	casExists
	casNotExists
)

// add records w's conditions: a row named twice with the same EXISTS kind is fine,
// IF conditions merge, any other mix is refused (CQL3CasRequest.addExistsCondition,
// addConditions).
func (r *casRows) add(w *write) *cqlerr.Error {
	row := "static"
	if c, ok := writeRow(w); ok {
		row = "row:" + string(joinKey(c))
	}
	if w.cond.ifExists || w.cond.ifNotExists {
		kind := casExists
		if w.cond.ifNotExists {
			kind = casNotExists
		}
		switch prev := r.kindOf(row); {
		case prev == 0:
			*r = append(*r, casRow{row, kind})
		case prev == casColumns:
			return errBatchMixConditions(w.cond.ifNotExists)
		case prev != kind:
			return errBatchMixExists()
		}
		return nil
	}
	for _, c := range w.cond.conds {
		key := row
		if c.col.Kind == schema.Static {
			key = "static"
		}
		switch r.kindOf(key) {
		case 0:
			*r = append(*r, casRow{key, casColumns})
		case casColumns:
		default:
			// 4.1 names IF NOT EXISTS here whichever EXISTS kind the row has.
			return errBatchMixConditions(true)
		}
	}
	return nil
}

func (r casRows) kindOf(key string) int {
	for _, c := range r {
		if c.key == key {
			return c.kind
		}
	}
	return 0
}

// joinKey joins clustering values, each after its length, into one map key.
func joinKey(vals [][]byte) []byte {
	var b []byte
	for _, v := range vals {
		n := len(v)
		b = append(b, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
		b = append(b, v...)
	}
	return b
}

// batchFailure answers a conditional batch whose conditions did not all hold,
// as ModificationStatement.buildCasFailureResultSet does for a batch:
// [applied] False, then the primary key columns and the columns named by the
// IF clauses in their order (every column, in SELECT * order, once a statement
// says IF EXISTS or IF NOT EXISTS), one row for each existing row the
// conditions read, in clustering order. With no such row it is [applied] alone.
func (db *DB) batchFailure(writes []*write, key []byte, p writeParams) *Result {
	t := writes[0].t
	res := &Result{Columns: []string{"[applied]"}, Rows: [][]string{{"False"}},
		Types: []*cqltype.Type{cqltype.BooleanType}, Values: [][]cqltype.Value{{cqltype.BoolValue(false)}},
		Plan: &Plan{Kind: "write", Table: t.Qualified(), PartitionsRead: 1, Partitions: tokens([][]byte{key})}}
	part := db.Data(t).Partition(key)
	if part == nil {
		return res
	}
	cols, wildcard, rowConds := []*schema.Column{}, false, false
	var rows []*store.Row
	for _, w := range writes {
		if w.cond == nil {
			continue
		}
		if w.cond.ifExists || w.cond.ifNotExists {
			wildcard = true
		}
		for _, c := range w.cond.conds {
			cols = appendColumn(cols, c.col)
		}
		if conditionsReadRow(w) {
			rowConds = true
			rows = appendConditionRow(rows, w, part)
		}
	}
	rc := &rowCtx{t: t, part: part, pkVals: splitKey(t, key), now: p.now}
	staticOnly := false
	if !rowConds {
		// CQL3CasRequest.readCommand: with static conditions alone the read is the
		// partition's first live row (or its static row alone), which the answer shows.
		rows, staticOnly = nil, part.Static != nil && part.Static.HasLiveData(p.now, part.Deletion)
		if r := firstLiveRow(rc); r != nil {
			rows = append(rows, r)
		}
	}
	if wildcard {
		cols = t.Columns
	} else {
		pk := append(slices.Clone(t.PartitionKey), t.ClusteringCs...)
		cols = append(pk, cols...)
	}
	cmp := part.Comparator()
	slices.SortFunc(rows, func(a, b *store.Row) int { return cmp.Compare(a.Clustering, b.Clustering) })
	var out [][]string
	res.Values = nil
	for _, r := range rows {
		rc.row, rc.del = r, part.DeletionAt(r.Clustering).Max(r.Deletion())
		if !rowIsLive(t, r, rc) {
			continue
		}
		out = append(out, failureRow(res, rc, cols, len(out)))
	}
	if len(out) == 0 && staticOnly {
		rc.row = nil
		out = append(out, failureRow(res, rc, cols, 0))
	}
	if len(out) == 0 {
		res.Values = [][]cqltype.Value{{cqltype.BoolValue(false)}}
		return res
	}
	for _, c := range cols {
		res.Columns = append(res.Columns, c.Name)
		res.Types = append(res.Types, c.Type)
	}
	res.Rows = out
	return res
}

// conditionsReadRow reports whether a conditional write's conditions are on a row rather
// than on the static row (CQL3CasRequest.addConditions): it names a whole clustering and
// says IF EXISTS, IF NOT EXISTS or has a condition on a regular column.
func conditionsReadRow(w *write) bool {
	if _, ok := writeRow(w); !ok {
		return false
	}
	return w.cond.ifExists || w.cond.ifNotExists || w.cond.appliesToRegularColumns()
}

// firstLiveRow returns the partition's first live row, or nil: what
// CQL3CasRequest.readCommand reads for conditions on the static row alone.
func firstLiveRow(rc *rowCtx) *store.Row {
	var first *store.Row
	part := rc.part
	part.Ascend(store.All, func(r *store.Row) bool {
		probe := &rowCtx{t: rc.t, pkVals: rc.pkVals, now: rc.now, part: part, row: r, del: part.DeletionAt(r.Clustering).Max(r.Deletion())}
		if rowIsLive(rc.t, r, probe) {
			first = r
			return false
		}
		return true
	})
	return first
}

// writeRow returns the clustering of the one row a write names, and false when
// it names none (a static-only write, or a slice).
func writeRow(w *write) ([][]byte, bool) {
	if !w.t.HasClustering() {
		return [][]byte{}, true
	}
	ss, _ := clusteringSlices(w.t, w.rs)
	if len(ss) == 0 || len(ss[0].Start.Prefix) != len(w.t.ClusteringCs) {
		return nil, false
	}
	return ss[0].Start.Prefix, true
}

// appendConditionRow adds the row a conditional write reads, once.
func appendConditionRow(rows []*store.Row, w *write, part *store.Partition) []*store.Row {
	c, ok := writeRow(w)
	if !ok {
		return rows
	}
	r := part.Row(c)
	if r == nil || slices.Contains(rows, r) {
		return rows
	}
	return append(rows, r)
}

// failureRow formats one [applied] = False row, noting its nulls in res.
func failureRow(res *Result, rc *rowCtx, cols []*schema.Column, n int) []string {
	row := []string{"False"}
	vals := []cqltype.Value{cqltype.BoolValue(false)}
	defer func() { res.Values = append(res.Values, vals) }()
	for _, col := range cols {
		v := rc.value(col)
		vals = append(vals, v)
		if v == nil {
			res.Nulls = append(res.Nulls, [2]int{n, len(row)})
			row = append(row, "null")
			continue
		}
		row = append(row, col.Type.Format(v))
	}
	return row
}

// checkOnly evaluates a write's conditions without writing.
func (db *DB) checkOnly(w *write, key []byte, p writeParams) (bool, *cqlerr.Error) {
	applied, _, err := db.checkConditions(w, [][]byte{key}, p)
	return applied, err
}

func sortedStrings(s []string) []string {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

// The messages of BATCH, in BatchStatement.java (cql3/statements), in the
// order validateBatch checks them.

// errBatchMixExists: IF EXISTS and IF NOT EXISTS on one row of a conditional batch (CQL3CasRequest.addExistsCondition).
func errBatchMixExists() *cqlerr.Error {
	return cqlerr.Invalid("Cannot mix IF EXISTS and IF NOT EXISTS conditions for the same row")
}

// errBatchMixConditions: IF columns and IF [NOT] EXISTS on one row
// (CQL3CasRequest.addExistsCondition, addConditions).
func errBatchMixConditions(notExists bool) *cqlerr.Error {
	if notExists {
		return cqlerr.Invalid("Cannot mix IF conditions and IF NOT EXISTS for the same row")
	}
	return cqlerr.Invalid("Cannot mix IF conditions and IF EXISTS for the same row")
}

// errBatchStatement is cqlplay's guard for a statement in a BATCH other than
// INSERT, UPDATE or DELETE, which the parser refuses first as Cassandra's
// grammar (batchStatementObjective) does.
func errBatchStatement() *cqlerr.Error {
	return cqlerr.Invalid("Only INSERT, UPDATE and DELETE statements are allowed in a BATCH")
}

// errBatchTTL is BatchStatement.validate's refusal of USING TTL on the
// BATCH itself.
func errBatchTTL() *cqlerr.Error {
	return cqlerr.Invalid("Global TTL on the BATCH statement is not supported.")
}

// errBatchConditionalTimestamp is BatchStatement.validate's refusal of USING
// TIMESTAMP on a BATCH with conditions.
func errBatchConditionalTimestamp() *cqlerr.Error {
	return cqlerr.Invalid("Cannot provide custom timestamp for conditional BATCH")
}

// errBatchCounterTimestamp is BatchStatement.validate's refusal of USING
// TIMESTAMP on a COUNTER BATCH.
func errBatchCounterTimestamp() *cqlerr.Error {
	return cqlerr.Invalid("Cannot provide custom timestamp for counter BATCH")
}

// errBatchTwoTimestamps is BatchStatement.validate's refusal of USING
// TIMESTAMP both on the BATCH and on a statement in it.
func errBatchTwoTimestamps() *cqlerr.Error {
	return cqlerr.Invalid("Timestamp must be set either on BATCH or individual statements")
}

// errBatchTimestampWithCounters is BatchStatement.validate's refusal of
// USING TIMESTAMP on a BATCH whose statements write counters.
func errBatchTimestampWithCounters() *cqlerr.Error {
	return cqlerr.Invalid("Cannot provide custom timestamp for a BATCH containing counters")
}

// errCounterBatchNonCounter is BatchStatement.validate's refusal of a
// non-counter statement in a COUNTER BATCH.
func errCounterBatchNonCounter() *cqlerr.Error {
	return cqlerr.Invalid("Cannot include non-counter statement in a counter batch")
}

// errBatchMixedCounters is BatchStatement.validate's refusal of counter and
// non-counter writes in one unlogged BATCH.
func errBatchMixedCounters() *cqlerr.Error {
	return cqlerr.Invalid("Counter and non-counter mutations cannot exist in the same batch")
}

// errLoggedBatchCounter is BatchStatement.validate's refusal of a counter
// write in a logged BATCH.
func errLoggedBatchCounter() *cqlerr.Error {
	return cqlerr.Invalid("Cannot include a counter statement in a logged batch")
}

// errConditionalBatchTables is BatchStatement.validate's refusal of a BATCH
// with conditions over more than one table.
func errConditionalBatchTables() *cqlerr.Error {
	return cqlerr.Invalid("Batch with conditions cannot span multiple tables")
}

// errConditionalBatchIn is BatchStatement's refusal, as it builds a
// conditional batch's request (getCasRequest), of IN on the partition key.
func errConditionalBatchIn() *cqlerr.Error {
	return cqlerr.Invalid("Batch with conditions cannot span multiple partitions (you cannot use IN on the partition key)")
}

// errConditionalBatchPartitions is BatchStatement's refusal, as it builds a
// conditional batch's request (getCasRequest), of statements in more than
// one partition.
func errConditionalBatchPartitions() *cqlerr.Error {
	return cqlerr.Invalid("Batch with conditions cannot span multiple partitions")
}
