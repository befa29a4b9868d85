package engine

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestModelRanges is TestModel over a two-column clustering key with mixed
// orders, PRIMARY KEY (k, c1, c2) WITH CLUSTERING ORDER BY (c1 ASC, c2 DESC):
// random writes and every form of range deletion (a prefix, a slice on c1, a
// slice on c2 under c1 =, a multi-column slice, IN on c1) against a model
// that decides what each deletion covers from the values alone. SELECTs
// read whole partitions or the same ranges, in either direction.
func TestModelRanges(t *testing.T) {
	for seed := 1; seed <= 30; seed++ {
		t.Run("seed"+strconv.Itoa(seed), func(t *testing.T) { runModelRanges(t, uint64(seed), 250) })
	}
}

const rangeKeys, rangeC = 2, 3

type rangeDeletion struct {
	k         int
	covers    func(c1, c2 int) bool
	ts        int64
	partition bool // a partition deletion, which also deletes the static row
}

type rangeModel struct {
	markers map[[3]int][]modelMarker
	cells   map[[3]int][]modelCell // (k, c1, c2) -> writes of v
	statics map[int][]modelCell    // k -> writes of the static s
	dels    []rangeDeletion
}

// static returns the visible value of partition k's static column, or "".
func (m *rangeModel) static(k int) string {
	ws := m.statics[k]
	if len(ws) == 0 {
		return ""
	}
	best := ws[0]
	for _, w := range ws[1:] {
		if w.wins(best) {
			best = w
		}
	}
	if !best.live(0) {
		return ""
	}
	for _, d := range m.dels {
		if d.k == k && d.partition && best.ts <= d.ts {
			return ""
		}
	}
	return best.text
}

func (m *rangeModel) deleted(k, c1, c2 int, ts int64) bool {
	for _, d := range m.dels {
		if d.k == k && d.covers(c1, c2) && ts <= d.ts {
			return true
		}
	}
	return false
}

// partition lists the visible rows of k in clustering order: c1 ascending,
// then c2 descending.
func (m *rangeModel) partition(k int) [][]string {
	var rows [][]string
	for c1 := 0; c1 < rangeC; c1++ {
		for c2 := rangeC - 1; c2 >= 0; c2-- {
			key := [3]int{k, c1, c2}
			live := false
			if ms := m.markers[key]; len(ms) > 0 {
				best := ms[0]
				for _, mk := range ms[1:] {
					if mk.supersedes(best) {
						best = mk
					}
				}
				live = !m.deleted(k, c1, c2, best.ts)
			}
			v := "null"
			if ws := m.cells[key]; len(ws) > 0 {
				best := ws[0]
				for _, w := range ws[1:] {
					if w.wins(best) {
						best = w
					}
				}
				if best.live(0) && !m.deleted(k, c1, c2, best.ts) {
					v, live = best.text, true
				}
			}
			if live {
				rows = append(rows, []string{strconv.Itoa(k), strconv.Itoa(c1), strconv.Itoa(c2), v})
			}
		}
	}
	return rows
}

// withStatic appends the static value to each row of partition k; with no
// row and a live static value the partition reads as one row of nulls
// around it, when the query restricts no clustering column.
func (m *rangeModel) withStatic(k int, rows [][]string, clusteringRestricted bool) [][]string {
	s := m.static(k)
	if len(rows) == 0 {
		if s == "" || clusteringRestricted {
			return nil
		}
		return [][]string{{strconv.Itoa(k), "null", "null", "null", s}}
	}
	if s == "" {
		s = "null"
	}
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = append(append([]string{}, r...), s)
	}
	return out
}

// rangeDelete draws a range deletion of partition k: its WHERE clause after
// the partition key and what it covers.
func rangeDelete(r *rand.Rand) (string, func(c1, c2 int) bool) {
	a, b := r.IntN(rangeC), r.IntN(rangeC)
	ops := []string{"<", "<=", ">", ">="}
	cmp := func(op string, x, y int) bool {
		switch op {
		case "<":
			return x < y
		case "<=":
			return x <= y
		case ">":
			return x > y
		}
		return x >= y
	}
	op := ops[r.IntN(4)]
	switch r.IntN(8) {
	case 0:
		return "c1 = " + strconv.Itoa(a), func(c1, _ int) bool { return c1 == a }
	case 1:
		return "c1 " + op + " " + strconv.Itoa(a), func(c1, _ int) bool { return cmp(op, c1, a) }
	case 2:
		return "c1 = " + strconv.Itoa(a) + " AND c2 " + op + " " + strconv.Itoa(b), func(c1, c2 int) bool { return c1 == a && cmp(op, c2, b) }
	case 3:
		// (c1, c2) op (a, b) compares the tuples lexicographically by value.
		return "(c1, c2) " + op + " (" + strconv.Itoa(a) + ", " + strconv.Itoa(b) + ")", func(c1, c2 int) bool {
			if c1 != a {
				return cmp(op, c1, a)
			}
			return cmp(op, c2, b)
		}
	case 4:
		lo, hi := min(a, b), max(a, b)
		lop, hop := []string{">", ">="}[r.IntN(2)], []string{"<", "<="}[r.IntN(2)]
		return "c1 " + lop + " " + strconv.Itoa(lo) + " AND c1 " + hop + " " + strconv.Itoa(hi), func(c1, _ int) bool {
			return cmp(lop, c1, lo) && cmp(hop, c1, hi)
		}
	case 5:
		// Both bounds of a multi-column slice.
		lo, hi := min(a, b), max(a, b)
		lop, hop := []string{">", ">="}[r.IntN(2)], []string{"<", "<="}[r.IntN(2)]
		d, e := r.IntN(rangeC), r.IntN(rangeC)
		tupleCmp := func(op string, x1, x2, y1, y2 int) bool {
			if x1 != y1 {
				return cmp(op, x1, y1)
			}
			return cmp(op, x2, y2)
		}
		return "(c1, c2) " + lop + " (" + strconv.Itoa(lo) + ", " + strconv.Itoa(d) + ") AND (c1, c2) " + hop + " (" + strconv.Itoa(hi) + ", " + strconv.Itoa(e) + ")", func(c1, c2 int) bool {
			return tupleCmp(lop, c1, c2, lo, d) && tupleCmp(hop, c1, c2, hi, e)
		}
	case 6:
		return "c1 IN (" + strconv.Itoa(a) + ", " + strconv.Itoa(b) + ") AND c2 " + op + " 1", func(c1, c2 int) bool { return (c1 == a || c1 == b) && cmp(op, c2, 1) }
	default:
		return "c1 IN (" + strconv.Itoa(a) + ", " + strconv.Itoa(b) + ")", func(c1, _ int) bool { return c1 == a || c1 == b }
	}
}

func runModelRanges(t *testing.T, seed uint64, steps int) {
	s := NewSession(Options{})
	mustRun(t, s, "CREATE TABLE r (k int, c1 int, c2 int, v int, s int static, PRIMARY KEY (k, c1, c2)) WITH CLUSTERING ORDER BY (c1 ASC, c2 DESC);")
	r := rand.New(rand.NewPCG(seed, 11))
	m := &rangeModel{markers: map[[3]int][]modelMarker{}, cells: map[[3]int][]modelCell{}, statics: map[int][]modelCell{}}
	var history []string
	for i := 0; i < steps; i++ {
		k, c1, c2 := r.IntN(rangeKeys), r.IntN(rangeC), r.IntN(rangeC)
		ts := int64(1 + r.IntN(10))
		using := " USING TIMESTAMP " + strconv.FormatInt(ts, 10)
		key := [3]int{k, c1, c2}
		where := "k = " + strconv.Itoa(k) + " AND c1 = " + strconv.Itoa(c1) + " AND c2 = " + strconv.Itoa(c2)
		var stmt string
		selected := func(int, int) bool { return true }
		reversed, restricted := false, false
		switch r.IntN(7) {
		case 0, 1:
			n := r.IntN(7) - 3
			stmt = "INSERT INTO r (k, c1, c2, v) VALUES (" + strconv.Itoa(k) + ", " + strconv.Itoa(c1) + ", " + strconv.Itoa(c2) + ", " + strconv.Itoa(n) + ")" + using
			m.markers[key] = append(m.markers[key], modelMarker{ts: ts})
			m.cells[key] = append(m.cells[key], modelCell{ts: ts, val: binary.BigEndian.AppendUint32(nil, uint32(int32(n))), text: strconv.Itoa(n)})
		case 2:
			n := r.IntN(7) - 3
			stmt = "UPDATE r" + using + " SET v = " + strconv.Itoa(n) + " WHERE " + where
			m.cells[key] = append(m.cells[key], modelCell{ts: ts, val: binary.BigEndian.AppendUint32(nil, uint32(int32(n))), text: strconv.Itoa(n)})
		case 3:
			stmt = "DELETE FROM r" + using + " WHERE " + where
			m.dels = append(m.dels, rangeDeletion{k: k, covers: func(x, y int) bool { return x == c1 && y == c2 }, ts: ts})
		case 5:
			switch r.IntN(3) {
			case 0:
				n := r.IntN(7) - 3
				stmt = "UPDATE r" + using + " SET s = " + strconv.Itoa(n) + " WHERE k = " + strconv.Itoa(k)
				m.statics[k] = append(m.statics[k], modelCell{ts: ts, val: binary.BigEndian.AppendUint32(nil, uint32(int32(n))), text: strconv.Itoa(n)})
			case 1:
				stmt = "DELETE s FROM r" + using + " WHERE k = " + strconv.Itoa(k)
				m.statics[k] = append(m.statics[k], modelCell{ts: ts, tomb: true})
			default:
				stmt = "DELETE FROM r" + using + " WHERE k = " + strconv.Itoa(k)
				m.dels = append(m.dels, rangeDeletion{k: k, covers: func(int, int) bool { return true }, ts: ts, partition: true})
			}
		case 4:
			clause, covers := rangeDelete(r)
			stmt = "DELETE FROM r" + using + " WHERE k = " + strconv.Itoa(k) + " AND " + clause
			m.dels = append(m.dels, rangeDeletion{k: k, covers: covers, ts: ts})
		default:
			stmt = "SELECT k, c1, c2, v, s FROM r WHERE k = " + strconv.Itoa(k)
			if r.IntN(2) == 0 {
				clause, covers := rangeDelete(r)
				stmt += " AND " + clause
				selected, restricted = covers, true
			}
			if r.IntN(3) == 0 {
				stmt += " ORDER BY c1 DESC"
				reversed = true
			}
		}
		history = append(history, stmt+";")
		outs := s.Run(stmt)
		if len(outs) != 1 || outs[0].Error != nil {
			t.Fatalf("statement %d %q: %+v", i, stmt, outs[0].Error)
		}
		checkStore(t, s, "seed "+strconv.FormatUint(seed, 10), i)
		if strings.HasPrefix(stmt, "SELECT") {
			var want [][]string
			for _, row := range m.partition(k) {
				c1, _ := strconv.Atoi(row[1])
				c2, _ := strconv.Atoi(row[2])
				if selected(c1, c2) {
					want = append(want, row)
				}
			}
			if reversed {
				slices.Reverse(want)
			}
			want = m.withStatic(k, want, restricted)
			if got := outs[0].Rows; renderRows(got) != renderRows(want) {
				t.Fatalf("seed %d, statement %d: %s\n got:\n%s\nwant:\n%s\nscript:\n%s", seed, i, stmt, renderRows(got), renderRows(want), strings.Join(history, "\n"))
			}
		}
	}
}
