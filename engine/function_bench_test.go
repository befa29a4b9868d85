package engine

import (
	"strconv"
	"strings"
	"testing"
)

// BenchmarkFunctionSelect reads 1,000 rows through four native functions
// per row (the selection's per-row call into package function).
func BenchmarkFunctionSelect(b *testing.B) {
	var script strings.Builder
	script.WriteString("CREATE KEYSPACE fb WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n")
	script.WriteString("CREATE TABLE fb.t (p int, k int, ts timestamp, b blob, PRIMARY KEY (p, k));\n")
	for i := 0; i < 1000; i++ {
		n := strconv.Itoa(i)
		script.WriteString("INSERT INTO fb.t (p, k, ts, b) VALUES (1, " + n + ", " + n + "000000, intAsBlob(" + n + "));\n")
	}
	s := NewSession(Options{})
	mustRun(b, s, script.String())
	const q = "SELECT toDate(ts), toUnixTimestamp(ts), blobAsInt(b), intAsBlob(k) FROM fb.t WHERE p = 1;"
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if outs := mustRun(b, s, q); len(outs[0].Rows) != 1000 {
			b.Fatalf("%d rows", len(outs[0].Rows))
		}
	}
}
