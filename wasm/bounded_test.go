package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
)

// TestBridgeLayoutBounded checks cqlplay.layoutBounded: a partition of 60
// rows summarised with its elision, opened in full by its id, at a
// statement, after the fill (which has no outcome: it is addressed by its
// line, and says what it wrote), and layout's replies left as they were.
func TestBridgeLayoutBounded(t *testing.T) {
	b := newBridge()
	h, _ := b.open("")
	script := "CREATE TABLE w (k int, c int, v int, PRIMARY KEY (k, c));\n-- @fill w 60 k=0 c=series(0, 1) v=uniform(0, 9)\nINSERT INTO w (k, c, v) VALUES (1, 1, 1);\n"
	b.rerun(h, script)
	full := string(b.layout(h, "cli", ""))
	type reply struct {
		Text   string
		Map    json.RawMessage
		Elided []struct {
			Table, Token string
			Rows, Left   int
		}
		Statement *int
		Fill      *struct {
			Line, Rows int
			Table      string
		}
		Changes []json.RawMessage
		Error   *struct{ Message string }
	}
	var r reply
	if err := json.Unmarshal(b.layoutBounded(h, "cli", "", -1, 0, "", 0), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Elided) != 1 || r.Elided[0].Rows != 60 || r.Elided[0].Left != 54 || r.Elided[0].Table != "cqlplay.w" || !strings.Contains(r.Text, "... 54 rows left out ...") {
		t.Fatalf("bounded cli: %+v", r)
	}
	id := r.Elided[0].Table + " " + r.Elided[0].Token
	var opened reply
	if err := json.Unmarshal(b.layoutBounded(h, "cli", "other 1\n"+id, -1, 0, "", 0), &opened); err != nil {
		t.Fatal(err)
	}
	if len(opened.Elided) != 0 || !strings.Contains(full, jsonString(opened.Text)) {
		t.Errorf("opened %s: %+v\nfull %s", id, opened, full)
	}
	var paged reply
	if err := json.Unmarshal(b.layoutBounded(h, "cli", id+"\t10", -1, 0, "", 0), &paged); err != nil {
		t.Fatal(err)
	}
	if len(paged.Elided) != 1 || paged.Elided[0].Left != 50 || !strings.Contains(paged.Text, "... 50 rows left out ...") {
		t.Errorf("opened 10 rows: %+v", paged)
	}
	var at reply
	if err := json.Unmarshal(b.layoutBounded(h, "map", "", 1, 0, "", 0), &at); err != nil {
		t.Fatal(err)
	}
	if at.Statement == nil || *at.Statement != 1 || len(at.Elided) != 1 || !strings.Contains(string(at.Map), `"omitted":54`) {
		t.Errorf("bounded map at statement 1: %d elisions, %.300s", len(at.Elided), at.Map)
	}
	var fill reply
	if err := json.Unmarshal(b.layoutBounded(h, "map", "", -1, 2, "", 0), &fill); err != nil {
		t.Fatal(err)
	}
	if f := fill.Fill; f == nil || f.Line != 2 || f.Rows != 60 || f.Table != "cqlplay.w" || fill.Changes == nil || len(fill.Changes) != 0 || len(fill.Elided) != 1 || strings.Contains(string(fill.Map), `"key":[{"text":"1"`) || !strings.Contains(string(fill.Map), `"key":[{"text":"0"`) {
		t.Errorf("after the fill on line 2: %+v, %.300s", fill.Fill, fill.Map)
	}
	if err := json.Unmarshal(b.layoutBounded(h, "map", "", -1, 3, "", 0), &r); err != nil || r.Error == nil || !strings.Contains(r.Error.Message, "no -- @fill ran on line 3") {
		t.Errorf("line 3 has no fill: %+v", r)
	}
	if got := string(b.layout(h, "map", "")); strings.Contains(got, "omitted") || strings.Contains(got, "elided") {
		t.Errorf("layout is bounded too: %.300s", got)
	}
	if err := json.Unmarshal(b.layoutBounded(99, "map", "", -1, 0, "", 0), &r); err != nil || r.Error == nil {
		t.Errorf("a bad handle: %+v", r)
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestBridgeLayoutMore checks cqlplay.layoutMore: the cli text and the map
// rows of a partition's next page, the rows or lines they replace, the new
// gap, at a statement too, and its errors as objects.
func TestBridgeLayoutMore(t *testing.T) {
	b := newBridge()
	h, _ := b.open("")
	b.rerun(h, "CREATE TABLE w (k int, c int, v int, PRIMARY KEY (k, c));\n-- @fill w 60 k=0 c=series(0, 1) v=uniform(0, 9)\nINSERT INTO w (k, c, v) VALUES (1, 1, 1);\n")
	type reply struct {
		Form, Text string
		Map        json.RawMessage
		Replaces   int
		Elided     []struct {
			Table, Token   string
			Rows, Left, At int
		}
		Error *struct{ Code, Message string }
	}
	var whole reply
	if err := json.Unmarshal(b.layoutBounded(h, "cli", "", -1, 0, "", 0), &whole); err != nil || len(whole.Elided) != 1 {
		t.Fatalf("bounded cli: %v %+v", err, whole)
	}
	id := whole.Elided[0].Table + " " + whole.Elided[0].Token
	var r reply
	if err := json.Unmarshal(b.layoutBounded(h, "cli", "", -1, 0, id, 10), &r); err != nil {
		t.Fatal(err)
	}
	// The summarised partition's gap and its last 3 rows' 6 lines go; its
	// rows 3 to 9 (14 lines) and a gap of 50 come.
	if r.Form != "cli" || r.Replaces != 7 || len(r.Elided) != 1 || r.Elided[0].Left != 50 || r.Elided[0].At != 14 ||
		!strings.HasPrefix(r.Text, "=> (column=3:,") || !strings.HasSuffix(r.Text, "... 50 rows left out ...") {
		t.Errorf("cli page: %+v", r)
	}
	if err := json.Unmarshal(b.layoutBounded(h, "map", id+"\t10", 1, 0, id, 100), &r); err != nil {
		t.Fatal(err)
	}
	if r.Replaces != 0 || len(r.Elided) != 0 || strings.Count(string(r.Map), `"clustering":[{"text":"`) != 50 || !strings.Contains(string(r.Map), `"text":"10"`) {
		t.Errorf("map page at statement 1: %d replaced, %+v, %.300s", r.Replaces, r.Elided, r.Map)
	}
	for _, c := range []struct {
		got  []byte
		code string
	}{
		{b.layoutBounded(h, "ring", "", -1, 0, id, 10), "InvalidRequest"},
		{b.layoutBounded(h, "map", "", -1, 0, "cqlplay.w 1", 10), "InvalidRequest"},
		{b.layoutBounded(99, "map", "", -1, 0, id, 10), "ServerError"},
	} {
		if err := json.Unmarshal(c.got, &r); err != nil || r.Error == nil || r.Error.Code != c.code {
			t.Errorf("%s: want a %s", c.got, c.code)
		}
	}
}

// FuzzLayoutMore gives cqlplay.layoutMore (layoutBounded with rows) any
// arguments: it answers a JSON object, never a panic.
func FuzzLayoutMore(f *testing.F) {
	f.Add("cli", "", "cqlplay.w 0", 10, -1)
	f.Add("map", "cqlplay.w 1\t5\nx", "cqlplay.w", 1000, 2)
	b := newBridge()
	h, _ := b.open("")
	b.rerun(h, "CREATE TABLE w (k int, c int, v int, PRIMARY KEY (k, c));\n-- @fill w 120 k=seq(2) c=series(0, 1) v=uniform(0, 9)\nDELETE FROM w WHERE k = 1 AND c > 3 AND c < 9;\n")
	res, _ := b.sessions[h].Layout(engine.LayoutRequest{Form: "map", Bounds: engine.ViewBounds(nil)})
	for _, e := range res.Elided {
		f.Add("sstabledump", "", engine.PartitionID(e.Table, e.Token), 7, 0)
	}
	f.Fuzz(func(t *testing.T, form, open, partition string, rows, at int) {
		var r map[string]any
		if err := json.Unmarshal(b.layoutBounded(h, form, open, at, 0, partition, max(rows, 1)), &r); err != nil {
			t.Fatalf("reply is no JSON object: %v", err)
		}
	})
}
