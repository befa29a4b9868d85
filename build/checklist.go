package main

import (
	"html"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/build/lesson"
)

// writeChecklist draws the access patterns' checklist under the Model view's
// diagram (build/lesson/patterns.go says what a pattern is and how each line
// is judged), or, when the script lists none, how to list them.
// site/ts/patterns.ts draws the same markup; change both together.
func writeChecklist(b *strings.Builder, t *uiText, patterns []lesson.PatternRun) {
	if len(patterns) == 0 {
		b.WriteString(`<p class="ap-hint">` + html.EscapeString(t.APHint) + `</p>`)
		return
	}
	good := 0
	var items strings.Builder
	for i, p := range patterns {
		runs, noFiltering, onePartition, order := p.Verdicts()
		cls := "ap-item ap-bad"
		if p.Answered() {
			good++
			cls = "ap-item ap-ok"
		}
		items.WriteString(`<li class="` + cls + `"><span class="ap-label">A` + strconv.Itoa(i+1) + `</span> <span class="ap-name">` +
			html.EscapeString(p.Name) + `</span> <code class="ap-query">` + html.EscapeString(p.Query) + `</code><ul class="ap-checks">`)
		for _, v := range []struct {
			verdict lesson.Verdict
			label   string
		}{{runs, t.APRuns}, {noFiltering, t.APNoFilter}, {onePartition, t.APOnePartition}, {order, t.APOrder}} {
			items.WriteString(`<li class="ap-v ` + [...]string{"ap-fails", "ap-holds", "ap-na"}[v.verdict] + `">` + html.EscapeString(v.label) + `</li>`)
		}
		items.WriteString(`</ul>`)
		if p.Got != nil && p.Got.Error != nil {
			items.WriteString(`<p class="out-err">` + html.EscapeString(p.Got.Error.Message) + `</p>`)
		}
		items.WriteString(`</li>`)
	}
	score := strings.NewReplacer("{n}", strconv.Itoa(good), "{m}", strconv.Itoa(len(patterns))).Replace(t.APScore)
	b.WriteString(`<section class="ap"><h4 class="ap-title">` + html.EscapeString(t.APTitle) + `</h4><p class="ap-score">` +
		html.EscapeString(score) + `</p><ol class="ap-list">` + items.String() + `</ol></section>`)
}
