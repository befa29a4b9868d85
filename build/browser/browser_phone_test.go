package browser

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/cqlplay/cqlplay/build/lesson"
	"github.com/cqlplay/cqlplay/build/sitegen"
)

// phone makes the tab a 360 px wide phone: the narrowest screen the site is
// laid out for (site/css/site.css, max-width: 480px).
func phone(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2), chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserPhone reads a lesson with an exercise on a 360 px phone, in
// English and Chinese: the page does not scroll sideways, the open view's tab
// is on screen, the editor's gutter
// runs its whole height, its text is 16 px or more (smaller, and the phone
// zooms the page on focus), and the exercise's "Show a solution" is right
// under its failing score, on the screen that shows the tabs, not below
// every failed check. In the Storage view a short value stays on one line.
func TestBrowserPhone(t *testing.T) {
	ctx := newTab(t)
	phone(t, ctx)
	for _, lang := range []string{"en", "zh"} {
		openLesson(t, ctx, "/"+lang+"/queries-that-work/")
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 360 {
			t.Errorf("%s: the page is %d px wide on a 360 px phone", lang, w)
		}
		fig := `document.querySelector("figure[data-exercise]")`
		eval[bool](t, ctx, fig+`.querySelector(".pg-tabs").scrollIntoView(), true`)
		waitFor(t, ctx, "the exercise laid out", fig+`.querySelector("[role=tab]").getBoundingClientRect().width > 0`)
		// The tabs stay in one row (TestBrowserPhoneTabs), the open one whole on screen.
		if off := eval[string](t, ctx, `[...document.querySelectorAll("figure.pg")].flatMap(f => {
			const bar = f.querySelector(".pg-tabs").getBoundingClientRect();
			if (bar.width === 0) return []; // not laid out (content-visibility): measured when scrolled to
			return [...f.querySelectorAll("[role=tab][aria-selected=true]")].filter(b => { const r = b.getBoundingClientRect(); return r.left < bar.left - 0.5 || r.right > bar.right + 0.5 || r.width === 0 }).map(b => f.id + " " + b.textContent);
		}).join(", ")`); off != "" {
			t.Errorf("%s: open tabs off their bar: %s", lang, off)
		}
		// The editor's help line keeps its place while hidden (two lines on
		// a phone); the gutter runs down beside it, not leaving a blank strip.
		if gap := eval[float64](t, ctx, `(() => { const ed = `+fig+`.querySelector(".ed"); return ed.getBoundingClientRect().bottom - ed.querySelector(".ed-gutter").getBoundingClientRect().bottom; })()`); gap > 1 {
			t.Errorf("%s: the editor reaches %v px below its gutter", lang, gap)
		}
		if px := eval[float64](t, ctx, `parseFloat(getComputedStyle(document.querySelector(".ed textarea")).fontSize)`); px < 16 {
			t.Errorf("%s: the editor's text is %v px on a phone, want 16 or more", lang, px)
		}
		if got := eval[string](t, ctx, fig+`.querySelector(".ex-score").dataset.passed`); got != "0" {
			t.Fatalf("%s: %s checks pass on the starting text, want none", lang, got)
		}
		// Scrolled so that the tabs are at the top, the reader sees the
		// score and the solution's disclosure without scrolling further.
		eval[bool](t, ctx, fig+`.querySelector(".pg-tabs").scrollIntoView(), true`)
		if bottom, h := eval[float64](t, ctx, fig+`.querySelector(".ex-sol summary").getBoundingClientRect().bottom`), eval[float64](t, ctx, `innerHeight`); bottom <= 0 || bottom > h {
			t.Errorf("%s: with the tabs at the top of the screen, the solution's summary ends at %v px of %v", lang, bottom, h)
		}
		if !eval[bool](t, ctx, `(() => { const p = `+fig+`.querySelector(".pg-checks"); return p.querySelector(".ex-score").nextElementSibling === p.querySelector("details.ex-sol") })()`) {
			t.Errorf("%s: the solution is not right under the score", lang)
		}

		// The Storage view: a short value stays on one line (its timestamp
		// wraps under it instead of squeezing it to a few letters a line).
		openLesson(t, ctx, "/"+lang+"/how-rows-are-stored/")
		eval[bool](t, ctx, `document.querySelector("#ex-0-tab-storage").click(), true`)
		inView(t, ctx, "#ex-0")
		waitFor(t, ctx, "the storage view", `document.querySelector("#ex-0-storage .lay-val")?.getBoundingClientRect().height > 0`)
		if broken := eval[string](t, ctx, `[...document.querySelectorAll("#ex-0-storage .lay-val")].filter(v => v.textContent.length <= 16 && v.getClientRects().length === 1 && v.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(v).lineHeight === "normal" ? 13 * 1.3 : getComputedStyle(v).lineHeight)).map(v => v.textContent).join(", ")`); broken != "" {
			t.Errorf("%s: short values broken over lines in the storage view: %s", lang, broken)
		}
	}
}

// TestBrowserPhoneFits opens every page of the site's kinds (indexes,
// playgrounds, every lesson in both languages) on a 360 px phone: none is
// wider than the screen. A long inline code span in a sentence
// (clusterVal1:clusterVal2:normalfield1) once was.
func TestBrowserPhoneFits(t *testing.T) {
	lessons, err := lesson.Load(filepath.Join(testRoot, "content"))
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{"/en/", "/zh/", "/en/play/", "/zh/play/"}
	for _, l := range lessons {
		paths = append(paths, sitegen.LessonURL(l))
	}
	ctx := newTab(t)
	phone(t, ctx)
	for _, path := range paths {
		if err := chromedp.Do(ctx, chromedp.Navigate(testURL+path)); err != nil {
			t.Fatal(err)
		}
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 360 {
			wide := eval[string](t, ctx, `[...document.querySelectorAll("main *")].filter(e => e.getBoundingClientRect().right > 361 && !e.closest("pre, .pg, table")).slice(0, 3).map(e => e.tagName + " " + e.textContent.slice(0, 40)).join("; ")`)
			t.Errorf("%s is %d px wide on a 360 px phone: %s", path, w, wide)
		}
	}
}
