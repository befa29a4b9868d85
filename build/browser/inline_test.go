package browser

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// wantServedBy fails the test unless the engine that drew the playground's
// latest run is want: "page" (the page's own, inline.ts) or "worker"; what
// names the run in the failure.
func wantServedBy(t *testing.T, ctx context.Context, fig, want, what string) {
	t.Helper()
	if got := eval[string](t, ctx, `document.querySelector("`+fig+`").dataset.servedBy ?? ""`); got != want {
		t.Errorf("%s was served by %q, want the %s", what, got, want)
	}
}

// shownViews is the text of a playground's Results and Storage views.
func shownViews(t *testing.T, ctx context.Context, fig string) string {
	t.Helper()
	openTab(t, ctx, fig, "storage")
	storage := eval[string](t, ctx, `document.querySelector("`+fig+`-storage").textContent`)
	openTab(t, ctx, fig, "results")
	return eval[string](t, ctx, `document.querySelector("`+fig+`-results").textContent`) + "\n---\n" + storage
}

// TestBrowserRunsOnPage: once the page is idle after its first result, the
// reader's short runs are served on the page's own engine, and they draw
// what the worker draws for the same text. A script past the page's bound, or one with a -- @fill, goes
// to the worker, and the next short one comes back.
func TestBrowserRunsOnPage(t *testing.T) {
	const fig = "#ex-0"
	const typed = "\nINSERT INTO users (mainland, state, uid, name, zip) VALUES ('europe', 'bavaria', 9, 'zelda', 80000);\nSELECT * FROM users WHERE mainland = 'europe' AND state = 'bavaria';"

	// The worker's drawing of the typed text: the page's engine is off.
	wctx := newTab(t)
	freshLesson(t, wctx, usersLesson+"?inlinelimit=0")
	typeAndRun(t, wctx, fig, typed)
	wantServedBy(t, wctx, fig, "worker", "with inlinelimit=0 the run")
	want := shownViews(t, wctx, fig)
	if !strings.Contains(want, "zelda") {
		t.Fatalf("the worker's views lack the typed row: %s", want)
	}

	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson)
	// It starts once the page is idle after its first result, with no
	// editor touched.
	waitFor(t, ctx, "the page's engine", `document.documentElement.dataset.engineInline === "ready"`)
	typeAndRun(t, ctx, fig, typed)
	wantServedBy(t, ctx, fig, "page", "a short edit")
	if got := shownViews(t, ctx, fig); got != want {
		t.Errorf("the page's engine draws\n%s\nthe worker draws\n%s", got, want)
	}

	// Past the page's bound (20,000 characters): the worker.
	typeAndRun(t, ctx, fig, "\n-- "+strings.Repeat("x", 20_000))
	wantServedBy(t, ctx, fig, "worker", "a script of over 20,000 characters")
	eval[bool](t, ctx, `(() => { const ta = document.querySelector("`+fig+` textarea"); ta.focus(); ta.setSelectionRange(ta.value.lastIndexOf("\n"), ta.value.length); return true })()`)
	n := runs(t, ctx, fig)
	typeText(t, ctx, "\n-- short again")
	waitRun(t, ctx, fig, n)
	wantServedBy(t, ctx, fig, "page", "a short script again")
	if got := shownViews(t, ctx, fig); got != want {
		t.Errorf("back on the page, its engine draws\n%s\nthe worker drew\n%s", got, want)
	}

	// A -- @fill: the worker, whatever its size.
	typeAndRun(t, ctx, fig, "\n-- @fill users 10 mainland=seq(2) state=seq(2) uid=seq(10)")
	wantServedBy(t, ctx, fig, "worker", "a script with a -- @fill")
}

// TestBrowserSlowRunGoesToWorker: a run the engine's bound on the page's
// thread stops (inlinelimit=0.25: stopped at 1 ms) runs again in the worker,
// whose answer is drawn whole, and the worker serves that playground from
// then on.
func TestBrowserSlowRunGoesToWorker(t *testing.T) {
	const fig = "#ex-0"
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson+"?inlinelimit=0.25")
	waitFor(t, ctx, "the page's engine", `document.documentElement.dataset.engineInline === "ready"`)
	var b strings.Builder
	b.WriteString("\nCREATE TABLE slow (k int, c int, PRIMARY KEY (k, c));\n")
	for i := range 300 {
		b.WriteString("INSERT INTO slow (k, c) VALUES (" + strconv.Itoa(i%7) + ", " + strconv.Itoa(i) + ");\n")
	}
	b.WriteString("SELECT count(*) FROM slow;")
	typeAndRun(t, ctx, fig, b.String())
	wantServedBy(t, ctx, fig, "worker", "a run past the page's bound")
	if slow := eval[string](t, ctx, `document.documentElement.dataset.engineInlineSlow ?? ""`); !strings.HasPrefix(slow, "w0 ") {
		t.Errorf("the page's engine reports its slow run as %q, want the playground w0 and its time", slow)
	}
	if out := eval[string](t, ctx, `document.querySelector("`+fig+`-results").textContent`); !strings.Contains(out, "300") || strings.Contains(out, "Stopped") {
		t.Errorf("the worker's results lack the 300 rows, or show the page's stop: %s", out)
	}
	typeAndRun(t, ctx, fig, "\n")
	wantServedBy(t, ctx, fig, "worker", "after its slow run the playground")
}

// TestBrowserEmbedStartsEngineOnFocus: an embed (a wiki page may hold many)
// starts the page's own engine only when the reader goes to its editor.
// Checked once the worker's warm-up is done (over a second after the last
// run): an embed schedules no start of its own at all (page.ts firstResult),
// where a lesson schedules one 4 s after its first result.
func TestBrowserEmbedStartsEngineOnFocus(t *testing.T) {
	const fig = "#ex-1"
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson+"embed/1/")
	waitFor(t, ctx, "the worker's warm-up", `document.documentElement.dataset.engineWarm === "1"`)
	if got := eval[string](t, ctx, `document.documentElement.dataset.engineInline ?? ""`); got != "" {
		t.Fatalf("an embed nobody typed in started the page's engine: %q", got)
	}
	eval[bool](t, ctx, `document.querySelector("`+fig+` textarea").focus(), true`)
	waitFor(t, ctx, "the page's engine", `document.documentElement.dataset.engineInline === "ready"`)
	typeAndRun(t, ctx, fig, "\nSELECT * FROM users;")
	wantServedBy(t, ctx, fig, "page", "a short edit in an embed")
}
