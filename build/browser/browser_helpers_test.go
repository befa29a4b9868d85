package browser

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/cqlplay/cqlplay/build/chromium"
)

var (
	browserOnce   sync.Once
	browserCtx    context.Context
	browserCancel func()
	browserErr    error
)

// startBrowser starts the package's one headless Chromium. Its context has
// no deadline: a deadline on the first action would become the browser's
// lifetime.
func startBrowser() {
	path := chromium.Path()
	if path == "" {
		browserErr = errNoChromium
		return
	}
	dir, err := os.MkdirTemp("", "cqlplay-chromium")
	if err != nil {
		browserErr = err
		return
	}
	actx, acancel := chromedp.NewExecAllocator(context.Background(), chromium.Options(path, dir)...)
	ctx, cancel := chromedp.NewContext(actx)
	browserCtx = ctx
	browserCancel = func() { cancel(); acancel(); os.RemoveAll(dir) }
	browserErr = chromedp.Do(ctx)
}

type noChromium struct{}

func (noChromium) Error() string { return "chromium is not installed" }

var errNoChromium error = noChromium{}

func stopBrowser() {
	if browserCancel != nil {
		browserCancel()
	}
}

// tabCeiling bounds one browser test: a whole test takes seconds, a minute on
// a machine under load. It is a ceiling, not a timing: a test stuck on a
// condition that never comes fails alone, saying which, and leaves the
// package's time (go test -timeout) to the tests after it.
const tabCeiling = 5 * time.Minute

// newTab opens a tab in the shared browser and returns its context. It skips
// the test, with the reason, when chromium is missing. The tab ends after
// tabCeiling or a minute before the test binary's deadline, whichever comes
// first.

func newTab(t *testing.T) context.Context {
	t.Helper()
	needSite(t)
	browserOnce.Do(startBrowser)
	if browserErr == errNoChromium {
		t.Skip("skipping browser test: chromium is not installed (apt-get install -y chromium; .ci/run does)")
	}
	if browserErr != nil {
		t.Fatal("starting chromium: ", browserErr)
	}
	tab, cancel := chromedp.NewContext(browserCtx)
	if err := chromedp.Do(tab); err != nil {
		cancel()
		t.Fatal("opening a tab: ", err)
	}
	deadline := time.Now().Add(tabCeiling)
	if d, ok := t.Deadline(); ok && d.Add(-time.Minute).Before(deadline) {
		deadline = d.Add(-time.Minute)
	}
	ctx, cancelDeadline := context.WithDeadline(tab, deadline)
	t.Cleanup(func() { cancelDeadline(); cancel() })
	return ctx
}

// eval evaluates JavaScript in the page and fails the test on error.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// waitFor polls a JavaScript condition until it holds.
func waitFor(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		t.Fatalf("waiting for %s (%s): %v", what, js, err)
	}
}

// openLesson loads a page and waits until the engine is ready and every
// widget has drawn its first live results.
func openLesson(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(testURL+path)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the engine", `document.documentElement.dataset.engine === "ready" || document.documentElement.dataset.engine === "failed"`)
	if e := eval[string](t, ctx, `document.documentElement.dataset.engine`); e != "ready" {
		t.Fatalf("engine failed: %s", eval[string](t, ctx, `document.querySelector(".pg-status").textContent`))
	}
	// A widget whose first run outlived a test's small page limit counts as done too:
	// under load even a lesson example can take longer than 300 ms.
	waitFor(t, ctx, "every widget's first run", `[...document.querySelectorAll("figure.pg")].every(f => Number(f.dataset.runs) >= 1 || f.dataset.state === "stopped")`)
}

// inView scrolls a playground into view and waits until it is laid out: off
// screen, a playground is not (content-visibility), and a click computed
// from its boxes before that lands elsewhere.
func inView(t *testing.T, ctx context.Context, fig string) {
	t.Helper()
	eval[bool](t, ctx, `document.querySelector("`+fig+`").scrollIntoView(), true`)
	waitFor(t, ctx, fig+" laid out", `document.querySelector("`+fig+` [role=tab]").getBoundingClientRect().width > 0`)
}

// freshLesson opens a lesson with no saved edits: tests share the browser's
// storage, and an edit another test left would be restored here.
func freshLesson(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	openLesson(t, ctx, path)
	clearStorage(t, ctx)
	openLesson(t, ctx, path)
	t.Cleanup(func() {
		if ctx.Err() == nil {
			chromedp.Run(ctx, chromedp.Evaluate[bool](clearStorageJS))
		}
	})
}

// clearStorageJS empties the page's storage as a reader leaving the page
// and clearing it would: the page writes an edit a keystroke made when it is
// next idle or left (autosave.ts saveEditSoon), so it is left first (its
// pagehide writes what is pending), then cleared; a pending write cannot
// land after the clear and restore an edit in a later test.
const clearStorageJS = `(dispatchEvent(new PageTransitionEvent("pagehide")), localStorage.clear(), true)`

// clearStorage runs clearStorageJS in the tab.
func clearStorage(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, clearStorageJS)
}
