package browser

import (
	"strconv"
	"strings"
	"testing"
)

// TestBrowserTravelToFill moves the caret through lesson 8's example of
// 100,000 generated rows: on the CREATE TABLE the Storage view shows the
// empty table (and no notice of generated rows); on the -- @fill, and on
// the blank line below it, the state right after the fill, its 20
// partitions, with the bar naming the fill and counting its rows instead
// of marking them; the bar's buttons step from it to the statements
// either side; on the SELECT after it, that statement's own changes: none.
func TestBrowserTravelToFill(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, volumeLesson)
	id := eval[string](t, ctx, `[...document.querySelectorAll("figure.pg")].find(f => f.querySelector("textarea")?.value.includes("-- @fill"))?.id ?? ""`)
	if id == "" {
		t.Fatal("no playground of the lesson holds a -- @fill")
	}
	fig := "#" + id
	inView(t, ctx, fig)
	storage := `document.querySelector("` + fig + `-storage")`
	bar := `document.querySelector("` + fig + ` .pg-travel")`
	fillLine := eval[int](t, ctx, `document.querySelector("`+fig+` textarea").value.split("\n").findIndex(l => l.startsWith("-- @fill")) + 1`)
	if fillLine < 2 {
		t.Fatalf("the fill is on line %d", fillLine)
	}
	state := func(line int, at, what string) {
		t.Helper()
		caretOnLine(t, ctx, fig, line)
		waitFor(t, ctx, what, bar+`.dataset.at === "`+at+`"`)
		waitFor(t, ctx, what+" drawn", `!(document.querySelector("`+fig+`").dataset.stale ?? "").split(" ").includes("storage")`)
	}

	state(1, "0", "the state after CREATE TABLE")
	if n := eval[int](t, ctx, storage+`.querySelectorAll(".lay-table").length`); n != 1 {
		t.Errorf("after CREATE TABLE Storage shows %d tables, want 1", n)
	}
	if n := eval[int](t, ctx, storage+`.querySelectorAll(".lay-part").length`); n != 0 {
		t.Errorf("after CREATE TABLE Storage shows %d partitions, want the empty table", n)
	}
	if got := eval[string](t, ctx, storage+`.querySelector(".lay-filled")?.textContent ?? ""`); got != "" {
		t.Errorf("before the fill Storage says %q", got)
	}

	at := strconv.Itoa(-fillLine)
	for _, line := range []int{fillLine, fillLine + 1} {
		state(line, at, "the state after the fill (caret on line "+strconv.Itoa(line)+")")
		if n := eval[int](t, ctx, storage+`.querySelectorAll(".lay-part").length`); n != 20 {
			t.Errorf("caret on line %d: Storage shows %d partitions, want the fill's 20", line, n)
		}
		if got := eval[string](t, ctx, bar+`.querySelector(".pg-travel-at").textContent`); !strings.Contains(got, "-- @fill on line "+strconv.Itoa(fillLine)) {
			t.Errorf("caret on line %d: the bar says %q", line, got)
		}
		if got := eval[string](t, ctx, bar+`.querySelector(".pg-travel-sum").textContent`); !strings.Contains(got, "100,000 rows generated into cqlplay.sensor_log") {
			t.Errorf("caret on line %d: the bar's summary is %q", line, got)
		}
		if n := eval[int](t, ctx, storage+`.querySelectorAll("[class*=tt-]").length`); n != 0 {
			t.Errorf("caret on line %d: the fill marks %d elements, want its rows counted, not marked", line, n)
		}
	}

	// The bar's buttons step from the fill to the statements either side of it.
	for _, tc := range []struct{ button, at string }{{"prev", "0"}, {"next", "1"}} {
		state(fillLine, at, "the state after the fill")
		eval[bool](t, ctx, bar+`.querySelector(".pg-travel-`+tc.button+`").click() || true`)
		waitFor(t, ctx, "the "+tc.button+" button from the fill", bar+`.dataset.at === "`+tc.at+`"`)
	}

	// The SELECT after the fill changed nothing stored.
	selectLine := eval[int](t, ctx, `document.querySelector("`+fig+` textarea").value.split("\n").findIndex(l => l.startsWith("SELECT")) + 1`)
	state(selectLine, "1", "the state after the first SELECT")
	if got := eval[string](t, ctx, bar+`.querySelector(".pg-travel-sum").textContent`); got != "This statement changed nothing stored." {
		t.Errorf("the SELECT after the fill: the bar's summary is %q", got)
	}
	if n := eval[int](t, ctx, storage+`.querySelectorAll(".lay-part").length`); n != 20 {
		t.Errorf("after the SELECT Storage shows %d partitions, want 20", n)
	}
}
