package query

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
)

// BenchmarkSliceRead is W2's read without the session and the parse: 50-row
// slices of 500-row partitions of W1's table, one op a query, the statement
// parsed beforehand. Its allocations are the read's own (planning, the walk,
// the result); a regression in the per-row path shows in ns/op, one in the
// walk's allocations in allocs/op.
func BenchmarkSliceRead(b *testing.B) {
	for _, order := range []string{"", " ORDER BY ts DESC"} {
		name := "asc"
		if order != "" {
			name = "desc"
		}
		b.Run(name, func(b *testing.B) {
			db := New(0, 1, "")
			benchExec(b, db, sliceSchema)
			benchExec(b, db, sliceRows(20, 500))
			var stmts []cql.Statement
			for i := range 64 {
				from := 1767225600000 + int64(i*37%450)*10000
				q := "SELECT ts, value FROM readings WHERE sensor = 's" + strconv.Itoa(i%20) + "' AND day = '2026-01-01' AND ts >= " +
					strconv.FormatInt(from, 10) + " AND ts < " + strconv.FormatInt(from+500000, 10) + order
				stmts = append(stmts, cql.Parse(q)[0].Stmt)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				res, err := db.Exec(stmts[i%len(stmts)])
				if err != nil || len(res.Rows) != 50 {
					b.Fatalf("%v, %d rows", err, len(res.Rows))
				}
				i++
			}
		})
	}
}

const sliceSchema = `CREATE KEYSPACE bench WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
USE bench;
CREATE TABLE readings (sensor text, day text, ts bigint, value double, note text, PRIMARY KEY ((sensor, day), ts));`

// sliceRows returns the INSERTs of parts partitions of n rows, ts every ten
// seconds from 2026-01-01.
func sliceRows(parts, n int) string {
	var sb strings.Builder
	for p := range parts {
		for i := range n {
			sb.WriteString("INSERT INTO readings (sensor, day, ts, value, note) VALUES ('s" + strconv.Itoa(p) + "', '2026-01-01', " +
				strconv.FormatInt(1767225600000+int64(i)*10000, 10) + ", " + strconv.Itoa(i*7919%100000/1000) + "." + strconv.Itoa(100+i%900) + ", 'ok');\n")
		}
	}
	return sb.String()
}

func benchExec(b *testing.B, db *DB, script string) {
	b.Helper()
	for _, it := range cql.Parse(script) {
		if it.Err != nil {
			b.Fatalf("%q: %v", it.Src, it.Err)
		}
		if _, err := db.Exec(it.Stmt); err != nil {
			b.Fatalf("%q: %v", it.Src, err)
		}
	}
}
