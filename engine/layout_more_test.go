package engine

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/layout"
)

// moreScript is a random script of large partitions: generated rows, a
// static column, range and row deletions, TTLs, a descending clustering
// order, and small partitions and a second table around them.
func moreScript(r *rand.Rand) string {
	var b strings.Builder
	order := ""
	if r.IntN(2) == 0 {
		order = " WITH CLUSTERING ORDER BY (c DESC, d ASC)"
	}
	b.WriteString("CREATE TABLE a (k text, c int, d text, v double, s text static, PRIMARY KEY (k, c, d))" + order + ";\n")
	b.WriteString("CREATE TABLE b (k int, c int, v int, PRIMARY KEY (k, c));\n")
	parts := 1 + r.IntN(4)
	rows := parts * (41 + r.IntN(160))
	b.WriteString("-- @fill a " + strconv.Itoa(rows) + " k=seq(" + strconv.Itoa(parts) + ") c=series(0, 1) d=seq(3) v=uniform(0, 100)\n")
	b.WriteString("-- @fill b " + strconv.Itoa(41+r.IntN(100)) + " k=seq(1) c=series(0, 1) v=uniform(0, 9)\n")
	for range 1 + r.IntN(8) {
		k := "'k-" + strconv.Itoa(r.IntN(parts)) + "'"
		c := r.IntN(rows/parts + 10)
		switch r.IntN(6) {
		case 0:
			b.WriteString("DELETE FROM a WHERE k = " + k + " AND c >= " + strconv.Itoa(c) + " AND c < " + strconv.Itoa(c+r.IntN(20)) + ";\n")
		case 1:
			b.WriteString("DELETE FROM a WHERE k = " + k + " AND c = " + strconv.Itoa(c) + ";\n")
		case 2:
			b.WriteString("UPDATE a SET s = 'hot' WHERE k = " + k + ";\n")
		case 3:
			b.WriteString("INSERT INTO a (k, c, d, v) VALUES (" + k + ", " + strconv.Itoa(c) + ", 'x', 1.5) USING TTL 60;\n")
		case 4:
			b.WriteString("DELETE v FROM a WHERE k = " + k + " AND c = " + strconv.Itoa(c) + " AND d = 'd-0';\n")
		default:
			b.WriteString("INSERT INTO a (k, c, d) VALUES ('small', " + strconv.Itoa(c) + ", 'y');\n")
		}
	}
	b.WriteString("-- @advance 30s\nSELECT count(*) FROM a;\n")
	return b.String()
}

// TestLayoutMoreJoins checks, over random scripts, that each page
// LayoutMore gives, put in place of its partition's gap, makes the whole
// bounded view with the partition opened that much further, byte for byte:
// the map's rows and gap, the cli's and sstabledump's text (positions
// included) and the new gap's Elision; in the final state and in earlier
// ones (time travel), with other partitions opened in the whole view and
// the page asked of the partition alone.
func TestLayoutMoreJoins(t *testing.T) {
	for seed := range uint64(12) {
		r := rand.New(rand.NewPCG(seed, 17))
		script := moreScript(r)
		s := NewSession(Options{})
		outs := s.Rerun(script)
		for _, o := range outs {
			if o.Error != nil {
				t.Fatalf("seed %d: %s: %s", seed, o.Statement, o.Error.Message)
			}
		}
		for _, at := range []int{-1, r.IntN(len(outs))} {
			for _, form := range []string{"map", "cli", "sstabledump"} {
				whole := func(open map[string]int) (string, []layout.Elision) {
					if at < 0 {
						text, elided, err := s.layoutBounded(form, "", ViewBounds(open))
						if err != nil {
							t.Fatal(err)
						}
						return text, elided
					}
					text, _, elided, err := s.layoutAt(form, "", at, ViewBounds(open))
					if err != nil {
						t.Fatal(err)
					}
					return text, elided
				}
				_, first := whole(nil)
				pages := 0
				for _, e := range first {
					if e.Partitions > 0 {
						continue
					}
					id := layout.PartitionID(e.Table, e.Token)
					open := map[string]int{}
					// Another partition opened a little, to be kept as it is.
					for _, o := range first {
						if o.Partitions == 0 && o.Token != e.Token && r.IntN(2) == 0 {
							open[layout.PartitionID(o.Table, o.Token)] = 5 + r.IntN(30)
						}
					}
					for step := 0; ; step++ {
						before, bel := whole(open)
						gap, ok := elisionOf(bel, id)
						if !ok {
							break
						}
						more := 1 + r.IntN(60)
						if open[id] == 0 {
							more += ViewBounds(nil).Edge // past the first rows a summarised partition lists
						}
						// The page names the partition alone (views.ts): the
						// others opened do not change its page.
						alone := map[string]int{id: open[id]}
						piece, replaces, pel, err := s.layoutMore(form, alone, id, more, at)
						if err != nil {
							t.Fatalf("seed %d %s at %d: %v", seed, form, at, err)
						}
						if alone[id] != open[id]+more {
							t.Fatalf("LayoutMore left %s opened to %d rows, want %d", id, alone[id], open[id]+more)
						}
						open[id] += more
						after, ael := whole(open)
						where := "seed " + strconv.FormatUint(seed, 10) + " " + form + " at " + strconv.Itoa(at) + " " + id + " step " + strconv.Itoa(step)
						var joined string
						var wantAt int
						if form == "map" {
							after = normMap(t, after, id)
							joined, wantAt = joinMap(t, before, piece, id, gap.At, replaces)
						} else {
							joined, wantAt = joinText(before, piece, gap.At, replaces), gap.At
						}
						if joined != after {
							t.Fatalf("%s: the page joined differs from the whole view:\n%s", where, firstDiff(joined, after))
						}
						next, more2 := elisionOf(ael, id)
						if len(pel) != btoi(more2) {
							t.Fatalf("%s: the page has %d gaps, the whole view %v", where, len(pel), more2)
						}
						if more2 {
							got := pel[0]
							got.At += wantAt
							if got != next {
								t.Fatalf("%s: the page's gap %+v (at %d on), the whole view's %+v", where, pel[0], wantAt, next)
							}
						}
						pages++
					}
				}
				if pages == 0 && at < 0 {
					t.Fatalf("seed %d %s: no page to list", seed, form)
				}
			}
		}
	}
}

// TestLayoutMoreRefuses checks LayoutMore's errors: a form without rows,
// a partition with nothing left out, a name that is no partition.
func TestLayoutMoreRefuses(t *testing.T) {
	s := boundedSession(t)
	_, elided, _ := s.layoutBounded("map", "", ViewBounds(nil))
	id := layout.PartitionID(elided[0].Table, elided[0].Token)
	for _, c := range []struct {
		form, id string
		open     map[string]int
		more     int
		want     string
	}{
		{"tree", id, nil, 10, `no more rows of partition "` + id + `" to list in the tree form: name a partition the map, cli or sstabledump form summarises ("ks.t token"), and more rows than it lists`},
		{"map", id, nil, 0, `no more rows of partition "` + id + `" to list in the map form: name a partition the map, cli or sstabledump form summarises ("ks.t token"), and more rows than it lists`},
		{"map", id, nil, 3, `no more rows of partition "` + id + `" to list in the map form: name a partition the map, cli or sstabledump form summarises ("ks.t token"), and more rows than it lists`},
		{"map", id, map[string]int{id: 10}, 0, `no more rows of partition "` + id + `" to list in the map form: name a partition the map, cli or sstabledump form summarises ("ks.t token"), and more rows than it lists`},
		{"map", id, map[string]int{id: 1000}, 10, `no more rows of partition "` + id + `" to list in the map form: name a partition the map, cli or sstabledump form summarises ("ks.t token"), and more rows than it lists`},
		{"cli", "cqlplay.r 12", nil, 10, `no more rows of partition "` + "cqlplay.r 12" + `" to list in the cli form: name a partition the map, cli or sstabledump form summarises ("ks.t token"), and more rows than it lists`},
		{"cli", "r", nil, 10, `no more rows of partition "` + "r" + `" to list in the cli form: name a partition the map, cli or sstabledump form summarises ("ks.t token"), and more rows than it lists`},
		{"cli", "cqlplay.nope 12", nil, 10, `unknown table "cqlplay.nope" (tables: cqlplay.r)`},
	} {
		if c.open == nil {
			c.open = map[string]int{}
		}
		if _, _, _, err := s.layoutMore(c.form, c.open, c.id, c.more, -1); err == nil || err.Error() != c.want {
			t.Errorf("LayoutMore(%s, %v, %q, %d): %v, want %s", c.form, c.open, c.id, c.more, err, c.want)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// elisionOf is the gap of partition id among elided.
func elisionOf(elided []layout.Elision, id string) (layout.Elision, bool) {
	for _, e := range elided {
		if e.Partitions == 0 && layout.PartitionID(e.Table, e.Token) == id {
			return e, true
		}
	}
	return layout.Elision{}, false
}

// joinText puts a text page in place of the lines from the gap's (line at)
// that it replaces, after the gap line's indentation, as the page does.
func joinText(whole, piece string, at, replaces int) string {
	lines := strings.Split(whole, "\n")
	indent := lines[at][:len(lines[at])-len(strings.TrimLeft(lines[at], " "))]
	out := append(append([]string{}, lines[:at]...), strings.Split(indent+piece, "\n")...)
	return strings.Join(append(out, lines[at+replaces:]...), "\n")
}

// joinMap puts a map page's rows in place of the partition's gap (at, in
// its rows) and the replaces rows after it, and its gap in the
// partition's, and returns the whole map again, with the index of the
// page's first row.
func joinMap(t *testing.T, whole, piece, id string, at, replaces int) (string, int) {
	t.Helper()
	wm, pm := decodeMap(t, whole), decodeMap(t, piece)
	wp, pp := partitionOf(t, wm, id), partitionOf(t, pm, id)
	rows := asList(wp["rows"])
	joined := append(append(append([]any{}, rows[:at]...), asList(pp["rows"])...), rows[at+replaces:]...)
	wp["rows"] = joined
	delete(wp, "omitted")
	delete(wp, "omittedAt")
	if pp["omitted"] != nil {
		wp["omitted"] = pp["omitted"]
		wp["omittedAt"] = json.Number(strconv.Itoa(at + int(mustInt(t, pp["omittedAt"]))))
	}
	delete(wp, "liveRows")
	delete(wp, "cells")
	return canonical(t, wm), at
}

// normMap is a whole map as joinMap returns one: canonical, without what
// it says of partition id from the rows it lists (its live rows and
// cells), which the page does not draw.
func normMap(t *testing.T, whole, id string) string {
	m := decodeMap(t, whole)
	p := partitionOf(t, m, id)
	delete(p, "liveRows")
	delete(p, "cells")
	return canonical(t, m)
}

func decodeMap(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	if err := d.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

// partitionOf is partition id of a decoded map.
func partitionOf(t *testing.T, m map[string]any, id string) map[string]any {
	t.Helper()
	for _, tb := range m["tables"].([]any) {
		tm := tb.(map[string]any)
		for _, p := range asList(tm["partitions"]) {
			pp := p.(map[string]any)
			if layout.PartitionID(tm["keyspace"].(string)+"."+tm["name"].(string), mustInt(t, pp["token"])) == id {
				return pp
			}
		}
	}
	t.Fatalf("no partition %s in the map", id)
	return nil
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

func mustInt(t *testing.T, v any) int64 {
	t.Helper()
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case string:
		s = x
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("%v is no integer", v)
	}
	return n
}

// canonical re-encodes a decoded map, keys sorted.
func canonical(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// firstDiff shows where two texts first differ.
func firstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(0, i-300)
	return "joined: …" + got[lo:min(len(got), i+300)] + "\nwhole:  …" + want[lo:min(len(want), i+300)]
}
