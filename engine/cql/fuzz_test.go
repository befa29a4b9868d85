package cql

import (
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzSeeds returns the seed corpus: every statement of the lesson seeds, the
// benchmark scripts' shapes, and scripts that exercise every kind of token.
func fuzzSeeds(t testing.TB) []string {
	src, err := os.ReadFile("testdata/seeds.cql")
	if err != nil {
		t.Fatal(err)
	}
	seeds := []string{string(src), w1Script(3)}
	for _, it := range Parse(string(src)) {
		seeds = append(seeds, it.Src)
	}
	seeds = append(seeds,
		"SELECT ts, value FROM readings WHERE sensor = 's000' AND day = '2026-01-01' AND ts >= 1767225600000 AND ts < 1767226100000;",
		"SELECT JSON DISTINCT k, count(*), writetime(v), CAST(a AS text), (int) 5, m['k'], u.f FROM ks.t WHERE (a, b) IN ((1, 2)) AND token(k) > 5 GROUP BY k ORDER BY c DESC PER PARTITION LIMIT 2 LIMIT 10 ALLOW FILTERING",
		"UPDATE t USING TTL 5 SET c = c + 1, l = [1] + l, m['k'] = 1, x = x -3 WHERE k = 1 IF a = 1 AND b IN (1, 2)",
		"BEGIN UNLOGGED BATCH INSERT INTO t (a) VALUES (?); DELETE m[:k] FROM t WHERE a = 1; APPLY BATCH",
		"CREATE TABLE t (a int, b frozen<map<text, int>>, s text static, PRIMARY KEY ((a), b)) WITH CLUSTERING ORDER BY (b DESC) AND compaction = {'class': 'x'}",
		"ALTER TABLE t ADD (x int, y text); ALTER TABLE t RENAME a TO b; CREATE CUSTOM INDEX i ON t (KEYS(m)) USING 'c' WITH OPTIONS = {'a': 'b'}",
		"CREATE MATERIALIZED VIEW v AS SELECT * FROM t WHERE a IS NOT NULL PRIMARY KEY (a); DESCRIBE KEYSPACE ks; DESC t",
		"-- @advance 2h\n/* c */ INSERT INTO t (u, d, h, b) VALUES (5132b130-ae79-11e4-ab27-0800200c9a66, P1DT2H, 0xCAFE, $$x$$) -- end",
		"CREATE TABLE users (mainland text, state text, uid int, name text, zip text, PRIMARY KEY (mainland, state, uid));",
		"INSERT INTO users (mainland, state, uid, name, zip) VALUES ('asia', 'JP', 6, 'Fumiko', '100-0001');",
		"SELECT name FROM users WHERE mainland = 'north_america' AND state = 'NY' AND uid = 3;",
		"SELECT 'unterminated", "SELECT * FROM t WHERE a = 1 AND", "\xff\x00",
	)
	return seeds
}

func FuzzLex(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		checkCoverage(t, src)
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, it := range Parse(src) {
			if it.Err != nil {
				if !it.Err.Pos.IsValid() || it.Err.Pos.Offset > len(src) || it.Err.Pos.Offset+it.Err.Len > len(src) {
					t.Fatalf("%q: error span %v+%d outside the input", src, it.Err.Pos, it.Err.Len)
				}
				continue
			}
			if !strings.Contains(src, it.Src) || !utf8.ValidString(it.Src) && it.Stmt != nil {
				t.Fatalf("%q: Src %q", src, it.Src)
			}
			checkRoundTrip(t, it.Stmt)
		}
	})
}
