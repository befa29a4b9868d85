//go:build !js

package layout

import (
	"strconv"

	"github.com/cqlplay/cqlplay/engine/store"
)

// checkTotals makes every use of kept totals compare them with a fresh
// count (CheckTotals). The WebAssembly build has none of this
// (totals_js.go): it costs bytes of the module and checks nothing a
// native test does not.
var checkTotals bool

// CheckTotals makes every later view compare each partition's kept totals
// with a count made afresh and panic when they differ: for tests, which
// assert that no write and no expiry leaves stale totals behind.
func CheckTotals(on bool) { checkTotals = on }

// verifyTotals panics when m, p's kept totals, differ from a fresh count at
// now.
func verifyTotals(p *store.Partition, m *totals, now int64) {
	f := countTotals(p, now)
	same := f.bytes == m.bytes && f.rowBytes == m.rowBytes && f.live == m.live && f.from == m.from && f.until == m.until && len(f.cells) == len(m.cells)
	for i := 0; same && i < len(f.cells); i++ {
		same = f.cells[i] == m.cells[i]
	}
	if !same {
		panic("layout: stale totals of partition " + strconv.FormatInt(p.Token, 10) + " at " + strconv.FormatInt(now, 10) + ": kept " + m.text() + ", counted " + f.text())
	}
}

func (m *totals) text() string {
	s := "bytes " + strconv.Itoa(m.bytes) + " rows " + strconv.Itoa(m.rowBytes) + " live " + strconv.Itoa(m.live) + " cells"
	for _, k := range m.cells {
		s += " " + strconv.Itoa(k)
	}
	return s
}
