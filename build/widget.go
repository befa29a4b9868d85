package main

import (
	"html"
	"strconv"
	"strings"

	"github.com/cespare/xxhash/v2"

	"github.com/cqlplay/cqlplay/build/lesson"
	"github.com/cqlplay/cqlplay/engine"
)

// This file writes a playground's HTML, including the results the build got
// from the engine, so a lesson reads completely with JavaScript off. The
// widget's TypeScript (site/ts/results.ts) draws live results into the same
// markup; the browser test checks that both agree on the pre-rendered outcomes.

// writeWidget writes the playground for ex with its pre-computed outcomes.
func writeWidget(b *strings.Builder, t *uiText, ex *lesson.Example, outs []engine.Outcome) {
	idx := strconv.Itoa(ex.Index)
	code := html.EscapeString(ex.Code)
	if ex.Setup {
		b.WriteString(`<pre class="pg-setup" hidden data-index="` + idx + `">` + code + "</pre>\n")
		return
	}
	id := "ex-" + idx
	b.WriteString(`<figure class="pg" id="` + id + `" data-index="` + idx + `" data-hash="` + codeHash(ex.Code) +
		`" data-version="` + ex.Version + `"`)
	if ex.View != "" {
		b.WriteString(` data-view="` + ex.View + `"`)
	}
	if ex.ID != "" {
		b.WriteString(` data-id="` + html.EscapeString(ex.ID) + `"`)
	}
	if ex.Readonly {
		b.WriteString(` data-readonly=""`)
	}
	if len(ex.Prelude) > 0 {
		ids := make([]string, len(ex.Prelude))
		for i, p := range ex.Prelude {
			ids[i] = strconv.Itoa(p.Index)
		}
		b.WriteString(` data-prelude="` + strings.Join(ids, " ") + `"`)
	}
	b.WriteString(">\n")
	b.WriteString(`<div class="pg-bar"><span class="pg-version">` +
		html.EscapeString(strings.ReplaceAll(t.Simulates, "{v}", ex.Version)) + "</span>")
	if ex.Readonly {
		b.WriteString(` <span class="pg-ro">` + html.EscapeString(t.ReadOnly) + "</span>")
	}
	b.WriteString("</div>\n")
	b.WriteString(`<pre class="pg-src"><code class="language-cql">` + code + "</code></pre>\n")
	// Only the views the engine supports are drawn; the others are absent.
	b.WriteString(`<div class="pg-views"><div class="pg-tabs" role="tablist">`)
	b.WriteString(`<button type="button" role="tab" id="` + id + `-tab-results" aria-controls="` + id +
		`-results" aria-selected="true" data-view="results">` + html.EscapeString(t.Results) + "</button></div>\n")
	b.WriteString(`<div class="pg-panel pg-results" role="tabpanel" id="` + id + `-results" aria-labelledby="` + id +
		`-tab-results" data-view="results">`)
	writeOutcomes(b, t, outs)
	b.WriteString("</div></div>\n</figure>\n")
}

// codeHash names a version of an example's text; saved edits are keyed by it.
func codeHash(code string) string {
	return strconv.FormatUint(xxhash.Sum64String(code), 16)
}

// writeOutcomes writes the Results view. Its markup is mirrored by
// renderOutcomes in site/ts/results.ts: change both together.
func writeOutcomes(b *strings.Builder, t *uiText, outs []engine.Outcome) {
	if len(outs) == 0 {
		b.WriteString(`<p class="out-none">` + html.EscapeString(t.NoOutput) + "</p>")
		return
	}
	shown := 0
	for i := range outs {
		if silent(&outs[i]) {
			continue
		}
		writeOutcome(b, t, i, &outs[i])
		shown++
	}
	if shown == 0 {
		b.WriteString(`<p class="out-none">` + html.EscapeString(t.Done) + "</p>")
	}
}

// silent reports whether cqlsh would print nothing for o: a statement that
// succeeded with no rows, text or warnings (a write, DDL). Leaving these out
// keeps the view on what the reader looks for, and a pasted script of
// thousands of INSERTs cheap to draw.
func silent(o *engine.Outcome) bool {
	return o.Error == nil && !o.HasResult() && o.Text == "" && len(o.Warnings) == 0
}

func writeOutcome(b *strings.Builder, t *uiText, i int, o *engine.Outcome) {
	cls := "out"
	if o.Error != nil {
		cls += " out-error"
	}
	b.WriteString(`<div class="` + cls + `" data-stmt="` + strconv.Itoa(i) + `" data-line="` + strconv.Itoa(o.Line) + `">`)
	b.WriteString(`<div class="out-head"><span class="out-line">` + strconv.Itoa(o.Line) + `</span><code class="out-stmt">` +
		html.EscapeString(firstLine(o.Statement)) + "</code></div>")
	if o.HasResult() {
		writeTable(b, t, o)
	}
	if o.Text != "" {
		b.WriteString(`<pre class="out-text">` + html.EscapeString(o.Text) + "</pre>")
	}
	if len(o.Warnings) > 0 {
		b.WriteString(`<div class="out-warn"><span>` + html.EscapeString(t.Warnings) + "</span><ul>")
		for _, w := range o.Warnings {
			b.WriteString("<li>" + html.EscapeString(w) + "</li>")
		}
		b.WriteString("</ul></div>")
	}
	if o.Error != nil {
		b.WriteString(`<p class="out-err">` + html.EscapeString(o.Error.Cqlsh()) + "</p>")
	}
	if o.Plan != nil && o.Plan.Kind != "write" {
		writePlan(b, t, o.Plan)
	}
	b.WriteString("</div>")
}

func writeTable(b *strings.Builder, t *uiText, o *engine.Outcome) {
	nulls := map[[2]int]bool{}
	for _, n := range o.Nulls {
		nulls[n] = true
	}
	b.WriteString(`<div class="rs-wrap"><table class="rs"><thead><tr>`)
	for _, c := range o.Columns {
		b.WriteString("<th>" + html.EscapeString(c) + "</th>")
	}
	b.WriteString("</tr></thead><tbody>")
	for r, row := range o.Rows {
		b.WriteString("<tr>")
		for c, v := range row {
			switch {
			case nulls[[2]int{r, c}]:
				b.WriteString(`<td class="null">null</td>`)
			case v == "":
				b.WriteString(`<td class="empty"></td>`)
			default:
				b.WriteString("<td>" + html.EscapeString(v) + "</td>")
			}
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table></div>")
	// cqlsh prints no row count under a conditional write's [applied] row.
	if len(o.Columns) == 0 || o.Columns[0] != "[applied]" {
		b.WriteString(`<p class="out-count">` + html.EscapeString(strings.ReplaceAll(t.Rows, "{n}", strconv.Itoa(len(o.Rows)))) + "</p>")
	}
}

func writePlan(b *strings.Builder, t *uiText, p *engine.Plan) {
	s := strings.NewReplacer("{kind}", p.Kind, "{parts}", strconv.Itoa(p.PartitionsRead),
		"{read}", strconv.Itoa(p.RowsRead), "{ret}", strconv.Itoa(p.RowsReturned)).Replace(t.Plan)
	if p.Filtering {
		s += " · " + t.Filtering
	}
	if p.AllPartitions {
		s += " · " + t.AllParts
	}
	b.WriteString(`<p class="out-plan">` + html.EscapeString(s) + "</p>")
}

func firstLine(s string) string {
	first, _, more := strings.Cut(strings.TrimSpace(s), "\n")
	if more {
		return strings.TrimRight(first, " \t\r") + " …"
	}
	return first
}
