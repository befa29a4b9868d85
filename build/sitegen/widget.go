package sitegen

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
	Checks   *lesson.CheckRun            // an exercise's checks of its starting text
	Patterns []lesson.PatternRun         // the access patterns the script lists, run after it
}

// writeWidget writes the playground for ex with the engine's results: its
// code, its tabs, and each view as the page draws it (pr, prerender.go).
func writeWidget(b *strings.Builder, t *uiText, pr *prerenderer, ex *lesson.Example, r exampleRun) error {
	idx := strconv.Itoa(ex.Index)
	code := html.EscapeString(ex.Code)
	if ex.Setup {
		b.WriteString(`<pre class="pg-setup" hidden data-index="` + idx + `">` + code + "</pre>\n")
		return nil
	}
	vs := views(t, ex.Exercise != nil)
	drawn, err := pr.widgetViews(t, vs, ex.Code, r, ex.Exercise)
	if err != nil {
		return err
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
			`-tab-` + v.Name + `" data-view="` + v.Name + `" data-label="` + html.EscapeString(v.Label) + `" tabindex="0"`)
		if v.Name != open {
			b.WriteString(" hidden") // shown anyway without JavaScript (site.css)
		}
		b.WriteString(">")
		b.WriteString(drawn[v.Name])
		b.WriteString("</div>\n")
	}
	b.WriteString("</div>\n</figure>\n")
	return nil
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
	req := engine.LayoutRequest{Form: form}
	if lesson.Bounded(form) {
		req.Bounds = engine.ViewBounds(nil)
	}
	res, err := s.Layout(req)
	return res.Layout, res.Elided, err
}

type errString string

func (e errString) Error() string { return string(e) }

// codeHash names a version of an example's text; saved edits are keyed by it.
func codeHash(code string) string {
	return strconv.FormatUint(xxhash.Sum64String(code), 16)
}
