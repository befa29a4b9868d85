package layout_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
	"github.com/cqlplay/cqlplay/engine/layout"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// w1Script is the W1 "script ingest" workload (docs/performance.md, the same
// bytes as the peers' reference generator): 200 partitions
// (sensor, day) of readings, n INSERTs.
func w1Script(n int) string {
	days := []string{"2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05"}
	notes := []string{"ok", "calm", "gust", "rain", "warm", "cold", "dry", "damp", "fog", "haze", "hot", "ice", "mild", "wind", "snow", "sun"}
	const day0, dayMs, step = int64(1767225600000), int64(86400000), int64(10000)
	seed := uint32(20260101)
	next := func() uint32 { // mulberry32
		seed += 0x6D2B79F5
		t := (seed ^ seed>>15) * (seed | 1)
		t = (t + (t^t>>7)*(t|61)) ^ t
		return t ^ t>>14
	}
	var b strings.Builder
	b.WriteString("CREATE KEYSPACE IF NOT EXISTS bench WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\nUSE bench;\n")
	b.WriteString("CREATE TABLE readings (sensor text, day text, ts bigint, value double, note text, PRIMARY KEY ((sensor, day), ts));\n")
	for i := 0; i < n; i++ {
		p := i % 200
		sensor := "s" + pad3(p/len(days))
		ts := day0 + int64(p%len(days))*dayMs + int64(i/200)*step
		x := next() % 100000
		note := notes[next()%uint32(len(notes))]
		b.WriteString("INSERT INTO readings (sensor, day, ts, value, note) VALUES ('" + sensor + "', '" + days[p%len(days)] + "', " +
			strconv.FormatInt(ts, 10) + ", " + strconv.Itoa(int(x/1000)) + "." + pad3(int(x%1000)) + ", '" + note + "');\n")
	}
	return b.String()
}

func pad3(n int) string {
	s := strconv.Itoa(n)
	return strings.Repeat("0", 3-len(s)) + s
}

func benchSession(b *testing.B, rows int) (*engine.Session, []*schema.Table) {
	s := engine.NewSession(engine.Options{})
	for _, o := range s.Run(w1Script(rows)) {
		if o.Error != nil {
			b.Fatalf("%s: %s", o.Statement, o.Error.Message)
		}
	}
	return s, []*schema.Table{s.DB().Schema.Keyspaces["bench"].Tables["readings"]}
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
		m := layout.Build(s.DB(), tables)
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
				if _, err := s.Layout(form, "bench.readings"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestW1Script checks the port against the workload's definition: the
// first INSERT and the number of lines.
func TestW1Script(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(w1Script(3), "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines, want 6", len(lines))
	}
	if !strings.HasPrefix(lines[3], "INSERT INTO readings (sensor, day, ts, value, note) VALUES ('s000', '2026-01-01', 1767225600000, ") {
		t.Errorf("first insert: %s", lines[3])
	}
}
