package browser

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserHomeFirstScreen opens the index as a first-time visitor would,
// on a laptop and on a phone: the first screen says what cqlplay is, leads
// into lesson 1 and the playground, and holds a live example whose storage
// redraws as the visitor types and whose edit survives a reload. Progress
// waits below the course until there is some, then the way back is on top.
func TestBrowserHomeFirstScreen(t *testing.T) {
	ctx := newTab(t)
	for _, c := range []struct {
		lang          string
		width, height int64
	}{{"en", 1280, 800}, {"zh", 360, 780}} {
		t.Run(c.lang+"-"+strconv.Itoa(int(c.width)), func(t *testing.T) {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(c.width, c.height)); err != nil {
				t.Fatal(err)
			}
			home := "/" + c.lang + "/"
			openLesson(t, ctx, home)
			clearStorage(t, ctx)
			openLesson(t, ctx, home)
			t.Cleanup(func() {
				if ctx.Err() == nil {
					chromedp.Run(ctx, chromedp.Evaluate[bool](clearStorageJS))
					chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800))
				}
			})
			onFirstScreen := func(what, sel string) {
				t.Helper()
				js := `(() => { const r = document.querySelector(` + strconv.Quote(sel) + `).getBoundingClientRect();
					return r.height > 0 && r.top >= 0 && r.top < innerHeight })()`
				if !eval[bool](t, ctx, js) {
					t.Errorf("%s (%s) is not on the first screen at %d px", what, sel, c.width)
				}
			}
			onFirstScreen("the title", ".home h1")
			onFirstScreen("the way into lesson 1", ".home-start")
			onFirstScreen("the blank playground", ".home-play")
			onFirstScreen("the live example's editor", ".home .pg textarea")
			if c.width >= 1280 {
				onFirstScreen("the live example's storage", ".home .pg-storage .lay-part")
			}
			if got := eval[string](t, ctx, `document.querySelector(".home-start").getAttribute("href")`); got != "/"+c.lang+"/nested-sorted-map/" {
				t.Errorf("the start link goes to %q, not lesson 1", got)
			}
			// A first visitor has no progress: no way back on top, and the
			// progress card comes after the course.
			if !eval[bool](t, ctx, `document.querySelector(".home .continue").hidden`) {
				t.Error("a first visitor sees a 'continue' line")
			}
			if !eval[bool](t, ctx, `!!(document.querySelector(".lesson-list:last-of-type").compareDocumentPosition(document.querySelector("section.progress")) & Node.DOCUMENT_POSITION_FOLLOWING)`) {
				t.Error("the progress card is not below the course")
			}
			// The phone wraps the editor's lines rather than scrolling them sideways.
			if c.width < 600 {
				if eval[bool](t, ctx, `(() => { const s = document.querySelector(".home .ed-scroll"); return s.scrollWidth > s.clientWidth + 1 })()`) {
					t.Error("the editor scrolls sideways on a phone")
				}
				if !eval[bool](t, ctx, `(() => { const ta = document.querySelector(".home .ed-input"), hl = document.querySelector(".home .ed-hl");
					return Math.abs(ta.scrollHeight - hl.offsetHeight) <= 1 })()`) {
					t.Error("the textarea and the coloured lines wrap differently")
				}
			}
			// Type a row: the storage draws its partition.
			fig := ".home figure.pg"
			typeAndRun(t, ctx, fig, "\nINSERT INTO temps (city, day, high) VALUES ('Lima', '2026-11-28', 21);")
			waitFor(t, ctx, "Lima's partition", `[...document.querySelectorAll(".home .pg-storage .lay-part")].some(p => p.textContent.includes("Lima"))`)
			// The edit is kept: a reload shows it again.
			eval[bool](t, ctx, `(dispatchEvent(new PageTransitionEvent("pagehide")), true)`)
			openLesson(t, ctx, home)
			if !eval[bool](t, ctx, `document.querySelector(".home textarea").value.includes("'Lima'")`) {
				t.Error("the edit of the index's example is lost on reload")
			}
		})
	}
}
