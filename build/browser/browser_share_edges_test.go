package browser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Share at the edges: a script too long for a link is offered as a .cql
// download (and the page says so, not "Link copied"); Open file puts a
// file's text in the editor; inside an iframe the link is shown in a field,
// not said to be in "the address bar".
func TestBrowserShareEdges(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson)
	defer clearStorage(t, ctx)

	// Too long: the textarea's value is set without an input event, so no run.
	eval[bool](t, ctx, `(document.querySelector("#ex-0 textarea").value = "-- " + "x".repeat(300000), true)`)
	eval[bool](t, ctx, `document.querySelector("#ex-0 .pg-share").click(), true`)
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 .pg-note").textContent`); !strings.HasPrefix(got, "Too long for a link") {
		t.Errorf("sharing a 300 KB script says %q", got)
	}
	if got := eval[string](t, ctx, `(() => { const a = document.querySelector("#ex-0 .pg-download"); return a && !a.hidden && a.href.startsWith("blob:") ? a.download : "" })()`); got != "ex-0.cql" {
		t.Errorf("the download link offers %q, want ex-0.cql", got)
	}
	if h := eval[string](t, ctx, `location.hash`); h != "" {
		t.Errorf("a too-long share changed the URL to #%.40s…", h)
	}

	// Open file: the chooser gets a file, whose text becomes the editor's.
	f := filepath.Join(t.TempDir(), "mine.cql")
	if err := os.WriteFile(f, []byte("SELECT * FROM \"<b>opened</b>\";\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	chosen := make(chan cdp.BackendNodeID, 1)
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*page.EventFileChooserOpened); ok {
			select {
			case chosen <- e.BackendNodeID:
			default:
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	// A file chooser opens only on a user gesture: a real click.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#ex-0 .pg-open"))); err != nil {
		t.Fatal(err)
	}
	var id cdp.BackendNodeID
	select {
	case id = <-chosen:
	case <-ctx.Done():
		t.Fatal("no file chooser opened")
	}
	if _, err := chromedp.Call(ctx, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: []string{f}, BackendNodeID: id}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the opened file in the editor", `document.querySelector("#ex-0 textarea").value.includes("<b>opened</b>")`)
	if n := eval[int](t, ctx, `document.querySelectorAll("#ex-0 b").length`); n != 0 {
		t.Errorf("the file's text made %d elements", n)
	}
}

// TestBrowserShareInFrame: inside an iframe (an example embedded in a wiki)
// the share link is shown in a field, not said to be in "the address bar",
// which is the parent page's. The frame holds the example's embed page, as
// a wiki's would, in a tab driven by script alone: a whole lesson in a
// frame of a chromedp-driven tab stalled the tab now and then (chromedp's
// event queue, the deadlock its Target.run notes), in CI and here.
func TestBrowserShareInFrame(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson)
	waitFor(t, ctx, "the page's queue to empty", `document.documentElement.dataset.queue === "0"`)
	const embed = usersLesson + "embed/0/"
	eval[bool](t, ctx, `(() => { const f = document.createElement("iframe"); f.id = "framed"; f.style.cssText = "position:fixed;top:0;left:0;width:800px;height:600px;z-index:9;background:#fff"; f.src = "`+embed+`"; document.body.append(f); return true })()`)
	const doc = `document.getElementById("framed").contentDocument`
	// Until the frame's page is parsed, its document may have no root yet.
	waitFor(t, ctx, "the framed page's engine", `["ready", "failed"].includes(`+doc+`?.documentElement?.dataset.engine || "")`)
	if e := eval[string](t, ctx, doc+`.documentElement.dataset.engine`); e != "ready" {
		t.Fatalf("the framed page's engine %s: %s", e, eval[string](t, ctx, doc+`.querySelector(".pg-status").textContent`))
	}
	// A run that ends clears the status line: click once the first run has.
	waitFor(t, ctx, "the framed page's first run", `Number(`+doc+`.querySelector("#ex-0").dataset.runs) >= 1 && `+doc+`.documentElement.dataset.queue === "0"`)
	eval[bool](t, ctx, doc+`.querySelector("#ex-0 .pg-share").click(), true`)
	if got := eval[string](t, ctx, doc+`.querySelector("#ex-0 .pg-note").textContent`); strings.Contains(got, "address bar") || !strings.HasPrefix(got, "Copy the link") {
		t.Errorf("sharing inside an iframe says %q", got)
	}
	if got := eval[string](t, ctx, doc+`.querySelector("#ex-0 .pg-snippet").value`); !strings.Contains(got, embed+"#ex-0=") {
		t.Errorf("the field holds %q, want the share link", got)
	}
}
