package store

import "github.com/google/btree"

// rowSet is a partition's rows in clustering order: a btree, or, until the
// partition first holds two rows, just its one row. Partitions of one row
// are common (every partition of a table without clustering columns, most
// lesson data), and a btree costs 120 bytes before it holds anything: the
// tree, its copy-on-write context, a root node and its items array. Its
// methods are the btree's, with the btree's bounds.
type rowSet struct {
	one    *Row     // the only row while tree is nil, or nil
	tree   *rowTree // nil until a second row arrives
	shared *tableShared
}

// rowTree is the btree of a partition of several rows, with the partition's
// memo (memo.go): kept here rather than in Partition, whose size class a
// field would change, and a partition of one row has nothing to remember.
type rowTree struct {
	btree.BTreeG[*Row]
	memo any
	_    [0]func() // not comparable: no equality function in the module
}

// clone is the btree's Clone, without the memo: the clone is for writing.
func (t *rowTree) clone() *rowTree { return &rowTree{BTreeG: *t.Clone()} }

func (s *rowSet) compare(a, b *Row) int { return s.shared.cmp.Compare(a.Clustering, b.Clustering) }

// Len returns the number of rows.
func (s *rowSet) Len() int {
	switch {
	case s.tree != nil:
		return s.tree.Len()
	case s.one != nil:
		return 1
	}
	return 0
}

// Get returns the row with key's clustering, if any.
func (s *rowSet) Get(key *Row) (*Row, bool) {
	if s.tree != nil {
		return s.tree.Get(key)
	}
	if s.one != nil && s.compare(s.one, key) == 0 {
		return s.one, true
	}
	return nil, false
}

// ReplaceOrInsert adds r, returning the row it replaced, if any. A second
// row turns the set into a btree, for good: a partition that held two rows
// is likely to hold more.
func (s *rowSet) ReplaceOrInsert(r *Row) (*Row, bool) {
	if s.tree == nil {
		if s.one == nil {
			s.one = r
			return nil, false
		}
		if s.compare(s.one, r) == 0 {
			old := s.one
			s.one = r
			return old, true
		}
		s.tree = &rowTree{BTreeG: *btree.NewWithFreeListG(rowsDegree, s.shared.lessRow, s.shared.freeRows)}
		s.tree.ReplaceOrInsert(s.one)
		s.one = nil
	}
	return s.tree.ReplaceOrInsert(r)
}

// Delete removes the row with key's clustering, returning it, if any.
func (s *rowSet) Delete(key *Row) (*Row, bool) {
	if s.tree != nil {
		return s.tree.Delete(key)
	}
	if s.one != nil && s.compare(s.one, key) == 0 {
		old := s.one
		s.one = nil
		return old, true
	}
	return nil, false
}

// Ascend calls fn for every row in order until fn returns false.
func (s *rowSet) Ascend(fn func(*Row) bool) {
	if s.tree != nil {
		s.tree.Ascend(fn)
	} else if s.one != nil {
		fn(s.one)
	}
}

// Descend calls fn for every row in reverse order until fn returns false.
func (s *rowSet) Descend(fn func(*Row) bool) {
	if s.tree != nil {
		s.tree.Descend(fn)
	} else if s.one != nil {
		fn(s.one)
	}
}

// AscendGreaterOrEqual calls fn for the rows >= pivot in order until fn
// returns false.
func (s *rowSet) AscendGreaterOrEqual(pivot *Row, fn func(*Row) bool) {
	if s.tree != nil {
		s.tree.AscendGreaterOrEqual(pivot, fn)
	} else if s.one != nil && s.compare(s.one, pivot) >= 0 {
		fn(s.one)
	}
}

// DescendLessOrEqual calls fn for the rows <= pivot in reverse order until fn
// returns false.
func (s *rowSet) DescendLessOrEqual(pivot *Row, fn func(*Row) bool) {
	if s.tree != nil {
		s.tree.DescendLessOrEqual(pivot, fn)
	} else if s.one != nil && s.compare(s.one, pivot) <= 0 {
		fn(s.one)
	}
}
