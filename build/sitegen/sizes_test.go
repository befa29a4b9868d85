package sitegen

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
)

// TestSizes draws a hot spot: one partition of a wide table holds most of
// the data, so its node is marked; the table lists its partitions largest
// first with the documentation's count of values.
func TestSizes(t *testing.T) {
	s := engine.NewSession(engine.Options{})
	script := "-- @nodes 4 rf 1\nCREATE TABLE ev (k text, c int, s int static, a int, b int, PRIMARY KEY (k, c));\n"
	for i := 0; i < 40; i++ {
		script += "INSERT INTO ev (k, c, a, b) VALUES ('hot', " + itoa(i) + ", 1, 2);\n"
	}
	script += "INSERT INTO ev (k, c, a) VALUES ('cold', 1, 1);\n"
	for _, o := range s.Run(script) {
		if o.Error != nil {
			t.Fatal(o.Error)
		}
	}
	res, err := s.Layout(engine.LayoutRequest{Form: "summary"})
	if err != nil {
		t.Fatal(err)
	}
	m := res.Layout
	got := drawView(t, "en", "sizes", "", exampleRun{Layouts: map[string]string{"summary": m}})
	if n := strings.Count(got, `<li class="sz-node sz-hot">`); n != 1 {
		t.Errorf("%d hot nodes, want 1:\n%s", n, got)
	}
	if n := strings.Count(got, `<li class="sz-node`); n != 4 {
		t.Errorf("%d nodes drawn, want 4", n)
	}
	keys := regexp.MustCompile(`<th scope="row" class="sz-key">([^<]*)</th><td>(\d+)<meter[^>]*></meter></td><td>(\d+)<meter`).FindAllStringSubmatch(got, -1)
	if len(keys) != 2 || keys[0][1] != "hot" || keys[1][1] != "cold" {
		t.Fatalf("partitions %q, want hot then cold", keys)
	}
	// Nv = Nr (Nc - Npk - Ns) + Ns: 40 rows × (5 - 2 - 1) + 1.
	if keys[0][2] != "40" || keys[0][3] != "81" || keys[1][3] != "3" {
		t.Errorf("rows and values %q, want 40 rows and 81 values, then 3 values", keys)
	}
}
