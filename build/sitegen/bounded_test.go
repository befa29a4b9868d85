package sitegen

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
)

// TestBoundedText checks that a gap line becomes the gap, its
// indentation kept, and every other line stays as the engine wrote it.
func TestBoundedText(t *testing.T) {
	cli := func(lang, text string, elided ...engine.Elision) string {
		return drawView(t, lang, "cli", "", exampleRun{Layouts: map[string]string{"cli": text}, Elided: map[string][]engine.Elision{"cli": elided}})
	}
	got := cli("en", "a <b>\n  ... 9 rows left out ...\nc", engine.Elision{Table: "ks.t", Token: -5, Rows: 15, Left: 9, Bytes: 2048, At: 1})
	want := `<pre class="lay-text">a &lt;b&gt;` + "\n  " + `<span class="lay-gap"><span class="lay-gap-text">… 9 of 15 rows not shown · partition 2.0 KB</span>` +
		`<button type="button" class="lay-open" data-partition="ks.t -5">Show 9 more rows</button></span>` + "\nc</pre>"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// What follows the gap's text on its line stays: sstabledump's "]".
	if got := cli("en", "      ... 9 rows left out ... ]\n  }", engine.Elision{Table: "ks.t", Token: -5, Rows: 15, Left: 9, Bytes: 2048, At: 0}); !strings.HasSuffix(got, "</button></span> ]\n  }</pre>") {
		t.Errorf("an opened partition's gap line: got\n%s", got)
	}
	if got, want := cli("zh", "a\n... 50 more partitions ...\n", engine.Elision{Table: "ks.t", Partitions: 50, At: 1}),
		`<pre class="lay-text">a`+"\n"+`<span class="lay-more">……还有 50 个分区。</span>`+"\n</pre>"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
