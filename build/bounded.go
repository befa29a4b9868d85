package main

import (
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine"
)

// This file pre-renders data in volume in the storage views: a partition
// past the engine's bounds (engine.ViewBounds) shows its first and last
// rows and a gap with a button that lists its rows a page at a time, and a script that
// generated rows says so over the views. Its markup is mirrored by
// site/ts/bounded.ts; change both together.

// pageRows is how many more rows a gap's button lists (bounded.ts pageRows).
const pageRows = 1000

// boundedForms are the layout forms the page takes within bounds.
var boundedForms = map[string]bool{"map": true, "cli": true, "sstabledump": true}

// writeGap writes the gap standing for the rows a summarised partition
// left out (bounded.ts renderGap); tag is div in the Storage view, span in
// a text view.
func writeGap(b *strings.Builder, t *uiText, tag, table string, token int64, left, rows, bytes int) {
	text := strings.NewReplacer("{left}", groupDigits(left), "{rows}", groupDigits(rows), "{size}", szBytes(bytes)).Replace(t.Elided)
	b.WriteString(`<` + tag + ` class="lay-gap"><span class="lay-gap-text">` + html.EscapeString(text) +
		`</span><button type="button" class="lay-open" data-partition="` + html.EscapeString(engine.PartitionID(table, token)) + `">` +
		html.EscapeString(strings.ReplaceAll(t.OpenPartition, "{n}", groupDigits(min(pageRows, left)))) + "</button></" + tag + ">")
}

// writeBoundedText writes a text view (cli, sstabledump), each gap line
// replaced by its gap with the line's indentation kept, and what follows
// the engine's "... N rows left out ..." on the line (the "]" closing an
// opened partition's rows in sstabledump), and the line after the
// partitions listed by the page's "… and N more partitions."
// (bounded.ts renderBoundedText).
func writeBoundedText(b *strings.Builder, t *uiText, text string, elided []engine.Elision) {
	b.WriteString(`<pre class="lay-text">`)
	if len(elided) == 0 {
		b.WriteString(html.EscapeString(text) + "</pre>")
		return
	}
	at := map[int]engine.Elision{}
	for _, e := range elided {
		at[e.At] = e
	}
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		e, ok := at[i]
		if !ok {
			b.WriteString(html.EscapeString(line))
			continue
		}
		gap := strings.TrimLeft(line, " \t")
		b.WriteString(html.EscapeString(line[:len(line)-len(gap)]))
		if e.Partitions > 0 {
			b.WriteString(`<span class="lay-more">` + html.EscapeString(strings.ReplaceAll(t.More, "{n}", strconv.Itoa(e.Partitions))) + "</span>")
		} else {
			writeGap(b, t, "span", e.Table, e.Token, e.Left, e.Rows, e.Bytes)
		}
		if end := strings.Index(gap[min(3, len(gap)):], "..."); strings.HasPrefix(gap, "...") && end >= 0 {
			b.WriteString(html.EscapeString(gap[3+end+3:]))
		}
	}
	b.WriteString("</pre>")
}

// fillLine matches a -- @fill directive's line, with its row count.
var fillLine = regexp.MustCompile(`(?i)^\s*--[ \t]*@fill[ \t]+\S+[ \t]+([0-9_]+)`)

// filledRows is the rows a script's -- @fill directives generated: the
// count of each directive line that did not fail (bounded.ts filledRows).
func filledRows(script string, outcomes []engine.Outcome) int {
	failed := map[int]bool{}
	for _, o := range outcomes {
		if o.Error != nil {
			failed[o.Line] = true
		}
	}
	n := 0
	for i, line := range strings.Split(script, "\n") {
		if m := fillLine.FindStringSubmatch(line); m != nil && !failed[i+1] {
			k, _ := strconv.Atoi(strings.ReplaceAll(m[1], "_", ""))
			n += k
		}
	}
	return n
}

// writeFilled writes the notice over a bounded view of a script that
// generated rows (bounded.ts renderFilled).
func writeFilled(b *strings.Builder, t *uiText, rows int) {
	if rows > 0 {
		b.WriteString(`<p class="lay-filled">` + html.EscapeString(strings.ReplaceAll(t.Filled, "{n}", groupDigits(rows))) + "</p>")
	}
}

// groupDigits writes a count with its thousands grouped by commas, 100,000
// (bounded.ts groupDigits).
func groupDigits(n int) string {
	s := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	var b strings.Builder
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(s[i])
	}
	return sign + b.String()
}
