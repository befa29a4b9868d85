package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/cqlplay/cqlplay/build/chromium"
	"github.com/cqlplay/cqlplay/build/host"
)

// benchLesson is the lesson the browser timings open: its first playground
// holds the users table of the peers' W3.
const benchLesson = "/en/queries-that-work/"

// benchKeystrokes is how many keystrokes the keystroke-to-views percentiles
// are taken over (issue 6: p50 and p95 over 50).
const benchKeystrokes = 50

// benchBrowser builds the site as a release does (brotli -q 11 beside every
// large file), serves it with the precompressed files as the host does, and
// measures in headless Chromium:
//
//   - the bytes a first visit to a lesson transfers (cache disabled), and the
//     part a reader needs to read the lesson: the document, its CSS, fonts
//     and images, without any script, worker or .wasm;
//   - time to a readable lesson (first contentful paint; results are
//     pre-rendered in the HTML) and to an interactive playground (the first
//     live result drawn from the engine in the worker);
//   - keystroke to redrawn views for a 50-statement script: the site's
//     pg-input-to-views measure (site/ts: from the input event through the
//     worker's run to the redraw of every view), the typing debounce set to 0;
//   - the same after a 100,000-row prefix: edits of the last statement of
//     lesson 08's `-- @fill` example, its Storage view on screen
//     (keystrokesAfterFill, volume.go).
func benchBrowser(c benchConfig, module string, raw io.Writer) error {
	path := chromium.Path()
	if path == "" {
		fmt.Fprintln(c.Log, "bench: chromium is not installed (apt-get install -y chromium): skipping the browser timings")
		return nil
	}
	tmp, err := os.MkdirTemp("", "cqlplay-bench-site")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	dist := filepath.Join(tmp, "dist")
	fmt.Fprintln(c.Log, "bench: building the site (brotli -q 11)")
	if err := goRun(c, "./build", "-out", dist, "-base", "http://localhost/", "-wasm", module, "-brotli", "11"); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: host.Handler(dist)}
	go srv.Serve(ln)
	defer srv.Close()
	base := "http://" + ln.Addr().String()

	actx, acancel := chromedp.NewExecAllocator(context.Background(), chromium.Options(path, filepath.Join(tmp, "profile"))...)
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	if err := chromedp.Do(bctx); err != nil {
		return errors.New("starting chromium: " + err.Error())
	}
	ctx, cancel := context.WithTimeout(bctx, 5*time.Minute)
	defer cancel()

	visit, err := firstVisit(ctx, base+benchLesson)
	if err != nil {
		return err
	}
	if err := addWorkerFetches(&visit, dist); err != nil {
		return err
	}
	keys, err := keystrokes(ctx, base+benchLesson+"?debounce=0", 0)
	if err != nil {
		return err
	}
	settled, err := keystrokes(ctx, base+benchLesson+"?debounce=0", benchSettle)
	if err != nil {
		return err
	}
	next, err := nextVisit(ctx, base)
	if err != nil {
		return err
	}
	// Its own time: the fill's run takes seconds on a busy machine.
	vctx, vcancel := context.WithTimeout(bctx, 3*time.Minute)
	defer vcancel()
	volume, err := keystrokesAfterFill(vctx, base+benchVolumeLesson+"?debounce=0")
	if err != nil {
		return errors.New("keystrokes after a 100k-row prefix: " + err.Error())
	}
	line, _ := json.Marshal(map[string]any{"peer": "cql", "workload": "browser", "page": benchLesson,
		"first_visit": visit, "keystroke_to_views_ms": keys, "keystroke_to_views_settled_ms": settled, "next_visit": next,
		"keystroke_after_fill_ms": volume})
	fmt.Fprintf(raw, "%s\n", line)

	fmt.Fprintf(c.Out, "\nbrowser (Chromium, %s, served from dist/ with the .br files):\n", benchLesson)
	if benchThrottle > 1 {
		fmt.Fprintf(c.Out, "throttled: CPU %gx slower, network %d ms round trips, %.1f Mbit/s down (Lighthouse's mobile profile)\n", benchThrottle, mobileRTTms, mobileDownBytesPS*8/1024/1024)
	}
	fmt.Fprintf(c.Out, "first visit: %s B compressed in all (%d requests; %s B of it .wasm)\n",
		groupDigits(visit.Total), visit.Requests, groupDigits(visit.Wasm))
	fmt.Fprintf(c.Out, "readable lesson (document, CSS, fonts, images and the render-blocking head script): %s B (target <= 60 KB) %s\n",
		groupDigits(visit.Readable), pass(visit.Readable <= 60_000))
	for _, r := range visit.Resources {
		fmt.Fprintf(c.Out, "  %-12s %-50s %9s B\n", r.Type, r.Name, groupDigits(r.Bytes))
	}
	fmt.Fprintf(c.Out, "readable (first contentful paint): %.0f ms; DOMContentLoaded %.0f ms; engine ready in the worker after %s ms; interactive (first live result) %.0f ms: %.0f ms after the page (target <= 500 ms) %s\n",
		visit.FCP, visit.DOMContentLoaded, visit.EngineMs, visit.Interactive, visit.Interactive-visit.DOMContentLoaded, pass(visit.Interactive-visit.DOMContentLoaded <= 500))
	fmt.Fprintf(c.Out, "  the %s script started the worker at %.0f ms, the page script ran at %.0f ms, the page heard the engine ready at %.0f ms; runs drawn when the first result was (time in the worker): %s\n",
		visit.WorkerBy, visit.Worker, visit.Boot, visit.EngineReady, visit.FirstRuns)
	fmt.Fprintf(c.Out, "keystroke to redrawn views, 50-statement script, %d keystrokes right after the page loaded: p50 %.1f ms, p95 %.1f ms, max %.1f ms (target p95 <= 16 ms) %s; editor redraw p50 %.2f ms; run start to views p50 %.1f ms\n",
		benchKeystrokes, keys.P50, keys.P95, keys.Max, pass(keys.P95 <= 16), keys.EditorP50, keys.RunP50)
	fmt.Fprintf(c.Out, "  served by the page's own engine: %d of %d right after load, %d of %d settled\n",
		count(keys.OnPage), benchKeystrokes, count(settled.OnPage), benchKeystrokes)
	fmt.Fprintf(c.Out, "  the same keystrokes once the worker's warm-up is done and the page has been idle %s (a reader who reads first): p50 %.1f ms, p95 %.1f ms, max %.1f ms %s; in the worker p50 %.1f ms, p95 %.1f ms\n",
		benchSettle, settled.P50, settled.P95, settled.Max, pass(settled.P95 <= 16), settled.WorkerP50, settled.WorkerP95)
	fmt.Fprintf(c.Out, "caret move to the time-travelled Storage view, %d statements up the same script: p50 %.1f ms, p95 %.1f ms, max %.1f ms (target p95 <= 16 ms) %s\n",
		benchCaretMoves, settled.Caret[0], settled.Caret[1], settled.Caret[2], pass(settled.Caret[1] <= 16))
	fmt.Fprintf(c.Out, "  in the worker p50 %.1f ms, p95 %.1f ms; drawing the views p50 %.2f ms, p95 %.2f ms\n",
		keys.WorkerP50, keys.WorkerP95, keys.DrawP50, keys.DrawP95)
	fmt.Fprintf(c.Out, "  the run's hops, p50 / p95: posted to the worker taking it %.1f / %.1f ms, in the worker (wall) %.1f / %.1f ms, its reply to the page taking it %.1f / %.1f ms\n",
		keys.ToWorker[0], keys.ToWorker[1], keys.WorkerWall[0], keys.WorkerWall[1], keys.ToPage[0], keys.ToPage[1])
	fmt.Fprintf(c.Out, "  the page thread's CPU per keystroke (with the bench's own calls into the page): tasks %.2f ms, of which style %.2f ms, layout %.2f ms\n",
		keys.TaskCPU, keys.StyleCPU, keys.LayoutCPU)
	fmt.Fprintf(c.Out, "keystroke after a 100k-row prefix (%s, the -- @fill example on Storage), %d edits of the last statement: p50 %.1f ms, p95 %.1f ms, max %.1f ms (target p95 <= 16 ms) %s; in the worker p50 %.1f ms, p95 %.1f ms; drawing the views p50 %.2f ms, p95 %.2f ms\n",
		benchVolumeLesson, benchVolumeKeystrokes, volume.P50, volume.P95, volume.Max, pass(volume.P95 <= 16), volume.WorkerP50, volume.WorkerP95, volume.DrawP50, volume.DrawP95)
	fmt.Fprintf(c.Out, "  p50 / p95: the input to the run's start %.1f / %.1f ms; the run's hops: posted to the worker taking it %.1f / %.1f ms, in the worker (wall) %.1f / %.1f ms, its reply to the page taking it %.1f / %.1f ms\n",
		volume.ToRun[0], volume.ToRun[1], volume.ToWorker[0], volume.ToWorker[1], volume.WorkerWall[0], volume.WorkerWall[1], volume.ToPage[0], volume.ToPage[1])
	fmt.Fprintf(c.Out, "the reader's next lesson (%s, after a first visit to %s, warm-up and %s idle): engine ready in the worker after %s ms; first live result %.0f ms after navigation, %.0f ms after DOMContentLoaded\n",
		benchNextLesson, benchLesson, benchSettle, next.EngineMs, next.Interactive, next.Interactive-next.DOMContentLoaded)
	return nil
}

// benchNextLesson is the lesson nextVisit opens.
const benchNextLesson = "/en/nested-sorted-map/"

// nextVisit is a reader's first visit to the site and their next lesson, in
// a browser context of its own (empty caches, no service worker): the bench
// lesson, plain, until the worker's warm-up is done and benchSettle more
// (V8 optimises, then writes its code cache), and then, in the same tab,
// benchNextLesson, whose times it reports. Chromium keeps V8's code for the
// module beside its HTTP cache entry (sw.ts), so the next lesson's engine
// need not be compiled again.
func nextVisit(ctx context.Context, base string) (visitReport, error) {
	var rep visitReport
	tab, cancel, err := newTab(ctx, chromedp.WithNewBrowserContext())
	if err != nil {
		return rep, err
	}
	defer cancel()
	ready := func(what string) error {
		if _, err := chromedp.Run(tab, chromedp.Poll[bool](`document.documentElement.dataset.engine === "ready" && !!document.documentElement.dataset.firstResult`, chromedp.WithPollingInterval(10*time.Millisecond))); err != nil {
			return errors.New(what + ": " + err.Error())
		}
		return nil
	}
	if err := chromedp.Do(tab, chromedp.Navigate(base+benchLesson)); err != nil {
		return rep, errors.New("next visit, the first lesson: " + err.Error())
	}
	if err := ready("next visit, the first lesson"); err != nil {
		return rep, err
	}
	if err := settleAfterWarmUp(tab, benchSettle); err != nil {
		return rep, errors.New("next visit: " + err.Error())
	}
	if err := chromedp.Do(tab, chromedp.Navigate(base+benchNextLesson)); err != nil {
		return rep, errors.New("next visit: " + err.Error())
	}
	if err := ready("next visit"); err != nil {
		return rep, err
	}
	times, err := chromedp.Run(tab, chromedp.Evaluate[map[string]float64](`({
		dcl: performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd,
		interactive: Number(document.documentElement.dataset.firstResult),
	})`))
	if err != nil {
		return rep, err
	}
	rep.DOMContentLoaded, rep.Interactive = times["dcl"], times["interactive"]
	rep.EngineMs, err = chromedp.Run(tab, chromedp.Evaluate[string](`document.documentElement.dataset.engineMs || ""`))
	return rep, err
}

// visitReport is what a first visit to a lesson costs.
type visitReport struct {
	Total, Readable, Wasm int64
	Requests              int
	Resources             []resourceBytes
	FCP                   float64 // first contentful paint, ms after navigation start
	DOMContentLoaded      float64
	Interactive           float64 // first live result drawn, ms after navigation start
	EngineMs              string  // the worker's own load time, as the page records it
	Boot                  float64 // the page script ran (its pg-boot mark), ms after navigation start
	Worker                float64 // the worker was created (pg-worker), ms after navigation start
	WorkerBy              string  // who created it: "head" (head.ts) or "page"
	EngineReady           float64 // the page heard the engine is ready, ms after navigation start
	FirstRuns             string  // the runs drawn by then: widget and time in the worker
}

type resourceBytes struct {
	Name  string
	Type  string // Chromium's resource type: Document, Stylesheet, Script, Fetch...
	Bytes int64  // bytes transferred: compressed body and headers
}

// firstVisit loads the page in a fresh tab with the cache disabled and adds
// up the bytes every request transferred (Network.loadingFinished's
// encodedDataLength: compressed body plus headers), the worker's fetches of
// wasm_exec.js and the .wasm included, until the first live result is drawn.
func firstVisit(ctx context.Context, url string) (visitReport, error) {
	var rep visitReport
	tab, cancel, err := newTab(ctx)
	if err != nil {
		return rep, err
	}
	defer cancel()
	type req struct {
		url  string
		kind network.ResourceType
	}
	var mu sync.Mutex
	reqs := map[network.RequestID]req{}
	var done []struct {
		id    network.RequestID
		bytes float64
	}
	err = chromedp.Listen(tab, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			reqs[e.RequestID] = req{e.Request.URL, e.Type}
		case *network.EventLoadingFinished:
			done = append(done, struct {
				id    network.RequestID
				bytes float64
			}{e.RequestID, e.EncodedDataLength})
		}
	})
	if err != nil {
		return rep, err
	}
	if _, err := chromedp.Call(tab, network.Enable, network.EnableParams{}); err != nil {
		return rep, err
	}
	if _, err := chromedp.Call(tab, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		return rep, err
	}
	if err := chromedp.Do(tab, chromedp.Navigate(url)); err != nil {
		return rep, errors.New("first visit: " + err.Error())
	}
	if _, err := chromedp.Run(tab, chromedp.Poll[bool](`document.documentElement.dataset.engine === "ready" && !!document.documentElement.dataset.firstResult`, chromedp.WithPollingInterval(10*time.Millisecond))); err != nil {
		return rep, errors.New("first visit: " + err.Error())
	}
	times, err := chromedp.Run(tab, chromedp.Evaluate[map[string]float64](`({
		fcp: (performance.getEntriesByName("first-contentful-paint")[0] || {startTime: 0}).startTime,
		dcl: performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd,
		interactive: Number(document.documentElement.dataset.firstResult),
		boot: (performance.getEntriesByName("pg-boot")[0] || {startTime: -1}).startTime,
		worker: (performance.getEntriesByName("pg-worker")[0] || {startTime: -1}).startTime,
		ready: (performance.getEntriesByName("pg-engine-ready")[0] || {startTime: -1}).startTime,
	})`))
	if err != nil {
		return rep, err
	}
	rep.FCP, rep.DOMContentLoaded, rep.Interactive = times["fcp"], times["dcl"], times["interactive"]
	rep.Boot, rep.Worker, rep.EngineReady = times["boot"], times["worker"], times["ready"]
	if rep.WorkerBy, err = chromedp.Run(tab, chromedp.Evaluate[string](`document.documentElement.dataset.workerStart || "?"`)); err != nil {
		return rep, err
	}
	if rep.FirstRuns, err = chromedp.Run(tab, chromedp.Evaluate[string](`[...document.querySelectorAll("figure.pg")].filter(f => f.dataset.workerMs).map(f => f.id + " " + f.dataset.workerMs + " ms").join(", ")`)); err != nil {
		return rep, err
	}
	if rep.EngineMs, err = chromedp.Run(tab, chromedp.Evaluate[string](`document.documentElement.dataset.engineMs || ""`)); err != nil {
		return rep, err
	}
	mu.Lock()
	defer mu.Unlock()
	for _, d := range done {
		r := reqs[d.id]
		name := r.url
		if i := strings.Index(name, "//"); i >= 0 {
			if j := strings.IndexByte(name[i+2:], '/'); j >= 0 {
				name = name[i+2+j:]
			}
		}
		n := int64(d.bytes)
		rep.Requests++
		rep.Total += n
		rep.Resources = append(rep.Resources, resourceBytes{Name: name, Type: string(r.kind), Bytes: n})
		if strings.HasSuffix(name, ".wasm") {
			rep.Wasm += n
		}
		switch {
		case r.kind == network.ResourceTypeDocument, r.kind == network.ResourceTypeStylesheet, r.kind == network.ResourceTypeFont, r.kind == network.ResourceTypeImage:
			rep.Readable += n
		case r.kind == network.ResourceTypeScript && strings.Contains(name, "/head-"):
			// The head script blocks rendering (head.ts): the first paint waits for it.
			rep.Readable += n
		}
	}
	return rep, nil
}

// addWorkerFetches adds what the worker downloads (its script, which
// bundles Go's wasm_exec.js, and the .wasm): a dedicated worker's requests are not the page target's, so
// the page's Network events miss them. Their sizes are those of the files
// the host serves, the .br beside each (headers not counted).
func addWorkerFetches(v *visitReport, dist string) error {
	seen := map[string]bool{}
	for _, r := range v.Resources {
		seen[r.Name] = true
	}
	// The build names them worker-HASH.js and engine-HASH.wasm.
	var files []string
	for _, glob := range []string{"worker-*.js", "*.wasm"} {
		m, err := filepath.Glob(filepath.Join(dist, "assets", glob))
		if err != nil || len(m) != 1 {
			return fmt.Errorf("the build wrote %d files named assets/%s, want one", len(m), glob)
		}
		files = append(files, m[0])
	}
	for _, f := range files {
		name := "/assets/" + filepath.Base(f)
		if seen[name] {
			continue
		}
		file := filepath.Join(dist, filepath.FromSlash(name))
		info, err := os.Stat(file + ".br")
		if err != nil {
			info, err = os.Stat(file) // small files are served as they are
		}
		if err != nil {
			return errors.New("the worker's " + name + ": " + err.Error())
		}
		n := info.Size()
		v.Requests++
		v.Total += n
		v.Resources = append(v.Resources, resourceBytes{Name: name, Type: "Worker(.br)", Bytes: n})
		if strings.HasSuffix(name, ".wasm") {
			v.Wasm += n
		}
	}
	return nil
}

// keystrokeReport holds the percentiles of the site's performance measures.
type keystrokeReport struct {
	P50, P95, Max, EditorP50, RunP50 float64
	WorkerP50, WorkerP95             float64 // the run's time in the engine (the page's data-worker-ms)
	DrawP50, DrawP95                 float64 // drawing the views (pg-draw-views)
	// The run's hops, p50 and p95 (site/ts/engine.ts Hops): posted to taken
	// by the worker, taken to replied (wall clock), replied to handled by
	// the page.
	ToWorker, WorkerWall, ToPage [2]float64
	// The page thread's CPU time per keystroke (Chromium's Performance
	// metrics in thread time, over all the keystrokes): the input, its
	// frame, the reply and its frame. Unlike the wall-clock percentiles it
	// barely moves with the load of the machine.
	TaskCPU, StyleCPU, LayoutCPU float64
	// A caret move to the Storage view drawn at its statement (time travel):
	// p50, p95, max over benchCaretMoves moves; settled runs only.
	Caret   [3]float64
	Samples []float64
	// OnPage marks the keystrokes whose run the page's own engine served
	// (inline.ts), not the worker: the page's data-served-by, in Samples' order.
	OnPage []bool
}

// settleAfterWarmUp waits for the worker's warm-up (worker.ts, the page's
// data-engine-warm), then d more.
func settleAfterWarmUp(tab context.Context, d time.Duration) error {
	if _, err := chromedp.Run(tab, chromedp.Poll[bool](`document.documentElement.dataset.engineWarm === "1"`, chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
		return errors.New("waiting for the worker's warm-up: " + err.Error())
	}
	time.Sleep(d)
	return nil
}

// benchSettle is how long the settled keystroke measure waits, after the
// worker's warm-up, before typing: V8 goes on optimising the engine's
// functions in the background for a few seconds after they get hot, on a
// core the page and the worker would otherwise have.
const benchSettle = 8 * time.Second

// keystrokes replaces the lesson's first playground with a 50-statement
// script and types benchKeystrokes spaces at its end, one at a time, each
// after the previous run has been drawn. With settle, it first waits for
// the worker's warm-up (worker.ts) and then settle more.
func keystrokes(ctx context.Context, url string, settle time.Duration) (keystrokeReport, error) {
	var rep keystrokeReport
	tab, cancel, err := newTab(ctx)
	if err != nil {
		return rep, err
	}
	defer cancel()
	const fig = "#ex-0"
	runs := func() (int, error) { return widgetRuns(tab, fig) }
	waitRun := func(n int) error { return waitRuns(tab, fig, n) }
	if err := chromedp.Do(tab, chromedp.Navigate(url)); err != nil {
		return rep, errors.New("opening the lesson: " + err.Error())
	}
	if _, err := chromedp.Run(tab, chromedp.Poll[bool](`document.documentElement.dataset.engine === "ready" && [...document.querySelectorAll("figure.pg")].every(f => Number(f.dataset.runs) >= 1)`, chromedp.WithPollingInterval(10*time.Millisecond))); err != nil {
		return rep, errors.New("opening the lesson: " + err.Error())
	}
	var script strings.Builder
	script.WriteString("CREATE TABLE perf (k int, c int, v text, PRIMARY KEY (k, c));\n")
	for i := 0; i < 47; i++ {
		script.WriteString("INSERT INTO perf (k, c, v) VALUES (" + strconv.Itoa(i%5) + ", " + strconv.Itoa(i) + ", 'value " + strconv.Itoa(i) + "');\n")
	}
	script.WriteString("SELECT * FROM perf WHERE k = 1;\nSELECT * FROM perf WHERE v = 'x';\n")
	n, err := runs()
	if err != nil {
		return rep, err
	}
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](`(() => { const ta = document.querySelector("`+fig+` textarea"); ta.focus(); ta.select(); return true })()`)); err != nil {
		return rep, err
	}
	if _, err := chromedp.Call(tab, input.InsertText, input.InsertTextParams{Text: script.String()}); err != nil {
		return rep, err
	}
	if err := waitRun(n); err != nil {
		return rep, err
	}
	if settle > 0 {
		if err := settleAfterWarmUp(tab, settle); err != nil {
			return rep, err
		}
	}
	// The page thread's time in thread ticks (CPU), before and after the keystrokes.
	if _, err := chromedp.Call(tab, performance.Enable, performance.EnableParams{TimeDomain: performance.EnableTimeDomainThreadTicks}); err != nil {
		return rep, err
	}
	cpu := func() (map[string]float64, error) {
		r, err := chromedp.Call(tab, performance.GetMetrics, cdp.Empty{})
		if err != nil {
			return nil, err
		}
		m := map[string]float64{}
		for _, x := range r.Metrics {
			m[x.Name] = x.Value
		}
		return m, nil
	}
	before, err := cpu()
	if err != nil {
		return rep, err
	}
	var editor, run, worker, draw, toWorker, workerWall, toPage []float64
	for i := 0; i < benchKeystrokes; i++ {
		m, err := keystroke(tab, fig, "pg-input-to-views", "pg-keystroke-to-editor", "pg-run-to-views", "pg-draw-views", "pg-post-to-worker", "pg-worker-wall", "pg-reply-to-page")
		if err != nil {
			return rep, err
		}
		rep.Samples = append(rep.Samples, m[0])
		editor = append(editor, m[1])
		run = append(run, m[2])
		draw = append(draw, m[3])
		toWorker = append(toWorker, m[4])
		workerWall = append(workerWall, m[5])
		toPage = append(toPage, m[6])
		worker = append(worker, m[7])
		rep.OnPage = append(rep.OnPage, m[8] == 1)
	}
	after, err := cpu()
	if err != nil {
		return rep, err
	}
	if settle > 0 {
		caret, err := caretMoves(tab)
		if err != nil {
			return rep, err
		}
		rep.Caret = [3]float64{percentile(caret, 50), percentile(caret, 95), slices.Max(caret)}
	}
	per := func(name string) float64 { return (after[name] - before[name]) * 1000 / benchKeystrokes }
	rep.TaskCPU, rep.StyleCPU, rep.LayoutCPU = per("TaskDuration"), per("RecalcStyleDuration"), per("LayoutDuration")
	rep.P50, rep.P95 = percentile(rep.Samples, 50), percentile(rep.Samples, 95)
	rep.Max = slices.Max(rep.Samples)
	rep.EditorP50, rep.RunP50 = percentile(editor, 50), percentile(run, 50)
	rep.WorkerP50, rep.WorkerP95 = percentile(worker, 50), percentile(worker, 95)
	rep.DrawP50, rep.DrawP95 = percentile(draw, 50), percentile(draw, 95)
	rep.ToWorker = [2]float64{percentile(toWorker, 50), percentile(toWorker, 95)}
	rep.WorkerWall = [2]float64{percentile(workerWall, 50), percentile(workerWall, 95)}
	rep.ToPage = [2]float64{percentile(toPage, 50), percentile(toPage, 95)}
	return rep, nil
}

// count is how many of marks are true.
func count(marks []bool) int {
	n := 0
	for _, m := range marks {
		if m {
			n++
		}
	}
	return n
}

// widgetRuns is how many runs the playground fig (a CSS selector) has
// drawn: its data-runs.
func widgetRuns(tab context.Context, fig string) (int, error) {
	s, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.querySelector("`+fig+`").dataset.runs || "0"`))
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(s)
}

// waitRuns waits in the page for the data-runs of the playground fig to
// pass n: an observer of that attribute rather than polling, which would
// run script in the page every few milliseconds while it is being measured.
func waitRuns(tab context.Context, fig string, n int) error {
	_, err := chromedp.Run(tab, chromedp.Evaluate[bool](`new Promise((resolve) => {
		const f = document.querySelector("`+fig+`"), done = () => Number(f.dataset.runs) > `+strconv.Itoa(n)+`;
		if (done()) return resolve(true);
		new MutationObserver((_, o) => { if (done()) { o.disconnect(); resolve(true); } }).observe(f, {attributes: true, attributeFilter: ["data-runs"]});
	})`, chromedp.EvalAwaitPromise))
	return err
}

// keystroke types a space where the caret of the playground fig is, waits
// for its run to be drawn, and reads the durations of the page's measures
// of these names (site/ts/timing.ts; the first must be pg-input-to-views),
// then the widget's data-worker-ms and whether the page's own engine
// served the run (1) or the worker (0).
func keystroke(tab context.Context, fig string, names ...string) ([]float64, error) {
	n, err := widgetRuns(tab, fig)
	if err != nil {
		return nil, err
	}
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](`performance.clearMarks(); performance.clearMeasures(); true`)); err != nil {
		return nil, err
	}
	if _, err := chromedp.Call(tab, input.InsertText, input.InsertTextParams{Text: " "}); err != nil {
		return nil, err
	}
	if err := waitRuns(tab, fig, n); err != nil {
		return nil, err
	}
	list, err := json.Marshal(names)
	if err != nil {
		return nil, err
	}
	m, err := chromedp.Run(tab, chromedp.Evaluate[[]float64](string(list)+`.map(n => (performance.getEntriesByName(n).at(-1) || {duration: -1}).duration).concat([Number(document.querySelector("`+fig+`").dataset.workerMs), document.querySelector("`+fig+`").dataset.servedBy === "page" ? 1 : 0])`))
	if err != nil {
		return nil, err
	}
	if m[0] < 0 {
		return nil, errors.New("the page set no " + names[0] + " measure (site/ts/widget.ts)")
	}
	return m, nil
}

// benchCaretMoves is how many statements caretMoves steps up through.
const benchCaretMoves = 48

// caretMoves moves the caret of the 50-statement script up one statement at
// a time with the arrow key, each once the previous move's time-travelled
// Storage view is drawn, and returns the page's pg-caret-to-view measures
// (site/ts/views.ts: from the caret's move through the worker's layoutAt to
// the view drawn). The caret starts after the last statement: the first
// move lands on it, which is the final state the view already shows.
func caretMoves(tab context.Context) ([]float64, error) {
	up := func() error { return chromedp.Do(tab, chromedp.KeyEvent(kb.ArrowUp)) }
	if err := up(); err != nil {
		return nil, err
	}
	var ms []float64
	for range benchCaretMoves {
		if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](`performance.clearMeasures("pg-caret-to-view"), true`)); err != nil {
			return nil, err
		}
		if err := up(); err != nil {
			return nil, err
		}
		d, err := chromedp.Run(tab, chromedp.Evaluate[float64](`new Promise((resolve) => {
			const got = () => performance.getEntriesByName("pg-caret-to-view").at(-1);
			if (got()) return resolve(got().duration);
			new PerformanceObserver((_, o) => { if (got()) { o.disconnect(); resolve(got().duration); } }).observe({ type: "measure" });
		})`, chromedp.EvalAwaitPromise))
		if err != nil {
			return nil, errors.New("waiting for the time-travelled view: " + err.Error())
		}
		ms = append(ms, d)
	}
	return ms, nil
}

// percentile is the nearest-rank percentile p of xs.
func percentile(xs []float64, p int) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	i := (p*len(s)+99)/100 - 1
	return s[max(0, min(i, len(s)-1))]
}
