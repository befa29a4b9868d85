package browser

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The palettes' backgrounds (site.css --bg), as getComputedStyle reports them.
const (
	lightBG = "rgb(253, 253, 252)"
	darkBG  = "rgb(22, 25, 29)"
)

// themeAtLoad records, in every document the tab opens, data-theme and the
// body's background at DOMContentLoaded, before the async page script can
// have changed anything: what the first paint showed.
const themeAtLoad = `document.addEventListener("DOMContentLoaded", () => {
  window.themeAtLoad = (document.documentElement.dataset.theme || "none") + " " + getComputedStyle(document.body).backgroundColor;
});`

func background(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`)
}

func chooseTheme(t *testing.T, ctx context.Context, value string) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const s = document.getElementById("theme"); s.value = "`+value+`"; s.dispatchEvent(new Event("change")); return true })()`)
}

func emulateScheme(t *testing.T, ctx context.Context, scheme string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
	}); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserTheme: the header's Theme control switches the palette, the
// choice survives navigation (applied by the head script, before the page's
// own script runs), reaches embed pages and other open tabs, wins over the
// system setting, and System follows the system again.
func TestBrowserTheme(t *testing.T) {
	ctx := newTab(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: themeAtLoad}); err != nil {
		t.Fatal(err)
	}
	emulateScheme(t, ctx, "light")
	if err := chromedp.Do(ctx, chromedp.Navigate(testURL+"/en/")); err != nil {
		t.Fatal(err)
	}
	eval[bool](t, ctx, `(() => { localStorage.removeItem("cqlplay:theme"); return true })()`)
	if err := chromedp.Do(ctx, chromedp.Navigate(testURL+"/en/")); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, `!document.querySelector("label.theme").hidden && document.getElementById("theme").value === "system"`) {
		t.Fatal("the Theme control is not shown, set to System, on a first visit")
	}
	if got := background(t, ctx); got != lightBG {
		t.Errorf("System on a light system: background %s, want %s", got, lightBG)
	}

	chooseTheme(t, ctx, "dark")
	if got := background(t, ctx); got != darkBG {
		t.Errorf("after choosing Dark: background %s, want %s", got, darkBG)
	}
	if got := eval[string](t, ctx, `localStorage.getItem("cqlplay:theme")`); got != "dark" {
		t.Errorf("stored choice %q, want dark", got)
	}

	// Another page: dark from the start, the control says Dark.
	if err := chromedp.Do(ctx, chromedp.Navigate(testURL+usersLesson)); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](t, ctx, `document.documentElement.dataset.theme + " " + document.getElementById("theme").value`); got != "dark dark" {
		t.Errorf("on the next page: data-theme and control %q, want dark dark", got)
	}
	if got := background(t, ctx); got != darkBG {
		t.Errorf("on the next page: background %s, want %s", got, darkBG)
	}
	if got := eval[string](t, ctx, `window.themeAtLoad || "no DOMContentLoaded"`); got != "dark "+darkBG {
		t.Errorf("on the next page, at DOMContentLoaded: %q, want dark %s", got, darkBG)
	}
	// An embed page has no header but follows the choice.
	if err := chromedp.Do(ctx, chromedp.Navigate(testURL+usersLesson+"embed/0/")); err != nil {
		t.Fatal(err)
	}
	if got := background(t, ctx); got != darkBG || eval[int](t, ctx, `document.querySelectorAll("#theme").length`) != 0 {
		t.Errorf("embed page: background %s (want %s), with a Theme control: %v", got, darkBG, eval[int](t, ctx, `document.querySelectorAll("#theme").length`) != 0)
	}

	// Light wins over a dark system; System then follows it.
	if err := chromedp.Do(ctx, chromedp.Navigate(testURL+"/en/")); err != nil {
		t.Fatal(err)
	}
	emulateScheme(t, ctx, "dark")
	chooseTheme(t, ctx, "light")
	if got := background(t, ctx); got != lightBG {
		t.Errorf("Light on a dark system: background %s, want %s", got, lightBG)
	}
	chooseTheme(t, ctx, "system")
	if got := background(t, ctx); got != darkBG {
		t.Errorf("System on a dark system: background %s, want %s", got, darkBG)
	}
	if eval[bool](t, ctx, `localStorage.getItem("cqlplay:theme") !== null`) {
		t.Error("choosing System left a stored choice")
	}

	// A choice made in one tab reaches the others.
	other := newTab(t)
	emulateScheme(t, other, "light")
	if err := chromedp.Do(other, chromedp.Navigate(testURL+"/zh/")); err != nil {
		t.Fatal(err)
	}
	chooseTheme(t, ctx, "dark")
	waitFor(t, other, "the other tab to turn dark", `document.documentElement.dataset.theme === "dark" && document.getElementById("theme").value === "dark"`)

	// Garbage in storage means System, not an error.
	eval[bool](t, ctx, `(() => { localStorage.setItem("cqlplay:theme", "<img src=x onerror=alert(1)>"); return true })()`)
	if err := chromedp.Do(ctx, chromedp.Navigate(testURL+"/en/")); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](t, ctx, `(document.documentElement.dataset.theme ?? "none") + " " + document.getElementById("theme").value`); got != "none system" {
		t.Errorf("an unknown stored value gives %q, want none system", got)
	}
	emulateScheme(t, ctx, "")
	emulateScheme(t, other, "")
}

// TestBrowserEarlyWorker: on a lesson, the head script starts the engine's
// worker before the page's first layout, and the page script takes that
// worker over (with the messages it sent meanwhile) rather than starting a
// second one; the playgrounds then run on it. (A worker restarted after a
// runaway script is the page's own: TestBrowserRunaway.)
func TestBrowserEarlyWorker(t *testing.T) {
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson)
	if got := eval[string](t, ctx, `document.documentElement.dataset.workerStart + " " + (globalThis.cqlplayEarlyWorker === undefined)`); got != "head true" {
		t.Errorf("worker start %q, want head, taken over (head true)", got)
	}
	if got := eval[int](t, ctx, `[...document.querySelectorAll("figure.pg")].filter(f => Number(f.dataset.runs) >= 1).length`); got == 0 {
		t.Error("no playground ran on the worker the head script started")
	}
}

// TestBrowserWorkerFails: when the worker's script cannot load, the head
// script keeps the error for engine.ts, and the page says the engine could
// not start (the lesson still reads with the build's results and the travel
// bar's final state) instead of waiting for it forever.
func TestBrowserWorkerFails(t *testing.T) {
	ctx := newTab(t)
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			go chromedp.Call(ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: e.RequestID, ErrorReason: network.ErrorReasonFailed})
		}
	}); err != nil {
		t.Fatal(err)
	}
	// Earlier tests' visits left the worker's script in the browser's cache
	// and in the site's service worker, which answer without the network and
	// so without the interception.
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/assets/worker-*"}}}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(testURL+usersLesson)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the engine to fail", `document.documentElement.dataset.engine === "failed"`)
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 .pg-status").textContent`); !strings.HasPrefix(got, "The engine could not start: ") {
		t.Errorf("status %q, want the engine's failure", got)
	}
	if got := eval[int](t, ctx, `document.querySelectorAll("#ex-0 .pg-results .out").length`); got == 0 {
		t.Error("the build's results are gone after the engine failed")
	}
	// The travel bar over the build's Storage view shows its final state
	// with the build's count of statements, no run needed: an embed's
	// iframe does not grow by the bar when the first run comes.
	if got := eval[string](t, ctx, `(() => { const b = document.querySelector("#ex-0 .pg-travel"); return b.hidden ? "hidden" : b.textContent })()`); !strings.Contains(got, eval[string](t, ctx, `document.querySelector("#ex-0").dataset.statements`)+" statements") {
		t.Errorf("with no run, the travel bar over Storage reads %q, want the final state of the build's statements", got)
	}
	if _, err := chromedp.Call(ctx, fetch.Disable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
}
