package browser

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserShareLongScript opens a 500-line share link on an open lesson.
// Chromium's undoable insertText takes minutes for so many lines (issue 18:
// the page froze), so the editor sets such a text at once and keeps its own
// undo: the test waits for the page to take the script and run it, then
// Ctrl+Z brings back the text before the link (the reader's typing) and
// Ctrl+Shift+Z the link's.
func TestBrowserShareLongScript(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson)
	const fig = "#ex-0"
	// The reader typed first: the browser's undo holds that typing.
	typeAndRun(t, ctx, fig, "\n-- mine\n")
	before := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`)
	var b strings.Builder
	b.WriteString("CREATE TABLE users (mainland text, state text, uid int, name text, zip int, PRIMARY KEY (mainland, state, uid));\n")
	for i := range 498 {
		fmt.Fprintf(&b, "INSERT INTO users (mainland, state, uid, name, zip) VALUES ('m%d', 's%d', %d, 'n%d', %d);\n", i%7, i%13, i, i, i)
	}
	b.WriteString("SELECT * FROM users WHERE mainland = 'm1' AND state = 's1';\n")
	script := b.String()
	n := runs(t, ctx, fig)
	eval[bool](t, ctx, `(location.hash = "#ex-0=`+base64.RawURLEncoding.EncodeToString([]byte(script))+`", true)`)
	waitRun(t, ctx, fig, n)
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`); got != script {
		t.Fatalf("the editor holds %d bytes, want the link's %d", len(got), len(script))
	}
	if got := eval[string](t, ctx, `[...document.querySelectorAll("#ex-0-results .out-count")].pop()?.textContent ?? ""`); got != "(6 rows)" {
		t.Errorf("the shared script's SELECT says %q, want (6 rows)", got)
	}

	key := func(mods ...chromedp.Modifier) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(fig+" textarea")), chromedp.KeyEvent("z", chromedp.KeyModifiers(mods...))); err != nil {
			t.Fatal(err)
		}
	}
	key(chromedp.ModifierCtrl)
	waitFor(t, ctx, "Ctrl+Z to bring back the text before the link", `document.querySelector("#ex-0 textarea").value === `+jsString(before))
	key(chromedp.ModifierCtrl, chromedp.ModifierShift)
	waitFor(t, ctx, "Ctrl+Shift+Z to bring the link's text again", `document.querySelector("#ex-0 textarea").value.length === `+fmt.Sprint(len(script)))
}
