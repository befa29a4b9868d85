package main

import (
	"encoding/json"
	"strings"
	"testing"
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
	if err := json.Unmarshal(b.layoutBounded(h, "cli", "", -1, 0), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Elided) != 1 || r.Elided[0].Rows != 60 || r.Elided[0].Left != 54 || r.Elided[0].Table != "cqlplay.w" || !strings.Contains(r.Text, "... 54 rows left out ...") {
		t.Fatalf("bounded cli: %+v", r)
	}
	id := r.Elided[0].Table + " " + r.Elided[0].Token
	var opened reply
	if err := json.Unmarshal(b.layoutBounded(h, "cli", "other 1\n"+id, -1, 0), &opened); err != nil {
		t.Fatal(err)
	}
	if len(opened.Elided) != 0 || !strings.Contains(full, jsonString(opened.Text)) {
		t.Errorf("opened %s: %+v\nfull %s", id, opened, full)
	}
	var paged reply
	if err := json.Unmarshal(b.layoutBounded(h, "cli", id+"\t10", -1, 0), &paged); err != nil {
		t.Fatal(err)
	}
	if len(paged.Elided) != 1 || paged.Elided[0].Left != 50 || !strings.Contains(paged.Text, "... 50 rows left out ...") {
		t.Errorf("opened 10 rows: %+v", paged)
	}
	var at reply
	if err := json.Unmarshal(b.layoutBounded(h, "map", "", 1, 0), &at); err != nil {
		t.Fatal(err)
	}
	if at.Statement == nil || *at.Statement != 1 || len(at.Elided) != 1 || !strings.Contains(string(at.Map), `"omitted":54`) {
		t.Errorf("bounded map at statement 1: %d elisions, %.300s", len(at.Elided), at.Map)
	}
	var fill reply
	if err := json.Unmarshal(b.layoutBounded(h, "map", "", -1, 2), &fill); err != nil {
		t.Fatal(err)
	}
	if f := fill.Fill; f == nil || f.Line != 2 || f.Rows != 60 || f.Table != "cqlplay.w" || fill.Changes == nil || len(fill.Changes) != 0 || len(fill.Elided) != 1 || strings.Contains(string(fill.Map), `"key":[{"text":"1"`) || !strings.Contains(string(fill.Map), `"key":[{"text":"0"`) {
		t.Errorf("after the fill on line 2: %+v, %.300s", fill.Fill, fill.Map)
	}
	if err := json.Unmarshal(b.layoutBounded(h, "map", "", -1, 3), &r); err != nil || r.Error == nil || !strings.Contains(r.Error.Message, "no -- @fill ran on line 3") {
		t.Errorf("line 3 has no fill: %+v", r)
	}
	if got := string(b.layout(h, "map", "")); strings.Contains(got, "omitted") || strings.Contains(got, "elided") {
		t.Errorf("layout is bounded too: %.300s", got)
	}
	if err := json.Unmarshal(b.layoutBounded(99, "map", "", -1, 0), &r); err != nil || r.Error == nil {
		t.Errorf("a bad handle: %+v", r)
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
