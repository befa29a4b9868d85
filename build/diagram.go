package main

import (
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/build/lesson"
	"github.com/cqlplay/cqlplay/engine"
)

// This file draws the Model view: the reader's schema as a Chebotko diagram
// (each table a box, K beside a partition key column, C↑ or C↓ beside a
// clustering column with its order, S beside a static one) and the script's
// SELECTs as arrows to the table that answers them, red where they fail.
// site/ts/diagram.ts draws the same markup in the browser from the same
// "map" layout and outcomes; change both together (TestDiagram and
// TestBrowserMatchesBuild hold them to it). Every coordinate is a whole
// number, so Go and JavaScript print them alike.

// Diagram metrics, in pixels: a monospace character, a row, the gaps.
const (
	dgChar     = 7  // width of a character at the diagram's 12px monospace
	dgRow      = 18 // a column's row in a table box
	dgHead     = 24 // a table box's header, and a query's box
	dgPad      = 8
	dgGap      = 64 // between the queries and the tables
	dgQueryMax = 46 // characters of a query's text before it is cut
)

// diagramQuery is one SELECT of the script: rest is its text after the
// table's name, which is all its box needs to show once an arrow names the
// table.
type diagramQuery struct {
	label, text, rest, table, err string
}

// fromClause finds the table a SELECT names, for a statement that failed
// before the engine planned it (a plan names its table itself).
var fromClause = regexp.MustCompile(`(?i)\bFROM\s+("(?:[^"]|"")+"|\w+)(?:\s*\.\s*("(?:[^"]|"")+"|\w+))?`)

// identifier is a CQL name as the schema spells it: quoted names keep their
// case, others are lower-cased.
func identifier(s string) string {
	if strings.HasPrefix(s, `"`) {
		return strings.ReplaceAll(s[1:len(s)-1], `""`, `"`)
	}
	return strings.ToLower(s)
}

// diagramQueries are the SELECTs among the outcomes, each with the table it
// read ("keyspace.name", or a bare name when it failed unplanned), labelled
// prefix1, prefix2...
func diagramQueries(outs []engine.Outcome, prefix string) []diagramQuery {
	var qs []diagramQuery
	for _, o := range outs {
		text := strings.Join(strings.FieldsFunc(o.Statement, asciiSpace), " ")
		if len(text) < 7 || strings.ToUpper(text[:7]) != "SELECT " {
			continue
		}
		q := diagramQuery{label: prefix + strconv.Itoa(len(qs)+1), text: text}
		if m := fromClause.FindStringSubmatchIndex(text); m != nil {
			q.rest = strings.TrimSpace(text[m[1]:])
			q.table = identifier(text[m[2]:m[3]])
			if m[4] >= 0 {
				q.table += "." + identifier(text[m[4]:m[5]])
			}
		}
		if o.Plan != nil {
			q.table = o.Plan.Table
		}
		if o.Error != nil {
			q.err = o.Error.Message
		}
		qs = append(qs, q)
	}
	return qs
}

// asciiSpace is CQL's whitespace, the same set in Go and in JavaScript.
func asciiSpace(r rune) bool { return strings.ContainsRune(" \t\n\r\f\v", r) }

// diagramTarget is the index of the table a query's name means: an exact
// keyspace.name, or a bare name's first table of that name.
func diagramTarget(tables []mapTable, name string) int {
	for i, t := range tables {
		if t.Keyspace+"."+t.Name == name {
			return i
		}
	}
	if !strings.Contains(name, ".") {
		for i, t := range tables {
			if t.Name == name {
				return i
			}
		}
	}
	return -1
}

// cut shortens s to n characters, the last an ellipsis.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func chars(s string) int { return len([]rune(s)) }

// writeDiagram draws the map layout JSON, the outcomes and the access
// patterns as the Model view: the diagram, then the patterns' checklist.
func writeDiagram(b *strings.Builder, t *uiText, mapJSON string, outs []engine.Outcome, patterns []lesson.PatternRun) {
	var m struct {
		Tables []mapTable `json:"tables"`
	}
	if !decodeMap(b, mapJSON, &m) {
		return
	}
	if len(m.Tables) == 0 {
		writeNote(b, t.NoTables)
	} else {
		writeSVG(b, t, m.Tables, outs, patterns)
	}
	writeChecklist(b, t, patterns)
}

// writeSVG draws the tables, the script's SELECTs (Q1, Q2...) and the access
// patterns' queries (A1, A2...).
func writeSVG(b *strings.Builder, t *uiText, tables []mapTable, outs []engine.Outcome, patterns []lesson.PatternRun) {
	qs := diagramQueries(outs, "Q")
	qs = append(qs, diagramQueries(patternOutcomes(patterns), "A")...)
	targets, shown := make([]int, len(qs)), make([]string, len(qs))
	for i, q := range qs {
		targets[i] = diagramTarget(tables, q.table)
		shown[i] = q.text
		if targets[i] >= 0 && q.rest != "" {
			shown[i] = q.rest
		}
		shown[i] = cut(q.label+" "+shown[i], dgQueryMax)
	}
	oneKeyspace := true
	for _, tb := range tables {
		oneKeyspace = oneKeyspace && tb.Keyspace == tables[0].Keyspace
	}

	// The queries' column, then the tables' column beside it.
	qw := 0
	for _, text := range shown {
		qw = max(qw, chars(text))
	}
	qw = qw*dgChar + 2*dgPad
	tx := dgPad
	if len(qs) > 0 {
		tx += qw + dgGap
	}
	type box struct{ y, w, nameW int }
	boxes := make([]box, len(tables))
	y, width := dgPad, tx
	for i, tb := range tables {
		nameW, typeW := 0, 0
		for _, c := range diagramColumns(tb) {
			nameW, typeW = max(nameW, chars(c.name)), max(typeW, chars(c.typ))
		}
		w := max(chars(diagramTitle(tb, oneKeyspace)), nameW+1+typeW+4)*dgChar + 2*dgPad
		boxes[i] = box{y, w, nameW}
		y += dgHead + len(diagramColumns(tb))*dgRow + 2*dgPad
		width = max(width, tx+w+dgPad)
	}
	height := max(y, dgPad+len(qs)*(dgHead+dgPad)+dgPad)

	n := strconv.Itoa
	b.WriteString(`<div class="dg"><svg class="dg-svg" width="` + n(width) + `" height="` + n(height) +
		`" viewBox="0 0 ` + n(width) + " " + n(height) + `" role="img" aria-label="` + html.EscapeString(t.ModelLabel) + `">`)
	for i, tb := range tables {
		bx := boxes[i]
		cols := diagramColumns(tb)
		b.WriteString(`<g class="dg-table" data-table="` + html.EscapeString(tb.Keyspace+"."+tb.Name) + `">`)
		b.WriteString(`<rect class="dg-box" x="` + n(tx) + `" y="` + n(bx.y) + `" width="` + n(bx.w) + `" height="` + n(dgHead+len(cols)*dgRow+dgPad) + `" rx="4"></rect>`)
		b.WriteString(`<text class="dg-title" x="` + n(tx+dgPad) + `" y="` + n(bx.y+17) + `">` + html.EscapeString(diagramTitle(tb, oneKeyspace)) + `</text>`)
		b.WriteString(`<line class="dg-rule" x1="` + n(tx) + `" y1="` + n(bx.y+dgHead) + `" x2="` + n(tx+bx.w) + `" y2="` + n(bx.y+dgHead) + `"></line>`)
		for j, c := range cols {
			ry := bx.y + dgHead + j*dgRow + 14
			b.WriteString(`<text class="dg-col` + c.cls + `" x="` + n(tx+dgPad) + `" y="` + n(ry) + `">` + html.EscapeString(c.name) + `</text>`)
			b.WriteString(`<text class="dg-type" x="` + n(tx+dgPad+(bx.nameW+1)*dgChar) + `" y="` + n(ry) + `">` + html.EscapeString(c.typ) + `</text>`)
			if c.mark != "" {
				b.WriteString(`<text class="dg-mark" x="` + n(tx+bx.w-dgPad) + `" y="` + n(ry) + `" text-anchor="end">` + c.mark + `</text>`)
			}
		}
		b.WriteString(`</g>`)
	}
	for i, q := range qs {
		qy := dgPad + i*(dgHead+dgPad)
		cls := "dg-query"
		if q.err != "" {
			cls += " dg-fail"
		}
		title := q.text
		if q.err != "" {
			title += "\n" + q.err
		}
		b.WriteString(`<g class="` + cls + `"><title>` + html.EscapeString(title) + `</title>`)
		b.WriteString(`<rect class="dg-qbox" x="` + n(dgPad) + `" y="` + n(qy) + `" width="` + n(qw) + `" height="` + n(dgHead) + `" rx="12"></rect>`)
		b.WriteString(`<text class="dg-qtext" x="` + n(2*dgPad) + `" y="` + n(qy+16) + `">` + html.EscapeString(shown[i]) + `</text>`)
		if k := targets[i]; k >= 0 {
			x1, y1, x2, y2 := dgPad+qw, qy+dgHead/2, tx, boxes[k].y+dgHead/2
			b.WriteString(`<path class="dg-arrow" d="M` + n(x1) + " " + n(y1) + " C" + n(x1+dgGap/2) + " " + n(y1) + " " + n(x2-dgGap/2) + " " + n(y2) +
				" " + n(x2-6) + " " + n(y2) + `"></path>`)
			b.WriteString(`<path class="dg-head" d="M` + n(x2-7) + " " + n(y2-4) + " L" + n(x2) + " " + n(y2) + " L" + n(x2-7) + " " + n(y2+4) + ` Z"></path>`)
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</svg><p class="dg-legend">` + html.EscapeString(t.ModelLegend) + `</p></div>`)
}

// patternOutcomes are the patterns' outcomes as the diagram reads them: a
// pattern that produced none is its query, failed.
func patternOutcomes(ps []lesson.PatternRun) []engine.Outcome {
	outs := make([]engine.Outcome, len(ps))
	for i, p := range ps {
		if p.Got != nil {
			outs[i] = *p.Got
		} else {
			outs[i] = engine.Outcome{Statement: p.Query, Error: &engine.Error{Message: "no outcome"}}
		}
	}
	return outs
}

// diagramColumn is one row of a table box.
type diagramColumn struct{ name, typ, mark, cls string }

// diagramColumns lists a table's columns in Chebotko's order: the partition
// key (K), the clustering columns (C↑ ascending, C↓ descending), the static
// columns (S), then the rest.
func diagramColumns(tb mapTable) []diagramColumn {
	var cs []diagramColumn
	for _, c := range tb.PartitionKey {
		cs = append(cs, diagramColumn{c.Name, c.Type, "K", " dg-key"})
	}
	for _, c := range tb.Clustering {
		mark := "C↑"
		if c.Desc {
			mark = "C↓"
		}
		cs = append(cs, diagramColumn{c.Name, c.Type, mark, " dg-key"})
	}
	for _, c := range tb.Static {
		cs = append(cs, diagramColumn{c.Name, c.Type, "S", ""})
	}
	for _, c := range tb.Regular {
		cs = append(cs, diagramColumn{c.Name, c.Type, "", ""})
	}
	return cs
}

// diagramTitle names a table box: its keyspace too when tables of several
// keyspaces are drawn.
func diagramTitle(tb mapTable, oneKeyspace bool) string {
	if oneKeyspace {
		return tb.Name
	}
	return tb.Keyspace + "." + tb.Name
}
