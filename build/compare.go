package main

import (
	"html"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/build/lesson"
	"github.com/cqlplay/cqlplay/engine"
)

// writeVs draws the table under an example that names another with vs=:
// model A (that example) against model B (this one), one row per access
// pattern, matched by the first word of their names (Q1, Q2...), each cell
// the pattern's cost in its model, so query-first design is measured, not
// asserted. site/ts/compare.ts redraws it as either playground runs, with
// the same markup; change both together.
func writeVs(b *strings.Builder, t *uiText, a, bEx *lesson.Example, pa, pb []lesson.PatternRun) {
	b.WriteString(`<section class="vs" data-a="ex-` + strconv.Itoa(a.Index) + `" data-b="ex-` + strconv.Itoa(bEx.Index) + `">`)
	b.WriteString(`<h4 class="vs-title">` + html.EscapeString(t.VsTitle) + `</h4>`)
	writeVsTable(b, t, a.ID, bEx.ID, pa, pb)
	b.WriteString(`</section>`)
}

// writeVsTable writes the table of a vs section.
func writeVsTable(b *strings.Builder, t *uiText, idA, idB string, pa, pb []lesson.PatternRun) {
	b.WriteString(`<table class="vs-table"><thead><tr><th scope="col">` + html.EscapeString(t.VsQuery) + `</th><th scope="col">A · ` +
		html.EscapeString(idA) + `</th><th scope="col">B · ` + html.EscapeString(idB) + `</th></tr></thead><tbody>`)
	for _, row := range vsRows(pa, pb) {
		b.WriteString(`<tr><th scope="row" class="vs-name">` + html.EscapeString(row.name) + `</th>`)
		for _, p := range []*lesson.PatternRun{row.a, row.b} {
			class, text := vsCell(t, p)
			if class == "vs-bad" && chars(text) > vsCut {
				// The cell says why in a line; its tooltip says all.
				b.WriteString(`<td class="` + class + `" title="` + html.EscapeString(text) + `">` + html.EscapeString(cut(text, vsCut)) + `</td>`)
				continue
			}
			b.WriteString(`<td class="` + class + `">` + html.EscapeString(text) + `</td>`)
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table>`)
}

// vsCut is how many characters of a failure's message a cell shows.
const vsCut = 64

type vsRow struct {
	name string
	a, b *lesson.PatternRun
}

// vsKey is what matches a pattern of A with one of B: its name's first word.
func vsKey(name string) string {
	k, _, _ := strings.Cut(name, " ")
	return k
}

// vsRows pairs the patterns: A's in order, each with B's of the same key,
// then B's left over.
func vsRows(pa, pb []lesson.PatternRun) []vsRow {
	var rows []vsRow
	used := make([]bool, len(pb))
	for i := range pa {
		row := vsRow{name: pa[i].Name, a: &pa[i]}
		for j := range pb {
			if !used[j] && vsKey(pb[j].Name) == vsKey(pa[i].Name) {
				row.b, used[j] = &pb[j], true
				break
			}
		}
		rows = append(rows, row)
	}
	for j := range pb {
		if !used[j] {
			rows = append(rows, vsRow{name: pb[j].Name, b: &pb[j]})
		}
	}
	return rows
}

// vsCell is a pattern's cell: answered as it should be (vs-ok), running at
// a cost (vs-warn: filtering, several partitions, another order), failing
// (vs-bad, with the engine's message), or absent from the model (vs-none).
func vsCell(t *uiText, p *lesson.PatternRun) (class, text string) {
	switch {
	case p == nil:
		return "vs-none", "—"
	case p.Got == nil:
		return "vs-bad", "no outcome"
	case p.Got.Error != nil:
		return "vs-bad", firstLine(p.Got.Error.Message)
	}
	class = "vs-warn"
	if p.Answered() {
		class = "vs-ok"
	}
	return class, vsCost(t, p.Got.Plan)
}

// vsCost says what a query read: partitions, rows read and returned, nodes.
func vsCost(t *uiText, plan *engine.Plan) string {
	if plan == nil {
		return ""
	}
	nodes := make([]string, len(plan.Nodes))
	for i, n := range plan.Nodes {
		nodes[i] = strconv.Itoa(n)
	}
	return strings.NewReplacer("{p}", strconv.Itoa(plan.PartitionsRead), "{r}", strconv.Itoa(plan.RowsRead),
		"{n}", strconv.Itoa(plan.RowsReturned), "{nodes}", strings.Join(nodes, ", ")).Replace(t.VsCost)
}
