package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/layout"
)

// boundsScript fills 3 partitions of 50 rows (past ViewBounds' 40) and one
// of 2 rows, with a static column and a range tombstone in a large one.
const boundsScript = `CREATE TABLE r (s text, ts int, v double, note text static, PRIMARY KEY (s, ts));
-- @fill r 150 s=seq(3) ts=series(0, 1) v=uniform(0, 100)
INSERT INTO r (s, ts, v, note) VALUES ('small', 1, 1.5, 'n');
INSERT INTO r (s, ts, v) VALUES ('small', 2, 2.5);
UPDATE r SET note = 'hot' WHERE s = 's-0';
DELETE FROM r WHERE s = 's-1' AND ts >= 10 AND ts < 20;
`

func boundedSession(t *testing.T) *Session {
	t.Helper()
	s := NewSession(Options{})
	for _, o := range s.Rerun(boundsScript) {
		if o.Error != nil {
			t.Fatalf("%s: %s", o.Statement, o.Error.Message)
		}
	}
	return s
}

// TestLayoutBoundedSummarises checks that the bounded map lists the first
// and last rows of each large partition with the count of those left out,
// counts every row as the full map does, and leaves small partitions whole.
func TestLayoutBoundedSummarises(t *testing.T) {
	s := boundedSession(t)
	full, _ := s.layoutText("map", "")
	text, elided, err := s.layoutBounded("map", "", ViewBounds(nil))
	if err != nil {
		t.Fatal(err)
	}
	var fm, bm struct {
		Tables []struct {
			Partitions []struct {
				Key      []struct{ Text string }
				Rows     []struct{ Clustering []struct{ Text string } }
				Omitted  int
				LiveRows int
				Cells    int
				Bytes    int
			}
		}
	}
	if err := json.Unmarshal([]byte(full), &fm); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(text), &bm); err != nil {
		t.Fatal(err)
	}
	if len(elided) != 3 {
		t.Fatalf("elided %d partitions, want the 3 of 50 rows: %+v", len(elided), elided)
	}
	fp, bp := fm.Tables[0].Partitions, bm.Tables[0].Partitions
	for i := range fp {
		f, b := fp[i], bp[i]
		if f.LiveRows != b.LiveRows || f.Cells != b.Cells || f.Bytes != b.Bytes {
			t.Errorf("partition %v: bounded counts %d rows %d cells %d bytes, full %d %d %d", f.Key, b.LiveRows, b.Cells, b.Bytes, f.LiveRows, f.Cells, f.Bytes)
		}
		if len(f.Rows) <= 40 {
			if len(b.Rows) != len(f.Rows) || b.Omitted != 0 {
				t.Errorf("partition %v of %d rows: bounded lists %d, omitted %d", f.Key, len(f.Rows), len(b.Rows), b.Omitted)
			}
			continue
		}
		if len(b.Rows) != 6 || b.Omitted != len(f.Rows)-6 {
			t.Fatalf("partition %v of %d rows: bounded lists %d, omitted %d; want 6 and %d", f.Key, len(f.Rows), len(b.Rows), b.Omitted, len(f.Rows)-6)
		}
		for j := 0; j < 3; j++ {
			if ck(b.Rows[j].Clustering) != ck(f.Rows[j].Clustering) || ck(b.Rows[5-j].Clustering) != ck(f.Rows[len(f.Rows)-1-j].Clustering) {
				t.Errorf("partition %v: bounded rows %v are not the first and last of the full one", f.Key, b.Rows)
			}
		}
	}
	for _, e := range elided {
		if e.Table != "cqlplay.r" || e.Rows < 41 || e.Left != e.Rows-6 || e.At != 3 || e.Bytes == 0 || !strings.HasPrefix(e.Key, "s-") {
			t.Errorf("elision %+v, want cqlplay.r, rows past 40, all but 6 left, at 3", e)
		}
	}
}

func ck(vs []struct{ Text string }) string {
	var parts []string
	for _, v := range vs {
		parts = append(parts, v.Text)
	}
	return strings.Join(parts, ",")
}

// TestLayoutBoundedOpen checks that opening every summarised partition
// gives Layout's text, in every form, and that a text form's gap lines are
// where the elisions say.
func TestLayoutBoundedOpen(t *testing.T) {
	s := boundedSession(t)
	for _, form := range []string{"map", "cli", "sstabledump"} {
		full, _ := s.layoutText(form, "")
		text, elided, err := s.layoutBounded(form, "", ViewBounds(nil))
		if err != nil {
			t.Fatal(err)
		}
		if len(elided) != 3 || len(text) >= len(full) {
			t.Fatalf("%s: %d elisions, %d bytes against %d unbounded", form, len(elided), len(text), len(full))
		}
		if form != "map" {
			lines := strings.Split(text, "\n")
			for _, e := range elided {
				if got, want := strings.TrimSpace(lines[e.At]), "... "+strconv.Itoa(e.Left)+" rows left out ..."; got != want {
					t.Errorf("%s: line %d is %q, want the gap", form, e.At, got)
				}
			}
		}
		open := map[string]int{}
		for i, e := range elided {
			open[layout.PartitionID(e.Table, e.Token)] = e.Rows
			text, left, _ := s.layoutBounded(form, "", ViewBounds(open))
			if len(left) != 2-i {
				t.Errorf("%s: %d partitions opened, %d still summarised", form, i+1, len(left))
			}
			if i == 2 && text != full {
				t.Errorf("%s: every partition opened differs from Layout:\n%s\n---\n%s", form, text, full)
			}
		}
		// Time travel: the state after the fill is bounded the same way.
		at, _, atElided, err := s.layoutAt(form, "", 1, ViewBounds(nil))
		if err != nil || len(atElided) != 3 || len(at) >= len(full) {
			t.Errorf("%s at the fill: %v, %d elisions, %d bytes", form, err, len(atElided), len(at))
		}
	}
}

// TestLayoutBoundedJSON checks the bridge's reply: the layout object with
// "elided" added.
func TestLayoutBoundedJSON(t *testing.T) {
	s := boundedSession(t)
	res, _ := s.Layout(LayoutRequest{Form: "cli", Bounds: ViewBounds(nil)})
	out := res.AppendJSON(nil)
	var r struct {
		Form   string
		Text   string
		Elided []struct {
			Table, Token, Key     string
			Rows, Left, Bytes, At int
		}
	}
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if r.Form != "cli" || r.Text != res.Layout || len(r.Elided) != 3 || r.Elided[0].Left != r.Elided[0].Rows-6 || r.Elided[0].Token == "" {
		t.Errorf("reply %+v", r)
	}
}

// TestLayoutAtBoundedChanges is LayoutAtBounded's property against
// LayoutAt over random scripts: with bounds no partition reaches, the same
// text and the same changes; with bounds summarising every partition of
// more than 2 rows, the text the bounded layout gives a fresh run and changes
// that LayoutAt reports too, in the same order (it compares only written
// and small partitions).
func TestLayoutAtBoundedChanges(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 4
	}
	for seed := range seeds {
		r := rand.New(rand.NewPCG(uint64(seed), 41))
		g := rerunGen{r}
		lines := g.script(20, 30)
		script := strings.Join(lines, "\n")
		s := NewSession(Options{})
		outs := s.Rerun(script)
		for n := range len(outs) {
			form := []string{"map", "cli", "sstabledump"}[n%3]
			want, wantChanges, _ := s.layoutAtAll(form, "", n)
			got, changes, _, err := s.layoutAt(form, "", n, &layout.Bounds{Rows: 1 << 30, Edge: 3})
			if err != nil || got != want || fmt.Sprint(changes) != fmt.Sprint(wantChanges) {
				t.Fatalf("seed %d, statement %d (%s), unreached bounds: %v\nchanges %v\nwant    %v\nscript:\n%s", seed, n, form, err, changes, wantChanges, script)
			}
			tight := &layout.Bounds{Rows: 2, Edge: 1, Partitions: n % 3}
			_, changes, _, _ = s.layoutAt(form, "", n, tight)
			rest := wantChanges
			for _, c := range changes {
				i := slices.Index(rest, c)
				if i < 0 {
					t.Fatalf("seed %d, statement %d: bounded change %v is not LayoutAt's %v\nscript:\n%s", seed, n, c, wantChanges, script)
				}
				rest = rest[i+1:]
			}
		}
	}
}

// TestLayoutAtBoundedNarrowed checks that comparing a written partition on
// the rows its two states do not share (narrowed) finds the changes that
// comparing it whole finds, over random scripts whose partitions are all
// too large to list, with the states of every statement.
func TestLayoutAtBoundedNarrowed(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 4
	}
	defer func() { narrowRows = true }()
	for seed := range seeds {
		r := rand.New(rand.NewPCG(uint64(seed), 61))
		g := rerunGen{r}
		script := strings.Join(g.script(20, 30, "-- @fill t 40 k=skew(3) c=seq(40) v=pick('a', 'b')"), "\n")
		s := NewSession(Options{})
		outs := s.Rerun(script)
		tight := &layout.Bounds{Rows: 1 + seed%2, Edge: 1}
		narrowedChanges := 0
		for n := range len(outs) {
			narrowRows = true
			_, got, _, _ := s.layoutAt("map", "", n, tight)
			narrowRows = false
			_, want, _, _ := s.layoutAt("map", "", n, tight)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("seed %d, statement %d: narrowed changes\n%v\nwhole\n%v\nscript:\n%s", seed, n, got, want, script)
			}
			narrowedChanges += len(got)
		}
		if narrowedChanges == 0 {
			t.Errorf("seed %d: no statement changed anything", seed)
		}
	}
}

// TestLayoutAtBoundedWide checks time travel through a partition too wide
// to list: a write in its middle is marked although the view leaves that
// row out, an UPDATE shadows what it replaced, and a statement that wrote
// elsewhere marks nothing in it.
func TestLayoutAtBoundedWide(t *testing.T) {
	s := NewSession(Options{})
	s.Rerun(`CREATE TABLE w (k int, c int, v int, PRIMARY KEY (k, c));
-- @fill w 100 k=0 c=series(0, 2) v=uniform(0, 9)
INSERT INTO w (k, c, v) VALUES (0, 101, 7);
UPDATE w SET v = 8 WHERE k = 0 AND c = 50;
INSERT INTO w (k, c, v) VALUES (1, 1, 1);
`)
	marks := func(n int) string {
		_, cs, elided, err := s.layoutAt("map", "", n, ViewBounds(nil))
		if err != nil || len(elided) != 1 {
			t.Fatalf("statement %d: %v, %d elisions", n, err, len(elided))
		}
		var b []string
		for _, c := range cs {
			b = append(b, c.Kind+" ["+c.Partition+"]["+c.Clustering+"] "+c.Column)
		}
		return strings.Join(b, "\n")
	}
	for n, want := range []string{
		"written [0][101] @marker\nwritten [0][101] v",
		"shadowed [0][50] v\nwritten [0][50] v",
		"written [1][1] @marker\nwritten [1][1] v",
	} {
		if got := marks(n + 1); got != want {
			t.Errorf("statement %d marks:\n%s\nwant:\n%s", n+1, got, want)
		}
	}
}

// TestLayoutBoundedPartitions checks the bound on partitions: a table of
// 150 lists its first 100 in token order, the map counts the others in
// omittedPartitions and places all 150 on the ring, and the text forms end
// their listing with a line saying how many were left out.
func TestLayoutBoundedPartitions(t *testing.T) {
	s := NewSession(Options{})
	s.Rerun("CREATE TABLE p (id int PRIMARY KEY, v int);\n-- @fill p 150 id=series(0, 1) v=uniform(0, 9)\n")
	full, _ := s.layoutText("map", "")
	text, elided, _ := s.layoutBounded("map", "", ViewBounds(nil))
	type model struct {
		Tables []struct {
			Partitions        []struct{ Token string }
			OmittedPartitions int
		}
		Ring json.RawMessage
	}
	var fm, bm model
	if err := json.Unmarshal([]byte(full), &fm); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(text), &bm); err != nil {
		t.Fatal(err)
	}
	if len(elided) != 0 || len(bm.Tables[0].Partitions) != 100 || bm.Tables[0].OmittedPartitions != 50 {
		t.Fatalf("bounded map: %d partitions, %d omitted, %d elisions", len(bm.Tables[0].Partitions), bm.Tables[0].OmittedPartitions, len(elided))
	}
	for i, p := range bm.Tables[0].Partitions {
		if p.Token != fm.Tables[0].Partitions[i].Token {
			t.Fatalf("partition %d: token %s, want the full map's %s", i, p.Token, fm.Tables[0].Partitions[i].Token)
		}
	}
	if string(bm.Ring) != string(fm.Ring) {
		t.Errorf("the bounded map's ring differs:\n%s\nwant\n%s", bm.Ring, fm.Ring)
	}
	for _, form := range []string{"cli", "sstabledump"} {
		text, elided, _ := s.layoutBounded(form, "", ViewBounds(nil))
		if len(elided) != 1 || elided[0].Partitions != 50 || elided[0].Table != "cqlplay.p" {
			t.Fatalf("%s: elisions %+v, want 50 partitions of cqlplay.p", form, elided)
		}
		lines := strings.Split(text, "\n")
		if got := strings.TrimSpace(lines[elided[0].At]); got != "... 50 more partitions ..." {
			t.Errorf("%s: line %d is %q", form, elided[0].At, got)
		}
		if form == "cli" && !strings.HasSuffix(text, "\n150 Rows Returned.\n") || form == "sstabledump" && !strings.HasSuffix(text, "more partitions ...\n]\n") {
			t.Errorf("%s ends %q", form, text[len(text)-60:])
		}
	}
}

// BenchmarkLayoutBounded is the page's Storage view of lesson 08's example
// after an edit: the map form of 100,000 rows in 20 partitions within
// ViewBounds (docs/performance-history.md, "Data in volume").
func BenchmarkLayoutBounded(b *testing.B) {
	s := NewSession(Options{})
	script := "CREATE TABLE sensor_log (sensor text, at timestamp, temperature double, PRIMARY KEY (sensor, at));\n" +
		"-- @fill sensor_log 100000 sensor=seq(20) at=series('2026-01-01T00:00:00Z', 10s) temperature=uniform(-5, 30)\n"
	s.Rerun(script)
	// The page's keystroke: an edit of the last statement, then the view.
	b.Run("edit, then map", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			n++
			s.Rerun(script + "SELECT * FROM sensor_log WHERE sensor = 'sensor-07' LIMIT " + strconv.Itoa(3+n%2) + ";\n")
			if _, _, err := s.layoutBounded("map", "", ViewBounds(nil)); err != nil {
				b.Fatal(err)
			}
		}
	})
	// summary and ring (the Sizes and Ring views) are not bounded, and
	// read the kept totals too.
	for _, form := range []string{"map", "cli", "summary", "ring"} {
		b.Run(form, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := s.layoutBounded(form, "", ViewBounds(nil)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	// Time travel: the caret on the statement after the fill, then on an
	// INSERT into one of its partitions (compared on the rows it wrote).
	b.Run("map at the statement after the fill", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, _, err := s.layoutAt("map", "", 1, ViewBounds(nil)); err != nil {
				b.Fatal(err)
			}
		}
	})
	s.Rerun(script + "INSERT INTO sensor_log (sensor, at, temperature) VALUES ('sensor-07', '2026-01-02T00:00:05Z', 1);\nSELECT * FROM sensor_log LIMIT 1;\n")
	b.Run("map at an INSERT after the fill", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, changes, _, err := s.layoutAt("map", "", 1, ViewBounds(nil)); err != nil || len(changes) != 2 {
				b.Fatal(err, changes)
			}
		}
	})
}

// TestSummaryJSONSized checks that the summary form's JSON buffer is sized
// for what it writes, not for the rows it leaves out: a partition of 5,000
// rows is 195 KB of storage and a line of summary.
func TestSummaryJSONSized(t *testing.T) {
	s := NewSession(Options{})
	s.Rerun("CREATE TABLE w (k int, c int, v double, PRIMARY KEY (k, c));\n-- @fill w 10000 k=seq(2) c=series(0, 1) v=uniform(0, 9)\n")
	out := layout.BuildSummary(stateOf(s.db), s.db.Schema.UserTables()).JSON()
	if cap(out) > 2*len(out)+4096 {
		t.Errorf("the summary's JSON is %d bytes in a buffer of %d", len(out), cap(out))
	}
}

// TestLayoutBoundedPages checks a partition opened a page at a time: its
// first rows as many as asked, then the gap with the rows after them, and
// in full once the count reaches its rows.
func TestLayoutBoundedPages(t *testing.T) {
	s := boundedSession(t)
	_, elided, _ := s.layoutBounded("map", "", ViewBounds(nil))
	e := elided[0]
	id := layout.PartitionID(e.Table, e.Token)
	text, paged, _ := s.layoutBounded("map", "", ViewBounds(map[string]int{id: 10}))
	var m struct {
		Tables []struct {
			Partitions []struct {
				Token              string
				Rows               []json.RawMessage
				Omitted, OmittedAt int
			}
		}
	}
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range m.Tables[0].Partitions {
		if p.Token != strconv.FormatInt(e.Token, 10) {
			continue
		}
		found = true
		if len(p.Rows) != 10 || p.Omitted != e.Rows-10 || p.OmittedAt != 10 {
			t.Errorf("a partition opened 10 rows: %d rows, %d omitted at %d", len(p.Rows), p.Omitted, p.OmittedAt)
		}
	}
	if !found || len(paged) != 3 {
		t.Fatalf("partition found %v, %d elisions", found, len(paged))
	}
	for _, pe := range paged {
		if pe.Token == e.Token && (pe.At != 10 || pe.Left != e.Rows-10) {
			t.Errorf("the opened partition's elision %+v", pe)
		}
	}
	cli, paged, _ := s.layoutBounded("cli", "", ViewBounds(map[string]int{id: 10}))
	lines := strings.Split(cli, "\n")
	for _, pe := range paged {
		if got, want := lines[pe.At], "... "+strconv.Itoa(pe.Left)+" rows left out ..."; got != want {
			t.Errorf("cli line %d is %q, want %q", pe.At, got, want)
		}
	}
	if _, rest, _ := s.layoutBounded("map", "", ViewBounds(map[string]int{id: e.Rows})); len(rest) != 2 {
		t.Errorf("a partition opened to its row count is still summarised: %+v", rest)
	}
}
