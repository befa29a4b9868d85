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
	b.WriteString(`<details class="ex-more ex-sol"><summary>` + html.EscapeString(t.ExSolution) + `</summary><pre class="ex-solution"><code>` +
		html.EscapeString(x.Solution) + "</code></pre></details>")
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
		state := "ex-fail"
		switch {
		case c.Got == nil:
			state = "ex-skip"
		case c.Passed():
			state = "ex-pass"
		}
		b.WriteString(`<li class="ex-check ` + state + `" data-check="` + strconv.Itoa(i) + `" data-query="` + html.EscapeString(c.Query) +
			`" data-want="` + html.EscapeString(wantJSON(c.Want)) + `" data-ordered="` + strconv.FormatBool(lesson.Ordered(c.Query)) + `">`)
		b.WriteString(`<pre class="ex-q"><code>` + html.EscapeString(c.Query) + "</code></pre>")
		switch {
		case c.Got == nil:
			b.WriteString(`<p class="ex-note">` + html.EscapeString(t.ExNotRun) + "</p>")
		case c.Got.Error != nil:
			b.WriteString(`<p class="out-err">` + html.EscapeString(c.Got.Error.Cqlsh()) + "</p>")
		case c.Passed():
			b.WriteString(`<p class="ex-note">` + html.EscapeString(t.ExPass) + "</p>")
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
	b.WriteString("</ol>")
	if strings.TrimSpace(x.Data) != "" {
		b.WriteString(`<details class="ex-more ex-dat"><summary>` + html.EscapeString(t.ExData) + `</summary><pre class="ex-data"><code>` +
			html.EscapeString(x.Data) + "</code></pre></details>")
	}
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
