package browser

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserEmbed takes the Embed snippet of an example that continues an
// earlier one, opens its page, and checks that a live run there, its prelude
// coming from the setup block, draws what the build drew on the lesson.
func TestBrowserEmbed(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson) // no saved edit of ex-0 from an earlier test
	const fig = "#ex-1"
	if eval[string](t, ctx, `document.querySelector("`+fig+`").dataset.prelude || ""`) == "" {
		t.Fatal(fig + " continues no example: pick one that does")
	}
	inView(t, ctx, fig)
	// The playground's height before the click shows the snippet under its bar.
	tall := eval[float64](t, ctx, `document.querySelector("`+fig+`").getBoundingClientRect().height`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fig+" .pg-embed"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the embed snippet", `!!document.querySelector("`+fig+` .pg-snippet")`)
	snippet := eval[string](t, ctx, `document.querySelector("`+fig+` .pg-snippet").value`)
	src := testURL + usersLesson + "embed/1/"
	if !strings.HasPrefix(snippet, `<iframe src="`+src+`" title="cqlplay: `) || !strings.Contains(snippet, "></iframe>") {
		t.Fatalf("the embed snippet is %q", snippet)
	}
	// It starts as tall as the playground it frames (hosts without scripts
	// keep that height) and carries the resizer for hosts with them.
	height, _ := strconv.Atoi(strings.SplitN(strings.SplitN(snippet, `height="`, 2)[1], `"`, 2)[0])
	if float64(height) < tall || float64(height) > tall+100 {
		t.Errorf("the snippet's iframe is %d px tall; its playground is %.0f px", height, tall)
	}
	if !strings.Contains(snippet, `var site = "`+testURL+`"`) || !strings.HasSuffix(snippet, "</script>") {
		t.Errorf("the snippet carries no resizer for %s: %q", testURL, snippet)
	}
	built := eval[string](t, ctx, `document.querySelector("`+fig+` .pg-results").textContent`)

	if err := chromedp.Do(ctx, chromedp.Navigate(src)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the embed page's first run", `document.documentElement.dataset.engine === "ready" && Number(document.querySelector("`+fig+`").dataset.runs) >= 1`)
	if got := eval[int](t, ctx, `document.querySelectorAll("figure.pg, .site-head, .pg-embed").length`); got != 1 {
		t.Errorf("the embed page has %d playgrounds, headers and embed buttons, want the playground alone", got)
	}
	typeAndRun(t, ctx, fig, "\n")
	if live := eval[string](t, ctx, `document.querySelector("`+fig+` .pg-results").textContent`); live != built {
		t.Errorf("the embed page's live run draws\n%s\nthe lesson's build drew\n%s", live, built)
	}
	clearStorage(t, ctx)
}
