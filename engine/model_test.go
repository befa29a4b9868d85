package engine

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// TestModel runs random INSERT/UPDATE/DELETE/SELECT scripts, with TTLs and
// time passing, against a naive model of Cassandra's last-write-wins rows (bbolt's simulation_test.go
// style), comparing every SELECT and running the store's consistency check
// after every statement. Timestamps are drawn from a small range so that
// ties, and with them Cassandra's tie-breaks, are frequent.
func TestModel(t *testing.T) {
	seeds := 40
	steps := 300
	if testing.Short() {
		seeds = 8
	}
	for seed := 1; seed <= seeds; seed++ {
		t.Run("seed"+strconv.Itoa(seed), func(t *testing.T) { runModel(t, uint64(seed), steps) })
	}
}

// modelCell is one write of a cell: a value or, when tomb is set, a
// tombstone. ldt is Cassandra's local deletion time: the expiry of an
// expiring cell (expiring set), the deletion time of a tombstone.
type modelCell struct {
	ts       int64
	tomb     bool
	expiring bool
	ldt      int64
	val      []byte // serialized value, for the tie-break
	text     string // as cqlsh prints it
}

// modelMarker is an INSERT's row marker; expires is 0 without TTL.
type modelMarker struct{ ts, expires int64 }

// supersedes is LivenessInfo.supersedes: the higher timestamp, then an
// expiring marker over a plain one, then the later expiry.
func (a modelMarker) supersedes(b modelMarker) bool {
	if a.ts != b.ts {
		return a.ts > b.ts
	}
	if (a.expires != 0) != (b.expires != 0) {
		return a.expires != 0
	}
	return a.expires > b.expires
}

// modelDeletion deletes the rows of partition k with lo < c <= hi (a row
// deletion has lo = c-1, hi = c; a partition deletion spans everything)
// written at or before ts.
type modelDeletion struct {
	k      int
	lo, hi int
	ts     int64
}

// model keeps every write ever made and decides what a read sees from
// scratch, so it shares no logic with the store.
type model struct {
	markers map[[2]int][]modelMarker // (k, c) -> INSERT markers
	cells   map[[3]int][]modelCell   // (k, c, col) -> writes
	dels    []modelDeletion
	now     int64 // seconds since the session's start
}

var modelCols = []string{"v", "w"}

func newModel() *model {
	return &model{markers: map[[2]int][]modelMarker{}, cells: map[[3]int][]modelCell{}}
}

// wins is Cells.resolveRegular: the higher timestamp; on a tie a tombstone
// or expiring cell over a plain one, a tombstone over an expiring one, the
// later local deletion time, and last the greater value in unsigned byte
// order.
func (a modelCell) wins(b modelCell) bool {
	if a.ts != b.ts {
		return a.ts > b.ts
	}
	aDel, bDel := a.tomb || a.expiring, b.tomb || b.expiring
	if aDel || bDel {
		if aDel != bDel {
			return aDel
		}
		if a.tomb != b.tomb {
			return a.tomb
		}
		if a.ldt != b.ldt {
			return a.ldt > b.ldt
		}
	}
	return bytes.Compare(a.val, b.val) > 0
}

func (a modelCell) live(now int64) bool { return !a.tomb && (!a.expiring || now < a.ldt) }

func (m *model) deleted(k, c int, ts int64) bool {
	for _, d := range m.dels {
		if d.k == k && d.lo < c && c <= d.hi && ts <= d.ts {
			return true
		}
	}
	return false
}

// row returns the visible row (k, c) as printed values, or nil.
func (m *model) row(k, c int) []string {
	live := false
	if ms := m.markers[[2]int{k, c}]; len(ms) > 0 {
		best := ms[0]
		for _, mk := range ms[1:] {
			if mk.supersedes(best) {
				best = mk
			}
		}
		live = !m.deleted(k, c, best.ts) && (best.expires == 0 || m.now < best.expires)
	}
	out := []string{strconv.Itoa(k), strconv.Itoa(c)}
	for col := range modelCols {
		writes := m.cells[[3]int{k, c, col}]
		if len(writes) == 0 {
			out = append(out, "null")
			continue
		}
		best := writes[0]
		for _, w := range writes[1:] {
			if w.wins(best) {
				best = w
			}
		}
		if !best.live(m.now) || m.deleted(k, c, best.ts) {
			out = append(out, "null")
			continue
		}
		live = true
		out = append(out, best.text)
	}
	if !live {
		return nil
	}
	return out
}

const modelKeys, modelClusterings = 4, 6

// partition returns the visible rows of partition k in clustering order.
func (m *model) partition(k int) [][]string {
	var rows [][]string
	for c := 0; c < modelClusterings; c++ {
		if r := m.row(k, c); r != nil {
			rows = append(rows, r)
		}
	}
	return rows
}

// scan returns every visible row, partitions in Murmur3 token order.
func (m *model) scan() [][]string {
	keys := make([]int, modelKeys)
	for i := range keys {
		keys[i] = i
	}
	token := func(k int) int64 {
		return cqltype.Token(binary.BigEndian.AppendUint32(nil, uint32(int32(k))))
	}
	sort.Slice(keys, func(i, j int) bool { return token(keys[i]) < token(keys[j]) })
	var rows [][]string
	for _, k := range keys {
		rows = append(rows, m.partition(k)...)
	}
	return rows
}

type modelGen struct {
	r *rand.Rand
	m *model
}

func (g *modelGen) ts() int64 { return int64(1 + g.r.IntN(12)) }

// value draws a value for column col: v is an int (negative values make
// the unsigned byte tie-break differ from numeric order), w a text.
func (g *modelGen) value(col int) (lit string, cell modelCell) {
	if g.r.IntN(6) == 0 {
		return "null", modelCell{tomb: true}
	}
	if col == 0 {
		n := g.r.IntN(7) - 3
		return strconv.Itoa(n), modelCell{val: binary.BigEndian.AppendUint32(nil, uint32(int32(n))), text: strconv.Itoa(n)}
	}
	s := []string{"a", "b", "aa", "ab", "é"}[g.r.IntN(5)]
	return "'" + s + "'", modelCell{val: []byte(s), text: s}
}

// statement returns one random statement and applies it to the model.
func (g *modelGen) statement() string {
	k, c, ts := g.r.IntN(modelKeys), g.r.IntN(modelClusterings), g.ts()
	using := " USING TIMESTAMP " + strconv.FormatInt(ts, 10)
	var ttl int64
	if g.r.IntN(3) == 0 {
		ttl = int64(1 + g.r.IntN(6))
	}
	usingTTL := using
	if ttl > 0 {
		usingTTL += " AND TTL " + strconv.FormatInt(ttl, 10)
	}
	// stamp makes a drawn value the cell this statement writes.
	stamp := func(cell modelCell) modelCell {
		cell.ts = ts
		switch {
		case cell.tomb:
			cell.ldt = g.m.now
		case ttl > 0:
			cell.expiring, cell.ldt = true, g.m.now+ttl
		}
		return cell
	}
	key := "k = " + strconv.Itoa(k) + " AND c = " + strconv.Itoa(c)
	switch g.r.IntN(9) {
	case 0, 1: // INSERT: a row marker and the listed cells
		cols := []string{"k", "c"}
		vals := []string{strconv.Itoa(k), strconv.Itoa(c)}
		for col, name := range modelCols {
			if g.r.IntN(2) == 0 {
				lit, cell := g.value(col)
				cols, vals = append(cols, name), append(vals, lit)
				g.m.cells[[3]int{k, c, col}] = append(g.m.cells[[3]int{k, c, col}], stamp(cell))
			}
		}
		mk := modelMarker{ts: ts}
		if ttl > 0 {
			mk.expires = g.m.now + ttl
		}
		g.m.markers[[2]int{k, c}] = append(g.m.markers[[2]int{k, c}], mk)
		return "INSERT INTO m (" + strings.Join(cols, ", ") + ") VALUES (" + strings.Join(vals, ", ") + ")" + usingTTL
	case 2, 3: // UPDATE: cells only
		var sets []string
		for col, name := range modelCols {
			if g.r.IntN(2) == 0 || len(sets) == 0 && col == len(modelCols)-1 {
				lit, cell := g.value(col)
				sets = append(sets, name+" = "+lit)
				g.m.cells[[3]int{k, c, col}] = append(g.m.cells[[3]int{k, c, col}], stamp(cell))
			}
		}
		return "UPDATE m" + usingTTL + " SET " + strings.Join(sets, ", ") + " WHERE " + key
	case 4: // DELETE of one cell
		col := g.r.IntN(len(modelCols))
		g.m.cells[[3]int{k, c, col}] = append(g.m.cells[[3]int{k, c, col}], modelCell{ts: ts, tomb: true, ldt: g.m.now})
		return "DELETE " + modelCols[col] + " FROM m" + using + " WHERE " + key
	case 5: // DELETE of a row
		g.m.dels = append(g.m.dels, modelDeletion{k: k, lo: c - 1, hi: c, ts: ts})
		return "DELETE FROM m" + using + " WHERE " + key
	case 6: // DELETE of a clustering range lo < c <= hi
		lo := g.r.IntN(modelClusterings) - 1
		hi := lo + 1 + g.r.IntN(3)
		g.m.dels = append(g.m.dels, modelDeletion{k: k, lo: lo, hi: hi, ts: ts})
		return "DELETE FROM m" + using + " WHERE k = " + strconv.Itoa(k) + " AND c > " + strconv.Itoa(lo) + " AND c <= " + strconv.Itoa(hi)
	case 7: // DELETE of a partition
		if g.r.IntN(3) != 0 {
			return "SELECT k, c, v, w FROM m WHERE k = " + strconv.Itoa(k)
		}
		g.m.dels = append(g.m.dels, modelDeletion{k: k, lo: -1 << 30, hi: 1 << 30, ts: ts})
		return "DELETE FROM m" + using + " WHERE k = " + strconv.Itoa(k)
	default:
		if g.r.IntN(4) == 0 {
			n := int64(1 + g.r.IntN(3))
			g.m.now += n
			return "-- @advance " + strconv.FormatInt(n, 10) + "s"
		}
		if g.r.IntN(2) == 0 {
			return "SELECT k, c, v, w FROM m"
		}
		return "SELECT k, c, v, w FROM m WHERE k = " + strconv.Itoa(k)
	}
}

func runModel(t *testing.T, seed uint64, steps int) {
	s := NewSession(Options{})
	if outs := s.Run("CREATE TABLE m (k int, c int, v int, w text, PRIMARY KEY (k, c))"); outs[0].Error != nil {
		t.Fatal(outs[0].Error)
	}
	g := &modelGen{r: rand.New(rand.NewPCG(seed, 7)), m: newModel()}
	var history []string
	for i := 0; i < steps; i++ {
		stmt := g.statement()
		history = append(history, stmt+";")
		outs := s.Run(stmt)
		if strings.HasPrefix(stmt, "--") {
			if len(outs) != 0 {
				t.Fatalf("statement %d %q: %+v", i, stmt, outs)
			}
			continue
		}
		if len(outs) != 1 || outs[0].Error != nil {
			t.Fatalf("statement %d %q: %+v", i, stmt, outs)
		}
		checkStore(t, s, "seed "+strconv.FormatUint(seed, 10), i)
		if !strings.HasPrefix(stmt, "SELECT") {
			continue
		}
		var want [][]string
		if strings.Contains(stmt, "WHERE") {
			k, _ := strconv.Atoi(stmt[strings.LastIndex(stmt, " ")+1:])
			want = g.m.partition(k)
		} else {
			want = g.m.scan()
		}
		got := outs[0].Rows
		if renderRows(got) != renderRows(want) {
			t.Fatalf("seed %d, statement %d: %s\n got:\n%s\nwant:\n%s\nscript:\n%s", seed, i, stmt, renderRows(got), renderRows(want), strings.Join(history, "\n"))
		}
	}
}

func renderRows(rows [][]string) string {
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(strings.Join(r, " | ") + "\n")
	}
	return b.String()
}
