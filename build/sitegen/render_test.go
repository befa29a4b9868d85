package sitegen

import (
	"os"
	"strings"
	"testing"

	"github.com/yuin/goldmark/util"

	"github.com/cqlplay/cqlplay/build/lesson"
	"github.com/cqlplay/cqlplay/engine"
	"github.com/cqlplay/cqlplay/engine/golden"
)

// TestRenderLessonGolden renders a lesson with every construct (tables,
// headings in two scripts, a non-CQL fence, setup, readonly, version, view,
// after) with no results, so the golden file pins the markup alone.
func TestRenderLessonGolden(t *testing.T) {
	path := "testdata/content/en/01-golden.md"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l, err := lesson.Parse(path, src)
	if err != nil {
		t.Fatal(err)
	}
	body, err := renderMarkdown(l, func(w util.BufWriter, ex *lesson.Example) {
		var b strings.Builder
		if err := writeWidget(&b, uiStrings["en"], prerendererForTest(t), ex, exampleRun{}); err != nil {
			t.Fatal(err)
		}
		w.WriteString(b.String())
	})
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/01-golden.html", string(body))
}

// TestOutcomesGolden pins the Results markup for every kind of outcome, with
// values that hold HTML, as site/ts/results.ts draws it for the build.
func TestOutcomesGolden(t *testing.T) {
	outs := []engine.Outcome{
		{Statement: "CREATE TABLE t (k int PRIMARY KEY, v text)", Line: 1},
		{Statement: "SELECT k, v\n  FROM t", Line: 2, Columns: []string{"k", "v"},
			Rows: [][]string{{"1", "<b>bold</b> & co"}, {"2", ""}, {"3", "null"}, {"4", "null"}}, Nulls: [][2]int{{3, 1}},
			Plan: &engine.Plan{Kind: "range-scan", Table: "cqlplay.t", PartitionsRead: 4, RowsRead: 4, RowsReturned: 4, AllPartitions: true}},
		{Statement: "INSERT INTO t (k, v) VALUES (1, 'a') IF NOT EXISTS", Line: 4, Columns: []string{"[applied]", "k", "v"},
			Rows: [][]string{{"False", "1", "<b>bold</b> & co"}}},
		{Statement: "SELECT * FROM t WHERE v = 'x'", Line: 5, Error: &engine.Error{Code: engine.InvalidRequest,
			Message: "Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING"}},
		{Statement: "BEGIN BATCH ... APPLY BATCH", Line: 6, Warnings: []string{"Batch for [cqlplay.t] is of size 6.0KiB, exceeding specified threshold of 5.0KiB by 1.0KiB."}},
		{Statement: "DESCRIBE TABLE t", Line: 7, Text: "CREATE TABLE cqlplay.t (\n    k int PRIMARY KEY\n);"},
		{Statement: "SELEC", Line: 8, Error: &engine.Error{Code: engine.SyntaxException, Message: "line 8:0 no viable alternative at input 'SELEC' (<html>)"}},
		{Statement: "INSERT INTO t (k) VALUES (2)", Line: 9, Error: &engine.Error{Code: engine.Stopped, Message: "the run took longer than 2s"}},
		{Statement: "INSERT INTO t (k) VALUES (3)", Line: 10, Plan: &engine.Plan{Kind: "write", Table: "cqlplay.t"},
			Trace: &engine.Trace{Session: "d0c3c014-e6a4-11f0-8000-010000000001", Note: "Simulated <trace>", Started: engine.DefaultStart.UnixMicro(), Duration: 300,
				Events: []engine.TraceEvent{{Activity: "Parsing INSERT INTO t (k) VALUES ('<b>'); [Native-Transport-Requests-1]", At: engine.DefaultStart.UnixMicro() + 150, Source: "127.0.0.1", Elapsed: 150}}}},
	}
	var b strings.Builder
	b.WriteString(drawView(t, "en", "results", "", exampleRun{Outcomes: outs}))
	b.WriteString("\n")
	b.WriteString(drawView(t, "zh", "results", "", exampleRun{Outcomes: outs[:1]}))
	b.WriteString("\n")
	b.WriteString(drawView(t, "en", "results", "", exampleRun{}))
	golden.Check(t, "testdata/outcomes.html", strings.ReplaceAll(b.String(), "</div><div", "</div>\n<div")+"\n")
}
