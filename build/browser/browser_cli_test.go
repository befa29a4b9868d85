package browser

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/build/ui"
)

// TestBrowserCLIVersion opens lesson 2's cassandra-cli view, live, in both
// languages: it prints Cassandra 1.2's form (column=) and says so, with the
// form 2.0 and 2.1 printed, above the text.
func TestBrowserCLIVersion(t *testing.T) {
	ctx := newTab(t)
	for _, lang := range []string{"en", "zh"} {
		openLesson(t, ctx, "/"+lang+"/how-rows-are-stored/")
		fig := openFigure(t, ctx, "example", "cli")
		typeAndRun(t, ctx, fig, "\n") // drawn by the page, not the build
		openTab(t, ctx, fig, "cli")
		panel := `document.querySelector("` + fig + `-cli")`
		if got := eval[string](t, ctx, panel+`.querySelector(".lay-caption")?.textContent ?? ""`); got != ui.Strings[lang].CLIVersion {
			t.Errorf("%s: the view is captioned %q, want %q", lang, got, ui.Strings[lang].CLIVersion)
		}
		if got := eval[string](t, ctx, panel+`.querySelector("pre").textContent`); !strings.Contains(got, "=> (column=clusterVal1:clusterVal2:normalfield1, value=6e6f726d616c56616c31") {
			t.Errorf("%s: the view prints\n%s", lang, got)
		}
	}
}
