package browser

import (
	"testing"

	"github.com/cqlplay/cqlplay/build/ui"
)

// TestBrowserChebotko reads lesson 20's Model views in both languages, on a
// wide screen and on a 360 px phone: the diagram draws the access patterns
// alone (A1 to A4, not the script's SELECTs too), in the workflow's order,
// each with an arrow; no two arrows cross; no text is cut ("…") or runs
// past its box; model B's failing patterns show Cassandra's message whole,
// in the diagram (readable on touch, where a tooltip is not); the diagram's
// scrolling region is reachable by keyboard and named, and on the phone it
// says that it scrolls sideways.
func TestBrowserChebotko(t *testing.T) {
	ctx := newTab(t)
	for _, c := range []struct {
		lang  string
		phone bool
	}{{"en", false}, {"zh", true}} {
		if c.phone {
			phone(t, ctx)
		}
		openLesson(t, ctx, "/"+c.lang+"/a-chat-application-end-to-end/")
		a := openFigure(t, ctx, "chat", "model")
		panel := `document.querySelector("` + a + `-model")`
		heads := `[...` + panel + `.querySelectorAll(".dg-query")].map(g => g.querySelector(".dg-qtext").textContent.split(" ")[0]).join(" ")`
		if got := eval[string](t, ctx, heads); got != "A1 A2 A3 A4" {
			t.Errorf("%s: the diagram draws %q, want the access patterns A1 A2 A3 A4 alone", c.lang, got)
		}
		if got := eval[string](t, ctx, `[...`+panel+`.querySelectorAll("svg text")].map(e => e.textContent).filter(s => s.includes("…")).join(" | ")`); got != "" {
			t.Errorf("%s: cut labels: %s", c.lang, got)
		}
		// Each text inside its box, as the browser lays it out.
		over := `[...` + panel + `.querySelectorAll("svg g")].flatMap(g => {
			const box = g.querySelector("rect").getBBox();
			return [...g.querySelectorAll("text")].filter(e => { const b = e.getBBox(); return b.x + b.width > box.x + box.width + 0.5 }).map(e => e.textContent);
		}).join(" | ")`
		if got := eval[string](t, ctx, over); got != "" {
			t.Errorf("%s: texts past their box: %s", c.lang, got)
		}
		crossing := `(() => {
			const arrows = [...` + panel + `.querySelectorAll(".dg-arrow")].map(p => { const n = p.getAttribute("d").match(/-?\d+/g).map(Number); return [n[1], n[7]] });
			return arrows.some(([a1, a2]) => arrows.some(([b1, b2]) => a1 < b1 && a2 > b2));
		})()`
		if eval[bool](t, ctx, crossing) {
			t.Errorf("%s: arrows cross", c.lang)
		}
		if got := eval[string](t, ctx, panel+`.querySelector(".dg-scroll").tabIndex + " " + `+panel+`.querySelector(".dg-scroll").getAttribute("aria-label")`); got != "0 "+ui.Strings[c.lang].ModelScroll {
			t.Errorf("%s: the diagram's scrolling region is %q, want focusable and named", c.lang, got)
		}
		hint := eval[bool](t, ctx, panel+`.querySelector(".wide-hint").getBoundingClientRect().height > 0`)
		if hint != c.phone {
			t.Errorf("%s: the scroll hint shown: %v, on a phone: %v", c.lang, hint, c.phone)
		}
		if c.phone && !eval[bool](t, ctx, `(s => s.scrollWidth > s.clientWidth)(`+panel+`.querySelector(".dg-scroll"))`) {
			t.Errorf("%s: the diagram fits a phone: the hint says it scrolls", c.lang)
		}

		b := openFigure(t, ctx, "entities", "model")
		msg := eval[string](t, ctx, `[...document.querySelector("`+b+`-model .dg-fail").querySelectorAll(".dg-qerr")].map(e => e.textContent).join(" ")`)
		const want = "✗ Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING"
		if msg != want {
			t.Errorf("%s: a failing pattern reads %q in the diagram, want Cassandra's whole message", c.lang, msg)
		}
	}
}
