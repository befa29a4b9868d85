package cql

import (
	"fmt"
	"strings"
	"testing"
)

// w1Script returns the W1 workload (docs/performance.md) (a keyspace, a table and
// n INSERTs), byte-identical to `go run bench/goport/gen.go W1 n`.
func w1Script(n int) string {
	days := []string{"2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05"}
	notes := []string{"ok", "calm", "gust", "rain", "warm", "cold", "dry", "damp",
		"fog", "haze", "hot", "ice", "mild", "wind", "snow", "sun"}
	s := uint32(20260101)
	next := func() uint32 { // mulberry32
		s += 0x6D2B79F5
		t := (s ^ s>>15) * (s | 1)
		t = (t + (t^t>>7)*(t|61)) ^ t
		return t ^ t>>14
	}
	var b strings.Builder
	b.WriteString("CREATE KEYSPACE IF NOT EXISTS bench WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n")
	b.WriteString("USE bench;\n")
	b.WriteString("CREATE TABLE readings (sensor text, day text, ts bigint, value double, note text, PRIMARY KEY ((sensor, day), ts));\n")
	for i := 0; i < n; i++ {
		p := i % 200
		sensor, day := fmt.Sprintf("s%03d", p/len(days)), days[p%len(days)]
		ts := int64(1767225600000) + int64(p%len(days))*86400000 + int64(i/200)*10000
		x := next() % 100000
		note := notes[next()%uint32(len(notes))]
		fmt.Fprintf(&b, "INSERT INTO readings (sensor, day, ts, value, note) VALUES ('%s', '%s', %d, %d.%03d, '%s');\n",
			sensor, day, ts, x/1000, x%1000, note)
	}
	return b.String()
}

func BenchmarkParseW1(b *testing.B) {
	script := w1Script(10000)
	b.SetBytes(int64(len(script)))
	b.ReportAllocs()
	for b.Loop() {
		items := Parse(script)
		if len(items) != 10003 || items[10002].Err != nil {
			b.Fatalf("got %d items", len(items))
		}
	}
}

func BenchmarkLexW1(b *testing.B) {
	script := w1Script(10000)
	b.SetBytes(int64(len(script)))
	b.ReportAllocs()
	for b.Loop() {
		Lex(script)
	}
}
