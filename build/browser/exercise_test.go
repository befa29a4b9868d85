package browser

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cqlplay/cqlplay/build/lesson"
	"github.com/cqlplay/cqlplay/build/sitegen"
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
				if c.Want == nil { // a bound has no rows to expect
					want = append(want, engine.Outcome{})
					continue
				}
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
// (the build draws it with the page's own code, prerender.go): a right
// answer passes every check, a partial one shows Cassandra's messages, a
// wrong column type shows the rows beside the expected ones, and a table the
// data does not fit says so. The reader's opened solution stays open.
func TestBrowserExercise(t *testing.T) {
	ex, want := exerciseOf(t, "en/03-queries-that-work.md")
	ctx := newTab(t)
	openLesson(t, ctx, usersLesson)
	fig := "#ex-" + strconv.Itoa(ex.Index)
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

		outs := sameChecks(t, ctx, fig, ex, want, tt.name, tt.schema, tt.passed)
		if got := eval[string](t, ctx, `document.querySelector("`+fig+` .ex-score").dataset.passed`); got != strconv.Itoa(tt.passed) {
			t.Errorf("%s: %s checks pass on the page, want %d", tt.name, got, tt.passed)
		}
		// A failure of the reader's own script leads, at its line.
		wantLead := ""
		for _, o := range outs {
			if o.Error != nil {
				wantLead = strconv.Itoa(o.Line) + " " + o.Error.Cqlsh()
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

// The build's drawing of views, loaded once by the first test that needs it.
var (
	drawerOnce sync.Once
	drawer     *sitegen.Drawer
	drawerErr  error
)

func drawerForTest(t *testing.T) *sitegen.Drawer {
	t.Helper()
	drawerOnce.Do(func() { drawer, drawerErr = sitegen.NewDrawer(testRoot) })
	if drawerErr != nil {
		t.Fatal(drawerErr)
	}
	return drawer
}

// sameChecks renders the build's verdict on schema, the answer the page's
// exercise fig was just given, and fails unless it passes the given number
// of checks and the live Checks view is the same markup. It returns the
// answer's own outcomes.
func sameChecks(t *testing.T, ctx context.Context, fig string, ex *lesson.Example, want []engine.Outcome, name, schema string, passed int) []engine.Outcome {
	t.Helper()
	s := engine.NewSession(engine.Options{Version: ex.Version})
	outs := s.Run(schema)
	verdict := ex.Exercise.RunChecks(s, want)
	if verdict.Passed() != passed {
		t.Errorf("%s: the build's verdict passes %d checks, want %d: %s", name, verdict.Passed(), passed, verdict.Failure())
	}
	checks, err := drawerForTest(t).ChecksView(ex, outs, verdict)
	if err != nil {
		t.Fatal(err)
	}
	js := `(() => {
		const panel = document.querySelector("` + fig + `-checks");
		const built = document.createElement("div");
		built.innerHTML = ` + jsString(checks) + `;
		built.querySelector("details.ex-sol").open = panel.querySelector("details.ex-sol").open;
		built.querySelector("button.ex-use").hidden = false; // the page's script shows it
		return built.innerHTML === panel.innerHTML ? "" : "built: " + built.innerHTML + "\nlive:  " + panel.innerHTML;
	})()`
	if diff := eval[string](t, ctx, js); diff != "" {
		t.Errorf("%s: the live Checks view differs from the build's:\n%s", name, diff)
	}
	return outs
}

// TestBrowserExerciseKinds types answers into the exercises whose checks
// are more than rows: lesson 6's bound over a year of generated orders and
// lesson 12's TTL checked on both sides of its expiry. The live verdict is
// the build's, a wrong model of each kind fails the check meant for it, and
// the solution's button puts the solution in the editor as one edit that
// Ctrl+Z takes back.
func TestBrowserExerciseKinds(t *testing.T) {
	type answer struct {
		name, schema string
		passed       int
		failing      string // the explanation of the first failing check, "" when all pass
	}
	ctx := newTab(t)
	for _, tc := range []struct {
		path, url string
		servedBy  string // who runs a typed answer once the page's engine is ready: a fill in the checks goes to the worker
		answers   []answer
	}{
		{"en/06-query-first-design.md", "/en/query-first-design/", "worker", []answer{
			{"the solution", "CREATE TABLE orders_by_status (status text, day date, order_date timestamp, order_id int, total int, PRIMARY KEY ((status, day), order_date, order_id));", 3, ""},
			{"the day as a clustering column", "CREATE TABLE orders_by_status (status text, day date, order_date timestamp, order_id int, total int, PRIMARY KEY (status, day, order_date, order_id));", 2, "A day bounds each partition"},
			{"the total in place of the id", "CREATE TABLE orders_by_status (status text, day date, order_date timestamp, order_id int, total int, PRIMARY KEY ((status, day), order_date, total));", 1, "Orders 3, 4 and 6 shipped in the same second"},
		}},
		{"en/12-ttl.md", "/en/ttl/", "page", []answer{
			{"300 seconds", "CREATE TABLE otp (user_id int PRIMARY KEY, code text) WITH default_time_to_live = 300;", 2, ""},
			{"minutes typed as seconds", "CREATE TABLE otp (user_id int PRIMARY KEY, code text) WITH default_time_to_live = 5;", 1, "A code still works 4 minutes 59 seconds after it was sent"},
			{"six minutes", "CREATE TABLE otp (user_id int PRIMARY KEY, code text) WITH default_time_to_live = 360;", 1, "One second later, five minutes have passed"},
		}},
	} {
		ex, want := exerciseOf(t, tc.path)
		openLesson(t, ctx, tc.url)
		waitFor(t, ctx, "the page's engine", `document.documentElement.dataset.engineInline === "ready"`)
		fig := "#ex-" + strconv.Itoa(ex.Index)
		for _, a := range tc.answers {
			n := runs(t, ctx, fig)
			replaceText(t, ctx, fig, a.schema)
			waitRun(t, ctx, fig, n)
			wantServedBy(t, ctx, fig, tc.servedBy, tc.path+", "+a.name+": the answer's run")
			sameChecks(t, ctx, fig, ex, want, a.name, a.schema, a.passed)
			first := eval[string](t, ctx, `(() => { const c = document.querySelector("`+fig+`-checks li.ex-fail .ex-why"); return c ? c.textContent : "" })()`)
			if !strings.HasPrefix(first, a.failing) || (a.failing == "") != (first == "") {
				t.Errorf("%s, %s: the first failing check says %q, want %q", tc.path, a.name, first, a.failing)
			}
		}
		// The solution's button: the solution in the editor, and Ctrl+Z brings the answer back.
		before := eval[string](t, ctx, `document.querySelector("`+fig+` textarea").value`)
		n := runs(t, ctx, fig)
		eval[bool](t, ctx, `(() => { const d = document.querySelector("`+fig+` details.ex-sol"); d.open = true; d.querySelector("button.ex-use").click(); return true })()`)
		waitRun(t, ctx, fig, n)
		if got := eval[string](t, ctx, `document.querySelector("`+fig+` textarea").value`); got != ex.Exercise.Solution {
			t.Errorf("%s: the solution's button put %q in the editor, want the solution %q", tc.path, got, ex.Exercise.Solution)
		}
		if got := eval[string](t, ctx, `document.querySelector("`+fig+` .ex-score").dataset.passed`); got != strconv.Itoa(len(ex.Exercise.Checks)) {
			t.Errorf("%s: %s checks pass on the solution the button put in, want all %d", tc.path, got, len(ex.Exercise.Checks))
		}
		eval[bool](t, ctx, `(() => { document.querySelector("`+fig+` textarea").focus(); return document.execCommand("undo") })()`)
		if got := eval[string](t, ctx, `document.querySelector("`+fig+` textarea").value`); got != before {
			t.Errorf("%s: undo after the solution's button gives %q, want the reader's answer %q", tc.path, got, before)
		}
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
