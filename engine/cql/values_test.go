package cql

import "testing"

func TestPeekValues(t *testing.T) {
	const prefix = "INSERT INTO t (k, v) VALUES ("
	tests := []struct {
		script string
		ok     bool
		src    string
		texts  [2]string
	}{
		{"INSERT INTO t (k, v) VALUES (1, 'a''b');\nSELECT 1;", true, "INSERT INTO t (k, v) VALUES (1, 'a''b')", [2]string{"1", "a'b"}},
		{"INSERT INTO t (k, v) VALUES (-1.5e3 , $$x$$ ) ;", true, "INSERT INTO t (k, v) VALUES (-1.5e3 , $$x$$ )", [2]string{"-1.5e3", "x"}},
		{"INSERT INTO t (k, v) VALUES (1, /* c */ 'x')", true, "INSERT INTO t (k, v) VALUES (1, /* c */ 'x')", [2]string{"1", "x"}},
		{"INSERT INTO t (k, v) VALUES (1, 'x') USING TTL 5;", false, "", [2]string{}},
		{"INSERT INTO t (k, v) VALUES (1, 'x') IF NOT EXISTS;", false, "", [2]string{}},
		{"INSERT INTO t (k, v) VALUES (1, null);", false, "", [2]string{}},
		{"INSERT INTO t (k, v) VALUES (1, now());", false, "", [2]string{}},
		{"INSERT INTO t (k, v) VALUES (1 + 1, 'x');", false, "", [2]string{}},
		{"INSERT INTO t (k, v) VALUES (1, 'x', 2);", false, "", [2]string{}},
		{"INSERT INTO t (k, v) VALUES (1);", false, "", [2]string{}},
		{"INSERT INTO t (k, v) VALUES (?, 'x');", false, "", [2]string{}},
		{"INSERT INTO t (k, w) VALUES (1, 'x');", false, "", [2]string{}},
		{"INSERT INTO t (k, v) VALUES (1, 'x\n", false, "", [2]string{}},
	}
	for _, tt := range tests {
		r := NewReader(tt.script)
		lits := make([]Literal, 2)
		var it Item
		ok := r.PeekValues(prefix, lits, &it)
		if ok != tt.ok {
			t.Errorf("%q: PeekValues = %v, want %v", tt.script, ok, tt.ok)
			continue
		}
		// Whatever PeekValues said, Next still parses the statement in full.
		var full Item
		if !r.Next(&full) || full.Pos.Offset != 0 {
			t.Errorf("%q: after PeekValues, Next does not read the statement from its start", tt.script)
		}
		if !ok {
			continue
		}
		if it.Src != tt.src || it.Src != full.Src || it.Pos != full.Pos {
			t.Errorf("%q: item %q at %+v, want %q at %+v", tt.script, it.Src, it.Pos, full.Src, full.Pos)
		}
		ins := full.Stmt.(*Insert)
		for i, want := range tt.texts {
			if lits[i].Text != want || *ins.Values[i].(*Literal) != lits[i] {
				t.Errorf("%q: value %d = %+v, the parser reads %+v", tt.script, i, lits[i], *ins.Values[i].(*Literal))
			}
		}
		// SkipPeeked moves past the statement, as Next did.
		r2 := NewReader(tt.script)
		r2.PeekValues(prefix, lits, &it)
		r2.SkipPeeked()
		var a, b Item
		okA, okB := r2.Next(&a), r.Next(&b)
		if okA != okB || a.Src != b.Src || a.Pos != b.Pos {
			t.Errorf("%q: after SkipPeeked the next item is %q at %+v, after Next %q at %+v", tt.script, a.Src, a.Pos, b.Src, b.Pos)
		}
	}
}
