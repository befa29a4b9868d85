package browser

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TestBrowserPerformance measures, in the browser, the time to the first
// live result and keystroke-to-redrawn-views for a 50-statement script (the
// performance marks of site/ts: pg-input-to-views spans the editor's redraw,
// the worker's run and the redraw of every view; the run starts without the
// typing debounce here). It logs the numbers docs/performance.md records and
// fails only on a gross regression, since the machine may be shared.
func TestBrowserPerformance(t *testing.T) {
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson+"?debounce=0")
	t.Logf("engine ready after %s ms in the worker; first live result at %s ms after navigation",
		eval[string](t, ctx, `document.documentElement.dataset.engineMs`), eval[string](t, ctx, `document.documentElement.dataset.firstResult`))

	var script strings.Builder
	script.WriteString("CREATE TABLE perf (k int, c int, v text, PRIMARY KEY (k, c));\n")
	for i := 0; i < 47; i++ {
		script.WriteString("INSERT INTO perf (k, c, v) VALUES (" + strconv.Itoa(i%5) + ", " + strconv.Itoa(i) + ", 'value " + strconv.Itoa(i) + "');\n")
	}
	script.WriteString("SELECT * FROM perf WHERE k = 1;\nSELECT * FROM perf WHERE v = 'x';\n")
	n := runs(t, ctx, "#ex-0")
	replaceText(t, ctx, "#ex-0", script.String())
	waitRun(t, ctx, "#ex-0", n)

	var toViews, toEditor, worker, inWorker, draw []float64
	for i := 0; i < 15; i++ {
		n := runs(t, ctx, "#ex-0")
		eval[bool](t, ctx, `performance.clearMarks(); performance.clearMeasures(); true`)
		if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: " "}); err != nil {
			t.Fatal(err)
		}
		// waitRun also lets the examples that continue this one re-run, so
		// that the next keystroke finds the engine idle, as a reader's does.
		waitRun(t, ctx, "#ex-0", n)
		toViews = append(toViews, eval[float64](t, ctx, `performance.getEntriesByName("pg-input-to-views").at(-1).duration`))
		toEditor = append(toEditor, eval[float64](t, ctx, `performance.getEntriesByName("pg-keystroke-to-editor").at(-1).duration`))
		worker = append(worker, eval[float64](t, ctx, `performance.getEntriesByName("pg-run-to-views").at(-1).duration`))
		inWorker = append(inWorker, eval[float64](t, ctx, `Number(document.querySelector("#ex-0").dataset.workerMs)`))
		draw = append(draw, eval[float64](t, ctx, `performance.getEntriesByName("pg-draw-views").at(-1).duration`))
	}
	t.Logf("50-statement script, 15 keystrokes: keystroke to redrawn views median %.1f ms (min %.1f, max %.1f); "+
		"keystroke to redrawn editor median %.2f ms; run start to views median %.1f ms, of which in the worker %.1f ms "+
		"(engine run, schema query, four layouts) and drawing the five views %.1f ms",
		median(toViews), slices.Min(toViews), slices.Max(toViews), median(toEditor), median(worker), median(inWorker), median(draw))
	clearStorage(t, ctx)
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// TestBrowserTimelineAndWarmUp checks two things a long reading session
// depends on. The page's per-run marks and measures keep one entry a name
// however long the reader types (they once grew by nine a keystroke, without
// bound). And the worker, once idle, warms the engine up and says so
// (worker.ts), so that the reader's first keystrokes meet optimised code.
func TestBrowserTimelineAndWarmUp(t *testing.T) {
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson+"?debounce=0")
	waitFor(t, ctx, "the worker's warm-up", `document.documentElement.dataset.engineWarm === "1"`)
	eval[bool](t, ctx, `(() => { const ta = document.querySelector("#ex-0 textarea"); ta.focus(); ta.setSelectionRange(ta.value.length, ta.value.length); return true })()`)
	for i := 0; i < 12; i++ {
		n := runs(t, ctx, "#ex-0")
		if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: " "}); err != nil {
			t.Fatal(err)
		}
		waitRun(t, ctx, "#ex-0", n)
	}
	counts := eval[map[string]float64](t, ctx, `(() => {
		const c = {};
		for (const e of performance.getEntries()) if (e.name.startsWith("pg-")) c[e.name] = (c[e.name] || 0) + 1;
		return c;
	})()`)
	for _, name := range []string{"pg-input", "pg-input-to-views", "pg-keystroke-to-editor", "pg-draw-views", "pg-run-to-views", "pg-reply-to-page"} {
		if counts[name] != 1 {
			t.Errorf("after 12 keystrokes the timeline holds %v entries named %s, want 1 (all: %v)", counts[name], name, counts)
		}
	}
	clearStorage(t, ctx)
}
