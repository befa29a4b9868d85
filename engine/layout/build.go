package layout

import (
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/ring"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// State is what the views draw: the data the store holds for each table,
// the clock that says what has expired, and the ring that places each
// partition. The views only read it.
type State struct {
	// Clock is the cluster's virtual time, in microseconds since the epoch.
	Clock int64
	// Ring is the cluster's topology.
	Ring *ring.Ring
	// Data is each table's stored partitions (nil or missing: none).
	Data map[*schema.Table]*store.Table
}

// NowSeconds is the clock in seconds, rounded down: what TTLs and
// tombstones' local deletion times are compared with.
func (st State) NowSeconds() int64 {
	q := st.Clock / 1_000_000
	if st.Clock%1_000_000 != 0 && st.Clock < 0 {
		q--
	}
	return q
}

// Build takes the layout of tables (in the order given) at st's clock. The
// model shares value bytes with the store (see Value).
func Build(st State, tables []*schema.Table) *Model {
	m := &Model{Now: st.Clock, Tables: make([]Table, 0, len(tables))}
	b := builder{now: st.NowSeconds(), ring: st.Ring}
	data := st.Data
	for _, t := range tables {
		m.Tables = append(m.Tables, b.table(t, data[t]))
	}
	m.Ring = ringOf(st.Ring, m.Tables)
	return m
}

// BuildBounded is Build within bounds: a partition past them lists its
// first and last rows only (its Omitted says how many it left out), and
// the Elisions say which partitions were summarised, At the index in Rows
// where the gap is.
func BuildBounded(st State, tables []*schema.Table, bounds *Bounds) (*Model, []Elision) {
	m := &Model{Now: st.Clock, Tables: make([]Table, 0, len(tables))}
	b := builder{now: st.NowSeconds(), ring: st.Ring, bounds: bounds}
	data := st.Data
	omitted := false
	for _, t := range tables {
		m.Tables = append(m.Tables, b.table(t, data[t]))
		omitted = omitted || m.Tables[len(m.Tables)-1].OmittedPartitions > 0
	}
	if omitted {
		// The ring places every partition, listed or not.
		m.Ring = BuildRing(st, tables)
	} else {
		m.Ring = ringOf(st.Ring, m.Tables)
	}
	return m, b.elided
}

// BuildOnly is Build of the partitions keep accepts, without the ring:
// what a comparison of two states needs when it knows which partitions
// may differ (engine's time travel within bounds). With keepRow set, it
// builds only the rows of those partitions keepRow accepts (their static
// row, tombstones and ranges always), and their counts cover only those.
func BuildOnly(st State, tables []*schema.Table, keep func(*schema.Table, *store.Partition) bool, keepRow func(*store.Partition, *store.Row) bool) *Model {
	m := &Model{Now: st.Clock, Tables: make([]Table, 0, len(tables))}
	b := builder{now: st.NowSeconds(), ring: st.Ring, keep: keep, keepRow: keepRow}
	data := st.Data
	for _, t := range tables {
		m.Tables = append(m.Tables, b.table(t, data[t]))
	}
	return m
}

// BuildSummary is Build without rows and cells: each partition keeps its
// key, token, replicas, live rows and size (the Sizes and Model views).
func BuildSummary(st State, tables []*schema.Table) *Model {
	m := &Model{Now: st.Clock, Tables: make([]Table, 0, len(tables))}
	b := builder{now: st.NowSeconds(), ring: st.Ring, summary: true}
	data := st.Data
	for _, t := range tables {
		m.Tables = append(m.Tables, b.table(t, data[t]))
	}
	m.Ring = ringOf(st.Ring, m.Tables)
	return m
}

// BuildRing places the partitions of tables on the ring, without the rows
// and cells the ring does not show (a third of Build's work).
func BuildRing(st State, tables []*schema.Table) *Ring {
	b := builder{now: st.NowSeconds(), ring: st.Ring, summary: true}
	data := st.Data
	ts := make([]Table, 0, len(tables))
	for _, t := range tables {
		ts = append(ts, b.table(t, data[t]))
	}
	return ringOf(st.Ring, ts)
}

// builder builds a model. Cells, values and clustering slices come from
// chunked arenas, a few allocations per thousand rows instead of several per
// row: the page rebuilds the model on every keystroke.
type builder struct {
	// summary builds partitions without their rows (for BuildRing).
	summary bool
	// bounds, when set, summarise large partitions; elided lists them.
	bounds *Bounds
	elided []Elision
	// keep, when set, picks the partitions built, and keepRow their rows
	// (BuildOnly).
	keep    func(*schema.Table, *store.Partition) bool
	keepRow func(*store.Partition, *store.Row) bool
	now     int64
	ring    *ring.Ring
	cols    []colData // scratch for columnsOf
	cells   []Cell
	vals    []Value
	markers []Marker
}

const arenaChunk = 1024

// takeCells returns an empty slice with room for n cells.
func (b *builder) takeCells(n int) []Cell {
	if cap(b.cells)-len(b.cells) < n {
		b.cells = make([]Cell, 0, max(arenaChunk, n))
	}
	l := len(b.cells)
	return b.cells[l : l : l+n]
}

// keepCells marks the cells appended to a slice from takeCells as used.
func (b *builder) keepCells(s []Cell) { b.cells = b.cells[:len(b.cells)+len(s)] }

// takeVals returns n values.
func (b *builder) takeVals(n int) []Value {
	if cap(b.vals)-len(b.vals) < n {
		b.vals = make([]Value, 0, max(arenaChunk, n))
	}
	l := len(b.vals)
	b.vals = b.vals[:l+n]
	return b.vals[l : l+n : l+n]
}

func (b *builder) value(text string, bytes []byte) *Value {
	v := b.takeVals(1)
	v[0] = Value{Text: text, Bytes: bytes}
	return &v[0]
}

func (b *builder) table(t *schema.Table, st *store.Table) Table {
	out := Table{Keyspace: t.Keyspace, Name: t.Name, Compact: t.Compact}
	for _, c := range t.PartitionKey {
		out.PartitionKey = append(out.PartitionKey, Column{Name: c.Name, Type: c.Type.String()})
	}
	for _, c := range t.ClusteringCs {
		out.Clustering = append(out.Clustering, Column{Name: c.Name, Type: c.Type.String(), Desc: c.Desc})
	}
	for _, c := range t.Statics {
		out.Static = append(out.Static, Column{Name: c.Name, Type: c.Type.String()})
	}
	for _, c := range t.Regulars {
		out.Regular = append(out.Regular, Column{Name: c.Name, Type: c.Type.String()})
	}
	if st == nil {
		return out
	}
	out.Partitions = make([]Partition, 0, min(st.Len(), max(b.bounds.partitionsOr(st.Len()), 0)))
	n := 0
	st.Ascend(func(p *store.Partition) bool {
		if _, other := b.bounds.page(t.Keyspace, t.Name, p.Token); other {
			return true
		}
		if !p.IsEmpty() && (b.keep == nil || b.keep(t, p)) {
			if b.bounds.listed(n) {
				out.Partitions = append(out.Partitions, b.partition(t, p))
			} else {
				out.OmittedPartitions++
			}
			n++
		}
		return true
	})
	return out
}

func (b *builder) partition(t *schema.Table, p *store.Partition) Partition {
	sum := totalsOf(p, b.now)
	out := Partition{Token: p.Token, Key: b.keyValues(t, p.Key), Bytes: sum.bytes, Replicas: b.ring.Replicas(p.Token)}
	if !p.Deletion.IsLive() {
		out.Deletion = deletionOf(p.Deletion)
	}
	if b.summary {
		out.LiveRows, out.Cells = sum.live, sum.cellsOf(t)
		return out
	}
	staticLive := false
	if p.Static != nil && !p.Static.IsEmpty() {
		r := b.row(t, p.Static, nil, p.Deletion)
		out.Static = &r
		out.Cells += storedCells(&r)
		staticLive = r.Live
	}
	head, tail, bounded := b.bounds.span(t.Keyspace+"."+t.Name, p)
	// A page (Bounds.Page) lists the rows from index from on: its gap is
	// at head-from of its Rows.
	from, _ := b.bounds.page(t.Keyspace, t.Name, p.Token)
	if bounded {
		e := elision(t, p, b.now, head, tail)
		e.At = head - from
		b.elided = append(b.elided, e)
		out.Omitted, out.OmittedAt = e.Left, e.At
	}
	out.Rows = make([]Row, 0, max(p.Len()-(tail-head)-from, 0))
	listedRows(p, head, tail, bounded, from, nil, func(r *store.Row) {
		if b.keepRow != nil && !b.keepRow(p, r) {
			return
		}
		row := b.row(t, r, b.clusteringValues(t, r.Clustering), p.DeletionAt(r.Clustering))
		if row.Live {
			out.LiveRows++
		}
		out.Cells += storedCells(&row)
		out.Rows = append(out.Rows, row)
	}, nil)
	if out.LiveRows == 0 && staticLive {
		out.LiveRows = 1 // SELECT * returns the static row alone
	}
	if bounded {
		// The rows left out count as the full partition counts them.
		out.LiveRows, out.Cells = sum.live, sum.cellsOf(t)
	}
	for _, rt := range p.Ranges {
		out.Ranges = append(out.Ranges, RangeTombstone{
			Start:    Bound{Clustering: b.clusteringValues(t, rt.Start.Prefix), Inclusive: rt.Start.Inclusive},
			End:      Bound{Clustering: b.clusteringValues(t, rt.End.Prefix), Inclusive: rt.End.Inclusive},
			Deletion: *deletionOf(rt.Deletion),
		})
	}
	return out
}

// row lists a row's marker, tombstone and cells in storage order; del is
// the partition and range deletion over the row, for Live.
func (b *builder) row(t *schema.Table, r *store.Row, clustering []Value, del store.Deletion) Row {
	out := Row{Clustering: clustering, Live: r.HasLiveData(b.now, del.Max(r.Deletion()))}
	if r.Marker.TS != store.NoTimestamp {
		if len(b.markers) == cap(b.markers) {
			b.markers = make([]Marker, 0, arenaChunk)
		}
		b.markers = append(b.markers, Marker{Timestamp: r.Marker.TS, TTL: r.Marker.TTL})
		mk := &b.markers[len(b.markers)-1]
		if r.Marker.TTL > 0 {
			mk.ExpiresAt = int64(r.Marker.Expires)
			mk.Expired = b.now >= mk.ExpiresAt
		}
		out.Marker = mk
	}
	if !r.Deletion().IsLive() {
		out.Deletion = deletionOf(r.Deletion())
	}
	b.cols = columnsOf(b.cols[:0], t, r, true)
	cells := b.takeCells(len(r.Cells) + len(r.ComplexDeletions()))
	for i := range b.cols {
		cd := &b.cols[i]
		if !cd.complex.IsLive() {
			cells = append(cells, Cell{Column: cd.col.Name, Kind: CollectionTombstone, Timestamp: cd.complex.MarkedAt, DeletedAt: cd.complex.LocalTime})
		}
		for j := range cd.cells {
			cells = append(cells, b.cell(cd.col, &cd.cells[j]))
		}
	}
	b.keepCells(cells)
	out.Cells = cells
	return out
}

func (b *builder) cell(col *schema.Column, c *store.Cell) Cell {
	out := Cell{Column: col.Name, Timestamp: c.TS, TTL: c.TTL, Counter: col.Type.Kind == cqltype.Counter}
	vt := col.Type
	if c.Path() != nil {
		kt, et := elementTypes(col.Type)
		text := ""
		if col.Type.Kind == cqltype.UDT {
			text, et = udtField(col.Type, c.Path())
		} else {
			text = cqlshText(kt, c.Path())
		}
		out.Path = b.value(text, c.Path())
		vt = et
	}
	switch {
	case c.Tombstone:
		out.Kind = Tombstone
		out.DeletedAt = int64(c.LocalTime)
	case c.IsExpired(b.now):
		out.Kind = ExpiredCell
	default:
		out.Kind = LiveCell
	}
	if !c.Tombstone {
		out.Value = b.value(cellText(vt, c.Value), c.Value)
		if c.TTL > 0 {
			out.ExpiresAt = int64(c.LocalTime)
		}
	}
	return out
}

func (b *builder) keyValues(t *schema.Table, key []byte) []Value {
	parts := keyParts(t, key)
	out := b.takeVals(len(parts))
	for i, v := range parts {
		out[i] = Value{Text: cqlshText(partitionKeyType(t, i), v), Bytes: v}
	}
	return out
}

func (b *builder) clusteringValues(t *schema.Table, vals [][]byte) []Value {
	if len(vals) == 0 {
		return nil
	}
	out := b.takeVals(len(vals))
	for i, v := range vals {
		out[i] = Value{Text: cqlshText(clusteringType(t, i), v), Bytes: v}
	}
	return out
}

// storedCells counts a built row's cells, tombstones included, collection
// tombstones not (they are deletion times, not cells).
func storedCells(r *Row) int {
	n := 0
	for i := range r.Cells {
		if r.Cells[i].Kind != CollectionTombstone {
			n++
		}
	}
	return n
}
