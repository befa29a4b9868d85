package main

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
)

// The same cases as site/ts/bounded.test.ts.
func TestFilledRows(t *testing.T) {
	script := "CREATE TABLE t (k int PRIMARY KEY);\n-- @fill t 100_000 k=seq(9)\n  --  @FILL t 5 k=seq(9)\n-- @fill nope 7 k=seq(3)\n-- a comment: @fill t 9\nSELECT * FROM t; -- @fill t 3\n"
	outcomes := []engine.Outcome{{Line: 1}, {Line: 4, Error: &engine.Error{Code: "InvalidRequest", Message: "x"}}, {Line: 6}}
	if got := filledRows(script, outcomes); got != 100_005 {
		t.Errorf("filledRows = %d, want 100005", got)
	}
	if got := filledRows("SELECT 1;", nil); got != 0 {
		t.Errorf("filledRows of no fill = %d", got)
	}
}

// The same cases as site/ts/bounded.test.ts.
func TestGroupDigits(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 4994: "4,994", 100000: "100,000", 1234567: "1,234,567", -5000: "-5,000"} {
		if got := groupDigits(n); got != want {
			t.Errorf("groupDigits(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestWriteBoundedText checks that a gap line becomes the gap, its
// indentation kept, and every other line stays as the engine wrote it.
func TestWriteBoundedText(t *testing.T) {
	var b strings.Builder
	text := "a <b>\n  ... 9 rows left out ...\nc"
	writeBoundedText(&b, uiStrings["en"], text, []engine.Elision{{Table: "ks.t", Token: -5, Rows: 15, Left: 9, Bytes: 2048, At: 1}})
	want := `<pre class="lay-text">a &lt;b&gt;` + "\n  " + `<span class="lay-gap"><span class="lay-gap-text">… 9 of 15 rows not shown · partition 2.0 KB</span>` +
		`<button type="button" class="lay-open" data-partition="ks.t -5">Show 9 more rows</button></span>` + "\nc</pre>"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	// What follows the gap's text on its line stays: sstabledump's "]".
	b.Reset()
	writeBoundedText(&b, uiStrings["en"], "      ... 9 rows left out ... ]\n  }", []engine.Elision{{Table: "ks.t", Token: -5, Rows: 15, Left: 9, Bytes: 2048, At: 0}})
	if got := b.String(); !strings.HasSuffix(got, "</button></span> ]\n  }</pre>") {
		t.Errorf("an opened partition's gap line: got\n%s", got)
	}
	b.Reset()
	writeBoundedText(&b, uiStrings["zh"], "a\n... 50 more partitions ...\n", []engine.Elision{{Table: "ks.t", Partitions: 50, At: 1}})
	if want := `<pre class="lay-text">a` + "\n" + `<span class="lay-more">……还有 50 个分区。</span>` + "\n</pre>"; b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
