package browser

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/cqlplay/cqlplay/build/ui"
)

// TestBrowserHeadingAnchors: a heading's "#" link is for every reader, in
// each language: not hidden from screen readers, named in the page's
// language, reached by the Tab key, and shown when it has the focus.
func TestBrowserHeadingAnchors(t *testing.T) {
	ctx := newTab(t)
	for _, lang := range []string{"en", "zh"} {
		openLesson(t, ctx, "/"+lang+"/queries-that-work/")
		n := eval[int](t, ctx, `document.querySelectorAll("h2 .anchor").length`)
		if n == 0 {
			t.Fatalf("%s: the lesson has no heading anchors", lang)
		}
		want := ui.Strings[lang].Anchor
		if bad := eval[string](t, ctx, `[...document.querySelectorAll(".anchor")].filter(a => a.closest("[aria-hidden=true]") || a.tabIndex < 0 || a.getAttribute("aria-label") !== `+jsString(want)+`).map(a => a.outerHTML).join("\n")`); bad != "" {
			t.Errorf("%s: anchors hidden, unreachable or not named %q:\n%s", lang, want, bad)
		}
		shown := eval[string](t, ctx, `(() => { const a = document.querySelector("h2 .anchor"); a.focus(); return document.activeElement === a ? getComputedStyle(a).opacity : "not focused"; })()`)
		if shown != "1" {
			t.Errorf("%s: a focused anchor's opacity is %s, want 1", lang, shown)
		}
	}
}

// TestBrowserFooterAndIcon: every kind of page (index, lesson, playground,
// 404) ends with the site's footer in its language and links the icon,
// which the server gives as SVG.
func TestBrowserFooterAndIcon(t *testing.T) {
	ctx := newTab(t)
	for _, path := range []string{"/en/", "/zh/", usersLesson, "/zh/queries-that-work/", "/en/play/", "/zh/play/", "/no-such-page/"} {
		if err := chromedp.Do(ctx, chromedp.Navigate(testURL+path)); err != nil {
			t.Fatal(err)
		}
		lang := eval[string](t, ctx, `location.pathname.split("/")[1]`) // "en", "zh"; the 404 page is English
		text := ui.Strings[lang]
		if text == nil {
			text = ui.Strings["en"]
		}
		if foot := eval[string](t, ctx, `document.querySelector("footer")?.textContent.trim() ?? ""`); foot != text.Footer {
			t.Errorf("%s (%s): the footer reads %q", path, lang, foot)
		}
		icon, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => { const l = document.querySelector("link[rel~=icon]"); if (!l) return "no icon link"; const r = await fetch(l.href); return r.status + " " + r.headers.get("content-type"); })()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(icon, "200 image/svg+xml") {
			t.Errorf("%s: the icon is %s", path, icon)
		}
	}
}
