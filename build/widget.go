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

// view is one tab of a playground, with its label in the page's language.
type view struct {
	lesson.View
	Label string
}

// views lists the tabs a playground has (lesson.Views): an exercise's
// Checks first, then those every example has.
func views(t *uiText, exercise bool) []view {
	labels := map[string]string{"checks": t.Checks, "results": t.Results, "why": t.Why, "storage": t.Storage,
		"cli": t.CLI, "sstabledump": t.Sstabledump, "ring": t.Ring, "sizes": t.Sizes, "model": t.Model}
	var vs []view
	for _, v := range lesson.Views {
		if v.Name != "checks" || exercise {
			vs = append(vs, view{v, labels[v.Name]})
		}
	}
	return vs
}

// run is what the build got from the engine for one example.
type exampleRun struct {
	Outcomes []engine.Outcome
	Layouts  map[string]string           // layout form -> text (map: JSON); a failure is "\x00" + message
	Elided   map[string][]engine.Elision // layout form -> the partitions it summarised (bounded.go)
	Filled   int                         // the rows the script's -- @fill directives generated
	Checks   *lesson.CheckRun            // an exercise's checks of its starting text
	Patterns []lesson.PatternRun         // the access patterns the script lists, run after it
}

// writeWidget writes the playground for ex with the engine's results.
func writeWidget(b *strings.Builder, t *uiText, ex *lesson.Example, r exampleRun) {
	idx := strconv.Itoa(ex.Index)
	code := html.EscapeString(ex.Code)
	if ex.Setup {
		b.WriteString(`<pre class="pg-setup" hidden data-index="` + idx + `">` + code + "</pre>\n")
		return
	}
	id := "ex-" + idx
	b.WriteString(`<figure class="pg" id="` + id + `" data-index="` + idx + `" data-hash="` + codeHash(ex.Code) +
		`" data-version="` + ex.Version + `"`)
	// How many statements the travel bar counts before the page's first run.
	b.WriteString(` data-statements="` + strconv.Itoa(len(r.Outcomes)) + `"`)
	if ex.View != "" {
		b.WriteString(` data-view="` + ex.View + `"`)
	}
	if ex.ID != "" {
		b.WriteString(` data-id="` + html.EscapeString(ex.ID) + `"`)
	}
	if ex.Readonly {
		b.WriteString(` data-readonly=""`)
	}
	if ex.Exercise != nil {
		b.WriteString(` data-exercise=""`)
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
	// Every panel is in the page, so a reader without JavaScript sees them
	// all; the script shows one at a time behind the tabs.
	vs := views(t, ex.Exercise != nil)
	open := "results"
	if ex.Exercise != nil {
		open = "checks" // what an exercise is about, unless the fence says otherwise
	}
	for _, v := range vs {
		if v.Name == ex.View {
			open = v.Name
		}
	}
	b.WriteString(`<div class="pg-views"><div class="pg-tabs" role="tablist">`)
	for _, v := range vs {
		sel := strconv.FormatBool(v.Name == open)
		b.WriteString(`<button type="button" role="tab" id="` + id + `-tab-` + v.Name + `" aria-controls="` + id + "-" + v.Name +
			`" aria-selected="` + sel + `" data-view="` + v.Name + `">` + html.EscapeString(v.Label) + "</button>")
	}
	b.WriteString("</div>\n")
	for _, v := range vs {
		b.WriteString(`<div class="pg-panel pg-` + v.Name + `" role="tabpanel" id="` + id + "-" + v.Name + `" aria-labelledby="` + id +
			`-tab-` + v.Name + `" data-view="` + v.Name + `" data-label="` + html.EscapeString(v.Label) + `">`)
		if v.Name == "checks" {
			writeChecks(b, t, ex.Exercise, r.Checks, r.Outcomes)
		} else {
			writePanel(b, t, v, r)
		}
		b.WriteString("</div>\n")
	}
	b.WriteString("</div>\n</figure>\n")
}

// writePanel writes one view's content. Its markup is mirrored by
// drawPanel in site/ts/views.ts.
func writePanel(b *strings.Builder, t *uiText, v view, r exampleRun) {
	switch v.Name {
	case "results":
		writeOutcomes(b, t, r.Outcomes)
		return
	case "why":
		writeWhy(b, t, r.Outcomes)
		return
	}
	text, ok := r.Layouts[v.Form]
	switch {
	case !ok:
		writeNote(b, t.NoOutput)
	case strings.HasPrefix(text, "\x00"):
		b.WriteString(`<p class="out-err">` + html.EscapeString(text[1:]) + "</p>")
	case boundedForms[v.Form]:
		writeFilled(b, t, r.Filled)
		if v.Form == "map" {
			writeStorage(b, t, text)
		} else {
			writeBoundedText(b, t, text, r.Elided[v.Form])
		}
	case v.Name == "model":
		writeDiagram(b, t, text, r.Outcomes, r.Patterns)
	case v.Name == "sizes":
		writeSizes(b, t, text)
	case v.Form == "map":
		writeStorage(b, t, text)
	default:
		b.WriteString(`<pre class="lay-text">` + html.EscapeString(text) + "</pre>")
	}
}

// layoutsOf renders every layout form of a session, for the pre-rendered
// views: the bounded forms within the page's bounds, with the partitions
// they summarised.
func layoutsOf(s *engine.Session) (map[string]string, map[string][]engine.Elision) {
	m, elided := map[string]string{}, map[string][]engine.Elision{}
	if s == nil {
		return m, elided
	}
	for _, v := range lesson.Views {
		if v.Form == "" {
			continue
		}
		text, es, err := safeLayout(s, v.Form)
		if err != nil {
			text = "\x00" + err.Error()
		}
		m[v.Form], elided[v.Form] = text, es
	}
	return m, elided
}

// safeLayout turns an engine panic into an error: a bug in one view must not
// fail the whole build.
func safeLayout(s *engine.Session, form string) (text string, elided []engine.Elision, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errString("the engine failed drawing the " + form + " layout")
		}
	}()
	if boundedForms[form] {
		return s.LayoutBounded(form, "", engine.ViewBounds(nil))
	}
	text, err = s.Layout(form, "")
	return text, nil, err
}

type errString string

func (e errString) Error() string { return string(e) }

// codeHash names a version of an example's text; saved edits are keyed by it.
func codeHash(code string) string {
	return strconv.FormatUint(xxhash.Sum64String(code), 16)
}

// writeNote writes a view's line that says there is nothing (more) to
// show: no output, no tables, no data, how many partitions are left out.
func writeNote(b *strings.Builder, text string) {
	b.WriteString(`<p class="out-none">` + html.EscapeString(text) + "</p>")
}

// writeMore writes the note that n more partitions are not drawn.
func writeMore(b *strings.Builder, t *uiText, n int) {
	writeNote(b, strings.ReplaceAll(t.More, "{n}", strconv.Itoa(n)))
}

// writeOutcomes writes the Results view. Its markup is mirrored by
// renderOutcomes in site/ts/results.ts: change both together.
func writeOutcomes(b *strings.Builder, t *uiText, outs []engine.Outcome) {
	if len(outs) == 0 {
		writeNote(b, t.NoOutput)
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
		writeNote(b, t.Done)
	}
}

// silent reports whether cqlsh would print nothing for o: a statement that
// succeeded with no rows, text or warnings (a write, DDL). Leaving these out
// keeps the view on what the reader looks for, and a pasted script of
// thousands of INSERTs cheap to draw.
func silent(o *engine.Outcome) bool {
	return o.Error == nil && !o.HasResult() && o.Text == "" && len(o.Warnings) == 0 && o.Trace == nil
}

func writeOutcome(b *strings.Builder, t *uiText, i int, o *engine.Outcome) {
	cls := "out"
	if o.Error != nil {
		cls += " out-error"
	}
	b.WriteString(`<div class="` + cls + `" data-stmt="` + strconv.Itoa(i) + `" data-line="` + strconv.Itoa(o.Line) + `">`)
	b.WriteString(`<div class="out-head"><span class="out-line">` + strconv.Itoa(o.Line) + `</span><code class="out-stmt">` +
		html.EscapeString(firstLine(o.Statement)) + "</code></div>")
	// A result with text is cqlsh's EXPAND ON form of its rows: the text alone.
	if o.HasResult() && o.Text == "" {
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
	if tr := o.Trace; tr != nil {
		// TRACING ON: the simulated trace as cqlsh prints it, under the
		// note that says it is simulated. The text begins with cqlsh's
		// blank line, and an HTML parser drops a newline right after <pre>:
		// the extra one keeps the page's text the engine's, as the live
		// view (textContent) has it.
		b.WriteString(`<p class="out-trace-note">` + html.EscapeString(tr.Note) + `</p><pre class="out-text out-trace">` + "\n" +
			html.EscapeString(tr.Text()) + "</pre>")
	}
	if o.Plan != nil && o.Plan.Kind != "write" {
		writePlan(b, t, o.Plan)
	}
	b.WriteString("</div>")
}

// writeWhy writes the Why view: each failing statement with Cassandra's
// error, the engine's reason in terms of the layout and a fix to try.
// Mirrored by renderWhy in site/ts/results.ts.
func writeWhy(b *strings.Builder, t *uiText, outs []engine.Outcome) {
	n := 0
	for i := range outs {
		o := &outs[i]
		if o.Error == nil {
			continue
		}
		n++
		b.WriteString(`<div class="why" data-stmt="` + strconv.Itoa(i) + `" data-line="` + strconv.Itoa(o.Line) + `">`)
		b.WriteString(`<div class="out-head"><span class="out-line">` + strconv.Itoa(o.Line) + `</span><code class="out-stmt">` +
			html.EscapeString(firstLine(o.Statement)) + "</code></div>")
		b.WriteString(`<p class="out-err">` + html.EscapeString(o.Error.Cqlsh()) + "</p>")
		if o.Error.Why != "" {
			b.WriteString(`<p class="why-why"><span class="why-label">` + html.EscapeString(t.WhyLabel) + "</span> " + html.EscapeString(o.Error.Why) + "</p>")
		}
		if o.Error.Fix != "" {
			b.WriteString(`<p class="why-fix"><span class="why-label">` + html.EscapeString(t.FixLabel) + "</span> " + html.EscapeString(o.Error.Fix) + "</p>")
		}
		b.WriteString("</div>")
	}
	if n == 0 {
		writeNote(b, t.NoFailures)
	}
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
	kind := p.Kind
	if k, ok := t.Kinds[kind]; ok {
		kind = k
	}
	s := strings.NewReplacer("{kind}", kind, "{parts}", strconv.Itoa(p.PartitionsRead),
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
