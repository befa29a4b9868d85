package browser

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// travelScript's statements, one per line: the DELETE on line 6 lays a row
// tombstone over what line 4 wrote.
const travelScript = `CREATE KEYSPACE tt WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
USE tt;
CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c));
INSERT INTO t (k, c, v) VALUES (1, 1, 'a');
INSERT INTO t (k, c, v) VALUES (1, 2, 'b');
DELETE FROM t WHERE k = 1 AND c = 1;
SELECT * FROM t;
`

// caretOnLine puts a playground's caret at the start of a line as a reader's
// arrow key would (the editor follows keyup).
func caretOnLine(t *testing.T, ctx context.Context, fig string, line int) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const ta = document.querySelector("`+fig+` textarea"); const ls = ta.value.split("\n");
		const pos = ls.slice(0, `+strconv.Itoa(line-1)+`).reduce((n, l) => n + l.length + 1, 0);
		ta.focus(); ta.setSelectionRange(pos, pos); ta.dispatchEvent(new KeyboardEvent("keyup", { key: "ArrowUp" })); return true })()`)
}

// travelTab opens lesson 3 with travelScript in its first playground, run.
func travelTab(t *testing.T) context.Context {
	t.Helper()
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson)
	inView(t, ctx, "#ex-0")
	n := runs(t, ctx, "#ex-0")
	eval[bool](t, ctx, `(() => { const ta = document.querySelector("#ex-0 textarea"); ta.focus(); ta.select(); return true })()`)
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: travelScript}); err != nil {
		t.Fatal(err)
	}
	waitRun(t, ctx, "#ex-0", n)
	return ctx
}

// TestBrowserTimeTravel moves the caret through a script: the Storage view
// shows the state after the caret's statement and marks what it changed,
// the bar's buttons step and move the caret, and the last statement (or the
// Final state button) shows the final state, unmarked. The text views list
// the changes.
func TestBrowserTimeTravel(t *testing.T) {
	ctx := travelTab(t)
	const fig = "#ex-0"
	if got := eval[string](t, ctx, `document.querySelector("#ex-0").dataset.open`); got != "storage" {
		t.Fatalf("the playground opens on %q, want storage", got)
	}
	const storage = `document.querySelector("#ex-0-storage")`
	const bar = `document.querySelector("#ex-0 .pg-travel")`
	drawn := func(what string) {
		t.Helper()
		waitFor(t, ctx, what, `!(document.querySelector("#ex-0").dataset.stale ?? "").split(" ").includes("storage")`)
	}

	// The caret after the last statement: the final state, unmarked.
	if got := eval[string](t, ctx, bar+`.dataset.at`); got != "" {
		t.Errorf("with the caret at the end the bar is at %q, want the final state", got)
	}
	if n := eval[int](t, ctx, storage+`.querySelectorAll("[class*=tt-]").length`); n != 0 {
		t.Errorf("the final state marks %d elements", n)
	}

	// On the DELETE: its row tombstone is in the view and marked.
	caretOnLine(t, ctx, fig, 6)
	waitFor(t, ctx, "the state after the DELETE", bar+`.dataset.at === "5"`)
	drawn("the Storage view after the DELETE")
	waitFor(t, ctx, "the DELETE's tombstone marked", storage+`.querySelectorAll(".lay-tomb.tt-tombstone").length === 1`)
	if got := eval[string](t, ctx, bar+`.querySelector(".pg-travel-at").textContent`); !strings.Contains(got, "statement 6 of 7") || !strings.Contains(got, "line 6") {
		t.Errorf("the bar says %q", got)
	}
	if got := eval[string](t, ctx, bar+`.querySelector(".pg-travel-sum").textContent`); !strings.Contains(got, "1 tombstone laid") {
		t.Errorf("the DELETE's summary is %q", got)
	}

	// On the INSERT before it: no tombstone yet, its cells marked written.
	caretOnLine(t, ctx, fig, 5)
	waitFor(t, ctx, "the state after the second INSERT", bar+`.dataset.at === "4"`)
	drawn("the Storage view after the second INSERT")
	waitFor(t, ctx, "the INSERT's cells marked", storage+`.querySelectorAll(".tt-written").length > 0`)
	if n := eval[int](t, ctx, storage+`.querySelectorAll(".lay-tomb").length`); n != 0 {
		t.Errorf("before the DELETE the view shows %d tombstones", n)
	}
	if n := eval[int](t, ctx, storage+`.querySelectorAll(".lay-row").length`); n != 2 {
		t.Errorf("after two INSERTs the view shows %d rows, want 2", n)
	}

	// The bar's buttons step, and move the caret with them.
	eval[bool](t, ctx, bar+`.querySelector(".pg-travel-next").click(), true`)
	waitFor(t, ctx, "a step to the DELETE", bar+`.dataset.at === "5"`)
	if got := eval[int](t, ctx, `(() => { const ta = document.querySelector("#ex-0 textarea"); return ta.value.slice(0, ta.selectionStart).split("\n").length })()`); got != 6 {
		t.Errorf("after stepping to the DELETE the caret is on line %d, want 6", got)
	}
	eval[bool](t, ctx, bar+`.querySelector(".pg-travel-end").click(), true`)
	waitFor(t, ctx, "the final state", bar+`.dataset.at === ""`)
	drawn("the Storage view's final state")
	waitFor(t, ctx, "no marks in the final state", storage+`.querySelectorAll("[class*=tt-]").length === 0`)
	if !eval[bool](t, ctx, bar+`.querySelector(".pg-travel-next").disabled`) {
		t.Error("at the final state Later is enabled")
	}

	// A text view travels too, and lists what the statement changed.
	caretOnLine(t, ctx, fig, 6)
	openTab(t, ctx, fig, "cli")
	waitFor(t, ctx, "the cli view's change list", bar+`.querySelectorAll(".pg-travel-list li.tt-tombstone").length === 1`)
	if got := eval[string](t, ctx, `document.querySelector("#ex-0-cli").textContent`); !strings.Contains(got, "RowKey: 1") {
		t.Errorf("the cli view after the DELETE shows %q", got)
	}
	// Results do not travel, and the bar says so (TestBrowserTravelSays).
	openTab(t, ctx, fig, "results")
	if !eval[bool](t, ctx, bar+`.classList.contains("pg-travel-note")`) {
		t.Error("over Results the bar does not say that Results do not travel")
	}
}

// TestBrowserTimeTravelAhead: once the caret is on a statement, the page
// asks the worker for the other statements' states, one at a time, so a
// step of the caret draws the view from what the page holds, in the
// caret's own event: a reply that came after the key would wait for the
// browser's next frame.
func TestBrowserTimeTravelAhead(t *testing.T) {
	ctx := travelTab(t)
	const fig = "#ex-0"
	caretOnLine(t, ctx, fig, 6)
	// The seven statements' states but the last (the final state, drawn with the run).
	waitFor(t, ctx, "the states of statements 1 to 6 held", `document.querySelector("#ex-0").dataset.held === "6"`)
	for _, line := range []int{1, 4, 2, 5} {
		got := eval[string](t, ctx, `(() => { const ta = document.querySelector("#ex-0 textarea"); const ls = ta.value.split("\n");
			const pos = ls.slice(0, `+strconv.Itoa(line-1)+`).reduce((n, l) => n + l.length + 1, 0);
			ta.setSelectionRange(pos, pos); ta.dispatchEvent(new KeyboardEvent("keyup", { key: "ArrowUp" }));
			const f = document.querySelector("#ex-0"); return f.dataset.at + (f.dataset.stale.split(" ").includes("storage") ? " stale" : " drawn") })()`)
		if want := strconv.Itoa(line-1) + " drawn"; got != want {
			t.Errorf("the caret moved to line %d: the Storage view is at %q in the caret's own event, want %q (drawn from a held state)", line, got, want)
		}
	}
}

// TestBrowserTimeTravelAfterPrelude travels through a playground that
// continues an earlier example (after=): the states are those of its own
// statements, starting from the rows the earlier example wrote. A run made
// with the caret on an earlier statement brings that statement's state
// with it: the page asks the worker once, not again for the travelled view.
// The page's own engine is off (inlinelimit=0), so that every request
// crosses to the worker, where the test counts them; the page's engine is
// asked by the same code (engine.ts).
func TestBrowserTimeTravelAfterPrelude(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson+"?inlinelimit=0")
	const fig = "#ex-5" // after=users, opens on Storage
	if got := eval[string](t, ctx, `document.querySelector("`+fig+`").dataset.prelude ?? ""`); got == "" {
		t.Fatalf("%s continues no example: the lesson changed", fig)
	}
	inView(t, ctx, fig)
	n := runs(t, ctx, fig)
	eval[bool](t, ctx, `(() => { const ta = document.querySelector("`+fig+` textarea"); ta.focus(); ta.select(); return true })()`)
	const script = "INSERT INTO users (mainland, state, uid, name, zip) VALUES ('northamerica', 'ohio', 7, 'mia', 43000);\n" +
		"DELETE FROM users WHERE mainland = 'northamerica' AND state = 'texas' AND uid = 2;\n" +
		"SELECT * FROM users WHERE mainland = 'northamerica';"
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: script}); err != nil {
		t.Fatal(err)
	}
	waitRun(t, ctx, fig, n)
	storage := `document.querySelector("` + fig + `-storage")`
	bar := `document.querySelector("` + fig + ` .pg-travel")`
	drawn := func(what string) {
		t.Helper()
		waitFor(t, ctx, what, `!(document.querySelector("`+fig+`").dataset.stale ?? "").split(" ").includes("storage")`)
	}
	northamerica := storage + `.querySelector('.lay-part[data-key="northamerica"]')`

	// On the INSERT: the prelude's four rows of the partition and the new
	// one, which is marked; no tombstone yet.
	caretOnLine(t, ctx, fig, 1)
	waitFor(t, ctx, "the state after the INSERT", bar+`.dataset.at === "0"`)
	drawn("the Storage view after the INSERT")
	waitFor(t, ctx, "the INSERT's cells marked", storage+`.querySelectorAll(".tt-written").length > 0`)
	if got := eval[int](t, ctx, northamerica+`.querySelectorAll(".lay-row").length`); got != 5 {
		t.Errorf("after the prelude and the INSERT the partition shows %d rows, want 5", got)
	}
	if got := eval[int](t, ctx, storage+`.querySelectorAll(".lay-tomb").length`); got != 0 {
		t.Errorf("before the DELETE the view shows %d tombstones", got)
	}

	// An edit with the caret on the DELETE: the run brings the state after
	// the DELETE, so no request for that state follows it.
	caretOnLine(t, ctx, fig, 2)
	waitFor(t, ctx, "the state after the DELETE", bar+`.dataset.at === "1"`)
	drawn("the Storage view after the DELETE")
	eval[bool](t, ctx, `(() => { window.__sent = []; const post = Worker.prototype.postMessage;
		Worker.prototype.postMessage = function (m, ...rest) { window.__sent.push(m); return post.call(this, m, ...rest) }; return true })()`)
	n = runs(t, ctx, fig)
	eval[bool](t, ctx, `(() => { const ta = document.querySelector("`+fig+` textarea"); const end = ta.value.indexOf("\n", ta.value.indexOf("DELETE"));
		ta.focus(); ta.setSelectionRange(end, end); return true })()`)
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: " "}); err != nil {
		t.Fatal(err)
	}
	waitRun(t, ctx, fig, n)
	drawn("the Storage view after the edit")
	waitFor(t, ctx, "the DELETE's tombstone marked", storage+`.querySelectorAll(".lay-tomb.tt-tombstone").length === 1`)
	sent := eval[string](t, ctx, `JSON.stringify(window.__sent.filter((m) => m.key === "w5").map((m) => ({ type: m.type, caretLine: m.caretLine, statement: m.statement })))`)
	if !strings.Contains(sent, `{"type":"run","caretLine":2}`) {
		t.Errorf("the edit's run did not carry the caret's line: %s", sent)
	}
	if strings.Contains(sent, `"statement":1}`) {
		t.Errorf("the page asked again for the state the run brought: %s", sent)
	}
	if got := eval[int](t, ctx, northamerica+`.querySelectorAll(".lay-row").length`); got != 5 {
		t.Errorf("after the DELETE the partition shows %d rows (one of them deleted), want 5", got)
	}
}

// TestBrowserDependentsFollow checks that an example continuing an edited
// one re-runs behind the edit (widget.ts show queues them once the run is
// drawn): the row typed into the users example shows in the Storage view of
// the example after it.
func TestBrowserDependentsFollow(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson)
	const later = "#ex-5" // after=users, opens on Storage
	waitFor(t, ctx, later+" drawn", `document.querySelector("`+later+` .pg-storage").textContent.includes("lukas")`)
	if eval[bool](t, ctx, `document.querySelector("`+later+` .pg-storage").textContent.includes("zelda")`) {
		t.Fatal("the later example shows the row before it was typed")
	}
	appendText(t, ctx, "#ex-0", "\nINSERT INTO users (mainland, state, uid, name, zip) VALUES ('europe', 'bavaria', 9, 'zelda', 80000);")
	waitFor(t, ctx, "the later example to show the typed row", `document.querySelector("`+later+` .pg-storage").textContent.includes("zelda")`)
}
