package store

import (
	"bytes"

	"github.com/google/btree"

	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// Table holds the partitions of one table in token order (ties, which real
// clusters never see for distinct keys in practice, broken by key bytes).
//
// Reads may run concurrently with each other, except those that keep a
// partition's memo (memo.go: layout's views); a write excludes every other
// use of the table, not least because it reuses the table's search keys
// (see tableShared).
type Table struct {
	Schema *schema.Table
	parts  *btree.BTreeG[*Partition]
	shared *tableShared
}

// tableShared is what the partitions of a table share rather than each
// allocating its own, which matters for tables of many small partitions (one
// row each: 827 heap bytes a row with a free list, a comparator and a
// clustering slice per partition, 475 without).
type tableShared struct {
	// cmp orders clustering keys.
	cmp Clustering
	// partProbe and rowProbe are the search keys a write looks partitions
	// and rows up with. A btree search key passed to the tree's comparator
	// escapes to the heap, so a fresh one per write was two allocations of
	// every ingested row; a write fills one in and clears it again, so they
	// hold no key between writes.
	partProbe Partition
	rowProbe  Row
	// lessRow orders the rows of every partition's btree.
	lessRow btree.LessFunc[*Row]
	// freeRows is the row btrees' free list of nodes (google/btree's
	// NewG gives every tree a list of its own, 288 bytes before it holds
	// a node).
	freeRows *btree.FreeListG[*Row]
	// own is the live state's ownership of partitions and rows when the
	// session keeps snapshots (cow.go), or nil.
	own *Owner
}

// NewTable returns an empty table store for t.
func NewTable(t *schema.Table) *Table {
	cmp := Clustering(t.ClusteringCs)
	return &Table{
		Schema: t,
		parts:  btree.NewG(32, lessPartition),
		shared: &tableShared{
			cmp:      cmp,
			lessRow:  func(a, b *Row) bool { return cmp.Compare(a.Clustering, b.Clustering) < 0 },
			freeRows: btree.NewFreeListG[*Row](btree.DefaultFreeListSize),
		},
	}
}

func lessPartition(a, b *Partition) bool {
	if a.Token != b.Token {
		return a.Token < b.Token
	}
	return bytes.Compare(a.Key, b.Key) < 0
}

// Len returns the number of stored partitions.
func (t *Table) Len() int { return t.parts.Len() }

// Partition returns the partition with this serialized key, or nil.
func (t *Table) Partition(key []byte) *Partition {
	p, _ := t.parts.Get(&Partition{Token: cqltype.Token(key), Key: key})
	return p
}

// PartitionForWrite returns the partition for key, creating it if needed.
func (t *Table) PartitionForWrite(key []byte) *Partition {
	token := cqltype.Token(key)
	probe := &t.shared.partProbe
	probe.Token, probe.Key = token, key
	p, ok := t.parts.Get(probe)
	probe.Key = nil
	if ok {
		return t.ownPartition(p)
	}
	p = newPartition(token, key, t.shared)
	t.parts.ReplaceOrInsert(p)
	return p
}

// ExistingForWrite returns the partition with this serialized key, to be
// written, or nil: Partition for a caller that changes what it finds.
func (t *Table) ExistingForWrite(key []byte) *Partition {
	if p := t.Partition(key); p != nil {
		return t.ownPartition(p)
	}
	return nil
}

// Ascend calls fn for each partition in token order until fn returns false.
func (t *Table) Ascend(fn func(*Partition) bool) { t.parts.Ascend(fn) }

// AscendFrom calls fn for each partition whose token is >= token.
func (t *Table) AscendFrom(token int64, fn func(*Partition) bool) {
	t.parts.AscendGreaterOrEqual(&Partition{Token: token}, fn)
}

// Remove drops a partition.
func (t *Table) Remove(p *Partition) { t.parts.Delete(p) }

// Truncate drops every partition.
func (t *Table) Truncate() { t.parts.Clear(false) }

// Compact purges tombstones older than gc_grace_seconds at now (seconds) and
// drops partitions left empty; it returns how many tombstones it purged.
func (t *Table) Compact(now int64) int {
	gcBefore := now - int64(t.Schema.GCGrace)
	n := 0
	var purge, empty []*Partition
	t.parts.Ascend(func(p *Partition) bool {
		if p.compactable(now, gcBefore) {
			purge = append(purge, p)
		} else if p.IsEmpty() {
			empty = append(empty, p)
		}
		return true
	})
	for _, p := range purge {
		p = t.ownPartition(p)
		n += p.Compact(now, gcBefore)
		if p.IsEmpty() {
			empty = append(empty, p)
		}
	}
	for _, p := range empty {
		t.parts.Delete(p)
	}
	return n
}
