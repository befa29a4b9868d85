package browser

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// morePages clicks, in a bounded view of fig, the gap's button of the
// k-th summarised partition (in token order) pages times, as a keyboard
// user does (the button focused), and checks after each click that the
// rows came in place of the gap: the focus is on the new gap's button,
// and neither the panel nor the page scrolled. It returns the panel's
// markup.
const morePages = `async function morePages(fig, view, k, pages) {
	const until = async (f) => { while (!f()) await new Promise((r) => setTimeout(r, 10)); };
	const tab = fig.querySelector('[role=tab][data-view="' + view + '"]');
	tab.click();
	await until(() => !(fig.dataset.stale ?? "").split(" ").includes(view));
	const panel = document.getElementById(fig.id + "-" + view);
	const id = [...panel.querySelectorAll(".lay-open")][k].dataset.partition;
	const button = () => panel.querySelector('.lay-open[data-partition="' + id + '"]');
	const left = () => button()?.parentElement.querySelector(".lay-gap-text").textContent ?? "";
	const bad = [];
	for (let i = 0; i < pages; i++) {
		button().focus();
		const before = left(), top = panel.scrollTop, y = scrollY;
		button().click();
		await until(() => left() !== before);
		if (document.activeElement !== button()) bad.push(view + " click " + (i + 1) + ": the focus is on " + document.activeElement?.outerHTML.slice(0, 80));
		if (panel.scrollTop !== top || scrollY !== y) bad.push(view + " click " + (i + 1) + ": scrolled from " + top + "," + y + " to " + panel.scrollTop + "," + scrollY);
	}
	if (!(fig.dataset.stale ?? "").split(" ").every((v) => v !== view)) bad.push(view + " was marked stale: redrawn whole");
	return { id, left: left(), html: panel.innerHTML, bad };
}`

// TestBrowserMoreRows opens, in lesson 08's example of 100,000 rows, one
// partition two pages further in each of Storage, sstabledump and
// cassandra-cli: each click puts the new rows in place of the gap, and the
// views then read byte for byte as the same views drawn whole by a fresh
// run with those partitions opened. In an earlier state (time travel), the
// rows listed later carry the written and shadowed marks of the statement,
// as a whole redraw of that state draws them.
func TestBrowserMoreRows(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, volumeLesson)
	fig := "#" + eval[string](t, ctx, `[...document.querySelectorAll("figure.pg")].find(f => f.querySelector("textarea")?.value.includes("-- @fill"))?.id ?? ""`)
	inView(t, ctx, fig)
	type pages struct {
		ID, Left, HTML string
		Bad            []string
	}
	run := func(js string) map[string]pages {
		t.Helper()
		got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]pages](`(async () => {
			`+morePages+`
			`+redrawFigure+`
			const fig = document.querySelector("`+fig+`");
			`+js+`
		})()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	// The first partition from the build's Storage view, the second and
	// third from views drawn live; each view then drawn whole.
	ids := map[string]bool{}
	for k, view := range []string{"storage", "sstabledump", "cli"} {
		got := run(`const paged = await morePages(fig, "` + view + `", ` + strconv.Itoa(k) + `, 2);
			await redrawFigure(fig);
			return { paged, whole: { html: document.getElementById(fig.id + "-` + view + `").innerHTML } };`)
		p, whole := got["paged"], got["whole"].HTML
		for _, b := range p.Bad {
			t.Error(b)
		}
		if !strings.HasPrefix(p.Left, "… 3,000 of 5,000 rows not shown") {
			t.Errorf("%s after two pages: the gap says %q", view, p.Left)
		}
		ids[p.ID] = true
		if p.HTML != whole {
			i := 0
			for i < len(p.HTML) && i < len(whole) && p.HTML[i] == whole[i] {
				i++
			}
			t.Errorf("%s opened a page at a time differs from it drawn whole at byte %d:\npaged: %.300s\nwhole: %.300s", view, i, p.HTML[i:], whole[i:])
		}
	}
	if len(ids) != 3 {
		t.Errorf("the views opened %d partitions, want 3: %v", len(ids), ids)
	}

	// Time travel: the state after an UPDATE of a row in the gap.
	n := runs(t, ctx, fig)
	replaceText(t, ctx, fig, "CREATE TABLE t (k int, c int, v int, PRIMARY KEY (k, c));\n-- @fill t 3000 k=0 c=series(0, 1) v=uniform(0, 9)\nUPDATE t SET v = 7 WHERE k = 0 AND c = 1500;\nSELECT * FROM t WHERE k = 0 LIMIT 1;\n")
	waitRun(t, ctx, fig, n)
	caretOnLine(t, ctx, fig, 3)
	waitFor(t, ctx, "the state after the UPDATE", `document.querySelector("`+fig+`").dataset.at === "1"`)
	travelled := run(`return { storage: await morePages(fig, "storage", 0, 2) };`)["storage"]
	for _, b := range travelled.Bad {
		t.Error(b)
	}
	if !strings.Contains(travelled.HTML, "tt-written") || !strings.Contains(travelled.HTML, "tt-shadowed") {
		t.Errorf("the rows listed after the UPDATE carry no written or shadowed mark")
	}
	caretOnLine(t, ctx, fig, 4)
	waitFor(t, ctx, "the final state", `document.querySelector("`+fig+`").dataset.at === ""`)
	caretOnLine(t, ctx, fig, 3)
	waitFor(t, ctx, "the state after the UPDATE drawn whole", `document.querySelector("`+fig+`").dataset.at === "1" && !(document.querySelector("`+fig+`").dataset.stale ?? "").split(" ").includes("storage")`)
	if got := eval[string](t, ctx, `document.getElementById(document.querySelector("`+fig+`").id + "-storage").innerHTML`); got != travelled.HTML {
		t.Errorf("the travelled Storage view opened a page at a time differs from it drawn whole:\npaged: %.300s\nwhole: %.300s", travelled.HTML, got)
	}
}
