package store

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/google/btree"

	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// TestRowSetMatchesBTree runs random inserts, replacements and deletes on a
// rowSet and on a plain btree side by side, from empty each time so the
// one-row form and its switch to a tree are both exercised, and expects
// every lookup and every walk, from every pivot, to agree after each step.
func TestRowSetMatchesBTree(t *testing.T) {
	tab := &schema.Table{Keyspace: "ks", Name: "t"}
	tab.AddColumn(&schema.Column{Name: "k", Type: cqltype.IntType, Kind: schema.PartitionKey})
	tab.AddColumn(&schema.Column{Name: "c", Type: cqltype.IntType, Kind: schema.Clustering, Desc: true})
	st := NewTable(tab)
	row := func(c byte) *Row { return newRow([][]byte{intKey(c)}) }
	walk := func(visit func(func(*Row) bool)) []*Row {
		var out []*Row
		visit(func(r *Row) bool { out = append(out, r); return true })
		return out
	}
	rng := rand.New(rand.NewSource(1))
	for run := 0; run < 300; run++ {
		set := rowSet{shared: st.shared}
		model := btree.NewG(2, st.shared.lessRow)
		for step := 0; step < 8; step++ {
			r := row(byte(rng.Intn(4)))
			what := "insert"
			if rng.Intn(3) == 0 {
				what = "delete"
				old, ok := set.Delete(r)
				mold, mok := model.Delete(r)
				if old != mold || ok != mok {
					t.Fatalf("run %d step %d: Delete = %p %v, btree %p %v", run, step, old, ok, mold, mok)
				}
			} else {
				old, ok := set.ReplaceOrInsert(r)
				mold, mok := model.ReplaceOrInsert(r)
				if old != mold || ok != mok {
					t.Fatalf("run %d step %d: ReplaceOrInsert = %p %v, btree %p %v", run, step, old, ok, mold, mok)
				}
			}
			if set.Len() != model.Len() {
				t.Fatalf("run %d step %d (%s): Len %d, btree %d", run, step, what, set.Len(), model.Len())
			}
			mAscend := func(fn func(*Row) bool) { model.Ascend(fn) }
			mDescend := func(fn func(*Row) bool) { model.Descend(fn) }
			if !slices.Equal(walk(set.Ascend), walk(mAscend)) || !slices.Equal(walk(set.Descend), walk(mDescend)) {
				t.Fatalf("run %d step %d (%s): walks differ from the btree's", run, step, what)
			}
			for c := byte(0); c <= 4; c++ {
				pivot := row(c)
				got, ok := set.Get(pivot)
				mgot, mok := model.Get(pivot)
				if got != mgot || ok != mok {
					t.Fatalf("run %d step %d: Get(%d) = %p %v, btree %p %v", run, step, c, got, ok, mgot, mok)
				}
				asc := func(fn func(*Row) bool) { set.AscendGreaterOrEqual(pivot, fn) }
				masc := func(fn func(*Row) bool) { model.AscendGreaterOrEqual(pivot, fn) }
				desc := func(fn func(*Row) bool) { set.DescendLessOrEqual(pivot, fn) }
				mdesc := func(fn func(*Row) bool) { model.DescendLessOrEqual(pivot, fn) }
				if !slices.Equal(walk(asc), walk(masc)) || !slices.Equal(walk(desc), walk(mdesc)) {
					t.Fatalf("run %d step %d: walks from pivot %d differ from the btree's", run, step, c)
				}
			}
		}
	}
}

// TestRowSetStaysSmall checks that a partition holding one row has no btree,
// and that a second row makes one that keeps both.
func TestRowSetStaysSmall(t *testing.T) {
	st := newCheckTable(t)
	p := st.PartitionForWrite(intKey(9))
	p.RowForWrite([][]byte{intKey(1)}).SetMarker(Liveness{TS: 1})
	if p.rows.tree != nil || p.Len() != 1 {
		t.Fatalf("one row: tree %v, Len %d; want no tree and 1", p.rows.tree != nil, p.Len())
	}
	p.RowForWrite([][]byte{intKey(2)}).SetMarker(Liveness{TS: 1})
	if p.rows.tree == nil || p.rows.one != nil || p.Len() != 2 {
		t.Fatalf("two rows: tree %v, one %v, Len %d; want a tree of 2", p.rows.tree != nil, p.rows.one != nil, p.Len())
	}
	if err := st.Check(); err != nil {
		t.Fatal(err)
	}
}
