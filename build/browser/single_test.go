package browser

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/cqlplay/cqlplay/build/ui"
)

// TestBrowserSingleFile opens the one-file build from file:// in Chromium:
// the index, a lesson whose playground runs an edit (a result, and a
// failing statement's exact message), the edit kept across a reload, the
// next lesson and the Chinese one, each running on the inlined engine, and
// the edit's share link opened where no edit is saved. Nothing is fetched
// from a network, by the page or by the engine's worker (watchOffline,
// workerOffline).
func TestBrowserSingleFile(t *testing.T) {
	r := needSingle(t)
	ctx := newTab(t)
	file := "file://" + filepath.ToSlash(r.File)
	offline := watchOffline(t, ctx)
	open := func(url string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "the page unpacked", `document.body.dataset.path !== undefined`)
	}
	open(file)
	clearStorage(t, ctx)
	t.Cleanup(func() {
		if ctx.Err() == nil {
			chromedp.Run(ctx, chromedp.Evaluate[bool](clearStorageJS))
		}
	})
	// The index, in English, with the styles applied.
	if got := eval[string](t, ctx, `document.documentElement.lang + " " + document.querySelector("h1").textContent`); got != "en "+ui.Strings["en"].HomeTitle {
		t.Errorf("the file opens on %q, want the English index", got)
	}
	open(file + "?page=/no/such/page/")
	if got := eval[string](t, ctx, `document.querySelector("h1").textContent`); !strings.HasPrefix(got, "Page not found") {
		t.Errorf("a page the file does not hold shows %q, want the 404 page", got)
	}
	open(file)
	if got := eval[string](t, ctx, `getComputedStyle(document.querySelector(".site-head")).display`); got == "inline" {
		t.Error("the header is unstyled: the inlined style sheet did not apply")
	}
	waitFor(t, ctx, "the theme control (head.ts, once the page is shown)", `!document.querySelector(".theme").hidden`)
	// The header's search finds lessons of the file, from the index it holds.
	eval[bool](t, ctx, `(i => (i.focus(), i.value = "partition key", i.dispatchEvent(new Event("input")), true))(document.querySelector("#search"))`)
	waitFor(t, ctx, "search results", `document.querySelectorAll("#search-list a").length > 0`)
	if got := eval[string](t, ctx, `document.querySelector("#search-list a").href`); !strings.HasPrefix(got, file+"?page=/en/") {
		t.Errorf("a search result links to %q, want a page of the file", got)
	}
	link := eval[string](t, ctx, `document.querySelector('a[href="?page=`+usersLesson+`"]')?.href ?? ""`)
	if !strings.HasPrefix(link, file+"?page=") {
		t.Fatalf("the index's link to %s is %q", usersLesson, link)
	}

	openLive := func(url string) {
		t.Helper()
		open(url)
		waitFor(t, ctx, "the engine", `document.documentElement.dataset.engine === "ready" || document.documentElement.dataset.engine === "failed"`)
		if e := eval[string](t, ctx, `document.documentElement.dataset.engine`); e != "ready" {
			t.Fatalf("%s: the engine failed: %s", url, eval[string](t, ctx, `document.querySelector(".pg-status").textContent`))
		}
		waitFor(t, ctx, "every widget's first run", `[...document.querySelectorAll("figure.pg")].every(f => Number(f.dataset.runs) >= 1 || f.dataset.state === "stopped")`)
	}
	openLive(link)
	if got := eval[string](t, ctx, `document.body.dataset.worker.slice(0, 5) + " " + document.documentElement.dataset.workerStart`); got != "blob: page" {
		t.Errorf("the worker = %q, want a blob: URL started by the page", got)
	}
	t.Logf("the lesson from file://: %s ms, engine ready in %s ms (its worker's load), first live result at %s ms",
		eval[string](t, ctx, `(n => ["responseEnd", "domInteractive", "domContentLoadedEventEnd"].map(k => k + "=" + Math.round(n[k])).join(" "))(performance.getEntriesByType("navigation")[0]) + " shown=" + Math.round(performance.getEntriesByName("pg-page-shown")[0]?.startTime) + " paint=" + Math.round(performance.getEntriesByName("first-contentful-paint")[0]?.startTime)`),
		eval[string](t, ctx, `document.documentElement.dataset.engineMs`), eval[string](t, ctx, `document.documentElement.dataset.firstResult`))
	workerOffline(t, ctx)
	if eval[bool](t, ctx, `!!document.querySelector(".pg-embed")`) {
		t.Error("the file offers an Embed button, for embed pages it does not have")
	}

	const fig = "#ex-0"
	n := runs(t, ctx, fig)
	script := "CREATE TABLE kv (k int PRIMARY KEY, v text);\nINSERT INTO kv (k, v) VALUES (1, 'from a file');\nSELECT v FROM kv WHERE k = 1;\nSELECT * FROM kv WHERE v = 'x';\n"
	replaceText(t, ctx, fig, script)
	waitRun(t, ctx, fig, n)
	outs := `[...document.querySelectorAll("#ex-0 .pg-results .out")]`
	if got := eval[string](t, ctx, outs+`.map(o => o.querySelector("td")?.textContent ?? "").join("|")`); !strings.Contains(got, "from a file") {
		t.Errorf("results %q lack the inserted value", got)
	}
	const msg = `InvalidRequest: Error from server: code=2200 [Invalid query] message="Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING"`
	if got := eval[string](t, ctx, outs+`.at(-1).querySelector(".out-err")?.textContent ?? ""`); got != msg {
		t.Errorf("error = %q\nwant    %q", got, msg)
	}
	if shot := os.Getenv("CQLPLAY_SINGLE_SCREENSHOT"); shot != "" {
		eval[bool](t, ctx, `document.querySelector("#ex-0").scrollIntoView(), true`)
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(shot, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// Share puts a link to this lesson of the file in the address bar.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#ex-0 .pg-share"))); err != nil {
		t.Fatal(err)
	}
	shared := eval[string](t, ctx, `location.href`)
	if !strings.HasPrefix(shared, link+"#ex-0=") {
		t.Errorf("after Share the address is %q, want %s#ex-0=...", shared, link)
	}

	// localStorage works on file://: the edit survives a reload, under the
	// lesson's site path.
	openLive(link)
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`); got != script {
		t.Errorf("after reload the editor holds %q, want the edit", got)
	}
	if !eval[bool](t, ctx, `localStorage.getItem("cqlplay:edit:`+usersLesson+`#0") !== null`) {
		t.Error("the edit is not saved under the lesson's site path")
	}

	// The next lesson: another page of the same file, its own playgrounds.
	next := eval[string](t, ctx, `document.querySelector("a[rel=next]").href`)
	title := eval[string](t, ctx, `document.title`)
	openLive(next)
	if got := eval[string](t, ctx, `document.title`); got == title || !strings.HasSuffix(got, " · cqlplay") {
		t.Errorf("the next lesson's title is %q (was %q)", got, title)
	}
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`); strings.Contains(got, "from a file") {
		t.Error("the next lesson's first example shows the edit of the previous lesson's")
	}
	// And in Chinese: the language switch stays in the file.
	zh := eval[string](t, ctx, `document.querySelector(".langs a[hreflang=zh]").href`)
	if !strings.HasPrefix(zh, file+"?page=/zh/") {
		t.Fatalf("the language switch goes to %q", zh)
	}
	openLive(zh)
	if got := eval[string](t, ctx, `document.documentElement.lang + " " + JSON.parse(document.body.dataset.ui).results`); got != "zh-Hans "+ui.Strings["zh"].Results {
		t.Errorf("the Chinese lesson's lang and Results label = %q", got)
	}
	sw, err := chromedp.Run(ctx, chromedp.Evaluate[string](`navigator.serviceWorker ? navigator.serviceWorker.getRegistrations().then(r => String(r.length), () => "none") : "none"`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if sw != "none" && sw != "0" {
		t.Errorf("the file registered %s service workers", sw)
	}

	// The index's "continue" link goes back to the Chinese lesson, in the file.
	open(file)
	waitFor(t, ctx, `the "continue" link`, `!document.querySelector(".continue").hidden`)
	if got := eval[string](t, ctx, `document.querySelector(".continue a").href`); !strings.HasPrefix(got, file+"?page=/zh/") {
		t.Errorf("the index's continue link goes to %q, want the Chinese lesson of the file", got)
	}

	// The share link opens, in a browser that has no edit saved: the
	// shared script is the editor's and runs; it is not saved.
	open(file)
	clearStorage(t, ctx)
	openLive(shared)
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`); got != script {
		t.Errorf("the share link opens on %q, want the shared script", got)
	}
	if got := eval[string](t, ctx, outs+`.map(o => o.querySelector("td")?.textContent ?? "").join("|")`); !strings.Contains(got, "from a file") {
		t.Errorf("the shared script's results %q lack the inserted value", got)
	}
	if eval[bool](t, ctx, `localStorage.getItem("cqlplay:edit:`+usersLesson+`#0") !== null`) {
		t.Error("opening a share link saved its script as the reader's edit")
	}
	offline()
}

// watchOffline records, from the start of the tab, every request the tab's
// pages make (the Network domain's events) and every Content-Security-Policy
// violation (a listener each page gets before its own scripts run). The
// func it returns checks that the one-file build fetched nothing from a
// network: no request but file:, data: and blob: URLs, no violation; and
// that the file's policy holds: a fetch from the page is refused
// (connect-src), the test server's answer never reaches it. The engine's
// worker is a target of its own, whose requests these events do not show:
// workerOffline checks it.
func watchOffline(t *testing.T, ctx context.Context) func() {
	t.Helper()
	var (
		mu         sync.Mutex
		requests   int
		outside    []string
		violations []string
	)
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			u := e.Request.URL
			requests++
			if !strings.HasPrefix(u, "file:") && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") && u != "about:blank" {
				outside = append(outside, u)
			}
		case *runtime.EventBindingCalled:
			if e.Name == "cqlplayViolation" {
				violations = append(violations, e.Payload)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, runtime.AddBinding, runtime.AddBindingParams{Name: "cqlplayViolation"}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `addEventListener("securitypolicyviolation", (e) => cqlplayViolation(e.violatedDirective + " " + e.blockedURI))`,
	}); err != nil {
		t.Fatal(err)
	}
	return func() {
		t.Helper()
		mu.Lock()
		t.Logf("%d requests, none to a network; %d policy violations", requests, len(violations))
		if len(outside) > 0 {
			t.Errorf("the file made requests outside it: %q", outside)
		}
		if len(violations) > 0 {
			t.Errorf("the file's Content-Security-Policy refused: %q", violations)
		}
		mu.Unlock()
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`new Promise((done) => {
			addEventListener("securitypolicyviolation", (e) => done("refused by " + e.violatedDirective), { once: true });
			fetch(`+strconv.Quote(testURL+"/")+`).then(() => done("fetched"), () => {});
		})`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if got != "refused by connect-src" {
			t.Errorf("a fetch of the test server from the file was %s, want refused by connect-src", got)
		}
	}
}

// workerOffline attaches to the engine's worker (started from a blob: URL
// of the file) and checks that it runs under the file's policy: it fetched
// nothing but data: URLs (its engine), and a fetch of the test server from
// it is refused (connect-src).
func workerOffline(t *testing.T, ctx context.Context) {
	t.Helper()
	targets, err := chromedp.Targets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	url := eval[string](t, ctx, `document.body.dataset.worker`)
	var worker *target.Info
	var seen []string
	for _, ti := range targets {
		if ti.Type == "worker" && ti.URL == url {
			worker = ti
		}
		seen = append(seen, string(ti.Type)+" "+ti.URL)
	}
	if worker == nil {
		t.Fatalf("no worker of %s is running; the targets: %q", url, seen)
	}
	wctx, cancel := chromedp.NewContext(ctx, chromedp.WithTargetID(worker.TargetID))
	defer cancel()
	fetched, err := chromedp.Run(wctx, chromedp.Evaluate[[]string](`performance.getEntriesByType("resource").map((e) => e.name.slice(0, 60))`))
	if err != nil {
		t.Fatal("evaluating in the worker: ", err)
	}
	for _, u := range fetched {
		if !strings.HasPrefix(u, "data:") {
			t.Errorf("the worker fetched %s", u)
		}
	}
	got, err := chromedp.Run(wctx, chromedp.Evaluate[string](`new Promise((done) => {
		self.addEventListener("securitypolicyviolation", (e) => done("refused by " + e.violatedDirective), { once: true });
		fetch(`+strconv.Quote(testURL+"/")+`).then(() => done("fetched"), () => {});
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal("evaluating in the worker: ", err)
	}
	if got != "refused by connect-src" {
		t.Errorf("a fetch of the test server from the worker was %s, want refused by connect-src", got)
	}
	t.Logf("the worker: %d resource entries, none from a network; a fetch of the test server %s", len(fetched), got)
}
