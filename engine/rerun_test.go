package engine

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// rerunGen writes random scripts for the rerun property: schema, writes
// with TTLs and timestamps, reads, statements that fail, directives,
// batches, LWTs, views and indexes, over a few small tables, so that
// writes collide, shadow and expire.
type rerunGen struct{ r *rand.Rand }

func (g rerunGen) k() int { return g.r.IntN(4) }

func (g rerunGen) opt(s string) string {
	if g.r.IntN(3) == 0 {
		return s
	}
	return ""
}

func (g rerunGen) using() string {
	switch g.r.IntN(5) {
	case 0:
		return fmt.Sprintf(" USING TTL %d", 1+g.r.IntN(7200))
	case 1:
		return fmt.Sprintf(" USING TIMESTAMP %d", 1767225600000000+int64(g.r.IntN(5))*1000000)
	case 2:
		return fmt.Sprintf(" USING TTL %d AND TIMESTAMP %d", 1+g.r.IntN(7200), 1767225600000000+int64(g.r.IntN(5))*1000000)
	}
	return ""
}

// statement returns one statement (with its ';') or directive line.
// script is a random script's lines: the two tables the statements use,
// extra lines, then least plus up to spread-1 random statements.
func (g rerunGen) script(least, spread int, extra ...string) []string {
	lines := append([]string{
		"CREATE TABLE t (k int, c int, v text, s int static, l list<int>, m map<int, text>, PRIMARY KEY (k, c)) WITH gc_grace_seconds = 3600;",
		"CREATE TABLE u (id int PRIMARY KEY, n int, tags set<text>);",
	}, extra...)
	for range least + g.r.IntN(spread) {
		lines = append(lines, g.statement())
	}
	return lines
}

func (g rerunGen) statement() string {
	switch g.r.IntN(38) {
	case 0:
		return "CREATE TABLE IF NOT EXISTS t (k int, c int, v text, s int static, l list<int>, m map<int, text>, PRIMARY KEY (k, c)) WITH gc_grace_seconds = 3600;"
	case 1:
		return "CREATE TABLE IF NOT EXISTS u (id int PRIMARY KEY, n int, tags set<text>);"
	case 2:
		return fmt.Sprintf("INSERT INTO t (k, c, v) VALUES (%d, %d, 'v%d')%s;", g.k(), g.k(), g.r.IntN(100), g.using())
	case 3:
		return fmt.Sprintf("INSERT INTO t (k, c, v, l) VALUES (%d, %d, 'w%d', [%d, %d])%s;", g.k(), g.k(), g.r.IntN(100), g.r.IntN(9), g.r.IntN(9), g.using())
	case 4:
		return fmt.Sprintf("UPDATE t%s SET v = 'u%d', l = l + [%d] WHERE k = %d AND c = %d;", g.using(), g.r.IntN(100), g.r.IntN(9), g.k(), g.k())
	case 5:
		return fmt.Sprintf("UPDATE t%s SET s = %d WHERE k = %d;", g.using(), g.r.IntN(100), g.k())
	case 6:
		return fmt.Sprintf("UPDATE t SET m[%d] = 'x%d' WHERE k = %d AND c = %d;", g.r.IntN(4), g.r.IntN(9), g.k(), g.k())
	case 7:
		return fmt.Sprintf("DELETE FROM t%s WHERE k = %d;", g.opt(" USING TIMESTAMP 1767225601000000"), g.k())
	case 8:
		return fmt.Sprintf("DELETE FROM t WHERE k = %d AND c = %d;", g.k(), g.k())
	case 9:
		return fmt.Sprintf("DELETE FROM t WHERE k = %d AND c > %d;", g.k(), g.k())
	case 10:
		return fmt.Sprintf("DELETE v, m[%d] FROM t WHERE k = %d AND c = %d;", g.r.IntN(4), g.k(), g.k())
	case 11, 12:
		return "SELECT * FROM t;"
	case 13:
		return fmt.Sprintf("SELECT k, c, v, ttl(v), writetime(v), s FROM t WHERE k = %d;", g.k())
	case 14:
		return fmt.Sprintf("INSERT INTO u (id, n, tags) VALUES (%d, %d, {'a', 'b%d'})%s;", g.k(), g.r.IntN(5), g.r.IntN(3), g.opt(" IF NOT EXISTS"))
	case 15:
		return fmt.Sprintf("UPDATE u SET n = %d WHERE id = %d IF n = %d;", g.r.IntN(5), g.k(), g.r.IntN(5))
	case 16:
		return fmt.Sprintf("UPDATE u SET tags = tags + {'t%d'} WHERE id = %d;", g.r.IntN(5), g.k())
	case 17:
		return "SELECT id, n, tags, writetime(n) FROM u;"
	case 18:
		return fmt.Sprintf("BEGIN BATCH\n  INSERT INTO t (k, c, v) VALUES (%d, %d, 'b');\n  UPDATE t SET s = %d WHERE k = %d;\nAPPLY BATCH;", g.k(), g.k(), g.r.IntN(9), g.k())
	case 19:
		return fmt.Sprintf("BEGIN UNLOGGED BATCH\n  INSERT INTO u (id, n) VALUES (%d, %d) IF NOT EXISTS;\n  UPDATE u SET n = 1 WHERE id = %[1]d IF EXISTS;\nAPPLY BATCH;", g.k(), g.r.IntN(5))
	case 20:
		return "SELECT now(), uuid() FROM u LIMIT 1;"
	case 21:
		return "SELECT * FROM nosuch;"
	case 22:
		return "INSERT INTO t (k, v) VALUES (1, 'no clustering');"
	case 23:
		return "SELEC * FROM t;"
	case 24:
		return "-- @advance " + []string{"30m", "1h", "2h", "1d"}[g.r.IntN(4)]
	case 25:
		return "-- @compact"
	case 26:
		return fmt.Sprintf("-- @nodes %d rf %d", 1+g.r.IntN(5), 1+g.r.IntN(2))
	case 27:
		return "-- @retry\n" + fmt.Sprintf("UPDATE t SET l = l + [%d] WHERE k = %d AND c = %d;", g.r.IntN(9), g.k(), g.k())
	case 28:
		return []string{"ALTER TABLE u ADD x int;", "ALTER TABLE u DROP x;", "ALTER TABLE t RENAME c TO cc;", "ALTER TABLE t RENAME cc TO c;"}[g.r.IntN(4)]
	case 29:
		return []string{"CREATE INDEX IF NOT EXISTS ON u (n);", "SELECT * FROM u WHERE n = 1;", "DROP INDEX IF EXISTS u_n_idx;"}[g.r.IntN(3)]
	case 30:
		return []string{"CREATE MATERIALIZED VIEW IF NOT EXISTS u_by_n AS SELECT * FROM u WHERE n IS NOT NULL AND id IS NOT NULL PRIMARY KEY (n, id);", "SELECT * FROM u_by_n;", "DROP MATERIALIZED VIEW IF EXISTS u_by_n;"}[g.r.IntN(3)]
	case 31:
		return []string{"TRUNCATE u;", "DROP TABLE IF EXISTS u;", "CREATE KEYSPACE IF NOT EXISTS other WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};", "USE other;", "USE cqlplay;"}[g.r.IntN(5)]
	case 32:
		return "-- @version " + Versions[g.r.IntN(len(Versions))]
	case 34:
		return []string{"SELECT keyspace_name, table_name FROM system_schema.tables WHERE keyspace_name = 'cqlplay';", "SELECT column_name, type FROM system_schema.columns WHERE keyspace_name = 'cqlplay' AND table_name = 'u';", "SELECT release_version FROM system.local;", "DESCRIBE TABLES;", "DESCRIBE TABLE u;",
			"SELECT * FROM system_schema.dropped_columns;", "SELECT * FROM system_traces.sessions;", "SELECT session_id, activity, source, source_elapsed FROM system_traces.events;"}[g.r.IntN(8)]
	case 33:
		return fmt.Sprintf("-- @fill t %d k=skew(4) c=seq(%d) v=pick('a', 'b')", 1+g.r.IntN(30), 1+g.r.IntN(9))
	case 36:
		// cqlsh's own commands: their state must come back with a snapshot.
		return []string{"PAGING OFF;", "PAGING ON;", "PAGING 2;", "EXPAND ON;", "EXPAND OFF;", "CONSISTENCY QUORUM;", "CONSISTENCY;", "TRACING ON;", "PAGING;", "TRACING OFF;"}[g.r.IntN(10)]
	case 37:
		return fmt.Sprintf("SELECT k, c FROM t WHERE k IN (1, %d) ORDER BY c DESC%s;", g.k(), g.opt(" LIMIT 2"))
	}
	return "-- a comment, then a statement\nSELECT count(*) FROM t;"
}

// edit changes a script of lines: inserts, deletes or replaces a
// statement, or types or deletes characters anywhere.
func (g rerunGen) edit(lines []string) []string {
	lines = append([]string(nil), lines...)
	i := g.r.IntN(len(lines) + 1)
	switch g.r.IntN(6) {
	case 0:
		return append(lines[:i], append([]string{g.statement()}, lines[i:]...)...)
	case 1:
		if i < len(lines) {
			return append(lines[:i], lines[i+1:]...)
		}
	case 2:
		if i < len(lines) {
			lines[i] = g.statement()
		}
	case 3:
		// Typing at the end, where a reader usually is.
		if n := len(lines); n > 0 {
			lines[n-1] += string("x;1 '"[g.r.IntN(5)])
		}
	case 4, 5:
		// A character typed or deleted anywhere, even inside a token.
		if i < len(lines) && len(lines[i]) > 0 {
			j := g.r.IntN(len(lines[i]))
			if g.r.IntN(2) == 0 {
				lines[i] = lines[i][:j] + lines[i][j+1:]
			} else {
				lines[i] = lines[i][:j] + string("a1 ;'-("[g.r.IntN(7)]) + lines[i][j:]
			}
		}
	}
	return lines
}

func outcomesJSON(outs []Outcome) string {
	var b []byte
	for i := range outs {
		b = outs[i].AppendJSON(b)
		b = append(b, '\n')
	}
	return string(b)
}

// TestRerunMatchesFreshRun is the property incremental runs rest on: for
// random scripts and random edits of them, Rerun gives, byte for byte, the
// outcomes (as JSON) a fresh session gives for the whole script, and leaves
// the session in the fresh session's state (its layout).
func TestRerunMatchesFreshRun(t *testing.T) {
	seeds := 60
	if testing.Short() {
		seeds = 15
	}
	defer func(d int) { denseBytes = d }(denseBytes)
	for seed := range seeds {
		// Odd seeds keep few snapshots, so that edits resume from further
		// back than the statement before them.
		denseBytes = 2048
		if seed%2 == 1 {
			denseBytes = 48
		}
		r := rand.New(rand.NewPCG(uint64(seed), 17))
		g := rerunGen{r}
		opts := Options{}
		if seed%4 == 3 {
			opts = Options{MaxStatements: 25 + r.IntN(20), MaxRows: 40}
		}
		lines := g.script(20, 40)
		s := NewSession(opts)
		for step := range 25 {
			script := strings.Join(lines, "\n")
			got := outcomesJSON(s.Rerun(script))
			fresh := NewSession(opts)
			want := outcomesJSON(fresh.Run(script))
			if got != want {
				t.Fatalf("seed %d, step %d: Rerun differs from a fresh run\nscript:\n%s\n\nrerun:\n%s\nfresh:\n%s", seed, step, script, got, want)
			}
			gl, err1 := s.layoutText("map", "")
			wl, err2 := fresh.layoutText("map", "")
			if gl != wl || (err1 == nil) != (err2 == nil) {
				t.Fatalf("seed %d, step %d: the state after Rerun differs from a fresh run's\nscript:\n%s\n\nrerun:\n%s\nfresh:\n%s", seed, step, script, gl, wl)
			}
			for tab, d := range s.db.Tables() {
				if err := d.Check(); err != nil {
					t.Fatalf("seed %d, step %d: the store of %s is inconsistent: %v", seed, step, tab.Name, err)
				}
			}
			lines = g.edit(lines)
		}
	}
}

// TestRerunRunsOnlyTheEdit checks that the reuse happens: an edit to the
// last statement of a script runs that statement alone, an edit in the
// middle runs from there, and an unchanged script runs nothing.
func TestRerunRunsOnlyTheEdit(t *testing.T) {
	var lines []string
	lines = append(lines, "CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c));")
	for i := range 49 {
		lines = append(lines, fmt.Sprintf("INSERT INTO t (k, c, v) VALUES (%d, %d, 'v');", i%5, i))
	}
	s := NewSession(Options{})
	ran := 0
	s.AfterStatement(func() { ran++ })
	count := func(script string) int {
		ran = 0
		if got, want := outcomesJSON(s.Rerun(script)), outcomesJSON(NewSession(Options{}).Run(script)); got != want {
			t.Fatalf("Rerun differs from a fresh run:\n%s\nwant:\n%s", got, want)
		}
		return ran
	}
	script := strings.Join(lines, "\n")
	if n := count(script); n != 50 {
		t.Fatalf("the first Rerun ran %d statements, want 50", n)
	}
	lines[49] = "SELECT * FROM t WHERE k = 1;"
	if n := count(strings.Join(lines, "\n")); n != 1 {
		t.Errorf("an edit to the last statement ran %d statements, want 1", n)
	}
	lines[30] = "DELETE FROM t WHERE k = 0;"
	if n := count(strings.Join(lines, "\n")); n != 20 {
		t.Errorf("an edit to statement 31 of 50 ran %d statements, want 20", n)
	}
	if n := count(strings.Join(lines, "\n")); n != 0 {
		t.Errorf("an unchanged script ran %d statements, want 0", n)
	}
}

// FuzzRerun runs a script, then an edit of it (bytes deleted at one place
// and others inserted), with Rerun on one session, and checks the edit's
// outcomes against a fresh session's: whatever the text, even inside a
// token, a string or a comment, the reuse must not show. The seeds are the
// scenario files' scripts.
func FuzzRerun(f *testing.F) {
	for i, s := range fuzzSeeds(f) {
		f.Add(s, uint16(i*37), uint8(i%5), []byte(";'-\n/*("[:i%7]))
	}
	f.Fuzz(func(t *testing.T, script string, at uint16, del uint8, ins []byte) {
		if len(script) > 4000 || len(ins) > 64 {
			return
		}
		p := int(at) % (len(script) + 1)
		q := min(len(script), p+int(del%8))
		edited := fuzzSetup + script[:p] + string(ins) + script[q:]
		opts := Options{MaxStatements: 200, MaxRows: 20000}
		s := NewSession(opts)
		s.Rerun(fuzzSetup + script)
		got := outcomesJSON(s.Rerun(edited))
		fresh := NewSession(opts)
		if want := outcomesJSON(fresh.Run(edited)); got != want {
			t.Fatalf("Rerun of the edit differs from a fresh run\nbefore:\n%s\nafter:\n%s\nrerun:\n%s\nfresh:\n%s", fuzzSetup+script, edited, got, want)
		}
	})
}

// TestRerunKeepsFewSnapshots checks the spacing: a script of 5,000
// INSERTs keeps a snapshot before each statement of its last denseBytes and
// one per doubling of the distance further back, not one a statement, and
// typing at its end does not pile them up.
func TestRerunKeepsFewSnapshots(t *testing.T) {
	var b strings.Builder
	b.WriteString("CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c));\n")
	for i := range 5000 {
		fmt.Fprintf(&b, "INSERT INTO t (k, c, v) VALUES (%d, %d, 'v');\n", i%50, i)
	}
	script := b.String()
	s := NewSession(Options{})
	s.Rerun(script)
	// About 45 bytes a statement: 2048/45 dense ones, and log2(230000/2048) far ones.
	limit := denseBytes/40 + 10
	if n := len(s.rerun.snaps); n > limit || n < 10 {
		t.Errorf("%d snapshots kept for 5,000 statements, want 10 to %d", n, limit)
	}
	for i := range 30 {
		script += fmt.Sprintf("SELECT * FROM t WHERE k = %d;\n", i)
		s.Rerun(script)
	}
	if n := len(s.rerun.snaps); n > limit {
		t.Errorf("%d snapshots kept after typing 30 statements at the end, want at most %d", n, limit)
	}
	for i := 1; i < len(s.rerun.snaps); i++ {
		if s.rerun.snaps[i].needs <= s.rerun.snaps[i-1].needs {
			t.Fatalf("snapshots out of order at %d", i)
		}
	}
}

// TestRerunKeepsTraces: the traces system_traces lists are part of a
// snapshot: an edit after them reads them as a fresh run does, and an edit
// before them does not see the traces its old text made.
func TestRerunKeepsTraces(t *testing.T) {
	lines := []string{
		"CREATE TABLE t (k int PRIMARY KEY, v int);",
		"TRACING ON;",
		"INSERT INTO t (k, v) VALUES (1, 1);",
		"SELECT * FROM t WHERE k = 1;",
		"SELECT session_id, duration, parameters FROM system_traces.sessions;",
	}
	s := NewSession(Options{})
	for i, edit := range []string{
		"SELECT session_id, activity, source_elapsed, thread FROM system_traces.events;",
		"INSERT INTO t (k, v) VALUES (2, 2);",
		"SELECT count(*) FROM system_traces.events;",
	} {
		script := strings.Join(lines, "\n")
		if got, want := outcomesJSON(s.Rerun(script)), outcomesJSON(NewSession(Options{}).Run(script)); got != want {
			t.Fatalf("step %d: Rerun differs from a fresh run\nscript:\n%s\n\nrerun:\n%s\nfresh:\n%s", i, script, got, want)
		}
		lines[len(lines)-1-i%2] = edit
		lines = append(lines, "SELECT session_id, started_at FROM system_traces.sessions;")
	}
}
