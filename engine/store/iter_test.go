package store

import (
	"testing"

	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// iterPartition returns a partition of (k int, c1 int, c2 int) with c2 DESC,
// holding c1 in 1..4 and c2 in 1..3, and its rows in storage order.
func iterPartition(t *testing.T) (*Partition, []*Row) {
	t.Helper()
	tab := &schema.Table{Keyspace: "ks", Name: "t"}
	tab.AddColumn(&schema.Column{Name: "k", Type: cqltype.IntType, Kind: schema.PartitionKey})
	tab.AddColumn(&schema.Column{Name: "c1", Type: cqltype.IntType, Kind: schema.Clustering})
	tab.AddColumn(&schema.Column{Name: "c2", Type: cqltype.IntType, Kind: schema.Clustering, Desc: true})
	p := NewTable(tab).PartitionForWrite(intKey(1))
	for c1 := byte(1); c1 <= 4; c1++ {
		for c2 := byte(1); c2 <= 3; c2++ {
			p.RowForWrite([][]byte{intKey(c1), intKey(c2)}).SetMarker(Liveness{TS: 1})
		}
	}
	var rows []*Row
	p.Ascend(All, func(r *Row) bool { rows = append(rows, r); return true })
	return p, rows
}

// iterBounds lists bounds of every prefix length, inside and outside the
// stored values, inclusive and not.
func iterBounds() []Bound {
	var out []Bound
	for _, incl := range []bool{true, false} {
		out = append(out, Bound{Inclusive: incl})
		for c1 := byte(0); c1 <= 5; c1++ {
			out = append(out, Bound{Prefix: [][]byte{intKey(c1)}, Inclusive: incl})
			for c2 := byte(0); c2 <= 4; c2++ {
				out = append(out, Bound{Prefix: [][]byte{intKey(c1), intKey(c2)}, Inclusive: incl})
			}
		}
	}
	return out
}

// AscendFrom starts at the first row at or after the start's prefix and
// walks on in storage order.
func TestAscendFrom(t *testing.T) {
	p, rows := iterPartition(t)
	for _, b := range iterBounds() {
		want := len(rows)
		for i, r := range rows {
			if p.cmp().ComparePrefix(r.Clustering, b.Prefix) >= 0 {
				want = i
				break
			}
		}
		var got []*Row
		p.AscendFrom(b, func(r *Row) bool { got = append(got, r); return true })
		if len(got) != len(rows)-want || len(got) > 0 && got[0] != rows[want] {
			t.Errorf("start %x: visited %d rows, want the %d from row %d", b.Prefix, len(got), len(rows)-want, want)
		}
	}
}

// DescendFrom visits every row inside the end in reverse storage order,
// preceded by at most one row past it.
func TestDescendFrom(t *testing.T) {
	p, rows := iterPartition(t)
	for _, b := range iterBounds() {
		inside := 0
		for _, r := range rows {
			c := p.cmp().ComparePrefix(r.Clustering, b.Prefix)
			if len(b.Prefix) == 0 || c < 0 || c == 0 && b.Inclusive {
				inside++
			}
		}
		var got []*Row
		p.DescendFrom(b, func(r *Row) bool { got = append(got, r); return true })
		extra := len(got) - inside
		if extra < 0 || extra > 1 {
			t.Errorf("end %x inclusive %v: visited %d rows, want the %d inside and at most one more", b.Prefix, b.Inclusive, len(got), inside)
			continue
		}
		for i, r := range got {
			if r != rows[len(got)-1-i] {
				t.Errorf("end %x inclusive %v: row %d of the walk is not the %dth from the end", b.Prefix, b.Inclusive, i, len(got)-i)
				break
			}
		}
	}
}
