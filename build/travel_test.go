package main

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

// TestBrowserTimeTravel moves the caret through a script: the Storage view
// shows the state after the caret's statement and marks what it changed,
// the bar's buttons step and move the caret, and the last statement (or the
// Final state button) shows the final state, unmarked. The text views list
// the changes.
func TestBrowserTimeTravel(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson)
	const fig = "#ex-0"
	inView(t, ctx, fig)
	n := runs(t, ctx, fig)
	eval[bool](t, ctx, `(() => { const ta = document.querySelector("#ex-0 textarea"); ta.focus(); ta.select(); return true })()`)
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: travelScript}); err != nil {
		t.Fatal(err)
	}
	waitRun(t, ctx, fig, n)
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
	if got := eval[string](t, ctx, bar+`.querySelector(".pg-travel-sum").textContent`); !strings.Contains(got, "1 tombstones") {
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
	// Results do not travel: the bar hides.
	openTab(t, ctx, fig, "results")
	if !eval[bool](t, ctx, bar+`.hidden`) {
		t.Error("the bar shows over Results")
	}
}
