package engine

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzStatements drives the engine with well-formed statements built from
// the fuzzer's bytes (relations, operators, values, clauses picked from
// small sets over fuzzSetup's tables), so the input reaches restriction
// analysis, reads and writes rather than stopping at the parser. The same
// properties as FuzzSessionRun hold: no panic reaches the recovery, the
// store stays consistent after every statement, and the outcomes repeat.
func FuzzStatements(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte("\x00\x10\x20\x30\x40\x50\x60\x70\x80\x90\xa0\xb0\xc0\xd0\xe0\xf0"))
	f.Add([]byte("select insert update delete where order limit"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g := &byteGen{data: data}
		var stmts []string
		for len(stmts) < 40 && !g.done() {
			stmts = append(stmts, g.statement())
		}
		script := strings.Join(stmts, ";\n") + ";"
		run := func() string {
			s := NewSession(Options{MaxRows: 20000})
			s.Run(fuzzSetup)
			var out strings.Builder
			for _, stmt := range stmts {
				outs := s.Run(stmt)
				for _, o := range outs {
					if isEngineBug(o.Error) {
						t.Fatalf("%q reached the panic recovery; script:\n%s", stmt, script)
					}
				}
				for tab, d := range s.db.Tables() {
					if err := d.Check(); err != nil {
						t.Fatalf("after %q the store of %s is inconsistent: %v\nscript:\n%s", stmt, tab.Name, err, script)
					}
				}
				out.WriteString(renderOutcomes(outs) + "\n")
			}
			return out.String()
		}
		if a, b := run(), run(); a != b {
			t.Fatalf("two runs differ; script:\n%s", script)
		}
	})
}

// byteGen picks from small sets with the fuzzer's bytes; past the end of
// the data every pick is 0.
type byteGen struct {
	data []byte
	i    int
}

func (g *byteGen) done() bool { return g.i >= len(g.data) }

func (g *byteGen) pick(n int) int {
	if g.i >= len(g.data) {
		return 0
	}
	b := g.data[g.i]
	g.i++
	return int(b) % n
}

func (g *byteGen) of(choices ...string) string { return choices[g.pick(len(choices))] }

var (
	fuzzColsT = []string{"a", "b", "c", "v", "s", "l", "m", "zz"}
	fuzzOps   = []string{"=", "<", "<=", ">", ">=", "!=", "IN", "CONTAINS", "CONTAINS KEY"}
)

func (g *byteGen) value() string {
	return g.of("1", "2", "0", "-1", "'x'", "'y'", "''", "null", "[1, 2]", "{'a': 1}", "now()", "3000000000", "1.5", "true", "0xff", "(1, 2)")
}

func (g *byteGen) relation() string {
	if g.pick(8) == 0 {
		return "token(" + g.of("a, b", "a", "b, a", "a, b, c") + ") " + g.of(">", "<", "=", ">=") + " " + g.of("0", "-100", "token(1, 'x')", "'x'")
	}
	if g.pick(8) == 0 {
		return "(c" + g.of("", ", v", ", c") + ") " + g.of("=", ">", "<=") + " (" + g.value() + g.of("", ", 1") + ")"
	}
	col := fuzzColsT[g.pick(len(fuzzColsT))]
	op := fuzzOps[g.pick(len(fuzzOps))]
	if op == "IN" {
		return col + " IN (" + g.value() + ", " + g.value() + ")"
	}
	if col == "m" && g.pick(3) == 0 {
		return "m['a'] = " + g.value()
	}
	return col + " " + op + " " + g.value()
}

func (g *byteGen) where() string {
	n := g.pick(5)
	if n == 0 {
		return ""
	}
	rels := make([]string, n)
	for i := range rels {
		rels[i] = g.relation()
	}
	return " WHERE " + strings.Join(rels, " AND ")
}

func (g *byteGen) statement() string {
	switch g.pick(8) {
	case 0, 1, 2:
		sel := g.of("*", "a, b, c", "DISTINCT a, b", "DISTINCT a, b, s", "count(*)", "token(a, b), writetime(v), ttl(v)", "JSON *", "s", "max(c), min(v)")
		q := "SELECT " + sel + " FROM t" + g.where()
		if g.pick(3) == 0 {
			q += " ORDER BY " + g.of("c", "c DESC", "v", "a", "c ASC, c DESC")
		}
		if g.pick(3) == 0 {
			q += g.of(" PER PARTITION LIMIT 1", " LIMIT 2", " LIMIT 0", " PER PARTITION LIMIT 2 LIMIT 3")
		}
		if g.pick(2) == 0 {
			q += " ALLOW FILTERING"
		}
		return q
	case 3:
		cols := []string{"a", "b", "c"}
		vals := []string{strconv.Itoa(g.pick(3)), g.of("'x'", "'y'"), strconv.Itoa(g.pick(5))}
		for _, c := range []string{"v", "s", "l", "m"} {
			if g.pick(2) == 0 {
				cols, vals = append(cols, c), append(vals, g.value())
			}
		}
		q := "INSERT INTO t (" + strings.Join(cols, ", ") + ") VALUES (" + strings.Join(vals, ", ") + ")"
		return q + g.of("", " IF NOT EXISTS", " USING TTL 5", " USING TIMESTAMP 10", " USING TIMESTAMP 10 AND TTL 100")
	case 4:
		set := g.of("v = 'z'", "v = null", "s = 3", "l = l + [3]", "l = [0] + l", "l[0] = 7", "m['k'] = 9", "m = m + {'q': 1}", "l = l - [1]", "v = v + 1", "a = 1")
		return "UPDATE t" + g.of("", " USING TIMESTAMP 5", " USING TTL 1") + " SET " + set + g.where() + g.of("", " IF EXISTS", " IF v = 'one'")
	case 5:
		return "DELETE " + g.of("", "v ", "s ", "l[0] ", "m['a'] ", "a ") + "FROM t" + g.of("", " USING TIMESTAMP 3") + g.where()
	case 6:
		return g.of("-- @advance 3s\nSELECT * FROM t", "TRUNCATE t", "-- @compact\nSELECT count(*) FROM t", "CREATE INDEX ON t (v)", "DROP INDEX IF EXISTS t_v_idx", "ALTER TABLE t ADD w int", "ALTER TABLE t DROP v")
	default:
		return "BEGIN " + g.of("", "UNLOGGED ") + "BATCH " + g.statementInBatch() + "; " + g.statementInBatch() + "; APPLY BATCH"
	}
}

func (g *byteGen) statementInBatch() string {
	k := strconv.Itoa(g.pick(3))
	return g.of(
		"INSERT INTO t (a, b, c, v) VALUES ("+k+", 'x', 1, 'b')",
		"UPDATE t SET v = 'c' WHERE a = "+k+" AND b = 'x' AND c = 2",
		"DELETE FROM t WHERE a = "+k+" AND b = 'x'",
		"UPDATE u SET v = 3 WHERE k = "+k,
	)
}
