package engine

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/workload"
)

// benchScript50 is the browser bench's keystroke script (build's
// keystrokes): a CREATE TABLE, 47 INSERTs over 5 partitions, a partition
// SELECT and a SELECT that fails.
func benchScript50() string {
	var b strings.Builder
	b.WriteString("CREATE TABLE perf (k int, c int, v text, PRIMARY KEY (k, c));\n")
	for i := range 47 {
		b.WriteString("INSERT INTO perf (k, c, v) VALUES (" + strconv.Itoa(i%5) + ", " + strconv.Itoa(i) + ", 'value " + strconv.Itoa(i) + "');\n")
	}
	b.WriteString("SELECT * FROM perf WHERE k = 1;\n")
	return b.String()
}

// lastEdits are two versions of a script's last statement, for edits that
// alternate between them.
func lastEdits(prefix string) [2]string {
	return [2]string{
		prefix + "SELECT * FROM perf WHERE v = 'x';\n",
		prefix + "SELECT * FROM perf WHERE v = 'y';\n",
	}
}

// rerunJSON reruns script on s and encodes every outcome as the bridge
// does, keeping the encoded prefix the previous rerun left standing.
func rerunJSON(s *Session, buf []byte, ends []int, script string) ([]byte, []int) {
	s.RerunEach(script, func(n int) {
		ends = ends[:n]
		if n == 0 {
			buf = buf[:0]
		} else {
			buf = buf[:ends[n-1]]
		}
	}, func(o *Outcome) {
		buf = o.AppendJSON(buf)
		ends = append(ends, len(buf))
	})
	return buf, ends
}

func runJSON(s *Session, buf []byte, script string) []byte {
	buf = buf[:0]
	s.RunEach(script, func(o *Outcome) { buf = o.AppendJSON(buf) })
	return buf
}

// fillScript makes W1's table and fills it with 100,000 generated rows in
// 200 partitions, with one -- @fill.
var fillScript = workload.W1Schema(workload.CQL) + "-- @fill readings 100000 sensor=seq(200, 's') day='2026-01-01' ts=series(1767225600000, 10000) value=uniform(0, 1000) note=pick('ok', 'calm', 'gust', 'rain')\n"

// BenchmarkRerun measures an edit to a script's last statement: "full" runs
// the whole script in a fresh session, as every keystroke did before
// Rerun, and "rerun" reruns it on a session that ran the other version of
// it last (one op is one edit). The scripts are the browser bench's 50
// statements, and W1's 100,000 INSERTs followed by the same statements.
func BenchmarkRerun(b *testing.B) {
	for _, tc := range []struct {
		name   string
		prefix string
	}{
		{"bench50", benchScript50()},
		{"w1-100k", workload.W1(workload.CQL, 100000) + "CREATE TABLE perf (k int, c int, v text, PRIMARY KEY (k, c));\n"},
		{"fill-100k", fillScript + "CREATE TABLE perf (k int, c int, v text, PRIMARY KEY (k, c));\n"},
	} {
		scripts := lastEdits(tc.prefix)
		b.Run(tc.name+"/full", func(b *testing.B) {
			b.ReportAllocs()
			var buf []byte
			i := 0
			for b.Loop() {
				buf = runJSON(NewSession(Options{}), buf, scripts[i%2])
				i++
			}
		})
		b.Run(tc.name+"/first", func(b *testing.B) {
			b.ReportAllocs()
			var buf []byte
			var ends []int
			i := 0
			for b.Loop() {
				buf, ends = rerunJSON(NewSession(Options{}), buf[:0], ends[:0], scripts[i%2])
				i++
			}
		})
		b.Run(tc.name+"/rerun", func(b *testing.B) {
			b.ReportAllocs()
			s := NewSession(Options{})
			buf, ends := rerunJSON(s, nil, nil, scripts[1])
			i := 0
			for b.Loop() {
				buf, ends = rerunJSON(s, buf, ends, scripts[i%2])
				i++
			}
			if want := runJSON(NewSession(Options{}), nil, scripts[(i-1)%2]); string(buf) != string(want) {
				b.Fatal("the rerun's outcomes differ from a fresh run's")
			}
		})
	}
}

// BenchmarkRerunHeap compares the heap of a session that ran W1's 100,000
// INSERTs with Run (no snapshots) and with RerunEach (snapshots kept for
// the next edit), after a GC; one op is the ingest. The outcomes are not
// kept (the bridge keeps their JSON, the page's share of the cost).
func BenchmarkRerunHeap(b *testing.B) {
	script := workload.W1(workload.CQL, 100000)
	measure := func(b *testing.B, run func(s *Session)) {
		for b.Loop() {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			s := NewSession(Options{})
			run(s)
			runtime.GC()
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/1e6, "heap-MB")
			runtime.KeepAlive(s)
		}
	}
	b.Run("run", func(b *testing.B) {
		measure(b, func(s *Session) { s.RunEach(script, func(*Outcome) {}) })
	})
	b.Run("rerun", func(b *testing.B) {
		measure(b, func(s *Session) { s.RerunEach(script, func(int) {}, func(*Outcome) {}) })
	})
	b.Run("fill/run", func(b *testing.B) {
		measure(b, func(s *Session) { s.RunEach(fillScript, func(*Outcome) {}) })
	})
	b.Run("fill/rerun+edit", func(b *testing.B) {
		edits := lastEdits(fillScript + "CREATE TABLE perf (k int, c int, v text, PRIMARY KEY (k, c));\n")
		measure(b, func(s *Session) {
			for _, e := range edits {
				s.RerunEach(e, func(int) {}, func(*Outcome) {})
			}
		})
	})
	b.Run("rerun+edit", func(b *testing.B) {
		edits := lastEdits(script + "CREATE TABLE perf (k int, c int, v text, PRIMARY KEY (k, c));\n")
		measure(b, func(s *Session) {
			for _, e := range edits {
				s.RerunEach(e, func(int) {}, func(*Outcome) {})
			}
		})
	})
}
