package browser

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/cqlplay/cqlplay/build/sitegen"
)

// fragmentOf is the share fragment of script for the figure with this id (share.ts).
func fragmentOf(id, script string) string {
	return "#" + id + "=" + base64.RawURLEncoding.EncodeToString([]byte(script))
}

// TestBrowserPlay uses the playground: a starter from the picker fills the
// blank editor and runs (opening the tab it names), an edit survives a
// reload and is the same playground's in the other language, Share puts the
// script in the URL, and Embed gives the playground's embed page with it.
func TestBrowserPlay(t *testing.T) {
	ctx := newTab(t)
	const fig = "#ex-0"
	freshLesson(t, ctx, "/en/play/")
	if v := eval[string](t, ctx, `document.querySelector("`+fig+` textarea").value`); v != "" {
		t.Fatalf("the playground opens with %q, want a blank editor", v)
	}
	if eval[bool](t, ctx, `document.querySelector(".play-start").hidden`) {
		t.Fatal("the picker stays hidden")
	}
	starters, _, err := sitegen.LoadStarters(testRoot, "en")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range starters {
		n := runs(t, ctx, fig)
		eval[bool](t, ctx, `(() => { const s = document.getElementById("play-start"); s.value = "`+s.ID+`"; s.dispatchEvent(new Event("change")); return true })()`)
		waitRun(t, ctx, fig, n)
		if got := eval[string](t, ctx, `document.querySelector("`+fig+` textarea").value`); got != s.Code {
			t.Errorf("%s: the editor holds\n%s\nwant the starter's script", s.ID, got)
		}
		want := s.View
		if want == "" {
			want = "results"
		}
		if open := eval[string](t, ctx, `document.querySelector("`+fig+`").dataset.open`); open != want {
			t.Errorf("%s: the %s tab is open, want %s", s.ID, open, want)
		}
		if fails := eval[int](t, ctx, `document.querySelectorAll("`+fig+` .pg-results .out-err").length`); fails != 0 {
			t.Errorf("%s: %d statements fail in the browser", s.ID, fails)
		}
		if eval[string](t, ctx, `document.getElementById("play-start").value`) != "" {
			t.Errorf("%s: the picker keeps the choice; choosing it again would do nothing", s.ID)
		}
	}
	cart := starters[2]
	n := runs(t, ctx, fig)
	eval[bool](t, ctx, `(() => { const s = document.getElementById("play-start"); s.value = "`+cart.ID+`"; s.dispatchEvent(new Event("change")); return true })()`)
	waitRun(t, ctx, fig, n)
	typeAndRun(t, ctx, fig, "\nSELECT product FROM cart_items;")
	edited := cart.Code + "\nSELECT product FROM cart_items;"

	// The edit is kept, and it is the playground's in every language.
	for _, p := range []string{"/en/play/", "/zh/play/", "/play/"} {
		openLesson(t, ctx, p)
		if got := eval[string](t, ctx, `document.querySelector("`+fig+` textarea").value`); got != edited {
			t.Errorf("%s after the edit holds\n%s", p, got)
		}
		if eval[bool](t, ctx, `document.querySelector("`+fig+` .pg-mod").hidden`) {
			t.Errorf("%s: the edit is not marked modified", p)
		}
	}

	// Share and Embed.
	openLesson(t, ctx, "/en/play/")
	inView(t, ctx, fig)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fig+" .pg-share"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the share link in the address bar", `location.hash.startsWith("#ex-0=")`)
	if got := eval[string](t, ctx, `location.pathname + location.hash`); got != "/en/play/"+fragmentOf("ex-0", edited) {
		t.Errorf("Share put %s in the address bar", got)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fig+" .pg-embed"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the embed snippet", `!!document.querySelector("`+fig+` .pg-snippet")`)
	snippet := eval[string](t, ctx, `document.querySelector("`+fig+` .pg-snippet").value`)
	if want := `<iframe src="` + testURL + "/en/play/embed/" + fragmentOf("ex-0", edited) + `" title="cqlplay: `; !strings.HasPrefix(snippet, want) {
		t.Errorf("the embed snippet is %s, want it to start %s", snippet, want)
	}
}

// TestBrowserEmbedParams opens embed pages with their parameters: readonly,
// theme and view applied to a shared script; values the page does not know
// ignored; lang going to the same embed in another language, its query and
// fragment kept.
func TestBrowserEmbedParams(t *testing.T) {
	ctx := newTab(t)
	const fig = "#ex-1"
	script := "SELECT * FROM users WHERE mainland = 'europe';\n-- <b>not bold</b>"
	src := usersLesson + "embed/1/"

	openLesson(t, ctx, src+"?readonly=1&theme=dark&view=storage"+fragmentOf("ex-1", script))
	for _, c := range []struct{ what, js, want string }{
		{"the theme", `document.documentElement.dataset.theme || ""`, "dark"},
		{"the open tab", `document.querySelector("` + fig + `").dataset.open`, "storage"},
		{"the shared script", `document.querySelector("` + fig + ` textarea").value`, script},
		{"the editor's read-only", `String(document.querySelector("` + fig + ` textarea").readOnly)`, "true"},
		{"the bar's buttons", `[...document.querySelectorAll("` + fig + ` .pg-bar button")].map(b => b.className).join(" ")`, ""},
		{"the read-only mark", `document.querySelector("` + fig + ` .pg-ro")?.textContent ?? ""`, "read-only"},
		{"a shared-link mark", `String(document.querySelector("` + fig + ` .pg-mod").hidden)`, "true"}, // the fragment is the embed's script
		{"the storage panel shown", `String(document.querySelector("` + fig + ` .pg-storage").hidden)`, "false"},
	} {
		if got := eval[string](t, ctx, c.js); got != c.want {
			t.Errorf("readonly=1&theme=dark&view=storage: %s is %q, want %q", c.what, got, c.want)
		}
	}

	// Read-only holds against the keyboard, a paste and a script's edit
	// command, and nothing is saved.
	stored := eval[string](t, ctx, `JSON.stringify(Object.entries(localStorage).sort())`)
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(fig+" textarea")), chromedp.KeyEvent("x"), chromedp.KeyEvent(kb.Backspace),
		chromedp.KeyEvent(kb.Enter), chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl))); err != nil {
		t.Fatal(err)
	}
	eval[bool](t, ctx, `(() => { const ta = document.querySelector("`+fig+` textarea"); ta.focus(); ta.select();
		document.execCommand("insertText", false, "typed"); document.execCommand("delete"); return true })()`)
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: "pasted"}); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](t, ctx, `document.querySelector("`+fig+` textarea").value`); got != script {
		t.Errorf("readonly=1: the editor holds %q after typing, want %q", got, script)
	}
	// The page writes edits when idle or left (autosave.ts): left first, so that a write would show.
	if got := eval[string](t, ctx, `(dispatchEvent(new PageTransitionEvent("pagehide")), JSON.stringify(Object.entries(localStorage).sort()))`); got != stored {
		t.Errorf("readonly=1: storage went from %s to %s", stored, got)
	}

	// Unknown values: the defaults. The shared script shows and is editable.
	openLesson(t, ctx, src+"?readonly=maybe&theme=%3Cb%3E&view=bogus&lang=fr"+fragmentOf("ex-1", script))
	defaultView := eval[string](t, ctx, `document.querySelector("`+fig+`").dataset.view || "results"`) // the fence's view=
	for _, c := range []struct{ what, js, want string }{
		{"the page", `location.pathname`, src},
		{"the theme", `document.documentElement.dataset.theme || "system"`, "system"},
		{"the open tab", `document.querySelector("` + fig + `").dataset.open`, defaultView},
		{"the editor's read-only", `String(document.querySelector("` + fig + ` textarea").readOnly)`, "false"},
		{"Share", `String(!!document.querySelector("` + fig + ` .pg-share"))`, "true"},
		{"the shared script", `document.querySelector("` + fig + ` textarea").value`, script},
	} {
		if got := eval[string](t, ctx, c.js); got != c.want {
			t.Errorf("unknown values: %s is %q, want %q", c.what, got, c.want)
		}
	}

	// lang: the same embed in Chinese, with the query and the fragment.
	zhScript := "CREATE TABLE t (k int PRIMARY KEY, v text);\nSELECT * FROM t; -- 空"
	if err := chromedp.Do(ctx, chromedp.Navigate(testURL+"/en/play/embed/?lang=zh&view=model"+fragmentOf("ex-0", zhScript))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the Chinese embed", `location.pathname === "/zh/play/embed/" && document.documentElement.dataset.engine === "ready" && Number(document.querySelector("#ex-0").dataset.runs) >= 1`)
	for _, c := range []struct{ what, js, want string }{
		{"the page's language", `document.documentElement.lang`, "zh-Hans"},
		{"the open tab", `document.querySelector("#ex-0").dataset.open`, "model"},
		{"the script", `document.querySelector("#ex-0 textarea").value`, zhScript},
		{"the query", `location.search`, "?lang=zh&view=model"},
	} {
		if got := eval[string](t, ctx, c.js); got != c.want {
			t.Errorf("lang=zh: %s is %q, want %q", c.what, got, c.want)
		}
	}
	clearStorage(t, ctx)
}

// TestBrowserEmbedResize frames two playground embeds in a page of another
// origin running the snippet of docs/embedding.md: each iframe's height
// leaves its fixed fallback for the height its page posts, and the frame
// holding the longer script grows taller by about its extra lines.
func TestBrowserEmbedResize(t *testing.T) {
	ctx := newTab(t)
	snippet := resizeSnippet(t)
	short := "SELECT * FROM system_schema.keyspaces WHERE keyspace_name = 'x';"
	long := "-- forty lines\n" + strings.Repeat("--\n", 39) + short
	page := `<!doctype html><title>wiki</title><p>A wiki page.</p>` +
		`<iframe id="a" src="` + testURL + `/en/play/embed/` + fragmentOf("ex-0", short) + `" title="a" width="100%" height="150" style="border:0"></iframe>` +
		`<iframe id="b" src="` + testURL + `/en/play/embed/` + fragmentOf("ex-0", long) + `" title="b" width="100%" height="150" style="border:0"></iframe>` +
		`<iframe id="c" src="` + testURL + usersLesson + `" title="c" width="100%" height="150"></iframe>` +
		`<script>window.posted = []; addEventListener("message", (e) => posted.push(e.data));</script>` + snippet
	wiki := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page))
	}))
	defer wiki.Close()
	if strings.HasPrefix(wiki.URL, testURL) || wiki.URL == testURL {
		t.Fatal("the wiki is not another origin")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(wiki.URL)); err != nil {
		t.Fatal(err)
	}
	// Each frame is sized once it has run its script (its editor and results
	// drawn), and stays at the height it last posted.
	height := func(id string) string { return `document.getElementById("` + id + `").getBoundingClientRect().height` }
	waitFor(t, ctx, "both frames sized to their content",
		`["a", "b"].every(id => document.getElementById(id).style.height !== "") && `+height("b")+` > `+height("a")+` + 300`)
	for _, id := range []string{"a", "b"} {
		// A frame posts again when its shared script's first run replaces
		// the views the build drew for the page's own (measured: +83 px
		// 120 ms later): its box follows the height last posted.
		waitFor(t, ctx, "frame "+id+" as high as it posted", `(() => { const f = document.getElementById("`+id+`"); return f.style.height === Math.trunc(f.getBoundingClientRect().height) + "px" })()`)
		if h := eval[float64](t, ctx, height(id)); h <= 150 {
			t.Errorf("frame %s is %v px high, no more than its fallback", id, h)
		}
	}
	// The message is the documented object and nothing else.
	if n := eval[int](t, ctx, `posted.filter(d => d && d.type === "cqlplay:height").length`); n < 2 {
		t.Errorf("the frames posted %d heights, want at least two", n)
	}
	if bad := eval[string](t, ctx, `JSON.stringify(posted.filter(d => !(d && d.type === "cqlplay:height" && Object.keys(d).sort().join() === "height,type" && Number.isInteger(d.height) && d.height > 0)))`); bad != "[]" {
		t.Errorf("messages not of the form {type: \"cqlplay:height\", height: <integer>}: %s", bad)
	}
	// A lesson page is not for other sites' frames (frame-ancestors 'self'):
	// the browser shows its error page in frame c, while a and b hold the embeds.
	var urls []string
	for {
		tree, err := chromedp.Call(ctx, cdppage.GetFrameTree, cdp.Empty{})
		if err != nil {
			t.Fatal(err)
		}
		urls = urls[:0]
		for _, f := range tree.FrameTree.ChildFrames {
			urls = append(urls, f.Frame.URL+" "+f.Frame.UnreachableURL)
		}
		if len(urls) == 3 && (strings.HasPrefix(urls[2], "chrome-error:") || strings.HasPrefix(urls[2], testURL+usersLesson)) {
			break // refused, or loaded
		}
		if err := ctx.Err(); err != nil {
			t.Fatalf("waiting for the lesson's frame: frames %q", urls)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.HasPrefix(urls[2], "chrome-error:") {
		t.Errorf("another site framed a lesson page: %s", urls[2])
	}
	for i, id := range []string{"a", "b"} {
		if !strings.HasPrefix(urls[i], testURL+"/en/play/embed/") {
			t.Errorf("frame %s holds %s", id, urls[i])
		}
	}
}

// resizeSnippet is the framing page's resize script of docs/embedding.md,
// trusting the test's site instead of https://cqlplay.example.
func resizeSnippet(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(testRoot, "docs", "embedding.md"))
	if err != nil {
		t.Fatal(err)
	}
	snippet := ""
	for _, block := range strings.Split(string(doc), "```html\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		if strings.Contains(block, "cqlplay:height") {
			snippet = block
		}
	}
	if snippet == "" || !strings.Contains(snippet, `"https://cqlplay.example"`) {
		t.Fatal("docs/embedding.md has no resize snippet naming https://cqlplay.example")
	}
	return strings.Replace(snippet, `"https://cqlplay.example"`, strconv.Quote(testURL), 1)
}

// TestBrowserEmbedFollowsReader frames a playground embed in a page of
// another site running the snippet of docs/embedding.md, and edits the
// frame as its reader would. The iframe is sized to the built widget at
// once (not first to the taller page without JavaScript), twenty more
// lines grow it to its page's new height, opening a view sets it to that
// view's, and deleting the lines shrinks it back.
func TestBrowserEmbedFollowsReader(t *testing.T) {
	ctx := newTab(t)
	short := "SELECT * FROM system_schema.keyspaces WHERE keyspace_name = 'x';"
	src := testURL + "/en/play/embed/" + fragmentOf("ex-0", short)
	page := `<!doctype html><title>wiki</title><p>A wiki page.</p>` +
		`<script>window.posted = []; addEventListener("message", (e) => posted.push(e.data.height));</script>` +
		`<iframe id="a" src="` + src + `" title="a" width="100%" height="150" style="border:0"></iframe><p>After.</p>` + resizeSnippet(t)
	wiki := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page))
	}))
	defer wiki.Close()
	// Another site, not only another origin (127.0.0.1 and localhost;
	// ports do not count): Chrome runs the frame in a process of its own,
	// as it does a real wiki's, and the test reaches it as its own target.
	wikiURL := strings.Replace(wiki.URL, "://127.0.0.1:", "://localhost:", 1)
	if wikiURL == wiki.URL || !strings.HasPrefix(testURL, "http://127.0.0.1:") {
		t.Fatalf("the wiki (%s) is not another site than %s", wikiURL, testURL)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(wikiURL)); err != nil {
		t.Fatal(err)
	}
	frame := frameTarget(t, ctx, src)
	waitFor(t, frame, "the frame's first run", `Number(document.querySelector("#ex-0")?.dataset.runs) >= 1 && document.documentElement.dataset.queue === "0"`)
	const box = `document.getElementById("a").getBoundingClientRect().height`
	// follows waits until the iframe is as high as its page, and cond holds.
	follows := func(what, cond string) {
		t.Helper()
		inner := `Math.ceil(document.documentElement.getBoundingClientRect().height)`
		for {
			// Give up while the tab can still answer, saying what differs.
			if d, ok := ctx.Deadline(); ok && time.Until(d) < 5*time.Second {
				t.Fatalf("waiting for %s: the frame's page is %d px, the iframe %s", what, eval[int](t, frame, inner), eval[string](t, ctx, `document.getElementById("a").style.height`))
			}
			h := eval[int](t, frame, inner)
			ok := eval[bool](t, ctx, `document.getElementById("a").style.height === "`+strconv.Itoa(h)+`px" && (`+cond+`)`)
			if ok && eval[int](t, frame, inner) == h {
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	follows("the first height", "true")
	before := int(eval[float64](t, ctx, box))
	if before <= 150 {
		t.Errorf("the iframe is %d px high, no more than its fallback", before)
	}
	// The frame never posted the taller height of its page before the
	// widget hid its other views: the wiki's page would jump.
	if max := eval[int](t, ctx, `Math.max(...posted)`); max > before+50 {
		t.Errorf("the frame posted %s px before settling at %d px", eval[string](t, ctx, `posted.join(", ")`), before)
	}
	n := runs(t, frame, "#ex-0")
	appendText(t, frame, "#ex-0", strings.Repeat("\n-- one more line", 20))
	waitRun(t, frame, "#ex-0", n)
	follows("twenty more lines", box+` > `+strconv.Itoa(before+300))

	// A view of another height: the iframe takes it.
	eval[bool](t, frame, `document.querySelector("#ex-0-tab-cli").click(), true`)
	waitFor(t, frame, "the cli view", `!(document.querySelector("#ex-0").dataset.stale ?? "").split(" ").includes("cli")`)
	follows("the cli view", "true")

	n = runs(t, frame, "#ex-0")
	eval[bool](t, frame, `document.querySelector("#ex-0-tab-results").click(), true`)
	replaceText(t, frame, "#ex-0", short)
	waitRun(t, frame, "#ex-0", n)
	follows("the lines deleted", `Math.abs(`+box+` - `+strconv.Itoa(before)+`) <= 1`)
}

// frameTarget attaches to the iframe of another site that holds url:
// Chrome runs it in a process of its own, which the page's DOM and
// chromedp's page target do not reach (chromedp.WithTargetID).
func frameTarget(t *testing.T, ctx context.Context, url string) context.Context {
	t.Helper()
	for {
		infos, err := chromedp.Targets(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, info := range infos {
			if info.Type == "iframe" && info.URL == url {
				fctx, cancel := chromedp.NewContext(ctx, chromedp.WithTargetID(info.TargetID))
				t.Cleanup(cancel)
				return fctx
			}
		}
		if err := ctx.Err(); err != nil {
			t.Fatalf("no iframe target holds %s", url)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
