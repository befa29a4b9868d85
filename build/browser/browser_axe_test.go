package browser

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// axeSource is axe-core's script (a devDependency: npm ci installs it).
func axeSource(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(testRoot, "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("axe-core is missing: .ci/run's npm ci installs it: ", err)
		}
		t.Skip("skipping the accessibility audit: axe-core is not installed (npm ci)")
	}
	return string(src)
}

// axeViolations runs axe-core in the page on the elements of selector
// ("document": all of it) and lists its violations, one line each with the
// elements they concern.
func axeViolations(t *testing.T, ctx context.Context, src, selector string) []string {
	t.Helper()
	if !eval[bool](t, ctx, `typeof axe === "object"`) {
		eval[bool](t, ctx, src+"\n;true")
	}
	target := "document"
	if selector != "document" {
		target = "document.querySelector(" + jsString(selector) + ")"
	}
	js := `axe.run(` + target + `, { resultTypes: ["violations"] }).then(r => JSON.stringify(r.violations.map(v =>
		v.id + ": " + v.help + " [" + v.nodes.slice(0, 4).map(n => n.target.join(" ")).join(", ") + (v.nodes.length > 4 ? ", …" : "") + "]")))`
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("running axe: %v", err)
	}
	var v []string
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestBrowserAxe audits every kind of page with axe-core, as a first-time
// reader opens it, in both languages and both themes: the index, a lesson
// (and each view of its first playground), the playground, an embed and the
// 404 page. Axe must find nothing.
func TestBrowserAxe(t *testing.T) {
	src := axeSource(t)
	ctx := newTab(t)
	pages := []string{"/en/", "/zh/", "/en/nested-sorted-map/", "/zh/query-first-design/", "/en/play/", "/zh/play/",
		"/en/nested-sorted-map/embed/0/", "/no-such-page/"}
	for _, scheme := range []string{"light", "dark"} {
		emulateScheme(t, ctx, scheme)
		for _, path := range pages {
			if path == "/no-such-page/" {
				if err := chromedp.Do(ctx, chromedp.Navigate(testURL+path)); err != nil {
					t.Fatal(err)
				}
			} else {
				openLesson(t, ctx, path)
			}
			for _, v := range axeViolations(t, ctx, src, "document") {
				t.Errorf("%s (%s): %s", path, scheme, v)
			}
			if !strings.Contains(path, "embed") && path != "/no-such-page/" {
				// Each view of the first playground, opened as a reader would.
				const fig = "figure.pg"
				inView(t, ctx, fig)
				for _, view := range eval[[]string](t, ctx, `[...document.querySelector("figure.pg").querySelectorAll("[role=tab]")].map(b => b.dataset.view)`) {
					eval[bool](t, ctx, `(document.querySelector("figure.pg [role=tab][data-view=`+view+`]").click(), true)`)
					waitFor(t, ctx, view+" drawn", `(() => { const p = document.querySelector("figure.pg .pg-panel[data-view=`+view+`]"); return !p.hidden && p.childElementCount > 0 && !p.querySelector(".pg-pending") })()`)
					for _, v := range axeViolations(t, ctx, src, fig) {
						t.Errorf("%s (%s), the %s view: %s", path, scheme, view, v)
					}
				}
			}
		}
	}
}
