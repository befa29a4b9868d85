package store

// A partition's memo is what a reader derived from the partition's whole
// content, kept for the next reader: layout keeps there a partition's size,
// cells and live rows, which a view of 100,000 rows would otherwise count
// row by row on every keystroke (docs/performance-history.md, "Kept totals").
//
// A memo never outlives the content it was derived from. Every write
// reaches a partition through ownPartition, copy on write's rule (cow.go:
// PartitionForWrite, ExistingForWrite, a compaction, a dropped column's
// purge), which forgets the memo of the partition it hands out; the rows
// a writer changes come from RowForWrite or NewRowForWrite, which forget
// it again, for a caller that holds a partition across a read.
// The copy a write makes of a snapshot's partition starts without a memo;
// the snapshot's partition, never written again, keeps its own, and so
// does every unchanged partition the snapshots share.
//
// Only a partition of several rows keeps a memo (in its rows' btree,
// rowTree): counting one row costs what reading a memo does.
//
// What depends on the reader's clock (a TTL that runs out) is the reader's
// to check: the memo holds for the content, not for every time.
//
// Filling a memo is a write to the partition: two readers of one session
// must not fill memos at the same time (a session renders one view at a
// time).

// Memo returns the memo SetMemo last left on p, or nil when p changed since
// or never had one.
func (p *Partition) Memo() any {
	if p.rows.tree == nil {
		return nil
	}
	return p.rows.tree.memo
}

// SetMemo keeps m as p's memo until p is next written (a partition of one
// row or none keeps nothing).
func (p *Partition) SetMemo(m any) {
	if p.rows.tree != nil {
		p.rows.tree.memo = m
	}
}

// forget drops p's memo: p is about to change.
func (p *Partition) forget() {
	if p.rows.tree != nil {
		p.rows.tree.memo = nil
	}
}
