package browser

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserRing draws lesson 7's ring live, in both languages, on a
// 360 px phone: an arc per vnode range and a dot per partition; the ranges,
// closed at first, open on demand and are the engine's lines; the view fits
// the phone's width (no sideways scroll in the panel).
func TestBrowserRing(t *testing.T) {
	ctx := newTab(t)
	phone(t, ctx)
	for _, lang := range []string{"en", "zh"} {
		openLesson(t, ctx, "/"+lang+"/choosing-the-partition-key/")
		fig := openFigure(t, ctx, "by-status", "ring")
		typeAndRun(t, ctx, fig, "\nINSERT INTO orders_by_status (status, order_id, customer) VALUES ('returned', 9, 'ida');\n")
		openTab(t, ctx, fig, "ring")
		panel := `document.querySelector("` + fig + `-ring")`
		waitFor(t, ctx, "the new partition's dot", panel+`.querySelectorAll(".ring-part").length === 4`)
		ranges := eval[int](t, ctx, panel+`.querySelector(".ring-ranges pre").textContent.split("\n").filter(l => l.includes("] -> node ")).length`)
		if arcs := eval[int](t, ctx, panel+`.querySelectorAll(".ring-arc").length`); arcs != ranges || arcs != 64 {
			t.Errorf("%s: %d arcs for %d ranges, want 64 (4 nodes of 16 vnodes)", lang, arcs, ranges)
		}
		if eval[bool](t, ctx, panel+`.querySelector(".ring-ranges").open`) {
			t.Errorf("%s: the ranges are open before they are asked for", lang)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fig+"-ring .ring-ranges summary"))); err != nil {
			t.Fatal(err)
		}
		if !eval[bool](t, ctx, panel+`.querySelector(".ring-ranges").open && `+panel+`.querySelector(".ring-ranges pre").getBoundingClientRect().height > 100`) {
			t.Errorf("%s: the ranges do not open on a click", lang)
		}
		if eval[bool](t, ctx, panel+`.scrollWidth > `+panel+`.clientWidth + 1`) {
			t.Errorf("%s: the Ring view scrolls sideways on a phone: %d px in %d", lang, eval[int](t, ctx, panel+`.scrollWidth`), eval[int](t, ctx, panel+`.clientWidth`))
		}
	}
}
