package sitegen

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/cqlplay/cqlplay/build/lesson"
)

var (
	testPR     *prerenderer
	testPRErr  error
	testPROnce sync.Once
)

// prerendererForTest is one prerenderer for the package's tests.
func prerendererForTest(t *testing.T) *prerenderer {
	t.Helper()
	testPROnce.Do(func() { testPR, testPRErr = newPrerenderer(testRoot) })
	if testPRErr != nil {
		t.Fatal(testPRErr)
	}
	return testPR
}

// drawView is one view of a playground as the build draws it.
func drawView(t *testing.T, lang, name string, script string, r exampleRun) string {
	t.Helper()
	var v view
	for _, lv := range lesson.Views {
		if lv.Name == name {
			v = view{View: lv}
		}
	}
	if v.Name == "" {
		t.Fatalf("no view %q", name)
	}
	html, err := prerendererForTest(t).widgetViews(uiStrings[lang], []view{v}, script, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	return html[name]
}

// BenchmarkDrawWidgets draws every playground of the course once per
// iteration with one prerenderer (the build uses one per core): the cost of
// drawing the views with the page's own code in goja (docs/performance.md).
func BenchmarkDrawWidgets(b *testing.B) {
	p, err := newPrerenderer(testRoot)
	if err != nil {
		b.Fatal(err)
	}
	lessons, err := lesson.Load(filepath.Join(testRoot, "content"))
	if err != nil {
		b.Fatal(err)
	}
	type job struct {
		ex *lesson.Example
		r  exampleRun
		t  *uiText
	}
	var jobs []job
	for _, l := range lessons {
		results := l.RunAll()
		for _, ex := range l.Examples {
			if !ex.Setup {
				jobs = append(jobs, job{ex, runOf(results, ex), uiText_(l.Lang)})
			}
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for _, j := range jobs {
			if _, err := p.widgetViews(j.t, views(j.t, j.ex.Exercise != nil), j.ex.Code, j.r, j.ex.Exercise); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(jobs)), "playgrounds")
}
