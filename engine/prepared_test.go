package engine

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/workload"
)

// runBothWays runs script in a session with prepared INSERTs and in one
// without, and fails unless every outcome and every layout is the same. It
// returns how many statements took the prepared path.
func runBothWays(t *testing.T, opts Options, script string) int {
	t.Helper()
	fast, full := NewSession(opts), NewSession(opts)
	full.noPrepared = true
	got, want := string(OutcomesJSON(fast.Run(script))), string(OutcomesJSON(full.Run(script)))
	if got != want {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Fatalf("prepared INSERTs change the outcomes, first at byte %d:\nprepared: %.300s\nfull:     %.300s\nscript:\n%s", i, got[i:], want[i:], script)
	}
	for _, form := range LayoutForms {
		g, err1 := fast.layoutText(form, "")
		w, err2 := full.layoutText(form, "")
		if g != w || (err1 == nil) != (err2 == nil) {
			t.Fatalf("prepared INSERTs change the %s layout:\nprepared:\n%.600s\nfull:\n%.600s\nscript:\n%s", form, g, w, script)
		}
	}
	return fast.preparedRuns
}

func TestPreparedInsertsW1(t *testing.T) {
	n := runBothWays(t, Options{}, workload.W1(workload.CQL, 2000)+"SELECT * FROM readings WHERE sensor = 's001' AND day = '2026-01-02';\n")
	if n < 1990 {
		t.Errorf("only %d of 2,000 INSERTs took the prepared path", n)
	}
}

// TestPreparedInsertsAgree runs random scripts of INSERTs of a few shapes
// into tables of many types, with values that fit and values that do not
// (wrong kinds, out of range, empty and oversized keys, nulls), mixed with
// updates, deletes, reads, DDL, USE and directives, under row bounds: the
// prepared path must be invisible in every outcome and layout.
func TestPreparedInsertsAgree(t *testing.T) {
	schema := `CREATE TABLE t (p text, c int, v bigint, d double, b boolean, ts timestamp, u uuid, x blob, s text static, PRIMARY KEY (p, c));
CREATE TABLE k (a int, b text, c date, v float, w list<int>, PRIMARY KEY ((a, b), c)) WITH default_time_to_live = 100;
CREATE TABLE one (id varint PRIMARY KEY, v smallint, w tinyint, n inet, dur duration);
`
	values := map[string][]string{
		"p":     {"'a'", "'b'", "''", "'é😀'", "'it''s'", "1", "null", "'" + strings.Repeat("x", 70000) + "'"},
		"c":     {"1", "2", "-3", "2147483648", "'1'", "1.5", "0"},
		"v":     {"1767225600000", "-9223372036854775808", "9223372036854775808", "1e3", "'x'"},
		"d":     {"1.5", "-0.0", "NaN", "-Infinity", "1e308", "2", "'1.5'", "true"},
		"b":     {"true", "false", "TRUE", "1"},
		"ts":    {"'2026-01-01 00:00:00+0000'", "'now'", "1767225600000", "'not a date'", "-1"},
		"u":     {"123e4567-e89b-12d3-a456-426614174000", "'123e4567-e89b-12d3-a456-426614174000'", "0x00"},
		"x":     {"0x", "0xcafe", "0xabc", "'cafe'"},
		"s":     {"'static'", "null", "''"},
		"a":     {"1", "0", "-1", "99999999999"},
		"k.b":   {"'x'", "''", "'y'"},
		"k.c":   {"'2026-01-01'", "1", "'2026-13-01'", "2147483648"},
		"k.v":   {"1.5", "3.4e39", "1"},
		"id":    {"1", "123456789012345678901234567890", "-5", "'1'"},
		"one.v": {"1", "32768", "-32768"},
		"w":     {"1", "128", "-128"},
		"n":     {"'127.0.0.1'", "'::1'", "'not-an-ip'"},
		"dur":   {"1h", "1h30m", "'1h'", "P1D"},
	}
	shapes := []struct{ table, cols string }{
		{"t", "p, c, v, d, b"},
		{"t", "p, c, ts, u, x"},
		{"t", "c, p, s"},
		{"t", "p, s"},
		{"t", "p, c"},
		{"k", "a, b, c, v"},
		{"k", "b, a, c"},
		{"one", "id, v, w, n, dur"},
	}
	other := []string{
		"UPDATE t SET v = 7 WHERE p = 'a' AND c = 1;",
		"DELETE FROM t WHERE p = 'a' AND c = 2;",
		"DELETE s FROM t WHERE p = 'b';",
		"SELECT * FROM t WHERE p = 'a';",
		"SELECT count(*) FROM k;",
		"-- @advance 1m",
		"-- @retry",
		"INSERT INTO t (p, c, v) VALUES ('a', 1, 2) USING TTL 10;",
		"INSERT INTO t (p, c) VALUES ('z', 9) IF NOT EXISTS;",
		"BEGIN BATCH INSERT INTO t (p, c, v) VALUES ('q', 1, 1); APPLY BATCH;",
		"ALTER TABLE one ADD extra text;",
		"CREATE INDEX ON t (v);",
		"CREATE MATERIALIZED VIEW mv AS SELECT * FROM t WHERE p IS NOT NULL AND c IS NOT NULL AND v IS NOT NULL PRIMARY KEY (v, p, c);",
		"USE other;",
		"USE cqlplay;",
		"INSERT INTO t (p, c, v) VALUES (?, 1, 2);",
		"INSERT INTO t (p, c, c) VALUES ('a', 1, 2);",
		"INSERT INTO t JSON '{\"p\": \"j\", \"c\": 1}';",
	}
	value := func(r *rand.Rand, table, col string) string {
		vs, ok := values[table+"."+col]
		if !ok {
			vs = values[col]
		}
		if r.IntN(4) > 0 {
			return vs[r.IntN(min(2, len(vs)))] // mostly values that fit
		}
		return vs[r.IntN(len(vs))]
	}
	prepared := 0
	for seed := uint64(1); seed <= 40; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		var b strings.Builder
		b.WriteString("CREATE KEYSPACE other WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n")
		b.WriteString(schema)
		if seed%5 == 0 {
			b.WriteString("USE other;\n" + schema)
		}
		for range 120 {
			if r.IntN(8) == 0 {
				b.WriteString(other[r.IntN(len(other))] + "\n")
				continue
			}
			sh := shapes[r.IntN(len(shapes))]
			cols := strings.Split(sh.cols, ", ")
			for range 1 + r.IntN(4) {
				vals := make([]string, len(cols))
				for i, c := range cols {
					vals[i] = value(r, sh.table, c)
				}
				sep := ", "
				if r.IntN(10) == 0 {
					sep = " /* c */ ,"
				}
				b.WriteString("INSERT INTO " + sh.table + " (" + sh.cols + ") VALUES (" + strings.Join(vals, sep) + ")")
				if r.IntN(20) != 0 {
					b.WriteString(";")
				}
				b.WriteString("\n")
			}
		}
		opts := Options{}
		if seed%4 == 0 {
			opts.MaxRows = 30 + int(seed)
		}
		if seed%7 == 0 {
			opts.MaxStatements = 60
		}
		prepared += runBothWays(t, opts, b.String())
		if t.Failed() {
			t.Logf("seed %d", seed)
			return
		}
	}
	if prepared < 500 {
		t.Errorf("only %d statements took the prepared path: the test does not exercise it", prepared)
	}
	t.Logf("%d statements took the prepared path", prepared)
	_ = strconv.Itoa
}

// FuzzPreparedInserts checks that the prepared INSERT path is invisible for
// any script: the seeds give the fuzzer INSERTs of repeated shapes to mutate.
func FuzzPreparedInserts(f *testing.F) {
	f.Add("CREATE TABLE t (p text, c int, v double, PRIMARY KEY (p, c));\nINSERT INTO t (p, c, v) VALUES ('a', 1, 1.5);\nINSERT INTO t (p, c, v) VALUES ('a', 2, 2.5);\nINSERT INTO t (p, c, v) VALUES ('', 3, 1);\n")
	f.Add("CREATE TABLE t (k int PRIMARY KEY, v text);\nINSERT INTO t (k, v) VALUES (1, 'x');\nINSERT INTO t (k, v) VALUES (2, 'y') ;\nINSERT INTO t (k, v) VALUES (3, 4);\nINSERT INTO t (k, v) VALUES (5, 'z')")
	f.Add("CREATE TABLE t (k int PRIMARY KEY, v text);\nINSERT INTO t (k, v) VALUES (1, 'x');\n-- @advance 1h\nINSERT INTO t (k, v) VALUES (2, 'y'), (3, 'z');\nINSERT INTO t (k, v) VALUES (2147483648, 'w');\n")
	f.Fuzz(func(t *testing.T, script string) {
		runBothWays(t, Options{MaxStatements: 200, MaxRows: 200}, script)
	})
}
