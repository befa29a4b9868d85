package browser

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The lesson the browser tests drive: lesson 3's first example creates the
// users table of the seeds, PRIMARY KEY ((mainland), state, uid).
const usersLesson = "/en/queries-that-work/"

// replaceText selects all of a widget's editor and types text over it, as a
// reader pasting would (one undoable edit, input events fired).
func replaceText(t *testing.T, ctx context.Context, fig, text string) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const ta = document.querySelector("`+fig+` textarea"); ta.focus(); ta.select(); return true })()`)
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
		t.Fatal(err)
	}
}

// appendText moves the caret to the end of a widget's editor and types text.
func appendText(t *testing.T, ctx context.Context, fig, text string) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const ta = document.querySelector("`+fig+` textarea"); ta.focus(); ta.setSelectionRange(ta.value.length, ta.value.length); return true })()`)
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
		t.Fatal(err)
	}
}

// typeAndRun types text at the end of a widget's editor and waits for the
// run it starts.
func typeAndRun(t *testing.T, ctx context.Context, fig, text string) {
	t.Helper()
	n := runs(t, ctx, fig)
	appendText(t, ctx, fig, text)
	waitRun(t, ctx, fig, n)
}

// substituteAndRun replaces the first from in a widget's editor with to, as
// one edit, and waits for the run it starts.
func substituteAndRun(t *testing.T, ctx context.Context, fig, from, to string) {
	t.Helper()
	n := runs(t, ctx, fig)
	eval[bool](t, ctx, `(() => { const ta = document.querySelector("`+fig+` textarea"); ta.value = ta.value.replace(`+
		strconv.Quote(from)+`, `+strconv.Quote(to)+`); ta.dispatchEvent(new Event("input")); return true; })()`)
	waitRun(t, ctx, fig, n)
}

func runs(t *testing.T, ctx context.Context, fig string) int {
	n, _ := strconv.Atoi(eval[string](t, ctx, `document.querySelector("`+fig+`").dataset.runs || "0"`))
	return n
}

// waitRun waits until a widget has finished more than n runs and the page has
// no run queued or running: a run already under way when the test typed
// (on a busy machine, a late first run) ends first and counts too, so only
// the page at rest has surely drawn the test's edit.
func waitRun(t *testing.T, ctx context.Context, fig string, n int) {
	t.Helper()
	waitFor(t, ctx, fig+" to re-run", `Number(document.querySelector("`+fig+`").dataset.runs) > `+strconv.Itoa(n)+
		` && document.documentElement.dataset.queue === "0"`)
}

// TestBrowserMatchesBuild checks that the live widget draws exactly what the
// build pre-rendered, in every view: the same engine, natively and in
// WebAssembly, and the same renderers (site/ts, which the build runs in goja:
// prerender.go) on the build's small DOM and the browser's. A widget holding the lesson's
// text keeps the pre-rendered views, so each one is edited and restored
// first (a live run of the lesson's text), then every tab opened (drawn).
func TestBrowserMatchesBuild(t *testing.T) {
	ctx := newTab(t)
	for _, page := range []string{"/en/nested-sorted-map/", usersLesson, "/zh/how-rows-are-stored/", "/en/query-first-design/"} {
		openLesson(t, ctx, page)
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](redrawAll, chromedp.EvalAwaitPromise)); err != nil {
			t.Fatalf("%s: redrawing every view: %v", page, err)
		}
		diff, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
			const doc = new DOMParser().parseFromString(await (await fetch(location.href)).text(), "text/html");
			// The solution's button needs the page's script, which shows it.
			for (const b of doc.querySelectorAll("button.ex-use")) b.hidden = false;
			const out = [];
			for (const panel of document.querySelectorAll("figure.pg [role=tabpanel]")) {
				const built = doc.getElementById(panel.id).innerHTML;
				if (built !== panel.innerHTML) out.push(panel.id + "\n built: " + built + "\n live:  " + panel.innerHTML);
			}
			if (document.querySelectorAll("figure.pg [role=tabpanel]").length === 0) out.push("no panels");
			return out.join("\n");
		})()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if diff != "" {
			t.Errorf("%s: live results differ from the pre-rendered ones:\n%s", page, diff)
		}
	}
}

// redrawFigure is a JavaScript function, redrawFigure(fig), that edits a
// widget and restores its text, waiting for each run, then opens each of its
// tabs and waits until the view is drawn from that run; it leaves the widget
// on its last tab.
const redrawFigure = `async function redrawFigure(fig) {
	const until = async (f) => { while (!f()) await new Promise((r) => setTimeout(r, 10)); };
	const ta = fig.querySelector("textarea"), text = ta.value;
	for (const v of [text + " ", text]) {
		const n = Number(fig.dataset.runs);
		ta.value = v;
		ta.dispatchEvent(new Event("input"));
		await until(() => Number(fig.dataset.runs) > n);
	}
	for (const tab of fig.querySelectorAll("[role=tab]")) {
		tab.click();
		await until(() => !(fig.dataset.stale ?? "").split(" ").includes(tab.dataset.view));
	}
}`

// redrawAll is JavaScript that redraws every widget of the page (redrawFigure).
const redrawAll = `(async () => {
	` + redrawFigure + `
	for (const fig of document.querySelectorAll("figure.pg")) await redrawFigure(fig);
	return true;
})()`

func TestBrowserEditFailReloadReset(t *testing.T) {
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson)
	const fig = "#ex-0"
	original := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`)

	// Edit: a new partition whose name holds HTML, then read it back.
	n := runs(t, ctx, fig)
	appendText(t, ctx, fig, "\nINSERT INTO users (mainland, state, uid, name, zip) VALUES ('oceania', 'victoria', 7, '<b>bold</b> & <i>co</i>', 3000);\n"+
		"SELECT name FROM users WHERE mainland = 'oceania';\n")
	waitRun(t, ctx, fig, n)
	last := `[...document.querySelectorAll("#ex-0 .pg-results .out")].at(-1)`
	if got := eval[string](t, ctx, last+`.querySelector("td")?.textContent ?? ""`); got != "<b>bold</b> & <i>co</i>" {
		t.Errorf("new row's name = %q, want the HTML shown as text", got)
	}
	if got := eval[int](t, ctx, `document.querySelectorAll("#ex-0 .pg-results b, #ex-0 .pg-results i").length`); got != 0 {
		t.Errorf("a value holding HTML made %d elements", got)
	}
	if got := eval[string](t, ctx, last+`.querySelector(".out-count")?.textContent ?? ""`); got != "(1 rows)" {
		t.Errorf("row count = %q, want (1 rows)", got)
	}
	// The Storage view shows the new partition, its row and the cell with
	// the HTML as text.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#ex-0-tab-storage"))); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, `!document.querySelector("#ex-0-storage").hidden && document.querySelector("#ex-0-results").hidden`) {
		t.Error("clicking the Storage tab did not show the Storage view alone")
	}
	part := `document.querySelector('#ex-0-storage .lay-part[data-key="oceania"]')`
	if got := eval[string](t, ctx, part+`?.querySelector(".lay-row .lay-ck")?.textContent ?? "no partition"`); got != "victoria:7" {
		t.Errorf("storage row of the new partition = %q, want victoria:7", got)
	}
	if got := eval[string](t, ctx, `[...`+part+`.querySelectorAll(".lay-cell")].map(c => c.querySelector(".lay-col").textContent + "=" + (c.querySelector(".lay-val")?.textContent ?? "")).join(" ")`); got != "name=<b>bold</b> & <i>co</i> zip=3000" {
		t.Errorf("storage cells = %q", got)
	}
	// Arrow keys move between tabs; hovering a result row highlights its
	// partition and row in the storage view.
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS("#ex-0-tab-storage")), chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	if eval[bool](t, ctx, `document.querySelector("#ex-0-results").hidden`) {
		t.Error("ArrowLeft twice from Storage (past Why) did not open Results")
	}
	// The first result row of the lesson's first SELECT of users: its
	// partition (mainland) and row (state, uid) in the storage view.
	first := `[...document.querySelectorAll("#ex-0-results .out")].find(o => o.querySelector("th")?.textContent === "mainland").querySelector("tbody tr")`
	want := eval[string](t, ctx, `(() => {
		const tr = `+first+`, cols = [...tr.closest("table").querySelectorAll("th")].map(th => th.textContent);
		const v = name => tr.children[cols.indexOf(name)].textContent;
		return v("mainland") + "|" + v("state") + "\u241f" + v("uid");
	})()`)
	eval[bool](t, ctx, `(`+first+`.dispatchEvent(new MouseEvent("mouseover", {bubbles: true})), true)`)
	if got := eval[string](t, ctx, `[...document.querySelectorAll("#ex-0-storage .lay-hover")].map(e => e.dataset.key ?? e.dataset.ck).join("|")`); got != want {
		t.Errorf("hovering a result row highlights %q, want its partition and row %q", got, want)
	}

	// A query that must fail: Cassandra's exact message, a gutter mark on
	// its line, and an underline.
	typeAndRun(t, ctx, fig, "SELECT * FROM users WHERE name = 'john';\n")
	const msg = `InvalidRequest: Error from server: code=2200 [Invalid query] message="Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING"`
	if got := eval[string](t, ctx, last+`.querySelector(".out-err")?.textContent ?? ""`); got != msg {
		t.Errorf("error = %q\nwant    %q", got, msg)
	}
	wantLine := strconv.Itoa(strings.Count(original, "\n") + 4)
	if got := eval[string](t, ctx, `[...document.querySelectorAll("#ex-0 .ed-gutter .ed-fail")].map(d => d.textContent).join(",")`); !strings.Contains(","+got+",", ","+wantLine+",") {
		t.Errorf("gutter marks on lines %q, want one on line %s", got, wantLine)
	}
	if got := eval[int](t, ctx, `document.querySelectorAll("#ex-0 .ed-hl .err-u").length`); got == 0 {
		t.Error("the failing statement is not underlined")
	}
	edited := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`)

	// Reload: the edit is kept and marked as modified.
	openLesson(t, ctx, usersLesson)
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`); got != edited {
		t.Errorf("after reload the editor holds %q, want the edit %q", got, edited)
	}
	if eval[bool](t, ctx, `document.querySelector("#ex-0 .pg-mod").hidden`) {
		t.Error("the modified marker is hidden after reload")
	}
	if got := eval[int](t, ctx, `document.querySelectorAll("#ex-0 .ed-gutter .ed-fail").length`); got == 0 {
		t.Error("after reload the failing statement is not marked")
	}

	// Reset restores the lesson text; undo brings the edit back.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#ex-0 .pg-reset"))); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`); got != original {
		t.Errorf("after Reset the editor holds %q, want the lesson text", got)
	}
	if !eval[bool](t, ctx, `document.querySelector("#ex-0 .pg-mod").hidden`) {
		t.Error("the modified marker is shown after Reset")
	}
	if eval[string](t, ctx, `localStorage.getItem("cqlplay:edit:`+usersLesson+`#0") ?? ""`) != "" {
		t.Error("Reset left the saved edit in localStorage")
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#ex-0 .pg-undo"))); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`); got != edited {
		t.Errorf("after undo the editor holds %q, want the edit back", got)
	}
	clearStorage(t, ctx)
}

// TestBrowserEditorKeys checks Tab indents, Esc then Tab leaves (no keyboard
// trap), and Ctrl+Enter runs at once.
func TestBrowserEditorKeys(t *testing.T) {
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson)

	// Completion offers the live schema's names: "us" completes to users.
	appendText(t, ctx, "#ex-0", "\nSELECT * FROM us")
	waitFor(t, ctx, "the completion menu", `!document.querySelector("#ex-0 .ed-menu").hidden`)
	if got := eval[string](t, ctx, `[...document.querySelectorAll("#ex-0 .ed-menu li")].map(li => li.textContent).join(",")`); got != "users" {
		t.Errorf("completion offers %q, want users", got)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	// (chromedp sends Enter as a keydown and a separate char event, so a
	// newline may follow the name here; a browser does not insert it once
	// keydown is cancelled.)
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`); !strings.Contains(got, "\nSELECT * FROM users") {
		t.Errorf("after accepting the completion the text ends %q", got[max(0, len(got)-30):])
	}

	replaceText(t, ctx, "#ex-0", "SELECT")
	eval[bool](t, ctx, `(() => { const ta = document.querySelector("#ex-0 textarea"); ta.setSelectionRange(0, 0); return true })()`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\t")); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`); got != "  SELECT" {
		t.Errorf("after Tab the text is %q, want two spaces of indent", got)
	}
	if !eval[bool](t, ctx, `document.activeElement === document.querySelector("#ex-0 textarea")`) {
		t.Error("Tab moved focus out of the editor")
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\x1b"), chromedp.KeyEvent("\t")); err != nil {
		t.Fatal(err)
	}
	if eval[bool](t, ctx, `document.activeElement === document.querySelector("#ex-0 textarea")`) {
		t.Error("Esc then Tab did not leave the editor")
	}
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`); got != "  SELECT" {
		t.Errorf("Esc then Tab changed the text to %q", got)
	}
	clearStorage(t, ctx)
}

// TestBrowserOlderEdit checks that an edit saved against an older text of
// the lesson is restored and flagged as such.
func TestBrowserOlderEdit(t *testing.T) {
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson)
	if !eval[bool](t, ctx, `document.querySelector("#ex-0 .pg-older").hidden`) {
		t.Error("the older-text note shows with no saved edit")
	}
	eval[bool](t, ctx, `localStorage.setItem("cqlplay:edit:`+usersLesson+`#0", JSON.stringify({base: "0", text: "SELECT now() FROM system.local;\n"})), true`)
	openLesson(t, ctx, usersLesson)
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`); got != "SELECT now() FROM system.local;\n" {
		t.Errorf("the saved edit was not restored: %q", got)
	}
	if eval[bool](t, ctx, `document.querySelector("#ex-0 .pg-older").hidden || document.querySelector("#ex-0 .pg-mod").hidden`) {
		t.Error("an edit of an older lesson text is not flagged as such and as modified")
	}
	clearStorage(t, ctx)
}

// TestBrowserRunaway checks both bounds on a long script: the engine's own
// timeout (a Stopped outcome, the worker survives) and the page's limit (the
// worker is terminated and restarted, and the reader told).
func TestBrowserRunaway(t *testing.T) {
	ctx := newTab(t)
	// A pasted script of 20,000 INSERTs and 2,000 scans of them, put in the
	// editor the way a paste lands (value set, one input event): typing it
	// would take minutes. The scans keep the engine busy for a minute: the
	// page's limit must end the run while it is still running, even on a
	// fast engine and a page busy laying out the pasted text (the run starts
	// at once, the page's clock with it).
	const paste = `(() => {
		const ta = document.querySelector("#ex-0 textarea");
		let s = "CREATE TABLE big (k int PRIMARY KEY, v int);\n";
		for (let i = 0; i < 20000; i++) s += "INSERT INTO big (k, v) VALUES (" + i + ", 1);\n";
		for (let i = 0; i < 2000; i++) s += "SELECT COUNT(*) FROM big WHERE v = 2 ALLOW FILTERING;\n";
		ta.value = s;
		ta.dispatchEvent(new Event("input"));
		return true;
	})()`
	t.Run("page limit", func(t *testing.T) {
		// The engine may run 120 s; the page allows 2 s, which the small
		// script after the restart needs far less of, even on a busy machine.
		openLesson(t, ctx, usersLesson+"?runlimit=2000&enginelimit=120000")
		eval[bool](t, ctx, paste)
		waitFor(t, ctx, "the run to be stopped", `document.querySelector("#ex-0").dataset.state === "stopped"`)
		want := "Stopped: the script ran longer than 2 s. The engine was restarted."
		if got := eval[string](t, ctx, `document.querySelector("#ex-0 .pg-status").textContent`); got != want {
			t.Errorf("status = %q, want %q", got, want)
		}
		// The restarted engine serves the next edit.
		n := runs(t, ctx, "#ex-0")
		replaceText(t, ctx, "#ex-0", "CREATE TABLE small (k int PRIMARY KEY);\nSELECT * FROM small;\n")
		waitRun(t, ctx, "#ex-0", n)
		if got := eval[string](t, ctx, `document.querySelector("#ex-0 .out-count")?.textContent ?? ""`); got != "(0 rows)" {
			t.Errorf("after the restart the SELECT shows %q, want (0 rows)", got)
		}
	})

	t.Run("page limit with a fill", func(t *testing.T) {
		// 20,000 generated rows give the run 2 s more (bounded.ts
		// fillAllowanceMs), and the message names the limit the run had.
		openLesson(t, ctx, usersLesson+"?runlimit=2000&enginelimit=120000")
		eval[bool](t, ctx, `(() => {
			const ta = document.querySelector("#ex-0 textarea");
			let s = "CREATE TABLE big (k int PRIMARY KEY, v int);\n-- @fill big 20000 k=seq(20000) v=uniform(0, 9)\n";
			for (let i = 0; i < 2000; i++) s += "SELECT COUNT(*) FROM big WHERE v = 20 ALLOW FILTERING;\n";
			ta.value = s;
			ta.dispatchEvent(new Event("input"));
			return true;
		})()`)
		waitFor(t, ctx, "the run to be stopped", `document.querySelector("#ex-0").dataset.state === "stopped"`)
		want := "Stopped: the script ran longer than 4 s. The engine was restarted."
		if got := eval[string](t, ctx, `document.querySelector("#ex-0 .pg-status").textContent`); got != want {
			t.Errorf("status = %q, want %q", got, want)
		}
	})

	t.Run("engine timeout", func(t *testing.T) {
		openLesson(t, ctx, usersLesson+"?runlimit=20000&enginelimit=50")
		n := runs(t, ctx, "#ex-0")
		eval[bool](t, ctx, paste)
		waitRun(t, ctx, "#ex-0", n)
		if got := eval[string](t, ctx, `[...document.querySelectorAll("#ex-0 .out-err")].map(e => e.textContent).join("\n")`); !strings.HasPrefix(got, "Stopped: ") {
			t.Errorf("errors = %q, want the engine's Stopped outcome", got)
		}
	})
	clearStorage(t, ctx)
}

// TestBrowserSelectStatement checks that putting the caret on a statement
// selects its output and highlights, in the Storage view, the partitions the
// engine says it read.
func TestBrowserSelectStatement(t *testing.T) {
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson)
	out := `[...document.querySelectorAll("#ex-0-results .out")].find(o => o.querySelector("th")?.textContent === "mainland")`
	line := eval[int](t, ctx, `Number(`+out+`.dataset.line)`)
	eval[bool](t, ctx, `(() => {
		const ta = document.querySelector("#ex-0 textarea");
		const lines = ta.value.split("\n");
		const at = lines.slice(0, `+strconv.Itoa(line-1)+`).join("\n").length + 1;
		ta.focus();
		ta.setSelectionRange(at, at);
		ta.dispatchEvent(new KeyboardEvent("keyup", {key: "ArrowDown"}));
		return true;
	})()`)
	if got := eval[int](t, ctx, `Number(document.querySelector("#ex-0-results .out-sel")?.dataset.line ?? 0)`); got != line {
		t.Errorf("caret on line %d selects the output of line %d", line, got)
	}
	// The Storage view travels to the SELECT's state, drawn again, and
	// highlights there what the SELECT read.
	waitFor(t, ctx, "the Storage view at the SELECT", `!(document.querySelector("#ex-0").dataset.stale ?? "").split(" ").includes("storage")`)
	tokens := eval[string](t, ctx, `[...document.querySelectorAll("#ex-0-storage .lay-hl")].map(p => p.dataset.key).join(",")`)
	if tokens != "northamerica" {
		t.Errorf("the SELECT of mainland = 'northamerica' highlights partitions %q", tokens)
	}

	// With Chinese text and an emoji before it, the underline still falls on
	// the column Cassandra's error names: the bridge's UTF-16 positions
	// match the textarea's.
	n := runs(t, ctx, "#ex-0")
	replaceText(t, ctx, "#ex-0", "CREATE TABLE users (mainland text, state text, uid int, name text, PRIMARY KEY (mainland, state, uid));\n"+
		"INSERT INTO users (mainland, state, uid, name) VALUES ('亚洲', '北京', 1, '张三 🙂');\n"+
		"SELECT * FROM users WHERE mainland = '亚洲 🙂' AND uid < 5;\n")
	waitRun(t, ctx, "#ex-0", n)
	if got := eval[string](t, ctx, `[...document.querySelectorAll("#ex-0 .ed-hl .err-u")].map(e => e.textContent).join("")`); !strings.HasPrefix(got, "uid") {
		t.Errorf("underlined %q, want the relation on uid (error: %s)", got, eval[string](t, ctx, `document.querySelector("#ex-0 .out-err")?.textContent ?? "none"`))
	}
	clearStorage(t, ctx)
}
