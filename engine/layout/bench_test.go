package layout_test

import (
	"testing"

	"github.com/cqlplay/cqlplay/engine"
	"github.com/cqlplay/cqlplay/engine/internal/peek"
	"github.com/cqlplay/cqlplay/engine/layout"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/workload"
)

// w1Script is the W1 "script ingest" workload (docs/performance.md): 200
// partitions (sensor, day) of readings, n INSERTs, from its one definition
// in engine/workload.
func w1Script(n int) string { return workload.W1(workload.CQL, n) }

func benchSession(b *testing.B, rows int) (*engine.Session, []*schema.Table) {
	s := engine.NewSession(engine.Options{})
	for _, o := range s.Run(w1Script(rows)) {
		if o.Error != nil {
			b.Fatalf("%s: %s", o.Statement, o.Error.Message)
		}
	}
	return s, []*schema.Table{peek.DB(s).Schema.Keyspaces["bench"].Tables["readings"]}
}

// BenchmarkBuildMap100k builds the map model of 100,000 rows (W1).
func BenchmarkBuildMap100k(b *testing.B) { benchBuild(b, 100000, false) }

// BenchmarkBuildMap1k builds the map model of a lesson-sized script (1,000
// rows): the budget is one frame, 16 ms, with the JSON included.
func BenchmarkBuildMap1k(b *testing.B) { benchBuild(b, 1000, false) }

// BenchmarkMapJSON100k and BenchmarkMapJSON1k add the JSON encoding, which
// is what the page receives.
func BenchmarkMapJSON100k(b *testing.B) { benchBuild(b, 100000, true) }
func BenchmarkMapJSON1k(b *testing.B)   { benchBuild(b, 1000, true) }

func benchBuild(b *testing.B, rows int, encode bool) {
	s, tables := benchSession(b, rows)
	b.ReportAllocs()
	b.ResetTimer()
	size := 0
	for i := 0; i < b.N; i++ {
		m := layout.Build(peek.State(s), tables)
		if encode {
			size = len(m.JSON())
		}
	}
	if encode {
		b.ReportMetric(float64(size), "json-bytes")
	}
}

// BenchmarkForms1k renders each text form of the lesson-sized script.
func BenchmarkForms1k(b *testing.B) {
	s, _ := benchSession(b, 1000)
	for _, form := range engine.LayoutForms {
		b.Run(form, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := layoutText(s, form, "bench.readings"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
