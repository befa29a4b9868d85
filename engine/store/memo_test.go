package store

import "testing"

// TestMemoForgottenOnWrite checks a partition's memo against copy on
// write: a partition handed out for writing has none, whether it is
// written in place (no snapshots, or already the live state's own) or
// copied from a snapshot's, and the snapshot's partition, which shares its
// rows with the copy, keeps its memo while the copy is written.
func TestMemoForgottenOnWrite(t *testing.T) {
	for _, snapshots := range []bool{false, true} {
		st := newCheckTable(t)
		var o *Owner
		if snapshots {
			o = NewOwner()
			st.SetOwner(o)
		}
		p := st.Partition(intKey(1))
		p.SetMemo("counted")
		if p.Memo() != "counted" {
			t.Fatalf("a partition of two rows keeps no memo")
		}
		if w := st.PartitionForWrite(intKey(1)); w.Memo() != nil {
			t.Errorf("snapshots %v: a partition handed out for writing kept its memo %v", snapshots, w.Memo())
		}
		if !snapshots {
			continue
		}
		// A snapshot: the live state copies the partition to write it.
		p = st.Partition(intKey(1))
		p.SetMemo("counted")
		snap := st.Fork(st.Schema)
		o.Fork()
		w := st.PartitionForWrite(intKey(1))
		if w == p || w.Memo() != nil {
			t.Fatalf("the live state's copy: same object %v, memo %v", w == p, w.Memo())
		}
		w.Write(w.RowForWrite([][]byte{intKey(3)}), Cell{Col: 1, Value: intKey(3), TS: 20})
		w.SetMemo("after")
		if sp := snap.Partition(intKey(1)); sp != p || sp.Memo() != "counted" || sp.Len() != 2 {
			t.Errorf("the snapshot's partition: same object %v, memo %v, %d rows; want its own, \"counted\", 2", sp == p, sp.Memo(), sp.Len())
		}
		// Written again in the same epoch: in place, the memo forgotten.
		if again := st.PartitionForWrite(intKey(1)); again != w || again.Memo() != nil {
			t.Errorf("written again: same object %v, memo %v", again == w, again.Memo())
		}
		w.SetMemo("after")
		// A row handed out for writing forgets it too.
		if w.RowForWrite([][]byte{intKey(1)}); w.Memo() != nil {
			t.Errorf("a row handed out for writing left the memo %v", w.Memo())
		}
	}
	// A partition of one row keeps none: counting it costs no more.
	st := newCheckTable(t)
	one := st.PartitionForWrite(intKey(9))
	one.RowForWrite([][]byte{intKey(1)}).SetMarker(Liveness{TS: 1})
	if one.SetMemo("x"); one.Memo() != nil {
		t.Errorf("a partition of one row kept a memo")
	}
}
