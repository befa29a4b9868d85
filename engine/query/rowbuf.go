package query

import "github.com/cqlplay/cqlplay/engine/cqltype"

// rowBuf is a result as cqlsh prints it, formatted cell by cell as the rows
// are read: every cell appended to one buffer, the offset where each ends,
// and the [row, column] of each null. The rows of a plain SELECT are never
// kept as values (a W2 query used to allocate a value slice per row and a
// growing slice of rows, half its allocations); reads that must hold their
// rows first (aggregates, GROUP BY, ORDER BY over IN) format them here at
// the end. Its result is one string and two slices of it, whatever the rows.
type rowBuf struct {
	db    *DB
	buf   []byte
	ends  []int32 // kept with its reader between queries
	cols  int
	rows  int
	nulls [][2]int
	// types and vals keep the cells as values too, under DB.Typed.
	types []*cqltype.Type
	vals  []cqltype.Value
}

// reset starts a result of cols columns in db's formatting buffer.
func (b *rowBuf) reset(db *DB, cols int) {
	*b = rowBuf{db: db, buf: db.fmtBuf[:0], ends: b.ends[:0], cols: cols}
	if db.Typed {
		b.types = make([]*cqltype.Type, cols)
	}
}

// cell appends the value of column j of the current row.
func (b *rowBuf) cell(typ *cqltype.Type, v cqltype.Value, j int) {
	if v == nil {
		b.nulls = append(b.nulls, [2]int{b.rows, j})
	}
	if b.types != nil {
		b.types[j] = typ
		// The value may alias a buffer the reader reuses: keep a copy.
		if v != nil {
			v = append(make([]byte, 0, len(v)), v...)
		}
		b.vals = append(b.vals, v)
	}
	b.buf = typ.AppendFormat(b.buf, v)
	b.ends = append(b.ends, int32(len(b.buf)))
}

// endRow closes the current row.
func (b *rowBuf) endRow() { b.rows++ }

// result returns the rows as strings (cells are substrings of one string) and
// the nulls, and hands the buffers back for the next query.
func (b *rowBuf) result() ([][]string, [][2]int) {
	all := string(b.buf)
	if cap(b.buf) <= 1<<16 {
		b.db.fmtBuf = b.buf // a huge one is let go
	}
	cells := make([]string, len(b.ends))
	start := 0
	for k, e := range b.ends {
		cells[k] = all[start:e]
		start = int(e)
	}
	rows := make([][]string, b.rows)
	for i := range rows {
		rows[i] = cells[i*b.cols : (i+1)*b.cols : (i+1)*b.cols]
	}
	nulls := b.nulls
	b.nulls = nil
	return rows, nulls
}

// typed returns the cells as values, row by row, under DB.Typed.
func (b *rowBuf) typed() [][]cqltype.Value {
	if b.types == nil {
		return nil
	}
	rows := make([][]cqltype.Value, b.rows)
	for i := range rows {
		rows[i] = b.vals[i*b.cols : (i+1)*b.cols : (i+1)*b.cols]
	}
	b.vals = nil
	return rows
}
