package main

import (
	"encoding/json"
	"html"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/build/lesson"
	"github.com/cqlplay/cqlplay/engine"
)

// writeChecks writes an exercise's Checks view: how many of its queries work
// after the script, a solution behind a disclosure right under that count
// (where a reader looks after a failed check, not below every verdict),
// each query with its verdict (Cassandra's error, or the rows it returned
// beside the expected ones), then the data behind a disclosure. Each query's text and expected rows travel in data-
// attributes, which the widget reads as text (site/ts/exercise.ts renders
// the same markup live: change both together).
//
// When the data could not be written and the reader's own script failed
// (a typo in its CREATE TABLE), that failure comes first: it is the cause,
// and the data's "table does not exist" only follows from it.
func writeChecks(b *strings.Builder, t *uiText, x *lesson.Exercise, r *lesson.CheckRun, script []engine.Outcome) {
	if x == nil || r == nil {
		writeNote(b, t.NoOutput)
		return
	}
	passed, total := r.Passed(), len(r.Checks)
	score := t.ExScore
	cls := "ex-score"
	if passed == total {
		score, cls = t.ExAll, "ex-score ex-all"
	}
	score = strings.NewReplacer("{n}", strconv.Itoa(passed), "{m}", strconv.Itoa(total)).Replace(score)
	b.WriteString(`<p class="` + cls + `" role="status" data-passed="` + strconv.Itoa(passed) + `" data-total="` + strconv.Itoa(total) + `">` + html.EscapeString(score) + "</p>")
	writeSolution(b, t, x)
	if o := r.DataError; o != nil {
		for _, s := range script {
			if s.Error != nil {
				writeCheckFailure(b, "ex-data-err ex-script-err", t.ExScriptFail, &s)
				break
			}
		}
		writeCheckFailure(b, "ex-data-err", t.ExDataFail, o)
	}
	b.WriteString(`<ol class="ex-list">`)
	for i, c := range r.Checks {
		writeCheck(b, t, i, c)
	}
	b.WriteString("</ol>")
	if strings.TrimSpace(x.Data) != "" {
		b.WriteString(`<details class="ex-more ex-dat"><summary>` + html.EscapeString(t.ExData) + `</summary><pre class="ex-data"><code>` +
			html.EscapeString(x.Data) + "</code></pre></details>")
	}
}

// writeSolution writes the solution behind its disclosure: why it is right,
// the code, and the button (hidden until the page's script shows it) that
// puts it in the editor.
func writeSolution(b *strings.Builder, t *uiText, x *lesson.Exercise) {
	b.WriteString(`<details class="ex-more ex-sol"><summary>` + html.EscapeString(t.ExSolution) + `</summary>`)
	if x.SolutionWhy != "" {
		b.WriteString(`<p class="ex-sol-why">` + html.EscapeString(x.SolutionWhy) + "</p>")
	}
	b.WriteString(`<pre class="ex-solution"><code>` + html.EscapeString(x.Solution) + "</code></pre>")
	b.WriteString(`<button type="button" class="ex-use" hidden>` + html.EscapeString(t.ExUse) + "</button></details>")
}

// writeCheck writes one check with its verdict: its explanation, its script,
// then why it holds or not (site/ts/exercise.ts renderCheck draws the same).
func writeCheck(b *strings.Builder, t *uiText, i int, c lesson.Check) {
	state := "ex-fail"
	switch {
	case !c.Ran:
		state = "ex-skip"
	case c.Passed():
		state = "ex-pass"
	}
	b.WriteString(`<li class="ex-check ` + state + `" data-check="` + strconv.Itoa(i) + `" data-query="` + html.EscapeString(c.Script) +
		`" data-want="` + html.EscapeString(wantJSON(c.Want)) + `" data-ordered="` + strconv.FormatBool(lesson.Ordered(c.Query)) + `"`)
	if c.Bound != nil {
		b.WriteString(` data-bound="` + html.EscapeString(boundJSON(c.Bound)) + `"`)
	}
	if c.Explain != "" {
		b.WriteString(` data-explain="` + html.EscapeString(c.Explain) + `"`)
	}
	b.WriteString(">")
	if c.Explain != "" {
		b.WriteString(`<p class="ex-why">` + html.EscapeString(c.Explain) + "</p>")
	}
	b.WriteString(`<pre class="ex-q"><code>` + html.EscapeString(c.Script) + "</code></pre>")
	switch {
	case !c.Ran:
		writeP(b, "ex-note", t.ExNotRun)
	case c.Setup != nil:
		writeErrorWhy(b, t, c.Setup.Error)
	case c.Bound != nil && c.Measure == nil:
		writeP(b, "out-err", c.MeasureErr)
	case c.Bound != nil:
		writeP(b, "ex-note", measureText(t, c.Bound, c.Measure))
	case c.Got == nil:
		writeP(b, "ex-note", t.ExNotRun)
	case c.Got.Error != nil:
		writeErrorWhy(b, t, c.Got.Error)
	case c.Passed():
		writeP(b, "ex-note", t.ExPass)
		if c.Got.Plan != nil {
			writePlan(b, t, c.Got.Plan)
		}
	default:
		b.WriteString(`<p class="ex-note">` + html.EscapeString(t.ExWrong) + `</p><div class="ex-cmp"><div><p class="ex-cap">` +
			html.EscapeString(t.ExGot) + "</p>")
		if c.Got.HasResult() {
			writeTable(b, t, c.Got)
		}
		b.WriteString(`</div><div><p class="ex-cap">` + html.EscapeString(t.ExWant) + "</p>")
		if c.Want != nil {
			writeTable(b, t, c.Want)
		}
		b.WriteString("</div></div>")
	}
	b.WriteString("</li>")
}

// writeP writes a paragraph of text with a class.
func writeP(b *strings.Builder, cls, text string) {
	b.WriteString(`<p class="` + cls + `">` + html.EscapeString(text) + "</p>")
}

// writeErrorWhy writes a failed check's error as cqlsh prints it, then the
// engine's Why and Try as the Why view does.
func writeErrorWhy(b *strings.Builder, t *uiText, e *engine.Error) {
	writeP(b, "out-err", e.Cqlsh())
	if e.Why != "" {
		b.WriteString(`<p class="why-why"><span class="why-label">` + html.EscapeString(t.WhyLabel) + "</span> " + html.EscapeString(e.Why) + "</p>")
	}
	if e.Fix != "" {
		b.WriteString(`<p class="why-fix"><span class="why-label">` + html.EscapeString(t.FixLabel) + "</span> " + html.EscapeString(e.Fix) + "</p>")
	}
}

// boundJSON is a bound as the widget reads it (site/ts/exercise.ts Bound).
func boundJSON(bd *lesson.Bound) string {
	j, err := json.Marshal(struct {
		Table         string `json:"table"`
		MaxRows       int    `json:"maxRows"`
		MinPartitions int    `json:"minPartitions"`
	}{bd.Table, bd.MaxRows, bd.MinPartitions})
	if err != nil {
		panic(err) // a string and ints only
	}
	return string(j)
}

// measureText says what a bound's table measures, held or broken, in the
// page's language (site/ts/exercise.ts measureText).
func measureText(t *uiText, bd *lesson.Bound, m *lesson.Measure) string {
	tmpl, n := t.ExPartsOK, m.Partitions
	switch {
	case bd.MaxRows > 0 && bd.Holds(m):
		tmpl, n = t.ExRowsOK, m.MaxRows
	case bd.MaxRows > 0:
		tmpl, n = t.ExRowsBad, m.MaxRows
	case !bd.Holds(m):
		tmpl = t.ExPartsBad
	}
	return strings.NewReplacer("{table}", bd.Table, "{n}", strconv.Itoa(n), "{max}", strconv.Itoa(bd.MaxRows),
		"{min}", strconv.Itoa(bd.MinPartitions), "{key}", m.MaxKey).Replace(tmpl)
}

// wantRows is the part of an expected outcome the widget compares and draws.
type wantRows struct {
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
	Nulls   [][2]int   `json:"nulls"`
}

func wantJSON(o *engine.Outcome) string {
	w := wantRows{Columns: []string{}, Rows: [][]string{}, Nulls: [][2]int{}}
	if o != nil && o.HasResult() {
		w.Columns, w.Rows = o.Columns, o.Rows
		w.Nulls = append(w.Nulls, o.Nulls...)
	}
	j, err := json.Marshal(w)
	if err != nil {
		panic(err) // strings and ints only
	}
	return string(j)
}

// writeCheckFailure writes a failed statement under a caption: its line, its
// first line of text and Cassandra's message as cqlsh prints it.
func writeCheckFailure(b *strings.Builder, cls, caption string, o *engine.Outcome) {
	b.WriteString(`<div class="` + cls + `"><p>` + html.EscapeString(caption) + `</p><div class="out-head"><span class="out-line">` +
		strconv.Itoa(o.Line) + `</span><code class="out-stmt">` + html.EscapeString(firstLine(o.Statement)) + "</code></div>")
	b.WriteString(`<p class="out-err">` + html.EscapeString(o.Error.Cqlsh()) + "</p></div>")
}
