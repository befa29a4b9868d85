package query

import (
	"math"
	"strconv"

	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// TraceFacts is what a read records under TRACING ON (DB.Tracing) for the
// session to write its trace (engine/internal/trace): the facts Cassandra's
// trace lines report, from SinglePartitionReadCommand, ReadCommand and
// PartitionRangeReadCommand.
type TraceFacts struct {
	// Names: the read names whole rows (every clustering column by = or IN,
	// or none to name) of a table without multi-cell or counter columns,
	// which SinglePartitionReadCommand reads in timestamp order ("Merging
	// memtable contents") rather than by slices.
	Names bool
	// Reads are the partitions read, in the order read.
	Reads []PartitionRead
	// Range is a scan's key range as AbstractBounds.getString prints it,
	// and Ranges the ring ranges it spans (ReplicaPlanIterator's split at
	// each node's tokens).
	Range  string
	Ranges int
}

// PartitionRead is one partition a read visited: its token, whether the
// node holds it, and the live rows and tombstones it met there
// (ReadCommand's MetricRecording).
type PartitionRead struct {
	Token            int64
	Found            bool
	Live, Tombstones int
}

// traceRead records one partition read, when tracing.
func (rd *reader) traceRead(token int64, found bool, live0 int) {
	if f := rd.plan.Trace; f != nil {
		r := PartitionRead{Token: token, Found: found}
		if found {
			r.Live, r.Tombstones = rd.live-live0, rd.tombstones
		}
		f.Reads = append(f.Reads, r)
	}
}

// startTrace sets up the facts of a traced read.
func (rd *reader) startTrace() {
	rs := rd.p.rs
	f := &TraceFacts{Names: namesRead(rd.p.t, rs)}
	if rs.isKeyRange {
		lo, hi := int64(math.MinInt64), int64(math.MinInt64)
		start, end := "min(", "min("
		if tr := rs.token; tr != nil && rs.onToken() {
			if tr.kind == rEQ {
				lo, _ = cqltype.Int64Of(tr.values[0][0])
				hi, start, end = lo, "min(", "max("
			}
			if tr.lo.set {
				lo, _ = cqltype.Int64Of(tr.lo.vals[0])
				if !tr.lo.incl {
					start = "max("
				}
			}
			if tr.hi.set {
				hi, _ = cqltype.Int64Of(tr.hi.vals[0])
				if tr.hi.incl {
					end = "max("
				}
			}
		}
		// SelectStatement's key bounds: Range(start, end], each a
		// Token.KeyBound ("min(t)" or "max(t)").
		f.Range = "(" + start + strconv.FormatInt(lo, 10) + "), " + end + strconv.FormatInt(hi, 10) + ")]"
		f.Ranges = rd.db.Ring.RangesIn(lo, hi)
	}
	rd.plan.Trace = f
}

// namesRead reports whether a read of t under rs names its rows
// (ClusteringIndexNamesFilter) and reads no multi-cell or counter column.
func namesRead(t *schema.Table, rs *restrictions) bool {
	for _, c := range t.Columns {
		if c.Type.MultiCell() || c.Type.Kind == cqltype.Counter {
			return false
		}
	}
	for _, r := range rs.ckCols {
		if r == nil || !r.isEQorIN() {
			return false
		}
	}
	return true
}
