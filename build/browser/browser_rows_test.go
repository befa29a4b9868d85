package browser

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/build/ui"
)

// TestBrowserStaleRows: a lesson's `-- rows: 3` holds for its script; once
// the reader's edit makes the query return 4 rows, the editor marks the
// comment and Results says so under the query, in the page's language; an
// edit that makes it true again takes both marks away.
func TestBrowserStaleRows(t *testing.T) {
	ctx := newTab(t)
	for _, lang := range []string{"en", "zh"} {
		freshLesson(t, ctx, "/"+lang+"/nested-sorted-map/")
		const fig = "#ex-0"
		if !eval[bool](t, ctx, `document.querySelector("`+fig+` textarea").value.includes("-- rows: 3")`) {
			t.Fatal("lesson 01's first example no longer says -- rows: 3: pick another")
		}
		if eval[int](t, ctx, `document.querySelectorAll("`+fig+` .stale-u, `+fig+` .out-stale").length`) != 0 {
			t.Fatalf("%s: the lesson's own script is marked stale", lang)
		}
		substituteAndRun(t, ctx, fig, "SELECT * FROM events WHERE key = 'web';",
			"INSERT INTO events (key, column1, column2, value) VALUES ('web', 9, 9, 'one more');\nSELECT * FROM events WHERE key = 'web';")
		waitFor(t, ctx, "the stale mark", `!!document.querySelector("`+fig+` .stale-u")`)
		if got := eval[string](t, ctx, `document.querySelector("`+fig+` .stale-u").textContent`); got != "-- rows: 3" {
			t.Errorf("%s: the editor marks %q", lang, got)
		}
		want := strings.NewReplacer("{want}", "3", "{got}", "4").Replace(ui.Strings[lang].RowsStale)
		if got := eval[string](t, ctx, `[...document.querySelectorAll("`+fig+` .pg-results .out-stale")].map(p => p.closest(".out").querySelector(".out-stmt").textContent + " | " + p.textContent).join("\n")`); got != "SELECT * FROM events WHERE key = 'web' | "+want {
			t.Errorf("%s: Results notes %q, want the SELECT's note %q", lang, got, want)
		}
		substituteAndRun(t, ctx, fig, "-- rows: 3", "-- rows: 4")
		if n := eval[int](t, ctx, `document.querySelectorAll("`+fig+` .stale-u, `+fig+` .out-stale").length`); n != 0 {
			t.Errorf("%s: %d stale marks left after the comment was made true", lang, n)
		}
	}
}
