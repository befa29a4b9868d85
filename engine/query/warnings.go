package query

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// Thresholds from cassandra.yaml (4.1 defaults) and the lessons' guidance.
const (
	tombstoneWarnThreshold    = 1000
	tombstoneFailureThreshold = 100000
	batchSizeWarnThreshold    = 5 * 1024
	batchSizeFailThreshold    = 50 * 1024

	adviceRowsPerPartition  = 100_000
	adviceBytesPerPartition = 100 * 1024 * 1024
	adviceKeyBytes          = 60 * 1024
	adviceLowCardinalityMin = 1000
)

// tombstoneCheck is applied per partition read: past the warn threshold the
// read warns as Cassandra does; past the failure threshold it is aborted.
func (rd *reader) tombstoneCheck(part *store.Partition, live, tombstones int) {
	if tombstones <= tombstoneWarnThreshold {
		return
	}
	q := "SELECT * FROM " + rd.p.t.Qualified() + " WHERE " + rd.keyCondition(part) + " LIMIT " + strconv.Itoa(cqlshPageSize)
	tok := strconv.FormatInt(part.Token, 10)
	if tombstones > tombstoneFailureThreshold {
		rd.stopped = errTooManyTombstones()
		return
	}
	rd.warnings = append(rd.warnings, "Read "+strconv.Itoa(live)+" live rows and "+strconv.Itoa(tombstones)+" tombstone cells for query "+q+"; token "+tok+" (see tombstone_warn_threshold)")
}

// keyCondition prints a partition's key as the WHERE of a CQL query.
func (rd *reader) keyCondition(part *store.Partition) string {
	vals := splitKey(rd.p.t, part.Key)
	s := ""
	for i, c := range rd.p.t.PartitionKey {
		if i > 0 {
			s += " AND "
		}
		s += c.Name + " = " + c.Type.Literal(vals[i])
	}
	return s
}

// batchSize estimates a batch's mutation size as Cassandra's
// IMutation.dataSize does: clustering bytes, liveness info, and per cell its
// timestamp, TTL fields and value.
func batchSize(writes []*write) int {
	n := 0
	for _, w := range writes {
		rows := 1
		ck := 0
		for _, r := range w.rs.ck {
			rows *= max(len(r.values), 1)
			for _, vals := range r.values {
				for _, v := range vals {
					ck += len(v)
				}
			}
		}
		per := 0
		if w.marker {
			per += 8
		}
		for _, op := range w.ops {
			per += 8 + len(op.val) + len(op.key)
		}
		n += rows*per + ck
	}
	return n
}

// batchWarnings returns the size warning (or failure) of a batch touching
// several partitions.
func batchWarnings(writes []*write, partitions int, tables []string) ([]string, *cqlerr.Error) {
	if partitions <= 1 {
		return nil, nil
	}
	size := batchSize(writes)
	if size > batchSizeFailThreshold {
		return nil, errBatchTooLarge()
	}
	if size > batchSizeWarnThreshold {
		return []string{"Batch for [" + join(tables, ", ") + "] is of size " + strconv.Itoa(size) + ", exceeding specified threshold of " + strconv.Itoa(batchSizeWarnThreshold) + " by " + strconv.Itoa(size-batchSizeWarnThreshold) + "."}, nil
	}
	return nil, nil
}

// Advice is a piece of cqlplay's modeling advice, a warning of the
// playground's and not Cassandra's: its rule and the values its text
// names, which engine/internal/explain words in each language.
type Advice struct {
	Rule cqlerr.Rule
	Args []string
}

// The rules of the advice.
const (
	AdviceTimestampKey  cqlerr.Rule = "advice.timestamp-key"  // a timestamp as the only clustering column
	AdviceCounterID     cqlerr.Rule = "advice.counter-id"     // a counter that looks like an id generator
	AdviceManyRows      cqlerr.Rule = "advice.many-rows"      // a partition past 100,000 rows
	AdviceManyBytes     cqlerr.Rule = "advice.many-bytes"     // a partition past 100 MB
	AdviceLongKey       cqlerr.Rule = "advice.long-key"       // a partition key near 64 KB
	AdviceFewPartitions cqlerr.Rule = "advice.few-partitions" // a big table in one or two partitions
	AdviceUniqueIndex   cqlerr.Rule = "advice.unique-index"   // an index on a nearly unique column
	AdviceViewsEnabled  cqlerr.Rule = "advice.views-enabled"  // materialized views, disabled by a stock 4.x
)

// advice collects cqlplay's modeling advice for the current run, each piece
// given once per table.
type advice struct {
	given map[string]bool
}

func (a *advice) once(key string) bool {
	if a.given == nil {
		a.given = map[string]bool{}
	}
	if a.given[key] {
		return false
	}
	a.given[key] = true
	return true
}

// tableAdvice looks at a table's schema right after CREATE TABLE.
func (db *DB) tableAdvice(t *schema.Table) []Advice {
	var out []Advice
	if len(t.ClusteringCs) == 1 && t.ClusteringCs[0].Type.Kind == cqltype.Timestamp {
		c := t.ClusteringCs[0]
		out = append(out, Advice{Rule: AdviceTimestampKey, Args: []string{c.Name, t.Name}})
	}
	if t.Counter {
		for _, c := range append(append([]*schema.Column(nil), t.Statics...), t.Regulars...) {
			if c.Type.Kind == cqltype.Counter && (idLike(c.Name) || idLike(t.Name)) {
				out = append(out, Advice{Rule: AdviceCounterID, Args: []string{c.Name, t.Name}})
				break
			}
		}
	}
	return out
}

// idLike reports whether a name suggests ids or a sequence (id, user_id,
// next_order, seq, id_gen, ids): a counter so named is likely meant to
// number new rows, which counters cannot do safely.
func idLike(name string) bool {
	n := strings.ToLower(name)
	return n == "id" || n == "ids" || strings.HasSuffix(n, "_id") || strings.HasSuffix(n, "_ids") || strings.HasPrefix(n, "id_") ||
		strings.HasPrefix(n, "next") || strings.Contains(n, "seq") || strings.Contains(n, "autoincrement") || strings.Contains(n, "auto_increment")
}

// writeAdvice looks at a partition after a write: very large partitions, a
// partition key near the size limit, few partitions holding a big table.
func (db *DB) writeAdvice(t *schema.Table, part *store.Partition) []Advice {
	var out []Advice
	rows := part.Len()
	if rows >= adviceRowsPerPartition && db.advice.once("rows:"+t.Qualified()+string(part.Key)) {
		out = append(out, Advice{Rule: AdviceManyRows, Args: []string{db.keyText(t, part.Key), t.Name, strconv.Itoa(rows)}})
	} else if rows >= 1000 && rows%1000 == 0 {
		if est := estimatePartitionBytes(part); est >= adviceBytesPerPartition && db.advice.once("bytes:"+t.Qualified()+string(part.Key)) {
			out = append(out, Advice{Rule: AdviceManyBytes, Args: []string{db.keyText(t, part.Key), t.Name, strconv.Itoa(est >> 20)}})
		}
	}
	if len(part.Key) >= adviceKeyBytes && db.advice.once("key:"+t.Qualified()) {
		out = append(out, Advice{Rule: AdviceLongKey, Args: []string{strconv.Itoa(len(part.Key))}})
	}
	data := db.Data(t)
	if parts := data.Len(); parts > 0 && parts <= 2 {
		total := 0
		data.Ascend(func(p *store.Partition) bool { total += p.Len(); return true })
		if total >= adviceLowCardinalityMin && db.advice.once("card:"+t.Qualified()) {
			out = append(out, Advice{Rule: AdviceFewPartitions, Args: []string{t.Name, strconv.Itoa(total), strconv.Itoa(parts)}})
		}
	}
	return out
}

// estimatePartitionBytes adds up the stored bytes of a partition's rows.
func estimatePartitionBytes(part *store.Partition) int {
	n := len(part.Key)
	part.Ascend(store.All, func(r *store.Row) bool {
		for _, v := range r.Clustering {
			n += len(v)
		}
		for i := range r.Cells {
			n += len(r.Cells[i].Value) + len(r.Cells[i].Path()) + 12
		}
		return true
	})
	return n
}

func (db *DB) keyText(t *schema.Table, key []byte) string {
	vals := splitKey(t, key)
	s := ""
	for i, c := range t.PartitionKey {
		if i > 0 {
			s += ":"
		}
		s += c.Type.Format(vals[i])
	}
	return "'" + s + "'"
}

// indexAdvice warns about an index on a column whose values are nearly all
// distinct: each lookup then asks every node for one row.
func (db *DB) indexAdvice(t *schema.Table, c *schema.Column) []Advice {
	if c.Kind == schema.PartitionKey || c.Type.IsCollection() {
		return nil
	}
	distinct := map[string]bool{}
	rows := 0
	now := db.NowSeconds()
	db.Data(t).Ascend(func(p *store.Partition) bool {
		rc := &rowCtx{t: t, part: p, pkVals: splitKey(t, p.Key), now: now}
		p.Ascend(store.All, func(r *store.Row) bool {
			rc.row, rc.del = r, p.DeletionAt(r.Clustering).Max(r.Deletion())
			if v := rc.value(c); v != nil {
				distinct[string(v)] = true
				rows++
			}
			return true
		})
		return true
	})
	if rows >= 100 && len(distinct)*10 >= rows*9 {
		return []Advice{{Rule: AdviceUniqueIndex, Args: []string{c.Name, strconv.Itoa(rows), strconv.Itoa(len(distinct))}}}
	}
	return nil
}

// errTooManyTombstones: a read past tombstone_failure_threshold, as cqlsh
// prints the ReadFailure a replica's TombstoneOverwhelmingException becomes.
func errTooManyTombstones() *cqlerr.Error {
	return cqlerr.New("ReadFailure", "Error from server: code=1300 [Replica(s) failed to execute read] message=\"Operation failed - received 0 responses and 1 failures: READ_TOO_MANY_TOMBSTONES from localhost/127.0.0.1:7000\" info={'consistency': 'ONE', 'required_responses': 1, 'received_responses': 0, 'failures': 1}")
}

// errBatchTooLarge: a multi-partition batch over batch_size_fail_threshold (BatchStatement).
func errBatchTooLarge() *cqlerr.Error { return cqlerr.Invalid("Batch too large") }
