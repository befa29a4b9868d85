package browser

import (
	"regexp"
	"strings"
	"testing"
)

// TestBrowserPlural reads the cost lines of a lesson's live results in both
// languages: a count of one takes the singular ("read 1 partition, 1 row"),
// never "1 partitions"; Chinese counts with a measure word and no plural.
func TestBrowserPlural(t *testing.T) {
	ctx := newTab(t)
	for _, c := range []struct{ lang, one string }{{"en", "read 1 partition, "}, {"zh", "读了 1 个分区"}} {
		openLesson(t, ctx, "/"+c.lang+"/queries-that-work/")
		// A live run of the first playground, as the reader's would be.
		typeAndRun(t, ctx, "#ex-0", "\n")
		plans := eval[string](t, ctx, `[...document.querySelectorAll(".out-plan")].map(p => p.textContent).join("\n")`)
		if !strings.Contains(plans, c.one) {
			t.Errorf("%s: no cost line reads %q:\n%s", c.lang, c.one, plans)
		}
		if bad := regexp.MustCompile(`\b1 (partitions|rows|tombstones)\b`).FindAllString(plans, -1); len(bad) > 0 {
			t.Errorf("%s: cost lines say %v", c.lang, bad)
		}
	}
}

// TestBrowserShareNote presses Share on a 360 px phone: its message is a
// line of its own under the bar's buttons, which stay where they were, in
// one row.
func TestBrowserShareNote(t *testing.T) {
	ctx := newTab(t)
	phone(t, ctx)
	freshLesson(t, ctx, usersLesson)
	inView(t, ctx, "#ex-0")
	const tops = `JSON.stringify([...document.querySelectorAll("#ex-0 .pg-bar button")].filter(b => !b.hidden).map(b => Math.round(b.getBoundingClientRect().top)))`
	before := eval[string](t, ctx, tops)
	eval[bool](t, ctx, `document.querySelector("#ex-0 .pg-share").click(), true`)
	waitFor(t, ctx, "Share's message", `document.querySelector("#ex-0 .pg-note").textContent !== ""`)
	if after := eval[string](t, ctx, tops); after != before {
		t.Errorf("Share's message moved the buttons: tops %s, then %s", before, after)
	}
	if !eval[bool](t, ctx, `document.querySelector("#ex-0 .pg-note").getBoundingClientRect().top >= Math.max(...[...document.querySelectorAll("#ex-0 .pg-bar button")].map(b => b.getBoundingClientRect().bottom)) - 1`) {
		t.Error("Share's message is not under the buttons")
	}
	// The next edit takes the message away: it was said of the text before.
	typeAndRun(t, ctx, "#ex-0", "\n")
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 .pg-note").textContent`); got != "" {
		t.Errorf("after an edit the bar still says %q", got)
	}
}
