package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/build/lesson"
	"github.com/cqlplay/cqlplay/engine"
)

// exerciseOf returns the first exercise of a lesson of content/, with the
// expected outcome of each check (its rows on the solution).
func exerciseOf(t *testing.T, path string) (*lesson.Example, []engine.Outcome) {
	t.Helper()
	lessons, err := lesson.Load(filepath.Join(testRoot, "content"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lessons {
		if !strings.HasSuffix(filepath.ToSlash(l.Path), path) {
			continue
		}
		for _, ex := range l.Examples {
			if ex.Exercise == nil {
				continue
			}
			r := l.Run(ex)
			if len(r.Problems) > 0 {
				t.Fatalf("the exercise itself has problems: %v", r.Problems)
			}
			var want []engine.Outcome
			for _, c := range r.Checks.Checks {
				want = append(want, *c.Want)
			}
			return ex, want
		}
	}
	t.Fatalf("no exercise in %s", path)
	return nil, nil
}

// TestBrowserExercise types answers into lesson 3's exercise and checks the
// Checks view against the verdict the build renders for the same script
// (build/exercise.go and site/ts/exercise.ts draw the same markup): a right
// answer passes every check, a partial one shows Cassandra's messages, a
// wrong column type shows the rows beside the expected ones, and a table the
// data does not fit says so. The reader's opened solution stays open.
func TestBrowserExercise(t *testing.T) {
	ex, want := exerciseOf(t, "en/03-queries-that-work.md")
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson)
	fig := "#ex-" + itoa(ex.Index)
	if got := eval[string](t, ctx, `document.querySelector("`+fig+` [role=tab][aria-selected=true]").dataset.view`); got != "checks" {
		t.Errorf("the exercise opens on %q, want its Checks view", got)
	}
	if got := eval[string](t, ctx, `document.querySelector("`+fig+` .ex-score").dataset.passed`); got != "0" {
		t.Errorf("checks passing on the starting text = %s, want 0", got)
	}
	eval[bool](t, ctx, `(() => { document.querySelector("`+fig+` details.ex-sol").open = true; return true })()`)

	for _, tt := range []struct {
		name, schema string
		passed       int
	}{
		{"the solution's key", "CREATE TABLE orders_by_customer (customer text, placed timestamp, order_id int, total int, PRIMARY KEY ((customer), placed, order_id));", 3},
		{"total as text: the data does not fit", "CREATE TABLE orders_by_customer (customer text, placed timestamp, order_id int, total text, PRIMARY KEY ((customer), placed, order_id));", 0},
		{"a typo in the reader's CREATE TABLE: it is named first", "\nCREATE TABLE orders_by_customer (customer text placed timestamp, PRIMARY KEY (customer));", 0},
		{"partition right, no clustering on placed", "CREATE TABLE orders_by_customer (customer text, placed timestamp, order_id int, total int, PRIMARY KEY ((customer), order_id));", 1},
		{"placed as text", "CREATE TABLE orders_by_customer (customer text, placed text, order_id int, total int, PRIMARY KEY ((customer), placed, order_id));", 2},
	} {
		n := runs(t, ctx, fig)
		replaceText(t, ctx, fig, tt.schema)
		waitRun(t, ctx, fig, n)

		s := engine.NewSession(engine.Options{Version: ex.Version})
		outs := s.Run(tt.schema)
		verdict := ex.Exercise.RunChecks(s, want)
		if verdict.Passed() != tt.passed {
			t.Errorf("%s: the build's verdict passes %d checks, want %d", tt.name, verdict.Passed(), tt.passed)
		}
		var b strings.Builder
		writeChecks(&b, uiStrings["en"], ex.Exercise, &verdict, outs)
		js := `(() => {
			const panel = document.querySelector("` + fig + `-checks");
			const built = document.createElement("div");
			built.innerHTML = ` + jsString(b.String()) + `;
			built.querySelector("details.ex-sol").open = true;
			built.querySelector("button.ex-use").hidden = false; // the page's script shows it
			return built.innerHTML === panel.innerHTML ? "" : "built: " + built.innerHTML + "\nlive:  " + panel.innerHTML;
		})()`
		if diff := eval[string](t, ctx, js); diff != "" {
			t.Errorf("%s: the live Checks view differs from the build's:\n%s", tt.name, diff)
		}
		if got := eval[string](t, ctx, `document.querySelector("`+fig+` .ex-score").dataset.passed`); got != itoa(tt.passed) {
			t.Errorf("%s: %s checks pass on the page, want %d", tt.name, got, tt.passed)
		}
		// A failure of the reader's own script leads, at its line.
		wantLead := ""
		for _, o := range outs {
			if o.Error != nil {
				wantLead = itoa(o.Line) + " " + o.Error.Cqlsh()
				break
			}
		}
		if got := eval[string](t, ctx, `(() => { const e = document.querySelector("`+fig+`-checks .ex-data-err"); return e && e.classList.contains("ex-script-err") ? e.querySelector(".out-line").textContent + " " + e.querySelector(".out-err").textContent : "" })()`); got != wantLead {
			t.Errorf("%s: the Checks view leads with %q, want %q", tt.name, got, wantLead)
		}
	}
	// The storage view shows the reader's table holding the checks' data.
	eval[bool](t, ctx, `(() => { document.querySelector("`+fig+`-tab-storage").click(); return true })()`)
	waitFor(t, ctx, "the storage view", `!(document.querySelector("`+fig+`").dataset.stale ?? "").split(" ").includes("storage")`)
	if got := eval[int](t, ctx, `document.querySelectorAll("`+fig+`-storage .lay-part").length`); got != 2 {
		t.Errorf("storage shows %d partitions, want ann's and bob's", got)
	}
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	j, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(j)
}
