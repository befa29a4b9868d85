package browser

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/build/ui"
)

// TestBrowserTravelSays steps back with the bar's "◀ Earlier", which leaves
// the editor without focus (its caret unseen): the bar names the statement
// and says it is highlighted, not "where the caret is", and the editor lays
// a band behind that statement's lines; a legend says what each mark means
// (green is "written" only: a partition a statement read is outlined blue
// and dashed); over Results, which show the whole script, the bar says that
// they do not travel; the final state takes the band away.
func TestBrowserTravelSays(t *testing.T) {
	ctx := travelTab(t)
	const fig = "#ex-0"
	const bar = `document.querySelector("#ex-0 .pg-travel")`
	en := ui.Strings["en"]
	caretOnLine(t, ctx, fig, 6)
	waitFor(t, ctx, "the state after the DELETE", bar+`.dataset.at === "5"`)
	eval[bool](t, ctx, bar+`.querySelector(".pg-travel-prev").click(), true`)
	waitFor(t, ctx, "a step back to the second INSERT", bar+`.dataset.at === "4"`)
	label := eval[string](t, ctx, bar+`.querySelector(".pg-travel-at").textContent`)
	if want := "Storage after statement 5 of 7 (line 5, highlighted in the editor)"; label != want {
		t.Errorf("the bar says %q, want %q", label, want)
	}
	band := `document.querySelector("#ex-0 .ed-at")`
	if got := eval[string](t, ctx, band+`.hidden ? "hidden" : `+band+`.dataset.lines`); got != "5:5" {
		t.Errorf("the editor's band is %q, want lines 5:5", got)
	}
	// The band lies on line 5 as the editor draws it.
	if d := eval[float64](t, ctx, `document.querySelectorAll("#ex-0 .ed-l")[4].getBoundingClientRect().top - `+band+`.getBoundingClientRect().top`); d < -1 || d > 1 {
		t.Errorf("the band is %v px off line 5", d)
	}
	legend := eval[string](t, ctx, `[...`+bar+`.querySelectorAll(".pg-travel-legend li")].map(li => li.className + "=" + li.textContent).join(" ")`)
	if legend != "tt-written=written tt-shadowed=shadowed tt-tombstone=tombstone tt-read=read" {
		t.Errorf("the legend reads %q", legend)
	}
	if eval[bool](t, ctx, bar+`.querySelector(".pg-travel-legend").hidden`) {
		t.Error("the legend is hidden on an earlier state")
	}

	// Results do not travel: the bar says so, with the band still on line 5.
	openTab(t, ctx, fig, "results")
	if got := eval[string](t, ctx, bar+`.hidden ? "hidden" : `+bar+`.querySelector(".pg-travel-at").textContent`); got != en.TravelNot {
		t.Errorf("over Results the bar says %q, want %q", got, en.TravelNot)
	}
	if eval[bool](t, ctx, band+`.hidden`) {
		t.Error("over Results the band is gone")
	}

	// The SELECT, the last statement: the final state, no band; the
	// partitions it read are outlined blue and dashed, not green.
	openTab(t, ctx, fig, "storage")
	caretOnLine(t, ctx, fig, 7)
	waitFor(t, ctx, "the final state", bar+`.dataset.at === ""`)
	if !eval[bool](t, ctx, band+`.hidden`) {
		t.Error("the final state keeps a band")
	}
	waitFor(t, ctx, "the SELECT's partition marked read", `document.querySelectorAll("#ex-0-storage .lay-hl").length > 0`)
	style := eval[string](t, ctx, `(s => s.outlineStyle + " " + s.boxShadow)(getComputedStyle(document.querySelector("#ex-0-storage .lay-hl")))`)
	if !strings.HasPrefix(style, "dashed none") {
		t.Errorf("a partition read is drawn %q, want a dashed outline and no green shadow", style)
	}
	if strings.Contains(ui.Strings["zh"].TravelAt, "光标") || strings.Contains(en.TravelAt, "caret") {
		t.Error("the bar still points at the caret")
	}
}
