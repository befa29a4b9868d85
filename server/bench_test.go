package server_test

import (
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkPreparedSelect: gocql, one connection, a prepared
// single-partition SELECT, one request in flight (issue 28's latency
// figure; go test -bench PreparedSelect ./server).
func BenchmarkPreparedSelect(b *testing.B) {
	_, s := benchSession(b)
	mustExecB(b, s, "CREATE TABLE kv (k int PRIMARY KEY, v text)", "INSERT INTO kv (k, v) VALUES (1, 'one')")
	var v string
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if err := s.Query("SELECT v FROM kv WHERE k = ?", 1).Scan(&v); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}

// BenchmarkPreparedInsert: prepared single-row writes, one in flight.
func BenchmarkPreparedInsert(b *testing.B) {
	_, s := benchSession(b)
	mustExecB(b, s, "CREATE TABLE kv (k int PRIMARY KEY, v text)")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := s.Query("INSERT INTO kv (k, v) VALUES (?, ?)", i, "v").Exec(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParallelInsert: prepared single-row writes with 64 requests in
// flight over gocql's pool (issue 28's throughput figure).
func BenchmarkParallelInsert(b *testing.B) {
	_, s := benchSession(b)
	mustExecB(b, s, "CREATE TABLE kv (k int PRIMARY KEY, v text)")
	var n atomic.Int64
	b.SetParallelism(32) // 32 x 2 cores = 64 goroutines
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := s.Query("INSERT INTO kv (k, v) VALUES (?, ?)", int(n.Add(1)), "v").Exec(); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "writes/s")
}
