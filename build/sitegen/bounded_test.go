package sitegen

import (
	"html"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
)

// TestBoundedText checks that a gap line becomes the gap, its
// indentation kept, and every other line stays as the engine wrote it.
func TestBoundedText(t *testing.T) {
	cli := func(lang, text string, elided ...engine.Elision) string {
		got := drawView(t, lang, "cli", "", exampleRun{Layouts: map[string]string{"cli": text}, Elided: map[string][]engine.Elision{"cli": elided}})
		// The view says which version's output it prints (TestCLIVersion).
		return strings.TrimPrefix(got, `<p class="lay-caption">`+html.EscapeString(uiStrings[lang].CLIVersion)+`</p>`)
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

// TestCLIVersion: the cassandra-cli view prints Cassandra 1.2's form
// (column=, which 1.2's CliClient.printSliceList wrote; 2.0's and 2.1's
// wrote name=) and says so above its text, in each language.
func TestCLIVersion(t *testing.T) {
	s := engine.NewSession(engine.Options{})
	s.Run("CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c)); INSERT INTO t (k, c, v) VALUES (1, 2, 'x');")
	res, err := s.Layout(engine.LayoutRequest{Form: "cli", Table: "t"})
	if err != nil {
		t.Fatal(err)
	}
	text := res.Layout
	if !strings.Contains(text, "=> (column=2:v, value=78, timestamp=") {
		t.Errorf("the cli view does not print 1.2's column=:\n%s", text)
	}
	for _, lang := range []string{"en", "zh"} {
		got := drawView(t, lang, "cli", "", exampleRun{Layouts: map[string]string{"cli": text}})
		want := `<p class="lay-caption">` + html.EscapeString(uiStrings[lang].CLIVersion) + `</p><pre class="lay-text">`
		if !strings.HasPrefix(got, want) {
			t.Errorf("%s: the view opens\n%s\nwant\n%s", lang, got, want)
		}
		if !strings.Contains(uiStrings[lang].CLIVersion, "1.2") || !strings.Contains(uiStrings[lang].CLIVersion, "name=") {
			t.Errorf("%s: the caption %q does not name the version printed and the later form", lang, uiStrings[lang].CLIVersion)
		}
	}
}
