package browser

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/cqlplay/cqlplay/build/ui"
)

// The tests of what a run draws: the open tab at once, every other layout
// view when its tab opens, from the latest run, and views that follow fast
// typing to its final text.

// builtPanels is JavaScript giving the pre-rendered HTML of every panel of
// the page as the build wrote it (the page fetched again and parsed).
const builtPanels = `(async () => {
	const doc = new DOMParser().parseFromString(await (await fetch(location.href)).text(), "text/html");
	return Object.fromEntries([...doc.querySelectorAll("figure.pg [role=tabpanel]")].map(p => [p.id, p.innerHTML]));
})()`

// openFigure scrolls to the playground the lesson's example id= names,
// opens its view tab and returns its selector ("#ex-N").
func openFigure(t *testing.T, ctx context.Context, id, view string) string {
	t.Helper()
	fig := eval[string](t, ctx, `"#" + document.querySelector('figure.pg[data-id=`+strconv.Quote(id)+`]').id`)
	inView(t, ctx, fig)
	openTab(t, ctx, fig, view)
	return fig
}

// openTab clicks a widget's tab and waits until the view is drawn from the
// widget's latest run (it is no longer listed in data-stale).
func openTab(t *testing.T, ctx context.Context, fig, view string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fig+"-tab-"+view))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, view+" drawn", `!(document.querySelector("`+fig+`").dataset.stale ?? "").split(" ").includes("`+view+`")`)
	if eval[bool](t, ctx, `document.querySelector("`+fig+`-`+view+`").hidden`) {
		t.Errorf("%s: the %s view is hidden after clicking its tab", fig, view)
	}
}

// TestBrowserHiddenViews edits a playground while its Storage tab is open,
// then opens each other layout tab: each shows the edit. After Reset, with
// every layout tab hidden during the run, each one opened again draws
// exactly what the build pre-rendered for the lesson's text.
func TestBrowserHiddenViews(t *testing.T) {
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson)
	const fig = "#ex-0"
	if got := eval[string](t, ctx, `document.querySelector("#ex-0").dataset.open`); got != "storage" {
		t.Fatalf("lesson 3's first example opens on %q, want storage (view=storage)", got)
	}
	typeAndRun(t, ctx, fig, "\nINSERT INTO users (mainland, state, uid, name, zip) VALUES ('oceania', 'victoria', 7, 'kim', 3000);\n")
	waitFor(t, ctx, "the edit in the open Storage view", `document.querySelectorAll('#ex-0-storage .lay-part[data-key="oceania"]').length === 1`)
	if got := eval[string](t, ctx, `document.querySelector("#ex-0").dataset.stale.split(" ").sort().join(" ")`); got != "cli model ring sizes sstabledump" {
		t.Errorf("after a run with Storage open, the views left to draw are %q, want the hidden layout views", got)
	}
	for _, c := range []struct{ view, want string }{
		{"cli", "RowKey: oceania\n=> (column=victoria:7:, value=, timestamp="},
		{"sstabledump", `"key" : [ "oceania" ],`},
		{"ring", "cqlplay.users 'oceania' (token 3417158692970441223): 1 row, 79 bytes"},
	} {
		openTab(t, ctx, fig, c.view)
		if got := eval[string](t, ctx, `document.querySelector("#ex-0-`+c.view+` pre.lay-text")?.textContent ?? "no text"`); !strings.Contains(got, c.want) {
			t.Errorf("the %s view opened after the edit does not show it (%q):\n%s", c.view, c.want, got)
		}
	}

	// Reset with Results open: every layout view goes stale and is drawn
	// again from the lesson's text when opened.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#ex-0-tab-results"))); err != nil {
		t.Fatal(err)
	}
	n := runs(t, ctx, fig)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#ex-0 .pg-reset"))); err != nil {
		t.Fatal(err)
	}
	waitRun(t, ctx, fig, n)
	if got := eval[string](t, ctx, `document.querySelector("#ex-0").dataset.stale.split(" ").sort().join(" ")`); got != "cli model ring sizes sstabledump storage" {
		t.Errorf("after a run with Results open, the views left to draw are %q, want every layout view", got)
	}
	built, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](builtPanels, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	for _, view := range []string{"results", "why", "storage", "cli", "sstabledump", "ring", "sizes", "model"} {
		if view != "results" {
			openTab(t, ctx, fig, view)
		}
		id := "ex-0-" + view
		if got := eval[string](t, ctx, `document.getElementById("`+id+`").innerHTML`); got != built[id] {
			t.Errorf("%s after Reset differs from the pre-rendered view:\n built: %s\n live:  %s", id, built[id], got)
		}
	}
	clearStorage(t, ctx)
}

// TestBrowserFastTyping types a query one character at a time without
// waiting for any run: whatever runs the keystrokes were coalesced into,
// the views end with the outcome of the final text.
func TestBrowserFastTyping(t *testing.T) {
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson)
	const fig = "#ex-0"
	n := runs(t, ctx, fig)
	replaceText(t, ctx, fig, "CREATE TABLE users (mainland text, state text, uid int, name text, PRIMARY KEY ((mainland), state, uid));\n"+
		"INSERT INTO users (mainland, state, uid, name) VALUES ('oceania', 'victoria', 7, 'kim');\n")
	waitRun(t, ctx, fig, n)
	const query = "SELECT name FROM users WHERE mainland = 'oceania';"
	for _, r := range query {
		if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: string(r)}); err != nil {
			t.Fatal(err)
		}
	}
	want := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`)
	if !strings.HasSuffix(want, query) {
		t.Fatalf("the editor ends %q, want the typed query", want)
	}
	// Nothing queued or running (the examples continuing this one included),
	// and the last run drawn is of the final text.
	waitFor(t, ctx, "every run", `document.documentElement.dataset.queue === "0" && document.querySelector("#ex-0").dataset.state === "done"`)
	last := `[...document.querySelectorAll("#ex-0-results .out")].at(-1)`
	if got := eval[string](t, ctx, last+`.querySelector(".out-stmt").textContent`); got != strings.TrimSuffix(query, ";") {
		t.Errorf("the last output is of %q, want the typed query", got)
	}
	if got := eval[string](t, ctx, `[...`+last+`.querySelectorAll("td")].map(td => td.textContent).join(",") + " " + `+last+`.querySelector(".out-count").textContent`); got != "kim (1 rows)" {
		t.Errorf("the typed query shows %q, want kim (1 rows)", got)
	}
	if got := eval[string](t, ctx, `document.querySelector("#ex-0").dataset.errors + "," + document.querySelectorAll("#ex-0 .ed-gutter .ed-fail").length`); got != "0,0" {
		t.Errorf("errors and gutter marks = %s, want none: the marks of a partial statement stayed", got)
	}
	if got := eval[string](t, ctx, `[...document.querySelectorAll("#ex-0-storage .lay-part")].map(p => p.dataset.key).join(",")`); got != "oceania" {
		t.Errorf("the Storage view shows partitions %q, want oceania", got)
	}
	clearStorage(t, ctx)
}

// TestBrowserEditorLines edits the middle, the start and the end of a text,
// joins and splits lines and opens a comment across lines: after each edit
// the coloured lines under the textarea (replaced only where they changed)
// hold exactly the textarea's lines.
func TestBrowserEditorLines(t *testing.T) {
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson)
	const painted = `(() => {
		const ta = document.querySelector("#ex-0 textarea");
		const lines = [...document.querySelectorAll("#ex-0 .ed-hl code > .ed-l")].map(l => l.textContent);
		const want = ta.value.split("\n");
		return lines.length === want.length && lines.every((l, i) => l === want[i]) ? "" : JSON.stringify({lines, want});
	})()`
	edit := func(name string, at func(v string) (int, int), text string) {
		t.Helper()
		eval[bool](t, ctx, `(() => { const ta = document.querySelector("#ex-0 textarea"); ta.focus(); return true })()`)
		v := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`)
		a, b := at(v)
		// UTF-16 offsets: the lesson's text is ASCII.
		eval[bool](t, ctx, `(document.querySelector("#ex-0 textarea").setSelectionRange(`+strconv.Itoa(a)+`, `+strconv.Itoa(b)+`), true)`)
		if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
			t.Fatal(err)
		}
		if got := eval[string](t, ctx, painted); got != "" {
			t.Errorf("after %s the painted lines differ from the text: %s", name, got)
		}
	}
	mid := func(v string) (int, int) { i := strings.Index(v, "INSERT"); return i, i }
	edit("typing in the middle", mid, "x")
	edit("a new line in the middle", mid, "\n\n")
	edit("joining two lines", func(v string) (int, int) { i := strings.Index(v, "\n"); return i, i + 1 }, "")
	edit("typing at the start", func(string) (int, int) { return 0, 0 }, "-- a comment\n")
	edit("opening a comment across lines", mid, "/* across\n")
	edit("closing it", func(v string) (int, int) { i := strings.LastIndex(v, "SELECT"); return i, i }, "*/\n")
	edit("deleting many lines", func(v string) (int, int) { return strings.Index(v, "\n") + 1, strings.LastIndex(v, "SELECT") }, "")
	edit("typing at the end", func(v string) (int, int) { return len(v), len(v) }, "\n\n")
	edit("replacing everything", func(v string) (int, int) { return 0, len(v) }, "SELECT")
	clearStorage(t, ctx)
}

// TestBrowserModelView opens the Model view, then edits the script with it
// open: a new failing SELECT becomes a red query with the engine's message
// in its tooltip, a new table a box with its key marks, and a SELECT of that
// table an arrow to it.
func TestBrowserModelView(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson)
	const fig = "#ex-0"
	openTab(t, ctx, fig, "model")
	if got := eval[string](t, ctx, `[...document.querySelectorAll("#ex-0-model .dg-table")].map(g => g.dataset.table).join(" ")`); got != "cqlplay.users" {
		t.Fatalf("the Model view draws the tables %q, want cqlplay.users", got)
	}
	n := runs(t, ctx, fig)
	appendText(t, ctx, fig, "\nSELECT * FROM users WHERE name = 'Ada';\n"+
		"CREATE TABLE by_zip (zip int, uid int, name text static, PRIMARY KEY (zip, uid)) WITH CLUSTERING ORDER BY (uid DESC);\n"+
		"SELECT * FROM by_zip WHERE zip = 98100;\n")
	waitRun(t, ctx, fig, n)
	waitFor(t, ctx, "the new table in the open Model view", `document.querySelectorAll("#ex-0-model .dg-table").length === 2`)
	marks := eval[string](t, ctx, `[...document.querySelectorAll('#ex-0-model .dg-table[data-table="cqlplay.by_zip"] text')].map(e => e.textContent).join(" ")`)
	if marks != "by_zip zip int K uid int C↓ name text S" {
		t.Errorf("the new table's box reads %q", marks)
	}
	failed := `[...document.querySelectorAll("#ex-0-model .dg-query.dg-fail")]`
	if got := eval[int](t, ctx, failed+`.length`); got != 1 {
		t.Errorf("%d failing queries drawn, want 1", got)
	}
	if got := eval[string](t, ctx, failed+`[0]?.querySelector("title")?.textContent ?? ""`); !strings.Contains(got, "SELECT * FROM users WHERE name = 'Ada'\nCannot execute this query as it might involve data filtering") {
		t.Errorf("the failing query's tooltip is %q", got)
	}
	last := `[...document.querySelectorAll("#ex-0-model .dg-query")].at(-1)`
	if got := eval[string](t, ctx, last+`.querySelector(".dg-qtext").textContent + " " + !!`+last+`.querySelector(".dg-arrow")`); !strings.HasSuffix(got, "WHERE zip = 98100 true") {
		t.Errorf("the last query reads %q, want an arrow and its WHERE clause", got)
	}
}

// TestBrowserAccessPatterns edits lesson 6's model B: its three access
// patterns fail the checklist; a table keyed for the first one, added to the
// script, and the pattern re-pointed at it make that one hold, live, with
// the verdicts the build gives (TestBrowserMatchesBuild covers the rest).
func TestBrowserAccessPatterns(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, "/en/query-first-design/")
	fig := openFigure(t, ctx, "one-table", "model")
	score := `document.querySelector("` + fig + `-model .ap-score").textContent`
	if got := eval[string](t, ctx, score); !strings.HasPrefix(got, "0 of 3 answered") {
		t.Fatalf("model B's checklist says %q", got)
	}
	// The model A against model B table under it, redrawn from both
	// playgrounds' first runs, is the one the build wrote.
	vs := `document.querySelector('section.vs[data-b="` + fig[1:] + `"]')`
	waitFor(t, ctx, "both playgrounds' first runs", `[...document.querySelectorAll("figure.pg")].every(f => Number(f.dataset.runs) >= 1)`)
	built, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => new DOMParser().parseFromString(await (await fetch(location.href)).text(), "text/html").querySelector('section.vs[data-b="`+fig[1:]+`"]').innerHTML)()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if live := eval[string](t, ctx, vs+`.innerHTML`); live != built {
		t.Errorf("the live comparison differs from the build's:\n built: %s\n live:  %s", built, live)
	}
	cells := vs + `.querySelectorAll("tbody td")`
	if got := eval[string](t, ctx, `[...`+cells+`].map(td => td.className).join(" ")`); got != "vs-ok vs-bad vs-ok vs-bad vs-ok vs-bad" {
		t.Errorf("the comparison's cells are %q, want A answering and B failing each pattern", got)
	}
	n := runs(t, ctx, fig)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		const ta = document.querySelector("`+fig+` textarea");
		ta.value = ta.value.replace("-- Q1 a user's orders: SELECT order_id, total FROM orders WHERE user_id = 7",
			"-- Q1 a user's orders: SELECT order_id, total FROM orders_by_user WHERE user_id = 7") +
			"\nCREATE TABLE orders_by_user (user_id int, order_id int, total int, PRIMARY KEY (user_id, order_id));\n";
		ta.dispatchEvent(new Event("input"));
		return true;
	})()`)); err != nil {
		t.Fatal(err)
	}
	waitRun(t, ctx, fig, n)
	waitFor(t, ctx, "the checklist redrawn", score+`.startsWith("1 of 3 answered")`)
	waitFor(t, ctx, "the comparison redrawn", cells+`[1].className === "vs-ok"`)
	items := eval[string](t, ctx, `[...document.querySelectorAll("`+fig+`-model .ap-item")].map(li => li.className + ": " + [...li.querySelectorAll(".ap-v")].map(v => v.className.replace("ap-v ", "")).join(",")).join("\n")`)
	if want := "ap-item ap-ok: ap-holds,ap-holds,ap-holds,ap-na\nap-item ap-bad: ap-fails,ap-fails,ap-fails,ap-na\nap-item ap-bad: ap-fails,ap-fails,ap-fails,ap-na"; items != want {
		t.Errorf("the checklist reads\n%s\nwant\n%s", items, want)
	}
	if got := eval[string](t, ctx, `document.querySelector("`+fig+`-model .ap-bad .out-err")?.textContent ?? ""`); !strings.HasPrefix(got, "Cannot execute this query as it might involve data filtering") {
		t.Errorf("a failing pattern shows %q, want the engine's message", got)
	}
	// The diagram draws the patterns' queries too: A1 now reads orders_by_user.
	if got := eval[string](t, ctx, `[...document.querySelectorAll('`+fig+`-model .dg-query')].filter(g => g.querySelector(".dg-qtext").textContent.startsWith("A")).map(g => g.querySelector(".dg-qtext").textContent.split(" ")[0] + (g.classList.contains("dg-fail") ? " fails" : " runs") + (g.querySelector(".dg-arrow") ? " arrow" : "")).join(", ")`); got != "A1 runs arrow, A2 fails arrow, A3 fails arrow" {
		t.Errorf("the patterns' queries are drawn as %q", got)
	}
}

// TestBrowserSizesView opens lesson 7's hot partition example on Sizes: one
// node of four is marked hot, shipped is the largest partition; a new
// partition typed into the script is listed at once.
func TestBrowserSizesView(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, "/en/choosing-the-partition-key/")
	fig := openFigure(t, ctx, "by-status", "sizes")
	panel := `document.querySelector("` + fig + `-sizes")`
	if got := eval[string](t, ctx, `[...`+panel+`.querySelectorAll(".sz-node")].map(li => li.className).join(",")`); got != "sz-node,sz-node sz-hot,sz-node,sz-node" {
		t.Errorf("the nodes are drawn %q, want node 2 of 4 hot", got)
	}
	keys := `[...` + panel + `.querySelectorAll(".sz-key")].map(k => k.textContent).join(" ")`
	if got := eval[string](t, ctx, keys); got != "shipped cancelled pending" {
		t.Errorf("partitions %q, want shipped first", got)
	}
	typeAndRun(t, ctx, fig, "\nINSERT INTO orders_by_status (status, order_id, customer) VALUES ('returned', 9, '<b>ida</b>');\n")
	waitFor(t, ctx, "the new partition in the open Sizes view", keys+` === "shipped returned cancelled pending" || `+keys+` === "shipped cancelled returned pending" || `+keys+` === "shipped cancelled pending returned"`)
}

// TestBrowserFailureLine: with Storage open (where lesson 3's first example
// opens), a failing statement the reader types shows its message under the
// editor and its count on the Why tab, and is announced, in the page's
// language around Cassandra's own (English) message; a click on the line
// puts the caret on the statement; fixing it hides the line.
func TestBrowserFailureLine(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		t.Run(lang, func(t *testing.T) {
			text := ui.Strings[lang]
			ctx := newTab(t)
			freshLesson(t, ctx, strings.Replace(usersLesson, "/en/", "/"+lang+"/", 1))
			const fig = "#ex-0"
			if got := eval[bool](t, ctx, `document.querySelector("#ex-0 .pg-fail").hidden`); !got {
				t.Errorf("the lesson's own example shows a failure line")
			}
			typeAndRun(t, ctx, fig, "\nSELECT * FROM users WHERE name = 'x';\n")
			if got := eval[string](t, ctx, `document.querySelector("#ex-0").dataset.open`); got != "storage" {
				t.Fatalf("the open view is %q, want storage", got)
			}
			line := eval[string](t, ctx, `(() => { const b = document.querySelector("#ex-0 .pg-fail"); return b.hidden ? "hidden" : b.textContent; })()`)
			lines := eval[int](t, ctx, `document.querySelector("#ex-0 textarea").value.split("\n").length`)
			failing := strings.NewReplacer("{line}", strconv.Itoa(lines-1), "{msg}", "Cannot execute this query as it might involve data filtering").Replace(text.FailLine)
			if !strings.HasPrefix(line, failing) {
				t.Errorf("the failure line reads %q, want it to start %q", line, failing)
			}
			// Shown whole: wrapped, never cut with an ellipsis.
			if eval[bool](t, ctx, `(() => { const b = document.querySelector("#ex-0 .pg-fail"); return b.scrollWidth > b.clientWidth + 1 || getComputedStyle(b).textOverflow === "ellipsis" })()`) {
				t.Error("the failure line is cut")
			}
			if got, want := eval[string](t, ctx, `document.querySelector("#ex-0-tab-why").textContent`), text.Why+" (1)"; got != want {
				t.Errorf("the Why tab reads %q, want %q", got, want)
			}
			// The lesson's statements (the build counted them) and the one typed.
			// More than one statement: the plural's word (site/ts/counted.ts).
			counts := strings.NewReplacer("{n:statement|statements}", "statements", "{n}", strconv.Itoa(eval[int](t, ctx, `Number(document.querySelector("#ex-0").dataset.statements) + 1`)), "{m}", "1").Replace(text.AnnounceFail)
			if got := eval[string](t, ctx, `document.querySelector("#ex-0 .pg-announce").textContent`); !strings.HasPrefix(got, counts+" "+failing) {
				t.Errorf("the announcement is %q, want it to start %q", got, counts+" "+failing)
			}
			eval[bool](t, ctx, `document.querySelector("#ex-0 .pg-fail").click(), true`)
			caretLine := eval[int](t, ctx, `(() => { const ta = document.querySelector("#ex-0 textarea"); return ta.value.slice(0, ta.selectionStart).split("\n").length; })()`)
			if caretLine != lines-1 {
				t.Errorf("a click on the failure line put the caret on line %d, want %d", caretLine, lines-1)
			}
			substituteAndRun(t, ctx, fig, "WHERE name = 'x'", "WHERE mainland = 'x'")
			if !eval[bool](t, ctx, `document.querySelector("#ex-0 .pg-fail").hidden`) || eval[string](t, ctx, `document.querySelector("#ex-0-tab-why").textContent`) != text.Why {
				t.Errorf("after the fix the failure line or the Why count stays")
			}
		})
	}
}

// TestBrowserErrorTooltips: hovering underlined code shows its message (the
// textarea's tooltip, since the code lies under it), and the gutter's
// tooltip follows a new message on the same line.
func TestBrowserErrorTooltips(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson)
	const fig = "#ex-0"
	typeAndRun(t, ctx, fig, "\nSELECT * FROM nope;\n")
	hover := `(() => {
		const u = [...document.querySelectorAll("#ex-0 .ed-hl .err-u")].at(-1);
		const r = u.getBoundingClientRect();
		const ta = document.querySelector("#ex-0 textarea");
		ta.dispatchEvent(new MouseEvent("mousemove", {clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true}));
		return ta.title;
	})()`
	if got := eval[string](t, ctx, hover); !strings.Contains(got, "table nope does not exist") {
		t.Errorf("hovering the underlined table shows %q, want its message", got)
	}
	gutter := `[...document.querySelectorAll("#ex-0 .ed-fail")].at(-1).title`
	if got := eval[string](t, ctx, gutter); !strings.Contains(got, "table nope does not exist") {
		t.Errorf("the gutter's tooltip is %q", got)
	}
	substituteAndRun(t, ctx, fig, "FROM nope", "FROM gone")
	if got := eval[string](t, ctx, gutter); !strings.Contains(got, "table gone does not exist") {
		t.Errorf("after a new error on the same line the gutter's tooltip is %q, want the new message", got)
	}
	// Off the marks, no tooltip.
	if got := eval[string](t, ctx, `(() => { const ta = document.querySelector("#ex-0 textarea"); const r = ta.getBoundingClientRect(); ta.dispatchEvent(new MouseEvent("mousemove", {clientX: r.left + 3, clientY: r.top + 3, bubbles: true})); return ta.title; })()`); got != "" {
		t.Errorf("off any mark the tooltip is %q", got)
	}
}

// TestBrowserExpand: after EXPAND ON, a result prints as cqlsh's vertical
// rows, alone (no table beside it).
func TestBrowserExpand(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson)
	const fig = "#ex-0"
	openTab(t, ctx, fig, "results")
	typeAndRun(t, ctx, fig, "\nEXPAND ON;\nSELECT name FROM users WHERE mainland = 'centraleurope';\n")
	last := `[...document.querySelectorAll("#ex-0 .pg-results .out")].at(-1)`
	if got := eval[string](t, ctx, last+`.querySelector("pre.out-text")?.textContent ?? "no text"`); !strings.Contains(got, "@ Row 1") || !strings.Contains(got, "fabio") {
		t.Errorf("the expanded result reads %q", got)
	}
	if got := eval[int](t, ctx, last+`.querySelectorAll("table").length`); got != 0 {
		t.Errorf("the expanded result also draws %d tables", got)
	}
}

// TestBrowserTrace: after TRACING ON, a read and a write each show their
// simulated trace as cqlsh prints it, under the note that says it is
// simulated; the traced write is shown although cqlsh prints no result for
// it. After TRACING OFF a read shows no trace.
func TestBrowserTrace(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson)
	const fig = "#ex-0"
	openTab(t, ctx, fig, "results")
	n := runs(t, ctx, fig)
	appendText(t, ctx, fig, "\nTRACING ON;\nSELECT name FROM users WHERE mainland = 'centraleurope';\n"+
		"INSERT INTO users (mainland, state, uid, name) VALUES ('antarctica', 'south pole', 7, '<b>amundsen</b>');\n"+
		"TRACING OFF;\nSELECT name FROM users WHERE mainland = 'antarctica';\n")
	waitRun(t, ctx, fig, n)
	type out struct{ Stmt, Note, Trace string }
	outs := eval[[]out](t, ctx, `[...document.querySelectorAll("#ex-0 .pg-results .out")].slice(-4).map(o => ({
		Stmt: o.querySelector(".out-stmt").textContent,
		Note: o.querySelector(".out-trace-note")?.textContent ?? "",
		Trace: o.querySelector("pre.out-trace")?.textContent ?? ""}))`)
	if len(outs) != 4 || !strings.HasPrefix(outs[0].Stmt, "SELECT") || !strings.HasPrefix(outs[1].Stmt, "INSERT") || outs[2].Stmt != "TRACING OFF" {
		t.Fatalf("the last outputs are %+v, want the traced SELECT and INSERT, TRACING OFF and a SELECT", outs)
	}
	for i, what := range []string{"Executing single-partition query on users", "Adding to users memtable"} {
		o := outs[i]
		if !strings.HasPrefix(o.Note, "Simulated trace: ") {
			t.Errorf("%s: the note reads %q", o.Stmt, o.Note)
		}
		if !strings.HasPrefix(o.Trace, "\nTracing session: ") || !strings.Contains(o.Trace, what) || !strings.Contains(o.Trace, "Request complete") {
			t.Errorf("%s: the trace reads %q, want cqlsh's print_trace with %q", o.Stmt, o.Trace, what)
		}
	}
	if !strings.Contains(outs[1].Trace, "'<b>amundsen</b>'") {
		t.Errorf("the write's trace does not quote the statement as text: %q", outs[1].Trace)
	}
	if outs[3].Note != "" || outs[3].Trace != "" {
		t.Errorf("after TRACING OFF the read shows a trace: %+v", outs[3])
	}
}
