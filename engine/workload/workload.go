// Package workload writes the benchmark's workloads (docs/performance.md,
// "Workloads", version 1): W1, an ingest script of N INSERTs into a
// time-series table; W2, 2,000 partition slices over W1's data; W3, a short
// lesson script. The same rows and queries are written in three dialects, so
// cqlplay's engine and its peers (SQLite as sql.js, PostgreSQL as PGlite)
// parse byte-identical statements and differ only in their schema lines.
//
// The engine's Go benchmarks and `go run ./build/bench` both take their
// scripts from here; TestSHA256 pins the texts, so every run of either
// measures the same bytes.
package workload

import (
	"strconv"
	"strings"
)

// Dialect is the language a script is written for.
type Dialect string

const (
	CQL    Dialect = "cql"    // cqlplay: a keyspace, then CQL tables
	SQL    Dialect = "sql"    // PostgreSQL (PGlite)
	SQLite Dialect = "sqlite" // SQLite (sql.js): clustered tables, WITHOUT ROWID
)

// Dialects lists every dialect, in the order the bench writes them.
var Dialects = []Dialect{CQL, SQL, SQLite}

const (
	w1Seed     = 20260101
	w2Seed     = 20260102
	partitions = 200
	day0Ms     = int64(1767225600000) // 2026-01-01T00:00:00Z
	dayMs      = int64(86400000)
	stepMs     = int64(10000)
	w2Window   = 50
)

var (
	days  = []string{"2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05"}
	notes = []string{"ok", "calm", "gust", "rain", "warm", "cold", "dry", "damp", "fog", "haze", "hot", "ice", "mild", "wind", "snow", "sun"}
)

// Preamble is the keyspace every CQL workload runs in; the SQL dialects
// have no keyspace lines.
const Preamble = "CREATE KEYSPACE IF NOT EXISTS bench WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\nUSE bench;\n"

// schema is a table's CREATE line in each dialect.
func schema(d Dialect, cql, sql string) string {
	switch d {
	case SQL:
		return sql + ";\n"
	case SQLite:
		return sql + " WITHOUT ROWID;\n"
	}
	return Preamble + cql + ";\n"
}

// W1Schema is W1's schema lines in dialect d.
func W1Schema(d Dialect) string {
	return schema(d,
		"CREATE TABLE readings (sensor text, day text, ts bigint, value double, note text, PRIMARY KEY ((sensor, day), ts))",
		"CREATE TABLE readings (sensor TEXT, day TEXT, ts BIGINT, value DOUBLE PRECISION, note TEXT, PRIMARY KEY (sensor, day, ts))")
}

// mulberry32 is the workloads' PRNG: small, fast and easy to write the same
// way in JavaScript, which is what the definition needs.
type mulberry32 struct{ s uint32 }

func (r *mulberry32) next() uint32 {
	r.s += 0x6D2B79F5
	t := (r.s ^ r.s>>15) * (r.s | 1)
	t = (t + (t^t>>7)*(t|61)) ^ t
	return t ^ t>>14
}

// partition is W1's partition p: rows go round-robin over 40 sensors times
// 5 days, like readings arriving from every sensor at once.
func partition(p int) (sensor, day string, dayStart int64) {
	n := strconv.Itoa(p / len(days))
	return "s" + strings.Repeat("0", 3-len(n)) + n, days[p%len(days)], day0Ms + int64(p%len(days))*dayMs
}

// W1Rows writes W1's INSERT lines, the same in every dialect; Next appends
// them in order, so a benchmark can grow a session in steps.
type W1Rows struct {
	r mulberry32
	i int
}

// NewW1Rows starts W1's rows at row 0.
func NewW1Rows() *W1Rows { return &W1Rows{r: mulberry32{w1Seed}} }

// Next appends rows [i, to) to b, i being the first row not yet written.
func (g *W1Rows) Next(b *strings.Builder, to int) {
	for ; g.i < to; g.i++ {
		sensor, day, start := partition(g.i % partitions)
		ts := start + int64(g.i/partitions)*stepMs
		x := g.r.next() % 100000
		note := notes[g.r.next()%uint32(len(notes))]
		frac := strconv.Itoa(int(x % 1000))
		b.WriteString("INSERT INTO readings (sensor, day, ts, value, note) VALUES ('" + sensor + "', '" + day + "', " +
			strconv.FormatInt(ts, 10) + ", " + strconv.Itoa(int(x/1000)) + "." + strings.Repeat("0", 3-len(frac)) + frac + ", '" + note + "');\n")
	}
}

// W1 is the ingest script: W1's schema, then n INSERTs.
func W1(d Dialect, n int) string {
	var b strings.Builder
	b.Grow(n*115 + 256)
	b.WriteString(W1Schema(d))
	NewW1Rows().Next(&b, n)
	return b.String()
}

// W2Rows is the size of the W1 session W2's queries are drawn for.
const W2Rows = 100000

// W2RowsPerQuery is how many rows every W2 query returns.
const W2RowsPerQuery = w2Window

// W2 is n partition slices over W1's data of W2Rows rows, one statement per
// element (without its newline); the text is the same in every dialect.
func W2(n int) []string {
	k := W2Rows / partitions
	r := mulberry32{w2Seed}
	qs := make([]string, n)
	for j := range qs {
		p := int(r.next() % partitions)
		k0 := int64(r.next() % uint32(k-w2Window+1))
		sensor, day, start := partition(p)
		lo := start + k0*stepMs
		qs[j] = "SELECT ts, value FROM readings WHERE sensor = '" + sensor + "' AND day = '" + day + "' AND ts >= " +
			strconv.FormatInt(lo, 10) + " AND ts < " + strconv.FormatInt(lo+w2Window*stepMs, 10) + ";"
	}
	return qs
}

// w3Body is W3 after its schema lines: six users, three SELECTs.
const w3Body = `INSERT INTO users (mainland, state, uid, name, zip) VALUES ('north_america', 'CA', 1, 'Ada', '94103');
INSERT INTO users (mainland, state, uid, name, zip) VALUES ('north_america', 'CA', 2, 'Brian', '90012');
INSERT INTO users (mainland, state, uid, name, zip) VALUES ('north_america', 'NY', 3, 'Chen', '10001');
INSERT INTO users (mainland, state, uid, name, zip) VALUES ('europe', 'BE', 4, 'Dries', '1000');
INSERT INTO users (mainland, state, uid, name, zip) VALUES ('europe', 'FR', 5, 'Emma', '75001');
INSERT INTO users (mainland, state, uid, name, zip) VALUES ('asia', 'JP', 6, 'Fumiko', '100-0001');
SELECT * FROM users WHERE mainland = 'north_america' AND state = 'CA';
SELECT name, zip FROM users WHERE mainland = 'europe';
SELECT name FROM users WHERE mainland = 'north_america' AND state = 'NY' AND uid = 3;
`

// W3 is the lesson script: "the reader edits a tutorial example and
// everything re-runs".
func W3(d Dialect) string {
	return schema(d,
		"CREATE TABLE users (mainland text, state text, uid int, name text, zip text, PRIMARY KEY (mainland, state, uid))",
		"CREATE TABLE users (mainland TEXT, state TEXT, uid INT, name TEXT, zip TEXT, PRIMARY KEY (mainland, state, uid))") + w3Body
}

// W3Rows is how many rows each of W3's SELECTs returns, in order.
var W3Rows = []int{2, 2, 1}
