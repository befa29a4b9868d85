package main

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
)

// rerunEdits is a script edited as a reader would: typed at the end, a
// statement changed in the middle, one deleted, non-ASCII text before
// failing statements (UTF-16 positions), and the script emptied.
var rerunEdits = []string{
	"CREATE TABLE t (k int PRIMARY KEY, v text);\nINSERT INTO t (k, v) VALUES (1, '北京😀');\nSELECT * FROM t;\n",
	"CREATE TABLE t (k int PRIMARY KEY, v text);\nINSERT INTO t (k, v) VALUES (1, '北京😀');\nSELECT * FROM t;\nSELEC",
	"CREATE TABLE t (k int PRIMARY KEY, v text);\nINSERT INTO t (k, v) VALUES (1, '北京😀');\nSELECT * FROM t;\nSELECT v FROM t WHERE k = 'é';\n",
	"CREATE TABLE t (k int PRIMARY KEY, v text);\nINSERT INTO t (k, v) VALUES (2, '😀');\n-- @advance 1h\nSELECT * FROM t;\nSELECT v FROM t WHERE k = 'é';\n",
	"CREATE TABLE t (k int PRIMARY KEY, v text);\nSELECT * FROM t;\nSELECT v FROM t WHERE k = 'é';\nINSERT INTO t (k, v) VALUES (3, 'c');\nINSERT INTO t (k, v) VALUES (4, 'd');\n",
	"",
	"SELECT * FROM 用户;\n",
}

// TestBridgeRerun checks that rerun replies, byte for byte, what run replies
// on a fresh handle with the same options, edit after edit, bounds
// included, and that each handle keeps its own reruns.
func TestBridgeRerun(t *testing.T) {
	for _, opts := range []string{"", `{"maxStatements":3}`, `{"lang":"zh","seed":5}`} {
		b := newBridge()
		h, err := b.open(opts)
		if err != nil {
			t.Fatal(err)
		}
		other, _ := b.open(opts)
		for i, script := range rerunEdits {
			got := string(b.rerun(h, script))
			fresh, _ := b.open(opts)
			want := string(b.run(fresh, script))
			b.close(fresh)
			if got != want {
				t.Errorf("options %s, edit %d: rerun\n%s\nfresh run\n%s", opts, i, got, want)
			}
			// Another handle's rerun of another script changes nothing here.
			b.rerun(other, rerunEdits[len(rerunEdits)-1-i])
		}
	}
}

// TestBridgeRerunReuses checks that an edit to the last statement runs that
// statement alone.
func TestBridgeRerunReuses(t *testing.T) {
	b := newBridge()
	ran := 0
	b.rerunScript = func(s *engine.Session, script string, keep func(int), emit func(*engine.Outcome)) {
		s.RerunEach(script, keep, func(o *engine.Outcome) { ran++; emit(o) })
	}
	h, _ := b.open("")
	var sb strings.Builder
	sb.WriteString("CREATE TABLE t (k int, c int, PRIMARY KEY (k, c));\n")
	for i := range 40 {
		sb.WriteString("INSERT INTO t (k, c) VALUES (1, " + string(rune('0'+i%10)) + ");\n")
	}
	b.rerun(h, sb.String()+"SELECT * FROM t;")
	ran = 0
	got := string(b.rerun(h, sb.String()+"SELECT c FROM t;"))
	if ran != 1 {
		t.Errorf("an edit to the last statement ran %d statements, want 1", ran)
	}
	fresh, _ := b.open("")
	if want := string(b.run(fresh, sb.String()+"SELECT c FROM t;")); got != want {
		t.Errorf("rerun\n%s\nwant\n%s", got, want)
	}
}

// TestBridgeRerunRecovers checks that a panic in a rerun comes back as a
// ServerError outcome and that the next rerun starts afresh and is right.
func TestBridgeRerunRecovers(t *testing.T) {
	b := newBridge()
	h, _ := b.open("")
	script := rerunEdits[0]
	b.rerun(h, script)
	real := b.rerunScript
	b.rerunScript = func(s *engine.Session, script string, keep func(int), emit func(*engine.Outcome)) {
		keep(1)
		panic("boom")
	}
	if got := string(b.rerun(h, script+"SELECT 1;")); !strings.Contains(got, `"code":"ServerError"`) || !strings.Contains(got, "boom") {
		t.Errorf("a panicking rerun replied %s", got)
	}
	b.rerunScript = real
	fresh, _ := b.open("")
	if got, want := string(b.rerun(h, rerunEdits[2])), string(b.run(fresh, rerunEdits[2])); got != want {
		t.Errorf("the rerun after a panic\n%s\nwant\n%s", got, want)
	}
	want := `[{"statement":"","line":0,"warnings":[],"error":{"code":"ServerError","message":"cqlplay: no open session has handle 99 (call cqlplay.open first; a closed handle is not reused)","cqlsh":"ServerError: cqlplay: no open session has handle 99 (call cqlplay.open first; a closed handle is not reused)"}}]`
	if got := string(b.rerun(99, "SELECT 1;")); got != want {
		t.Errorf("rerun of a bad handle:\n got %s\nwant %s", got, want)
	}
}

// TestBridgeLayoutAt checks cqlplay.layoutAt: the engine's LayoutAt for the
// handle's last rerun as JSON, the DELETE's tombstone marked on it alone,
// and the live state left final.
func TestBridgeLayoutAt(t *testing.T) {
	b := newBridge()
	h, _ := b.open("")
	script := "CREATE TABLE d (k int, c int, v text, PRIMARY KEY (k, c));\nINSERT INTO d (k, c, v) VALUES (1, 2, 'a');\nDELETE FROM d WHERE k = 1 AND c = 2;\n"
	b.rerun(h, script)
	before := string(b.layout(h, "cli", ""))
	s := engine.NewSession(engine.Options{})
	s.Rerun(script)
	for n := range 4 {
		res, err := s.Layout(engine.LayoutRequest{Form: "map", Travel: true, At: n})
		if err != nil {
			t.Fatal(err)
		}
		want := string(res.AppendJSON(nil))
		got := string(b.layoutAt(h, "map", n))
		if got != want {
			t.Errorf("statement %d:\n%s\nwant\n%s", n, got, want)
		}
		if tomb := strings.Contains(got, `"kind":"tombstone"`); tomb != (n == 2) {
			t.Errorf("statement %d: tombstone marked %v:\n%s", n, tomb, got)
		}
	}
	if after := string(b.layout(h, "cli", "")); after != before {
		t.Errorf("layoutAt changed the live layout:\n%s\nwas\n%s", after, before)
	}
	if got := string(b.layoutAt(h, "nope", 0)); !strings.Contains(got, `"InvalidRequest"`) {
		t.Errorf("an unknown form: %s", got)
	}
	if got := string(b.layoutAt(99, "map", 0)); !strings.Contains(got, `"ServerError"`) {
		t.Errorf("a bad handle: %s", got)
	}
}
