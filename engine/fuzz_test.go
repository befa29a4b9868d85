package engine

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// fuzzSetup gives every fuzzed script tables with data to work on.
const fuzzSetup = `CREATE TABLE t (a int, b text, c int, v text, s int STATIC, l list<int>, m map<text, int>, PRIMARY KEY ((a, b), c)) WITH CLUSTERING ORDER BY (c DESC);
CREATE TABLE u (k int PRIMARY KEY, v int, st set<text>);
INSERT INTO t (a, b, c, v, s, l, m) VALUES (1, 'x', 1, 'one', 10, [1, 2], {'a': 1});
INSERT INTO t (a, b, c, v) VALUES (1, 'x', 2, 'two') USING TTL 100;
INSERT INTO u (k, v, st) VALUES (1, 1, {'p'});
UPDATE u SET v = 2 WHERE k = 2;
DELETE FROM t WHERE a = 1 AND b = 'x' AND c > 5;
`

// FuzzSessionRun runs any script after fuzzSetup: no statement may reach
// the session's panic recovery (a ServerError outcome), a run must end in
// bounded time, the store must stay consistent, and the same script must
// give the same outcomes twice (the engine is deterministic).
func FuzzSessionRun(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		run := func() []Outcome {
			s := NewSession(Options{MaxStatements: 200, MaxRows: 20000, Timeout: 2 * time.Second})
			s.Run(fuzzSetup)
			start := time.Now()
			outs := s.Run(script)
			if d := time.Since(start); d > 5*time.Second {
				t.Fatalf("Run took %v", d)
			}
			for _, o := range outs {
				if isEngineBug(o.Error) {
					t.Fatalf("statement %q reached the panic recovery", o.Statement)
				}
			}
			checkStore(t, s, "fuzz", 0)
			return outs
		}
		a, b := run(), run()
		if endsStopped(a) || endsStopped(b) {
			return
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("two runs of the same script differ:\n%s\n----\n%s", renderOutcomes(a), renderOutcomes(b))
		}
	})
}

// isEngineBug: e is the panic recovery's error, not a server error Cassandra
// reports too (a Java exception's, such as read_repair's unknown name).
func isEngineBug(e *cqlerr.Error) bool {
	return e != nil && e.Code == cqlerr.ServerError && e.Message == engineBug(&cql.Item{}).Message
}

func endsStopped(outs []Outcome) bool {
	return len(outs) > 0 && outs[len(outs)-1].Error != nil && outs[len(outs)-1].Error.Code == cqlerr.Stopped
}

// fuzzSeeds are the scripts of the scenario files, block by block, and a
// few statements the scenarios do not cover.
func fuzzSeeds(tb testing.TB) []string {
	seeds := []string{
		"SELECT * FROM t WHERE a = 1 AND b = 'x' AND c IN (1, 2) ORDER BY c ASC;",
		"SELECT token(a, b), writetime(v), ttl(v) FROM t;",
		"BEGIN BATCH INSERT INTO u (k, v) VALUES (5, 5); UPDATE u SET v = 6 WHERE k = 6; APPLY BATCH;",
		"UPDATE u SET st = st + {'q'} WHERE k = 1 IF v = 1;",
		"-- @advance 2h\nSELECT * FROM t;",
		"SELECT JSON * FROM u;",
	}
	files, _ := filepath.Glob("testdata/scenarios/*.txt")
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			tb.Fatal(err)
		}
		for _, block := range strings.Split(string(data), "\nrun\n")[1:] {
			script, _, _ := strings.Cut(block, "\n----\n")
			seeds = append(seeds, script)
		}
	}
	return seeds
}
