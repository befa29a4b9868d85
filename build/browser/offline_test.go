package browser

import (
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/cqlplay/cqlplay/build/host"
)

// TestBrowserOffline visits one lesson, stops the server, and opens another
// lesson: the service worker serves it, and its playgrounds run on the
// engine it kept ("the site keeps working with no network once
// visited").
func TestBrowserOffline(t *testing.T) {
	ctx := newTab(t)
	base, stop := stoppableServer(t)

	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/en/queries-that-work/")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the first live result", `!!document.documentElement.dataset.firstResult`)
	waitFor(t, ctx, "the service worker in control", `navigator.serviceWorker.controller !== null`)
	kept, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(async () => {
		const c = await caches.open((await caches.keys()).find((k) => k.startsWith("cqlplay-")));
		return (await c.keys()).map((r) => new URL(r.url).pathname);
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal("reading the offline cache: ", err)
	}
	want := []string{testReport.Assets.Wasm, testReport.Assets.WorkerJS, "/en/nested-sorted-map/", "/zh/"}
	for _, p := range testReport.Pages {
		if !strings.Contains(p, "/embed/") { // embed pages live in other sites' iframes
			want = append(want, p)
		}
	}
	for _, p := range want {
		found := false
		for _, k := range kept {
			found = found || k == p
		}
		if !found {
			t.Errorf("the offline cache lacks %s (it holds %v)", p, kept)
		}
	}

	stop()
	if _, err := http.Get(base + "/en/"); err == nil {
		t.Fatal("the server still answers after Close")
	}
	// The engine's module comes from the HTTP cache first (sw.ts); emptied,
	// the service worker must fall back on its own copy.
	if _, err := chromedp.Call(ctx, network.ClearBrowserCache, cdp.Empty{}); err != nil {
		t.Fatal("clearing the HTTP cache: ", err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/en/nested-sorted-map/?debounce=0")); err != nil {
		t.Fatal("opening a lesson offline: ", err)
	}
	if h1 := eval[string](t, ctx, `document.querySelector("h1")?.textContent ?? ""`); h1 == "" {
		t.Fatal("the lesson opened offline has no title")
	}
	waitFor(t, ctx, "the engine, offline", `document.documentElement.dataset.engine === "ready" || document.documentElement.dataset.engine === "failed"`)
	if e := eval[string](t, ctx, `document.documentElement.dataset.engine`); e != "ready" {
		t.Fatalf("the engine did not start offline: %s", eval[string](t, ctx, `document.querySelector(".pg-status")?.textContent ?? ""`))
	}
	waitFor(t, ctx, "a playground's run, offline", `[...document.querySelectorAll("figure.pg")].some((f) => Number(f.dataset.runs) >= 1)`)
}

// TestBrowserEmbedOffline opens an embed page once, as a wiki's frame would,
// stops the server, and opens it again: the service worker kept it (it is on
// no install list, so the page asked for itself once the worker controlled
// it), and its playground runs on the engine the worker kept.
func TestBrowserEmbedOffline(t *testing.T) {
	var embed string
	for _, p := range testReport.Pages {
		if strings.Contains(p, "/embed/") {
			embed = p
			break
		}
	}
	if embed == "" {
		t.Fatal("the build wrote no embed page")
	}
	ctx := newTab(t)
	base, stop := stoppableServer(t)

	if err := chromedp.Do(ctx, chromedp.Navigate(base+embed+"?theme=dark")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the first live result", `!!document.documentElement.dataset.firstResult`)
	waitFor(t, ctx, "the embed page in the offline cache", `(async () => {
		const name = (await caches.keys()).find((k) => k.startsWith("cqlplay-"));
		if (!name) return false;
		const keys = await (await caches.open(name)).keys();
		return keys.some((r) => new URL(r.url).pathname === "`+embed+`");
	})()`)

	stop()
	if _, err := http.Get(base + embed); err == nil {
		t.Fatal("the server still answers after Close")
	}
	if _, err := chromedp.Call(ctx, network.ClearBrowserCache, cdp.Empty{}); err != nil {
		t.Fatal("clearing the HTTP cache: ", err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+embed+"?theme=dark")); err != nil {
		t.Fatal("opening the embed page offline: ", err)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("figure.pg").length`); n != 1 {
		t.Fatalf("the embed page opened offline shows %d playgrounds, want 1", n)
	}
	waitFor(t, ctx, "the engine, offline", `document.documentElement.dataset.engine === "ready" || document.documentElement.dataset.engine === "failed"`)
	if e := eval[string](t, ctx, `document.documentElement.dataset.engine`); e != "ready" {
		t.Fatalf("the engine did not start offline: %s", eval[string](t, ctx, `document.querySelector(".pg-status")?.textContent ?? ""`))
	}
	waitFor(t, ctx, "the playground's run, offline", `Number(document.querySelector("figure.pg").dataset.runs) >= 1`)
}

// stoppableServer serves the built site from a server of the test's own,
// another origin than the other tests' (so another service worker), and
// returns its base URL and a stop that closes it; the test's end closes it
// too.
func stoppableServer(t *testing.T) (base string, stop func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: host.Handler(testDist)}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String(), func() { srv.Close() }
}
