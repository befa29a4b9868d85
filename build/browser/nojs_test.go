package browser

import (
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestBrowserWithoutJavaScript reads a lesson with scripts disabled: the
// code and the build's results are all there, and the reader is told why
// the examples cannot be edited. An exercise's solution is one click away
// (a details element needs no script).
func TestBrowserWithoutJavaScript(t *testing.T) {
	ctx := newTab(t)
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(testURL+usersLesson), chromedp.WaitReady(chromedp.CSS("footer"))); err != nil {
		t.Fatal(err)
	}
	if got := eval[int](t, ctx, `document.querySelectorAll("textarea").length`); got != 0 {
		t.Errorf("with scripts off the page has %d editors", got)
	}
	figs := eval[int](t, ctx, `document.querySelectorAll("figure.pg").length`)
	withCode := eval[int](t, ctx, `[...document.querySelectorAll("figure.pg .pg-src code")].filter(c => c.textContent.trim() !== "").length`)
	// An exercise's output is its checks: its own script only creates tables.
	withResults := eval[int](t, ctx, `[...document.querySelectorAll("figure.pg")].filter(f => f.querySelector(".pg-results .out, .pg-checks .ex-check")).length`)
	if figs == 0 || withCode != figs || withResults != figs {
		t.Errorf("%d playgrounds, %d show their code, %d show results; want all", figs, withCode, withResults)
	}
	if !eval[bool](t, ctx, `(() => { const d = document.querySelector(".pg-checks details.ex-sol"); d.open = true; return d.querySelector(".ex-solution").offsetParent !== null })()`) {
		t.Error("the exercise's solution cannot be opened without JavaScript")
	}
	if !eval[bool](t, ctx, `[...document.querySelectorAll(".noscript")].some(p => p.offsetParent !== null)`) {
		t.Error("the no-JavaScript note is not shown")
	}
}
