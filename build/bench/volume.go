package main

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/chromedp/chromedp"
)

// benchVolumeLesson is the lesson whose example generates 100,000 rows
// (`-- @fill`), opening on its Storage view.
const benchVolumeLesson = "/en/wide-partitions-and-time-series/"

// benchVolumeKeystrokes is how many keystrokes keystrokesAfterFill takes
// its percentiles over.
const benchVolumeKeystrokes = 30

// volumeReport is keystroke to redrawn views after a 100,000-row prefix:
// p50, p95 and max of the page's pg-input-to-views, and p50 and p95 of
// the run's time in the worker (its data-worker-ms: the rerun and the
// bounded layouts of the views on screen), of drawing the views and of
// the run's hops (as keystrokeReport's).
type volumeReport struct {
	P50, P95, Max                float64
	WorkerP50, WorkerP95         float64
	DrawP50, DrawP95             float64
	ToWorker, WorkerWall, ToPage [2]float64
	// ToRun is p50 and p95 of the input to the run's start (the page's
	// pg-input-to-views less its pg-run-to-views).
	ToRun   [2]float64
	Samples []float64
}

// keystrokesAfterFill is issue 17's "data in volume" target: keystroke to
// redrawn views for an edit of the last statement of a script whose
// prefix is a `-- @fill` of 100,000 rows. It opens the lesson's example
// (its Storage view, which the engine bounds, on screen), waits for its
// first run and the worker's warm-up, then benchSettle more, puts the
// caret before the last statement's ';' and types a space there, one at a
// time, each after the previous run has been drawn: every keystroke
// changes the last statement, which the worker reruns alone after the
// fill's snapshot, and redraws the views. Measured as keystrokes does
// (the same page measures), on the same debounce-free page.
func keystrokesAfterFill(ctx context.Context, url string) (volumeReport, error) {
	var rep volumeReport
	tab, cancel, err := newTab(ctx)
	if err != nil {
		return rep, err
	}
	defer cancel()
	if err := chromedp.Do(tab, chromedp.Navigate(url)); err != nil {
		return rep, errors.New("opening the lesson: " + err.Error())
	}
	id, err := chromedp.Run(tab, chromedp.Poll[string](`document.documentElement.dataset.engine === "ready" && [...document.querySelectorAll("figure.pg")].find(f => f.querySelector("textarea")?.value.includes("-- @fill"))?.id`, chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		return rep, errors.New("finding the example with a -- @fill: " + err.Error())
	}
	fig := "#" + id
	if _, err := chromedp.Run(tab, chromedp.Poll[bool](`(() => { const f = document.querySelector("`+fig+`"); f.scrollIntoView(); return Number(f.dataset.runs) >= 1 && f.dataset.open === "storage" })()`, chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
		return rep, errors.New("waiting for the fill's first run on the Storage view: " + err.Error())
	}
	if err := settleAfterWarmUp(tab, benchSettle); err != nil {
		return rep, err
	}
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](`(() => { const ta = document.querySelector("`+fig+` textarea"), at = ta.value.lastIndexOf(";"); ta.focus(); ta.setSelectionRange(at, at); return true })()`)); err != nil {
		return rep, err
	}
	var worker, draw, toWorker, workerWall, toPage, toRun []float64
	for range benchVolumeKeystrokes {
		m, err := keystroke(tab, fig, "pg-input-to-views", "pg-draw-views", "pg-post-to-worker", "pg-worker-wall", "pg-reply-to-page", "pg-run-to-views")
		if err != nil {
			return rep, err
		}
		rep.Samples = append(rep.Samples, m[0])
		draw = append(draw, m[1])
		toWorker = append(toWorker, m[2])
		workerWall = append(workerWall, m[3])
		toPage = append(toPage, m[4])
		toRun = append(toRun, m[0]-m[5])
		worker = append(worker, m[6])
	}
	rep.P50, rep.P95, rep.Max = percentile(rep.Samples, 50), percentile(rep.Samples, 95), slices.Max(rep.Samples)
	rep.WorkerP50, rep.WorkerP95 = percentile(worker, 50), percentile(worker, 95)
	rep.DrawP50, rep.DrawP95 = percentile(draw, 50), percentile(draw, 95)
	rep.ToWorker = [2]float64{percentile(toWorker, 50), percentile(toWorker, 95)}
	rep.WorkerWall = [2]float64{percentile(workerWall, 50), percentile(workerWall, 95)}
	rep.ToPage = [2]float64{percentile(toPage, 50), percentile(toPage, 95)}
	rep.ToRun = [2]float64{percentile(toRun, 50), percentile(toRun, 95)}
	return rep, nil
}
