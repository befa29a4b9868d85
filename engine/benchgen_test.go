package engine

import (
	"strconv"
	"strings"
)

// The peer benchmark's workloads (docs/performance.md, "Workloads", version 1),
// generated in Go so benchmarks need no files: the same bytes as the peers'
// reference generator, written with strconv. TestBenchGenerators pins the
// texts to the README's sha256 values.

const (
	benchW1Seed     = 20260101
	benchW2Seed     = 20260102
	benchPartitions = 200
	benchDay0Ms     = int64(1767225600000) // 2026-01-01T00:00:00Z
	benchDayMs      = int64(86400000)
	benchStepMs     = int64(10000)
	benchW2Window   = 50
)

var (
	benchDays  = []string{"2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05"}
	benchNotes = []string{"ok", "calm", "gust", "rain", "warm", "cold", "dry", "damp", "fog", "haze", "hot", "ice", "mild", "wind", "snow", "sun"}
)

const benchPreamble = "CREATE KEYSPACE IF NOT EXISTS bench WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\nUSE bench;\n"

// mulberry32 is the workloads' PRNG.
type mulberry32 struct{ s uint32 }

func (r *mulberry32) next() uint32 {
	r.s += 0x6D2B79F5
	t := (r.s ^ r.s>>15) * (r.s | 1)
	t = (t + (t^t>>7)*(t|61)) ^ t
	return t ^ t>>14
}

func benchPartition(p int) (sensor, day string, dayStart int64) {
	n := strconv.Itoa(p / len(benchDays))
	return "s" + strings.Repeat("0", 3-len(n)) + n, benchDays[p%len(benchDays)], benchDay0Ms + int64(p%len(benchDays))*benchDayMs
}

// w1Gen writes W1's INSERT lines in order; next appends rows [i, to).
type w1Gen struct {
	r mulberry32
	i int
}

func newW1Gen() *w1Gen { return &w1Gen{r: mulberry32{benchW1Seed}} }

func (g *w1Gen) next(b *strings.Builder, to int) {
	for ; g.i < to; g.i++ {
		sensor, day, start := benchPartition(g.i % benchPartitions)
		ts := start + int64(g.i/benchPartitions)*benchStepMs
		x := g.r.next() % 100000
		note := benchNotes[g.r.next()%uint32(len(benchNotes))]
		frac := strconv.Itoa(int(x % 1000))
		b.WriteString("INSERT INTO readings (sensor, day, ts, value, note) VALUES ('" + sensor + "', '" + day + "', " +
			strconv.FormatInt(ts, 10) + ", " + strconv.Itoa(int(x/1000)) + "." + strings.Repeat("0", 3-len(frac)) + frac + ", '" + note + "');\n")
	}
}

const benchW1Schema = "CREATE TABLE readings (sensor text, day text, ts bigint, value double, note text, PRIMARY KEY ((sensor, day), ts));\n"

// benchW1 is `gen.mjs cql W1 n`: keyspace, table and n INSERTs.
func benchW1(n int) string {
	var b strings.Builder
	b.Grow(n * 115)
	b.WriteString(benchPreamble + benchW1Schema)
	newW1Gen().next(&b, n)
	return b.String()
}

// benchW2 is `gen.mjs cql W2 n`, one SELECT per element (without "\n").
func benchW2(n int) []string {
	k := 100000 / benchPartitions
	r := mulberry32{benchW2Seed}
	qs := make([]string, n)
	for j := range qs {
		p := int(r.next() % benchPartitions)
		k0 := int64(r.next() % uint32(k-benchW2Window+1))
		sensor, day, start := benchPartition(p)
		lo := start + k0*benchStepMs
		qs[j] = "SELECT ts, value FROM readings WHERE sensor = '" + sensor + "' AND day = '" + day + "' AND ts >= " +
			strconv.FormatInt(lo, 10) + " AND ts < " + strconv.FormatInt(lo+benchW2Window*benchStepMs, 10) + ";"
	}
	return qs
}

// benchW3 is `gen.mjs cql W3`, the lesson script.
const benchW3 = benchPreamble + `CREATE TABLE users (mainland text, state text, uid int, name text, zip text, PRIMARY KEY (mainland, state, uid));
INSERT INTO users (mainland, state, uid, name, zip) VALUES ('north_america', 'CA', 1, 'Ada', '94103');
INSERT INTO users (mainland, state, uid, name, zip) VALUES ('north_america', 'CA', 2, 'Brian', '90012');
INSERT INTO users (mainland, state, uid, name, zip) VALUES ('north_america', 'NY', 3, 'Chen', '10001');
INSERT INTO users (mainland, state, uid, name, zip) VALUES ('europe', 'BE', 4, 'Dries', '1000');
INSERT INTO users (mainland, state, uid, name, zip) VALUES ('europe', 'FR', 5, 'Emma', '75001');
INSERT INTO users (mainland, state, uid, name, zip) VALUES ('asia', 'JP', 6, 'Fumiko', '100-0001');
SELECT * FROM users WHERE mainland = 'north_america' AND state = 'CA';
SELECT name, zip FROM users WHERE mainland = 'europe';
SELECT name FROM users WHERE mainland = 'north_america' AND state = 'NY' AND uid = 3;
`
