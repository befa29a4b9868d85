package layout

import (
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/query"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// Model is the storage layout of some tables at one instant: the nested
// sorted map token -> partition key -> clustering key -> cells that the page
// draws. Everything is in storage order.
type Model struct {
	// Now is the virtual clock (microseconds) the layout was taken at; TTL
	// expiry is decided at Now.
	Now    int64
	Tables []Table
	// Ring places the same partitions on the simulated cluster's nodes.
	Ring *Ring
}

// Column names a primary key column and its type.
type Column struct {
	Name string
	Type string
	// Desc is set for a clustering column stored in descending order.
	Desc bool
}

// Table is one table's stored data.
type Table struct {
	Keyspace     string
	Name         string
	PartitionKey []Column
	Clustering   []Column
	// Compact marks a COMPACT STORAGE table: no row markers, and in the
	// legacy layout the clustering value names the cell.
	Compact    bool
	Partitions []Partition
}

// Value is one serialized value, as cqlsh prints it and as 0x hex bytes.
type Value struct {
	Text string
	Hex  string
}

// Deletion is a tombstone: it deletes data written at or before MarkedAt
// (microseconds); LocalTime (seconds) is when it was written, which decides
// when compaction may purge it (after gc_grace_seconds).
type Deletion struct {
	MarkedAt  int64
	LocalTime int64
}

// Partition is one partition key's data.
type Partition struct {
	Token int64
	// Key holds one value per partition key column.
	Key []Value
	// Deletion is the partition tombstone, or nil.
	Deletion *Deletion
	// Static is the static row, or nil when the partition has no static cells.
	Static *Row
	Rows   []Row
	// Ranges are the range tombstones, in the order they were written.
	Ranges []RangeTombstone
	// Bytes estimates the partition's serialized size (see size.go); Cells
	// counts its stored cells, tombstones included.
	Bytes int
	Cells int
	// LiveRows is how many rows a SELECT * of the partition returns now.
	LiveRows int
	// Replicas are the ring's nodes holding the partition, primary first.
	Replicas []int
}

// Row is one clustering row, or the static row (no Clustering).
type Row struct {
	Clustering []Value
	// Marker is the row marker INSERT writes (primary key liveness), or nil.
	Marker *Marker
	// Deletion is the row tombstone, or nil.
	Deletion *Deletion
	Cells    []Cell
	// Live reports whether a reader sees the row now.
	Live bool
}

// Marker is a row's primary key liveness info.
type Marker struct {
	Timestamp int64
	TTL       int32
	// ExpiresAt (seconds) is set when TTL is.
	ExpiresAt int64
	Expired   bool
}

// CellKind tells a value from the kinds of tombstone a row may hold.
type CellKind uint8

const (
	// LiveCell holds a value.
	LiveCell CellKind = iota + 1
	// Tombstone is a deleted (or nulled) cell.
	Tombstone
	// ExpiredCell is a TTL cell past its expiry: it still holds its value
	// on disk but reads treat it as a tombstone until compaction drops it.
	ExpiredCell
	// CollectionTombstone deletes a whole non-frozen collection, written
	// when it is overwritten or deleted.
	CollectionTombstone
)

var cellKindNames = [...]string{LiveCell: "live", Tombstone: "tombstone", ExpiredCell: "expired", CollectionTombstone: "collection_tombstone"}

// String returns the kind's JSON name.
func (k CellKind) String() string {
	if int(k) < len(cellKindNames) && k != 0 {
		return cellKindNames[k]
	}
	return "unknown"
}

// Cell is one stored cell: a simple column's value, one element of a
// non-frozen collection (Path set), or a tombstone.
type Cell struct {
	Column string
	Kind   CellKind
	// Path is a collection element's key: the set element, the map key, or
	// the timeuuid naming a list element.
	Path *Value
	// Value is set for live and expired cells.
	Value *Value
	// Timestamp is the write timestamp (microseconds); for a collection
	// tombstone, the timestamp it deletes up to.
	Timestamp int64
	TTL       int32
	// ExpiresAt (seconds) is set for TTL cells.
	ExpiresAt int64
	// DeletedAt (seconds) is a tombstone's local deletion time.
	DeletedAt int64
	// Counter marks a counter column's cell.
	Counter bool
}

// RangeTombstone deletes the rows between two clustering bounds.
type RangeTombstone struct {
	Start, End Bound
	Deletion   Deletion
}

// Bound is one end of a range tombstone: a clustering prefix (empty:
// unbounded) and whether rows equal to it are included.
type Bound struct {
	Clustering []Value
	Inclusive  bool
}

// Build takes the layout of tables (in the order given) at db's clock.
func Build(db *query.DB, tables []*schema.Table) *Model {
	m := &Model{Now: db.Clock, Tables: make([]Table, 0, len(tables))}
	now := db.NowSeconds()
	data := db.Tables()
	for _, t := range tables {
		m.Tables = append(m.Tables, buildTable(t, data[t], now, db.Ring))
	}
	m.Ring = ringOf(db.Ring, m.Tables)
	return m
}

func buildTable(t *schema.Table, st *store.Table, now int64, ring *query.Ring) Table {
	out := Table{Keyspace: t.Keyspace, Name: t.Name, Compact: t.Compact}
	for _, c := range t.PartitionKey {
		out.PartitionKey = append(out.PartitionKey, Column{Name: c.Name, Type: c.Type.String()})
	}
	for _, c := range t.ClusteringCs {
		out.Clustering = append(out.Clustering, Column{Name: c.Name, Type: c.Type.String(), Desc: c.Desc})
	}
	if st == nil {
		return out
	}
	out.Partitions = make([]Partition, 0, st.Len())
	st.Ascend(func(p *store.Partition) bool {
		if !p.IsEmpty() {
			out.Partitions = append(out.Partitions, buildPartition(t, p, now, ring))
		}
		return true
	})
	return out
}

func buildPartition(t *schema.Table, p *store.Partition, now int64, ring *query.Ring) Partition {
	out := Partition{Token: p.Token, Key: keyValues(t, p.Key), Bytes: partitionSize(p), Replicas: ring.Replicas(p.Token)}
	if !p.Deletion.IsLive() {
		out.Deletion = deletionOf(p.Deletion)
	}
	staticLive := false
	if p.Static != nil && !p.Static.IsEmpty() {
		r := buildRow(t, p.Static, nil, now, p.Deletion)
		out.Static = &r
		out.Cells += len(p.Static.Cells)
		staticLive = r.Live
	}
	out.Rows = make([]Row, 0, p.Len())
	p.Ascend(store.All, func(r *store.Row) bool {
		row := buildRow(t, r, clusteringValues(t, r.Clustering), now, p.DeletionAt(r.Clustering))
		if row.Live {
			out.LiveRows++
		}
		out.Cells += len(r.Cells)
		out.Rows = append(out.Rows, row)
		return true
	})
	if out.LiveRows == 0 && staticLive {
		out.LiveRows = 1 // SELECT * returns the static row alone
	}
	for _, rt := range p.Ranges {
		out.Ranges = append(out.Ranges, RangeTombstone{
			Start:    Bound{Clustering: clusteringValues(t, rt.Start.Prefix), Inclusive: rt.Start.Inclusive},
			End:      Bound{Clustering: clusteringValues(t, rt.End.Prefix), Inclusive: rt.End.Inclusive},
			Deletion: *deletionOf(rt.Deletion),
		})
	}
	return out
}

// buildRow lists a row's marker, tombstone and cells in storage order; del
// is the partition and range deletion over the row, for Live.
func buildRow(t *schema.Table, r *store.Row, clustering []Value, now int64, del store.Deletion) Row {
	out := Row{Clustering: clustering, Live: r.HasLiveData(now, del.Max(r.Deletion))}
	if r.Marker.TS != store.NoTimestamp {
		mk := &Marker{Timestamp: r.Marker.TS, TTL: r.Marker.TTL}
		if r.Marker.TTL > 0 {
			mk.ExpiresAt = r.Marker.Expires
			mk.Expired = now >= r.Marker.Expires
		}
		out.Marker = mk
	}
	if !r.Deletion.IsLive() {
		out.Deletion = deletionOf(r.Deletion)
	}
	cols := columnsOf(t, r, true)
	out.Cells = make([]Cell, 0, len(r.Cells)+len(r.Complex))
	for _, cd := range cols {
		if !cd.complex.IsLive() {
			out.Cells = append(out.Cells, Cell{Column: cd.col.Name, Kind: CollectionTombstone, Timestamp: cd.complex.MarkedAt, DeletedAt: cd.complex.LocalTime})
		}
		for i := range cd.cells {
			out.Cells = append(out.Cells, buildCell(cd.col, &cd.cells[i], now))
		}
	}
	return out
}

func buildCell(col *schema.Column, c *store.Cell, now int64) Cell {
	out := Cell{Column: col.Name, Timestamp: c.TS, TTL: c.TTL, Counter: col.Type.Kind == cqltype.Counter}
	vt := col.Type
	if c.Path != nil {
		kt, et := elementTypes(col.Type)
		out.Path = &Value{Text: kt.Format(c.Path), Hex: hex0x(c.Path)}
		vt = et
	}
	switch {
	case c.Tombstone:
		out.Kind = Tombstone
		out.DeletedAt = c.LocalTime
	case c.IsExpired(now):
		out.Kind = ExpiredCell
	default:
		out.Kind = LiveCell
	}
	if !c.Tombstone {
		out.Value = &Value{Text: cellText(vt, c.Value), Hex: hex0x(c.Value)}
		if c.TTL > 0 {
			out.ExpiresAt = c.LocalTime
		}
	}
	return out
}

// cellText is the cqlsh form of a cell value; a set element's cell holds
// no value at all, which cqlsh would show as an empty string.
func cellText(t *cqltype.Type, v []byte) string {
	if t == nil {
		return ""
	}
	return t.Format(v)
}

// elementTypes returns the types of a collection cell's path and value: a
// list is keyed by timeuuids, a set by its elements (with empty values), a
// map by its keys.
func elementTypes(t *cqltype.Type) (key, value *cqltype.Type) {
	switch t.Kind {
	case cqltype.List:
		return cqltype.TimeuuidType, t.ElemType()
	case cqltype.Set:
		return t.ElemType(), nil
	case cqltype.Map:
		return t.KeyType(), t.ValueType()
	}
	return cqltype.BlobType, t
}

func deletionOf(d store.Deletion) *Deletion {
	return &Deletion{MarkedAt: d.MarkedAt, LocalTime: d.LocalTime}
}

// keyParts splits a serialized partition key into its columns' values.
func keyParts(t *schema.Table, key []byte) [][]byte {
	if len(t.PartitionKey) == 1 {
		return [][]byte{key}
	}
	return cqltype.SplitComposite(key)
}

func keyValues(t *schema.Table, key []byte) []Value {
	parts := keyParts(t, key)
	out := make([]Value, len(parts))
	for i, v := range parts {
		typ := cqltype.BlobType
		if i < len(t.PartitionKey) {
			typ = t.PartitionKey[i].Type
		}
		out[i] = Value{Text: typ.Format(v), Hex: hex0x(v)}
	}
	return out
}

func clusteringValues(t *schema.Table, vals [][]byte) []Value {
	if len(vals) == 0 {
		return nil
	}
	out := make([]Value, len(vals))
	for i, v := range vals {
		typ := cqltype.BlobType
		if i < len(t.ClusteringCs) {
			typ = t.ClusteringCs[i].Type
		}
		out[i] = Value{Text: typ.Format(v), Hex: hex0x(v)}
	}
	return out
}
