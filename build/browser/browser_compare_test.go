package browser

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/build/ui"
)

// TestBrowserCompare reads lesson 20's model A against model B in both
// languages: a cell of counts says which nodes hold the replicas on a line
// of its own, in words ("replica: node 2"), not as a count among counts;
// model B's failures show Cassandra's message whole; on a 360 px phone the
// three columns stack, each cell under its model's name, as wide as the
// table.
func TestBrowserCompare(t *testing.T) {
	ctx := newTab(t)
	for _, c := range []struct {
		lang  string
		phone bool
	}{{"en", false}, {"zh", false}, {"en", true}, {"zh", true}} {
		if c.phone {
			phone(t, ctx)
		}
		text := ui.Strings[c.lang]
		openLesson(t, ctx, "/"+c.lang+"/a-chat-application-end-to-end/")
		vs := `document.querySelector("section.vs")`
		eval[bool](t, ctx, vs+`.scrollIntoView(), true`)
		nodes := eval[string](t, ctx, `[...`+vs+`.querySelectorAll("td.vs-ok")].map(td => td.querySelector(".vs-nodes")?.textContent ?? "none").join(" | ")`)
		for _, n := range strings.Split(nodes, " | ") {
			if !strings.HasPrefix(n, strings.Split(text.ReplicaOne, "{")[0]) {
				t.Errorf("%s: a cell's nodes read %q, want %q", c.lang, n, text.ReplicaOne)
			}
		}
		if got := eval[string](t, ctx, `[...`+vs+`.querySelectorAll("td.vs-ok > span:first-child")].map(s => s.textContent).join(" | ")`); strings.Contains(got, "node") || strings.Contains(got, "节点") {
			t.Errorf("%s: the counts still hold a node: %s", c.lang, got)
		}
		const msg = "Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING"
		bad := eval[string](t, ctx, `[...`+vs+`.querySelectorAll("td.vs-bad")].map(td => td.textContent).join("\n")`)
		for _, b := range strings.Split(bad, "\n") {
			if b != msg {
				t.Errorf("%s: model B's cell reads %q, want Cassandra's whole message", c.lang, b)
			}
		}
		stacked := eval[bool](t, ctx, `(() => { const t = `+vs+`.querySelector("table").getBoundingClientRect(); return [...`+vs+`.querySelectorAll("td")].every(td => td.getBoundingClientRect().width > t.width * 0.9) })()`)
		if stacked != c.phone {
			t.Errorf("%s: the cells stack: %v, on a phone: %v", c.lang, stacked, c.phone)
		}
		if c.phone {
			if got := eval[string](t, ctx, `getComputedStyle(`+vs+`.querySelector("td"), "::before").content`); got != `"A · chat"` {
				t.Errorf("%s: a stacked cell is headed %s, want its model's name", c.lang, got)
			}
			if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 360 {
				t.Errorf("%s: the page is %d px wide on a phone", c.lang, w)
			}
		}
	}
}
