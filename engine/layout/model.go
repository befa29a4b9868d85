package layout

import (
	"github.com/cqlplay/cqlplay/engine/cqltype"
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
	// Static and Regular are the other columns, by name: what a diagram of
	// the table (the page's Model view) draws besides the key.
	Static  []Column
	Regular []Column
	// Compact marks a COMPACT STORAGE table: no row markers, and in the
	// legacy layout the clustering value names the cell.
	Compact    bool
	Partitions []Partition
	// OmittedPartitions is how many partitions a bounded model
	// (BuildBounded) left out after Partitions; 0 in a model listing all.
	OmittedPartitions int
}

// Value is one serialized value, as cqlsh prints it and its bytes (Hex
// gives them as 0x hex, as the JSON does). Bytes is shared with the store,
// never copied: read a Model before running more statements, and never
// modify it.
type Value struct {
	Text  string
	Bytes []byte
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
	// Omitted is how many rows a bounded model (BuildBounded) left out of
	// Rows, from index OmittedAt on (between its first and last rows, or
	// after the rows of an opened partition listed so far); 0 in a model
	// listing all.
	Omitted   int
	OmittedAt int
	// Ranges are the range tombstones, in the order they were written.
	Ranges []RangeTombstone
	// Bytes estimates the partition's serialized size (see size.go); Cells
	// counts its stored cells, tombstones included (cells of dropped columns
	// are left out, as everywhere in the model; their bytes, still stored,
	// do count).
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

// cellText is the cqlsh form of a cell value; a set element's cell holds
// no value at all, which cqlsh would show as an empty string.
func cellText(t *cqltype.Type, v []byte) string {
	if t == nil {
		return ""
	}
	return cqlshText(t, v)
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
	case cqltype.UDT:
		return cqltype.SmallintType, nil // per cell: see udtField
	}
	return cqltype.BlobType, t
}

// udtField returns the field a non-frozen user type's cell holds, named by
// its path (UserType.nameComparator, a short): the field's name and type,
// as sstabledump's JsonTransformer prints the cell.
func udtField(t *cqltype.Type, path []byte) (string, *cqltype.Type) {
	if i := cqltype.FieldOfPath(path); i >= 0 && i < len(t.Elems) {
		return t.FieldNames[i], t.Elems[i]
	}
	return cqltype.BlobType.Format(path), cqltype.BlobType
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

// partitionKeyType returns the type of the i-th partition key column
// (blob past the schema's, which only malformed keys reach).
func partitionKeyType(t *schema.Table, i int) *cqltype.Type {
	if i < len(t.PartitionKey) {
		return t.PartitionKey[i].Type
	}
	return cqltype.BlobType
}

// clusteringType returns the type of the i-th clustering column.
func clusteringType(t *schema.Table, i int) *cqltype.Type {
	if i < len(t.ClusteringCs) {
		return t.ClusteringCs[i].Type
	}
	return cqltype.BlobType
}
