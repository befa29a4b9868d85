package browser

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserShareLink shares an edited playground, opens the link, and
// checks what a reader expects of it: the link's script shows as text (HTML
// in it makes no element and runs nothing), the reader's own saved edit of
// that example is left alone, edits of the shared script live in the URL
// (a reload keeps them), Reset goes back to the saved edit, and a broken
// link shows the page as it would be without it.
func TestBrowserShareLink(t *testing.T) {
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson)
	clearStorage(t, ctx)
	defer clearStorage(t, ctx)
	const fig = "#ex-1"
	hostile := "SELECT * FROM users WHERE mainland = '<img src=x onerror=\"window.pwned=1\">';\n" +
		"-- </textarea><script>window.pwned=2</script>\n"

	// Share a script.
	n := runs(t, ctx, fig)
	replaceText(t, ctx, fig, hostile)
	waitRun(t, ctx, fig, n)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fig+" .pg-share"))); err != nil {
		t.Fatal(err)
	}
	link := eval[string](t, ctx, `location.href`)
	payload, ok := strings.CutPrefix(link, testURL+usersLesson+"#ex-1=")
	if !ok {
		t.Fatalf("the share link is %q", link)
	}
	if got, err := base64.RawURLEncoding.DecodeString(payload); err != nil || string(got) != hostile {
		t.Fatalf("the link carries %q (%v), want the script", got, err)
	}
	waitFor(t, ctx, "the share status", `document.querySelector("`+fig+` .pg-note").textContent !== ""`)

	// The reader's own edit of the example, saved.
	n = runs(t, ctx, fig)
	replaceText(t, ctx, fig, "SELECT * FROM users; -- mine\n")
	waitRun(t, ctx, fig, n)

	// Open the link (from another page: a load, not a fragment change): its
	// script, as text, and the saved edit untouched.
	if err := chromedp.Do(ctx, chromedp.Navigate(testURL+"/en/")); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the shared script's run", `Number(document.querySelector("`+fig+`").dataset.runs) >= 1 && document.documentElement.dataset.engine === "ready"`)
	if got := eval[string](t, ctx, `document.querySelector("`+fig+` textarea").value`); got != hostile {
		t.Fatalf("the editor holds %q, want the shared script", got)
	}
	if got := eval[string](t, ctx, `String(window.pwned) + " " + document.querySelectorAll("img, `+fig+` script").length`); got != "undefined 0" {
		t.Errorf("the shared script's HTML ran or made elements: pwned, elements = %s", got)
	}
	if got := eval[string](t, ctx, `document.querySelector("`+fig+` .pg-mod").hidden ? "" : document.querySelector("`+fig+` .pg-mod").textContent`); got != "from a shared link" {
		t.Errorf("the marker says %q", got)
	}
	saved := `JSON.parse(localStorage.getItem("cqlplay:edit:` + usersLesson + `#1") || "{}").text || ""`
	if got := eval[string](t, ctx, saved); got != "SELECT * FROM users; -- mine\n" {
		t.Errorf("the saved edit became %q", got)
	}

	// Edits of the shared script go to the URL, and survive a reload.
	typeAndRun(t, ctx, fig, "-- more\n")
	if got := eval[string](t, ctx, `location.href`); got == link || !strings.HasPrefix(got, testURL+usersLesson+"#ex-1=") {
		t.Errorf("after an edit the URL is %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the widget after the reload", `!!document.querySelector("`+fig+` textarea")`)
	if got := eval[string](t, ctx, `document.querySelector("`+fig+` textarea").value`); got != hostile+"-- more\n" {
		t.Errorf("after a reload the editor holds %q", got)
	}
	if got := eval[string](t, ctx, saved); got != "SELECT * FROM users; -- mine\n" {
		t.Errorf("editing the shared script changed the saved edit to %q", got)
	}

	// Reset: back to the reader's saved edit, and the URL to the lesson's.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fig+" .pg-reset"))); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](t, ctx, `document.querySelector("`+fig+` textarea").value + "|" + location.hash`); got != "SELECT * FROM users; -- mine\n|" {
		t.Errorf("after Reset: %q", got)
	}

	// A link opened on the page itself changes only the fragment.
	eval[bool](t, ctx, `location.hash = "ex-1=`+base64.RawURLEncoding.EncodeToString([]byte("SELECT uid FROM users;\n"))+`", true`)
	waitFor(t, ctx, "the shared script after a fragment change", `document.querySelector("`+fig+` textarea").value === "SELECT uid FROM users;\n"`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fig+" .pg-reset"))); err != nil {
		t.Fatal(err)
	}

	// Broken links: not base64, not UTF-8, another figure's id.
	for _, frag := range []string{"ex-1=@@@", "ex-1=_w", "ex-99=U0VMRUNU"} {
		if err := chromedp.Do(ctx, chromedp.Navigate(testURL+"/en/")); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(testURL+usersLesson+"#"+frag)); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "the widget", `!!document.querySelector("`+fig+` textarea")`)
		if got := eval[string](t, ctx, `document.querySelector("`+fig+` textarea").value`); got != "SELECT * FROM users; -- mine\n" {
			t.Errorf("#%s: the editor holds %q, want the saved edit", frag, got)
		}
	}
}
