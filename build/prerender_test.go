package main

import (
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
