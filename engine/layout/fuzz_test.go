package layout_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cqlplay/cqlplay/engine"
	"github.com/cqlplay/cqlplay/engine/internal/peek"
)

// FuzzLayout runs arbitrary scripts (the page runs whatever the reader
// types) and renders every form: no panic, and the JSON forms stay JSON.
//
//	go test ./engine/layout -run '^$' -fuzz FuzzLayout -fuzztime 30s -fuzzminimizetime 3s
//
// The seeds are whole scripts, and minimizing an interesting one takes the
// fuzzer up to a minute by default, during which it reports no executions:
// bound it with -fuzzminimizetime.
func FuzzLayout(f *testing.F) {
	scripts, _ := filepath.Glob("testdata/*.cql")
	for _, p := range scripts {
		src, _ := os.ReadFile(p)
		f.Add(string(src))
	}
	f.Add("CREATE TABLE t (k text, c blob, v map<int, text>, PRIMARY KEY (k, c)) WITH CLUSTERING ORDER BY (c DESC);\nINSERT INTO t (k, c, v) VALUES ('a\"<&>\\n', 0x00ff, {1: 'é'});\nDELETE FROM t WHERE k = 'a\"<&>\\n' AND c < 0x10;")
	f.Fuzz(func(t *testing.T, script string) {
		s := engine.NewSession(engine.Options{MaxStatements: 40, MaxRows: 500, Timeout: 2 * time.Second})
		s.Run(script)
		for _, form := range engine.LayoutForms {
			out, err := layoutText(s, form, "")
			if err != nil {
				t.Fatalf("%s: %v", form, err)
			}
			if form == "map" && !json.Valid([]byte(out)) {
				t.Fatalf("map is not JSON:\n%s", out)
			}
		}
		for _, ks := range peek.DB(s).Schema.Keyspaces {
			if ks.System {
				continue
			}
			for name := range ks.Tables {
				out, err := layoutText(s, "sstabledump", ks.Name+"."+name)
				if err != nil {
					t.Fatal(err)
				}
				if !json.Valid([]byte(out)) {
					t.Fatalf("sstabledump of %s.%s is not JSON:\n%s", ks.Name, name, out)
				}
			}
		}
	})
}
