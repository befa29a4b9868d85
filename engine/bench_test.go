package engine

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/workload"
)

// mustRun runs a script and fails on any error outcome.
func mustRun(tb testing.TB, s *Session, script string) []Outcome {
	outs := s.Run(script)
	for _, o := range outs {
		if o.Error != nil {
			tb.Fatalf("%q: %v", o.Statement, o.Error)
		}
	}
	return outs
}

func countRows(tb testing.TB, s *Session) int {
	outs := mustRun(tb, s, "SELECT count(*) FROM bench.readings;")
	n, err := strconv.Atoi(outs[0].Rows[0][0])
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

// BenchmarkW1 is workload W1: a fresh session runs the whole ingest script
// in one call.
func BenchmarkW1(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		script := workload.W1(workload.CQL, n)
		b.Run(strconv.Itoa(n/1000)+"k", func(b *testing.B) {
			b.SetBytes(int64(len(script)))
			b.ReportAllocs()
			var s *Session
			for b.Loop() {
				s = NewSession(Options{})
				s.Run(script)
			}
			b.StopTimer()
			if got := countRows(b, s); got != n {
				b.Fatalf("%d rows after W1, want %d", got, n)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// BenchmarkW2 is workload W2: 2,000 partition slices, one Run per query, on
// the data W1 left; one op is all 2,000 queries.
func BenchmarkW2(b *testing.B) {
	s := NewSession(Options{})
	mustRun(b, s, workload.W1(workload.CQL, 100000))
	qs := workload.W2(2000)
	b.ReportAllocs()
	rows := 0
	for b.Loop() {
		rows = 0
		for _, q := range qs {
			outs := s.Run(q)
			rows += len(outs[0].Rows)
		}
	}
	if rows != 100000 {
		b.Fatalf("W2 returned %d rows, want 100000", rows)
	}
	b.ReportMetric(2000*float64(b.N)/b.Elapsed().Seconds(), "queries/s")
}

// BenchmarkW3 is workload W3: the lesson script from a fresh session.
func BenchmarkW3(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		s := NewSession(Options{})
		outs := s.Run(workload.W3(workload.CQL))
		if len(outs[len(outs)-1].Rows) != 1 {
			b.Fatal("W3's last SELECT did not return its row")
		}
	}
}

// BenchmarkHeapPerRow measures the heap one small row costs: 1,000,000 W1
// rows (5,000 per partition) ingested in scripts of 20,000 INSERTs, heap in
// use after a GC compared before and after. Its op is the whole ingest.
func BenchmarkHeapPerRow(b *testing.B) {
	const rows, chunk = 1000000, 20000
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		s := NewSession(Options{})
		mustRun(b, s, workload.W1Schema(workload.CQL))
		g := workload.NewW1Rows()
		for done := 0; done < rows; done += chunk {
			var sb strings.Builder
			sb.Grow(chunk * 115)
			g.Next(&sb, done+chunk)
			s.Run(sb.String())
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/rows, "heap-bytes/row")
		runtime.KeepAlive(s)
	}
}
