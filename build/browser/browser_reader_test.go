package browser

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The reader's features (site/ts/reader.ts, searchbox.ts): progress marks,
// continue where you left off, export and import, search.

// openPage loads a page and waits until the reader's features are drawn.
func openPage(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(testURL+path)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the search box", `!document.querySelector(".search").hidden`)
	if strings.Count(path, "/") == 2 { // an index
		waitFor(t, ctx, "the progress section", `!document.querySelector("section.progress").hidden`)
	}
}

// storedProgress is the progress in the page's storage, as JSON.
func storedProgress(t *testing.T, ctx context.Context) map[string]any {
	t.Helper()
	var p map[string]any
	if err := json.Unmarshal([]byte(eval[string](t, ctx, `localStorage.getItem("cqlplay:progress") || "{}"`)), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// typeText types into the focused element, as a reader would.
func typeText(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserProgress: solving an exercise marks it Solved on the lesson;
// the heading the reader is under becomes "continue" on the index; reaching
// the end marks the lesson read (done, with its one exercise solved), in the
// index of both languages; continue leads back to the heading. A title from
// storage holding HTML is shown as text.
func TestBrowserProgress(t *testing.T) {
	ex, _ := exerciseOf(t, "en/03-queries-that-work.md")
	const slug = "queries-that-work"
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson)
	waitFor(t, ctx, "the lesson's progress line", `!document.querySelector(".lesson-progress").hidden`)
	if got := eval[string](t, ctx, `document.querySelector(".lesson-progress").dataset.state`); got != "none" {
		t.Errorf("a fresh lesson's state = %q, want none", got)
	}
	// The build writes a first visit's line (its room before the script
	// runs): it must be the line reader.ts draws, or the lesson moves.
	built, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch(location.href).then(r => r.text()).then(h => new DOMParser().parseFromString(h, "text/html").querySelector(".lesson-progress").textContent)`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if live := eval[string](t, ctx, `document.querySelector(".lesson-progress").textContent`); live != built {
		t.Errorf("the build wrote the progress line %q; the page draws %q", built, live)
	}
	if p := storedProgress(t, ctx); len(asMap(p["read"])) > 0 || len(asMap(p["solved"])) > 0 {
		t.Errorf("the top of a fresh lesson already records progress: %v", p)
	}

	// Solve the exercise.
	fig := "#ex-" + strconv.Itoa(ex.Index)
	inView(t, ctx, fig)
	n := runs(t, ctx, fig)
	replaceText(t, ctx, fig, ex.Exercise.Solution)
	waitRun(t, ctx, fig, n)
	waitFor(t, ctx, "the Solved mark", `document.querySelector("`+fig+` .pg-bar .pg-solved")?.textContent === "Solved"`)
	if _, ok := asMap(storedProgress(t, ctx)["solved"])[slug+"#"+strconv.Itoa(ex.Index)]; !ok {
		t.Errorf("solved exercise not stored: %v", storedProgress(t, ctx))
	}

	// Stop under a heading: continue remembers it.
	id := eval[string](t, ctx, `(() => { const hs = document.querySelectorAll("article h2[id]"); const h = hs[2]; h.scrollIntoView(); return h.id })()`)
	waitFor(t, ctx, "the heading to be stored", `JSON.parse(localStorage.getItem("cqlplay:progress")).last?.id === `+jsString(id))
	if got := eval[string](t, ctx, `document.querySelector(".lesson-progress").dataset.state`); got != "none" {
		t.Errorf("a lesson read halfway is %q, want none", got)
	}
	heading := eval[string](t, ctx, `JSON.parse(localStorage.getItem("cqlplay:progress")).last.heading`)
	if heading == "" || strings.Contains(heading, "#") {
		t.Errorf("stored heading %q: want its text without the anchor", heading)
	}

	// The index before the end: solved but not read.
	openPage(t, ctx, "/en/")
	li := `document.querySelector('li[data-slug="` + slug + `"]')`
	if got := eval[string](t, ctx, li+`.dataset.state`); got != "none" {
		t.Errorf("index: lesson state %q before the end, want none", got)
	}
	if got := eval[string](t, ctx, li+`.querySelector(".mark").textContent`); got != "1/1 exercises solved" {
		t.Errorf("index: mark %q", got)
	}
	if got := eval[string](t, ctx, `document.querySelector(".continue a").getAttribute("href")`); got != usersLesson+"#"+url.PathEscape(id) {
		t.Errorf("continue links to %q, want %s#%s", got, usersLesson, id)
	}
	if got := eval[string](t, ctx, `document.querySelector(".continue a").textContent`); !strings.HasSuffix(got, " — "+heading) {
		t.Errorf("continue reads %q, want the lesson's title — %s", got, heading)
	}

	// Back to the lesson: reaching the end marks it read.
	openLesson(t, ctx, usersLesson)
	eval[bool](t, ctx, `(document.querySelector("nav.pager").scrollIntoView(), true)`)
	waitFor(t, ctx, "the lesson to be marked done", `document.querySelector(".lesson-progress").dataset.state === "done"`)
	if got := eval[string](t, ctx, `document.querySelector(".lesson-progress").textContent`); got != "You have read this lesson. 1/1 exercises solved." {
		t.Errorf("lesson's progress line %q", got)
	}

	for _, idx := range []struct{ path, mark string }{{"/en/", "Done · 1/1 exercises solved"}, {"/zh/", "已完成 · 练习完成 1/1"}} {
		openPage(t, ctx, idx.path)
		if got := eval[string](t, ctx, li+`.dataset.state`); got != "done" {
			t.Errorf("%s: lesson state %q, want done", idx.path, got)
		}
		if got := eval[string](t, ctx, li+`.querySelector(".mark").textContent`); got != idx.mark {
			t.Errorf("%s: mark %q, want %q", idx.path, got, idx.mark)
		}
		lessons := eval[int](t, ctx, `document.querySelectorAll('.lesson-list li').length`)
		if got := eval[int](t, ctx, `document.querySelectorAll('.lesson-list li[data-state="none"]').length`); got != lessons-1 || lessons < 2 {
			t.Errorf("%s: %d of %d lessons unmarked, want all but the one read", idx.path, got, lessons)
		}
	}
	lessons := eval[int](t, ctx, `document.querySelectorAll('.lesson-list li').length`)
	if got := eval[string](t, ctx, `document.querySelector(".progress-sum").textContent`); !strings.HasPrefix(got, "已读 1/"+strconv.Itoa(lessons)+" 课，练习完成 1/") {
		t.Errorf("zh totals %q, want 1 of %d lessons read", got, lessons)
	}
	if got := eval[string](t, ctx, `document.querySelector(".continue a").lang`); got != "en" {
		t.Errorf("zh index: continue to an English lesson has lang %q, want en", got)
	}

	// Continue leads to the last heading visited: the end of the lesson now.
	last := eval[string](t, ctx, `JSON.parse(localStorage.getItem("cqlplay:progress")).last.id`)
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(".continue a"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the lesson", `location.pathname === "`+usersLesson+`"`)
	if got, _ := url.PathUnescape(eval[string](t, ctx, `location.hash`)); last != "" && got != "#"+last {
		t.Errorf("continue opened %q, want #%s", got, last)
	}

	// The Chinese lesson's line, in Chinese punctuation.
	openLesson(t, ctx, "/zh/"+slug+"/")
	waitFor(t, ctx, "the lesson's progress line", `!document.querySelector(".lesson-progress").hidden`)
	if got := eval[string](t, ctx, `document.querySelector(".lesson-progress").textContent`); got != "这一课你已经读完。练习完成 1/1。" {
		t.Errorf("zh lesson's progress line %q", got)
	}

	// Storage holding HTML: shown as text.
	eval[bool](t, ctx, `(localStorage.setItem("cqlplay:progress", JSON.stringify({read: {}, solved: {}, last: {path: "/en/ttl/", id: "x\"><b>", title: "<img src=x id=injected>", heading: "<b>h</b>", at: 1}})), true)`)
	openPage(t, ctx, "/en/")
	if got := eval[string](t, ctx, `document.querySelector(".continue a").textContent`); got != "<img src=x id=injected> — <b>h</b>" {
		t.Errorf("continue from storage holding HTML reads %q", got)
	}
	if eval[bool](t, ctx, `!!document.getElementById("injected") || !!document.querySelector(".continue b")`) {
		t.Error("HTML from storage became markup")
	}
	if got := eval[string](t, ctx, `document.querySelector(".continue a").getAttribute("href")`); got != "/en/ttl/#x%22%3E%3Cb%3E" {
		t.Errorf("continue's href %q", got)
	}
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// TestBrowserExportImport: Export downloads one JSON file with the progress
// and the saved edits; after storage is cleared, importing it brings both
// back (the edit in its playground). A file that is not progress imports
// nothing and says why.
func TestBrowserExportImport(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson)
	appendText(t, ctx, "#ex-0", "\n-- my note")
	key := "cqlplay:edit:" + usersLesson + "#0"
	waitFor(t, ctx, "the edit to be saved", `localStorage.getItem("`+key+`") !== null`)
	eval[bool](t, ctx, `(document.querySelector("nav.pager").scrollIntoView(), true)`)
	waitFor(t, ctx, "the lesson read", `document.querySelector(".lesson-progress").dataset.state !== "none"`)

	dir := t.TempDir()
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if ctx.Err() == nil {
			chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{Behavior: browser.SetDownloadBehaviorBehaviorDefault})
		}
	})
	openPage(t, ctx, "/en/")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("button.export"))); err != nil {
		t.Fatal(err)
	}
	file := waitForFile(t, ctx, dir)
	if !strings.HasPrefix(filepath.Base(file), "cqlplay-progress-") || !strings.HasSuffix(file, ".json") {
		t.Errorf("export named %s", filepath.Base(file))
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var exported struct {
		Format   string
		Version  int
		Progress struct{ Read map[string]float64 }
		Edits    map[string]struct{ Base, Text string }
	}
	if err := json.Unmarshal(data, &exported); err != nil {
		t.Fatalf("the export is not JSON: %v\n%s", err, data)
	}
	if exported.Format != "cqlplay-progress" || exported.Version != 1 || exported.Progress.Read["queries-that-work"] == 0 ||
		!strings.HasSuffix(exported.Edits[key].Text, "\n-- my note") {
		t.Fatalf("the export lacks the progress or the edit:\n%s", data)
	}

	// A fresh browser: nothing; then the import.
	clearStorage(t, ctx)
	openPage(t, ctx, "/en/")
	if got := eval[int](t, ctx, `document.querySelectorAll('.lesson-list li:not([data-state="none"])').length`); got != 0 {
		t.Fatalf("%d lessons marked after clearing storage", got)
	}
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS(`.import input[type="file"]`), []string{file})); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the import's message", `document.querySelector(".io-msg").textContent !== ""`)
	if got := eval[string](t, ctx, `document.querySelector(".io-msg").textContent`); got != "Imported 1 lessons read, 0 exercises solved and 1 edits." {
		t.Errorf("import says %q", got)
	}
	if got := eval[string](t, ctx, `document.querySelector('li[data-slug="queries-that-work"]').dataset.state`); got == "none" {
		t.Error("the imported lesson is not marked")
	}
	if !eval[bool](t, ctx, `!document.querySelector(".continue").hidden`) {
		t.Error("continue is not back after the import")
	}
	openLesson(t, ctx, usersLesson)
	if got := eval[string](t, ctx, `document.querySelector("#ex-0 textarea").value`); !strings.HasSuffix(got, "\n-- my note") {
		t.Errorf("the imported edit is not in its playground: %q", got)
	}

	// Bad files: nothing imported, the reason said.
	openPage(t, ctx, "/en/")
	before := eval[string](t, ctx, `JSON.stringify(Object.entries(localStorage).sort())`)
	for _, bad := range []struct{ name, content, says string }{
		{"notes.json", "this is not JSON", "This file was not imported: it is not JSON."},
		{"other.json", `{"read": {}}`, "This file was not imported: it is not a cqlplay progress file."},
		{"evil.json", `{"format":"cqlplay-progress","version":1,"progress":{"last":{"path":"javascript:alert(1)","id":""}},"edits":{}}`,
			"This file was not imported: last is malformed."},
		{"edits.json", `{"format":"cqlplay-progress","version":1,"progress":{"read":{"ttl":1}},"edits":{"cqlplay:theme":{"base":"","text":"dark"}}}`,
			"This file was not imported: edits “cqlplay:theme” is malformed."},
	} {
		p := filepath.Join(t.TempDir(), bad.name)
		if err := os.WriteFile(p, []byte(bad.content), 0o644); err != nil {
			t.Fatal(err)
		}
		eval[bool](t, ctx, `(document.querySelector(".io-msg").textContent = "", true)`)
		if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS(`.import input[type="file"]`), []string{p})); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "the message on "+bad.name, `document.querySelector(".io-msg").textContent !== ""`)
		if got := eval[string](t, ctx, `document.querySelector(".io-msg").textContent`); got != bad.says {
			t.Errorf("%s: says %q, want %q", bad.name, got, bad.says)
		}
		if got := eval[string](t, ctx, `document.querySelector(".io-msg").dataset.state`); got != "error" {
			t.Errorf("%s: message state %q", bad.name, got)
		}
	}
	if after := eval[string](t, ctx, `JSON.stringify(Object.entries(localStorage).sort())`); after != before {
		t.Errorf("a bad file changed storage:\n%s\n%s", before, after)
	}
}

// waitForFile waits until a finished download appears in dir.
func waitForFile(t *testing.T, ctx context.Context, dir string) string {
	t.Helper()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		if len(files) > 0 {
			return files[0]
		}
		select {
		case <-ctx.Done():
			t.Fatal("waiting for the export's download: ", ctx.Err())
		case <-tick.C:
		}
	}
}

// TestBrowserSearch: the header's box, from the keyboard, in both
// languages: / focuses it, typing lists sections with the terms marked, Down
// chooses, Enter opens the lesson at the heading; a query with no match says
// so; Esc closes the list.
func TestBrowserSearch(t *testing.T) {
	ctx := newTab(t)
	for _, tt := range []struct {
		page, query, mark, none string
	}{
		{"/en/", "allow filtering", "allow filtering", "No section of the lessons mentions “zzqqxx”."},
		{"/zh/ttl/", "墓碑", "墓碑", "没有哪一节提到“zzqqxx”。"},
	} {
		openPage(t, ctx, tt.page)
		lang := tt.page[1:3]
		if err := chromedp.Do(ctx, chromedp.KeyEvent("/")); err != nil {
			t.Fatal(err)
		}
		if !eval[bool](t, ctx, `document.activeElement === document.getElementById("search")`) {
			t.Fatalf("%s: / does not focus the search box", tt.page)
		}
		// The protocol sends the key's character apart from its keydown,
		// so the "/" a browser would not type lands in the box: clear it.
		eval[bool](t, ctx, `(document.getElementById("search").value = "", true)`)
		typeText(t, ctx, tt.query)
		waitFor(t, ctx, "results", `document.querySelectorAll("#search-list [role=option]").length > 0`)
		if got := eval[string](t, ctx, `document.getElementById("search").getAttribute("aria-expanded")`); got != "true" {
			t.Errorf("%s: aria-expanded %q", tt.page, got)
		}
		marks := eval[[]string](t, ctx, `[...document.querySelectorAll("#search-list [role=option]")].slice(0, 5).map(o => [...o.querySelectorAll("mark")].map(m => m.textContent.toLowerCase()).join("|"))`)
		for i, m := range marks {
			for _, term := range strings.Fields(tt.mark) {
				if !strings.Contains(m, term) {
					if h := eval[string](t, ctx, `document.querySelectorAll("#search-list [role=option]")[`+strconv.Itoa(i)+`].textContent`); !strings.Contains(strings.ToLower(h), term) {
						t.Errorf("%s: result %d has no %q: %s", tt.page, i, term, h)
					}
				}
			}
		}
		hrefs := eval[[]string](t, ctx, `[...document.querySelectorAll("#search-list a")].map(a => a.getAttribute("href"))`)
		for _, h := range hrefs {
			if !strings.HasPrefix(h, "/"+lang+"/") {
				t.Errorf("%s: result %s is not in the page's language", tt.page, h)
			}
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowUp)); err != nil {
			t.Fatal(err)
		}
		if got := eval[string](t, ctx, `document.getElementById("search").getAttribute("aria-activedescendant")`); got != "search-opt-0" {
			t.Errorf("%s: after Down Down Up the active option is %q", tt.page, got)
		}
		if got := eval[string](t, ctx, `document.getElementById("search-opt-0").getAttribute("aria-selected")`); got != "true" {
			t.Errorf("%s: the chosen option is not selected", tt.page)
		}
		want := hrefs[0]
		if strings.HasPrefix(want, tt.page+"#") {
			t.Fatalf("%s: the first result %s is on the page itself: pick a query that leads elsewhere", tt.page, want)
		}
		if _, err := chromedp.RunResponse(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "the result's page", `location.pathname + location.hash === `+jsString(want))
		if i := strings.Index(want, "#"); i >= 0 {
			id, _ := url.PathUnescape(want[i+1:])
			if !eval[bool](t, ctx, `!!document.getElementById(`+jsString(id)+`)`) {
				t.Errorf("%s: the result %s names no heading of its page", tt.page, want)
			}
		}

		// No match; Esc closes, a second Esc clears.
		openPage(t, ctx, tt.page)
		eval[bool](t, ctx, `(document.getElementById("search").focus(), true)`)
		typeText(t, ctx, "zzqqxx")
		waitFor(t, ctx, "the no-result message", `document.querySelector(".search-status").textContent !== ""`)
		if got := eval[string](t, ctx, `document.querySelector(".search-status").textContent`); got != tt.none {
			t.Errorf("%s: says %q, want %q", tt.page, got, tt.none)
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
			t.Fatal(err)
		}
		if !eval[bool](t, ctx, `document.querySelector(".search-results").hidden`) {
			t.Errorf("%s: Esc leaves the results open", tt.page)
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
			t.Fatal(err)
		}
		if got := eval[string](t, ctx, `document.getElementById("search").value`); got != "" {
			t.Errorf("%s: a second Esc leaves %q", tt.page, got)
		}
	}
}

// TestBrowserSearchOffline: once the service worker has kept the site, the
// search box works with the server gone, in both languages (its index comes
// from the offline cache).
func TestBrowserSearchOffline(t *testing.T) {
	ctx := newTab(t)
	base, stop := stoppableServer(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/en/")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the service worker in control", `navigator.serviceWorker.controller !== null`)
	stop()
	if _, err := http.Get(base + "/en/"); err == nil {
		t.Fatal("the server still answers after Close")
	}
	if _, err := chromedp.Call(ctx, network.ClearBrowserCache, cdp.Empty{}); err != nil {
		t.Fatal("clearing the HTTP cache: ", err)
	}
	for _, tt := range []struct{ page, query string }{{"/zh/", "分区键"}, {"/en/ttl/", "tombstone"}} {
		if err := chromedp.Do(ctx, chromedp.Navigate(base+tt.page)); err != nil {
			t.Fatal("opening a page offline: ", err)
		}
		waitFor(t, ctx, "the search box, offline", `!document.querySelector(".search").hidden`)
		eval[bool](t, ctx, `(document.getElementById("search").focus(), true)`)
		typeText(t, ctx, tt.query)
		waitFor(t, ctx, "results offline", `document.querySelectorAll("#search-list [role=option]").length > 0 || document.querySelector(".search-status").textContent !== ""`)
		if n := eval[int](t, ctx, `document.querySelectorAll("#search-list [role=option]").length`); n == 0 {
			t.Errorf("%s offline: no results for %q: %s", tt.page, tt.query, eval[string](t, ctx, `document.querySelector(".search-status").textContent`))
		}
	}
}
