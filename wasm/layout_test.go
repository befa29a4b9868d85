package main

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
)

// TestBridgeLayoutRequest checks cqlplay.layout's request object against
// the positional calls it stands for, byte for byte, and its refusals.
func TestBridgeLayoutRequest(t *testing.T) {
	b := newBridge()
	h, _ := b.open("")
	b.rerun(h, "CREATE TABLE w (k int, c int, v int, PRIMARY KEY (k, c));\n-- @fill w 60 k=seq(1) c=series(0, 1) v=uniform(0, 9)\nINSERT INTO w (k, c, v) VALUES (0, 100, 1);\n")
	var id string
	if res, _ := b.sessions[h].Layout(engine.LayoutRequest{Form: "cli", Bounds: engine.ViewBounds(nil)}); len(res.Elided) == 1 {
		id = engine.PartitionID(res.Elided[0].Table, res.Elided[0].Token)
	}
	same := []struct {
		request string
		want    []byte
	}{
		{`{"form":"cli"}`, b.layout(h, "cli", "")},
		{`{"form":"map","table":"w"}`, b.layout(h, "map", "w")},
		{`{"form":"map","at":1}`, b.layoutAt(h, "map", 1)},
		{`{"form":"map","at":-1}`, b.layoutAt(h, "map", -1)},
		{`{"form":"cli","bounded":true}`, b.layoutBounded(h, "cli", "", -1, 0, "", 0)},
		{`{"form":"sstabledump","open":"` + id + `\t10","at":1}`, b.layoutBounded(h, "sstabledump", id+"\t10", 1, 0, "", 0)},
		{`{"form":"map","fill":2,"bounded":true}`, b.layoutBounded(h, "map", "", -1, 2, "", 0)},
		{`{"form":"cli","partition":"` + id + `","more":10}`, b.layoutBounded(h, "cli", "", -1, 0, id, 10)},
		{` { "form" : "map" , "partition" : "` + id + `" , "more" : 5 , "at" : 1 , "open" : null } `, b.layoutBounded(h, "map", "", 1, 0, id, 5)},
	}
	for _, c := range same {
		if strings.Contains(string(c.want), `"error"`) != strings.Contains(c.request, `"at":-1`) {
			t.Errorf("request %s stands for %s", c.request, c.want)
		}
		if got := b.request(h, c.request); string(got) != string(c.want) {
			t.Errorf("request %s:\n%s\nwant\n%s", c.request, got, c.want)
		}
	}
	refused := []struct{ request, code, message string }{
		{`{"form":"map","nope":1}`, "ServerError", `cqlplay.layout: unknown key \"nope\"`},
		{`{"form":3}`, "ServerError", "cqlplay.layout: form must be a string"},
		{`{"form":"map","at":1.5}`, "ServerError", "cqlplay.layout: at must be a whole number"},
		{`{"form":"map","bounded":"yes"}`, "ServerError", "cqlplay.layout: bounded must be true or false"},
		{`{"form":"map"`, "ServerError", "cqlplay.layout: not a JSON object"},
		{`{"form":"nope"}`, "InvalidRequest", `unknown layout form \"nope\"`},
		{`{"form":"map","fill":9}`, "InvalidRequest", "no -- @fill ran on line 9"},
	}
	for _, c := range refused {
		got := string(b.request(h, c.request))
		if !strings.HasPrefix(got, `{"error":{"code":"`+c.code+`","message":"`+c.message) {
			t.Errorf("request %s: %s, want a %s starting %q", c.request, got, c.code, c.message)
		}
	}
	if got := string(b.request(99, `{"form":"map"}`)); !strings.Contains(got, `"ServerError"`) {
		t.Errorf("request on no session: %s", got)
	}
}
