package browser

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserLanguageSwitchKeepsPlace scrolls a lesson to a playground and
// follows the header's link to the translation (a real click, which scrolls
// back up to the header as a reader does): it opens at the same playground,
// not at its top.
func TestBrowserLanguageSwitchKeepsPlace(t *testing.T) {
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson)
	// Scrolled to the playground, the window comes to rest (scrollend).
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise(r => {
		addEventListener("scrollend", () => r(true), { once: true });
		document.querySelector("#ex-3").scrollIntoView({ block: "start" });
		scrollBy(0, 20);
	})`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.langs a[hreflang="zh"]`))); err != nil {
		t.Fatal(err)
	}
	waitAcross(t, ctx, "the translation at the kept place", `location.pathname === "/zh/queries-that-work/" && document.documentElement.dataset.placeKept !== undefined`)
	got := eval[string](t, ctx, `(() => {
		const top = [...document.querySelectorAll("main h2, main h3, main figure.pg")].filter(m => m.getBoundingClientRect().top <= 1).pop();
		return top ? top.id || top.tagName : "the page's top";
	})()`)
	if got != "ex-3" {
		t.Errorf("the translation opens at %s, want the playground ex-3 the reader was at", got)
	}
	// A page read from its top, never scrolled: the translation opens at its top.
	if err := chromedp.Do(ctx, chromedp.Navigate(testURL+"/zh/queries-that-work/")); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.langs a[hreflang="en"]`))); err != nil {
		t.Fatal(err)
	}
	waitAcross(t, ctx, "the English page", `location.pathname === "/en/queries-that-work/" && document.readyState === "complete" && document.documentElement.classList.contains("js")`)
	if y := eval[float64](t, ctx, `scrollY`); y != 0 {
		t.Errorf("from the top of the page, the translation opens scrolled to %v", y)
	}
}

// waitAcross waits for a condition that holds after a navigation: an
// evaluation the navigation interrupts is tried again.
func waitAcross(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	for ctx.Err() == nil {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
		if err == nil && ok {
			return
		}
		chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(20*time.Millisecond))) // returns when it holds or the page goes
	}
	t.Fatalf("waiting for %s (%s): %v", what, js, ctx.Err())
}
