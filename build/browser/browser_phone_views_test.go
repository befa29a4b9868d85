package browser

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserPhoneTabs reads lesson 20 on a 360 px phone, in both
// languages: each playground's eight tabs are one row (not three), which
// scrolls sideways; the open view's tab is whole on screen, from the start
// (its first example opens on Model, the last tab) and as the reader moves
// with Home, End and the arrow keys.
func TestBrowserPhoneTabs(t *testing.T) {
	ctx := newTab(t)
	phone(t, ctx)
	for _, lang := range []string{"en", "zh"} {
		openLesson(t, ctx, "/"+lang+"/a-chat-application-end-to-end/")
		const fig = "#ex-0"
		inView(t, ctx, fig)
		row := `document.querySelector("` + fig + ` .pg-tabs")`
		if n := eval[int](t, ctx, `new Set([...`+row+`.querySelectorAll("[role=tab]")].map(b => Math.round(b.getBoundingClientRect().top))).size`); n != 1 {
			t.Errorf("%s: the tabs stand in %d rows, want one", lang, n)
		}
		if !eval[bool](t, ctx, `(r => r.scrollWidth > r.clientWidth)(`+row+`)`) {
			t.Errorf("%s: the row of tabs fits a phone: the test measures nothing", lang)
		}
		whole := func(what string) {
			t.Helper()
			waitFor(t, ctx, what+": the open tab whole in its row", `(() => {
				const r = `+row+`.getBoundingClientRect(), b = `+row+`.querySelector("[aria-selected=true]").getBoundingClientRect();
				return b.left >= r.left - 0.5 && b.right <= r.right + 0.5;
			})()`)
		}
		whole("at the start, on Model")
		for _, key := range []string{"Home", "ArrowRight", "ArrowRight", "End", "ArrowLeft"} {
			if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(fig+` .pg-tabs [aria-selected="true"]`))); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent(map[string]string{"Home": kb.Home, "End": kb.End, "ArrowRight": kb.ArrowRight, "ArrowLeft": kb.ArrowLeft}[key])); err != nil {
				t.Fatal(err)
			}
			whole("after " + key)
		}
		if got := eval[string](t, ctx, `document.querySelector("`+fig+`").dataset.open`); got != "sizes" {
			t.Errorf("%s: after Home, two Rights, End and Left the open view is %q, want sizes", lang, got)
		}
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 360 {
			t.Errorf("%s: the page is %d px wide on a phone", lang, w)
		}
	}
}
