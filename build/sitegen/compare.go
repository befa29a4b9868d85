package sitegen

import (
	"html"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/build/lesson"
)

// writeVs draws the section under an example that names another with vs=:
// model A (that example) against model B (this one), one row per access
// pattern, each cell the pattern's cost in its model, so query-first design
// is measured, not asserted. The table is site/ts/compare.ts's, which
// redraws it as either playground runs.
func (w *writer) writeVs(b *strings.Builder, t *uiText, p *prerenderer, a, bEx *lesson.Example, pa, pb []lesson.PatternRun) error {
	table, err := p.vsTable(t, a.ID, bEx.ID, pa, pb)
	if err != nil {
		return err
	}
	b.WriteString(`<section class="vs" data-a="ex-` + strconv.Itoa(a.Index) + `" data-b="ex-` + strconv.Itoa(bEx.Index) + `">`)
	b.WriteString(`<p class="vs-title">` + html.EscapeString(t.VsTitle) + `</p>`)
	b.WriteString(table)
	b.WriteString(`</section>`)
	return nil
}
