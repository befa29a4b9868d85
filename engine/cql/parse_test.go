package cql

import (
	"testing"
)

// parseOne parses src, which must hold exactly one valid statement.
func parseOne(t *testing.T, src string) Statement {
	t.Helper()
	items := Parse(src)
	if len(items) != 1 {
		t.Fatalf("%q: got %d items, want 1", src, len(items))
	}
	if items[0].Err != nil {
		t.Fatalf("%q: %s", src, items[0].Err.Message)
	}
	return items[0].Stmt
}

// TestParsePrint parses each statement, checks its canonical printing, and
// checks that the printing parses back to an equal tree.
func TestParsePrint(t *testing.T) {
	tests := []struct{ in, want string }{
		// SELECT
		{"select * from t", "SELECT * FROM t"},
		{"SELECT a, b AS x, \"Quoted\" FROM ks.t", `SELECT a, b AS x, "Quoted" FROM ks.t`},
		{"SELECT JSON a FROM t", "SELECT JSON a FROM t"},
		{"SELECT json FROM t", "SELECT json FROM t"},
		{"SELECT json, distinct FROM t", "SELECT json, distinct FROM t"},
		{"SELECT DISTINCT k FROM t", "SELECT DISTINCT k FROM t"},
		{"SELECT JSON DISTINCT k, v FROM t", "SELECT JSON DISTINCT k, v FROM t"},
		{"SELECT count(*), COUNT(*) AS n FROM t", "SELECT count(*), count(*) AS n FROM t"},
		{"SELECT writetime(v), TTL(v), WRITETIME(\"u\") FROM t", "SELECT writetime(v), ttl(v), writetime(\"u\") FROM t"},
		{"SELECT key, value, column1, timestamp, date, time, text, type, ttl, count FROM t", "SELECT key, value, column1, timestamp, date, time, text, type, ttl, count FROM t"},
		{"SELECT token(k), now(), system.now(), toTimestamp(now()), uuid() FROM t", "SELECT token(k), now(), system.now(), totimestamp(now()), uuid() FROM t"},
		{"SELECT CAST(a AS text), cast(b as int) FROM t", "SELECT CAST(a AS text), CAST(b AS int) FROM t"},
		{"SELECT \"cast\"(a), \"ttl\"(1), \"myFunc\"(), \"now\"(), ks.\"F\"(), 1 .f FROM t", "SELECT \"cast\"(a), \"ttl\"(1), \"myFunc\"(), \"now\"(), ks.\"F\"(), 1 .f FROM t"},
		{"SELECT (int) 5, (text) a, (list<int>) [1] FROM t", "SELECT (int) 5, (text) a, (list<int>) [1] FROM t"},
		{"SELECT m['k'], u.f.g, l[0], a + 1, -a, [1, 2] + l, a * 2 + b FROM t", "SELECT m['k'], u.f.g, l[0], a + 1, - a, [1, 2] + l, a * 2 + b FROM t"},
		{"SELECT m['a'..'b'], m[1 .. 2], s[..'z'], s['a'..], m[1..2]['x'], m[f(1)..?] FROM t", "SELECT m['a'..'b'], m[1..2], s[..'z'], s['a'..], m[1..2]['x'], m[f(1)..?] FROM t"},
		{"SELECT {1, 2}, {'a': 1}, {}, (a, b), 'x', 1.5e3 FROM t", "SELECT {1, 2}, {'a': 1}, {}, (a, b), 'x', 1.5e3 FROM t"},
		{"SELECT * FROM t WHERE k = 1 AND c >= 2 AND c < 3 AND d <= 4 AND e > 5 AND f != 6", "SELECT * FROM t WHERE k = 1 AND c >= 2 AND c < 3 AND d <= 4 AND e > 5 AND f != 6"},
		{"SELECT * FROM t WHERE (a, b) >= (1, 2) AND (a, b) < (3, 4)", "SELECT * FROM t WHERE (a, b) >= (1, 2) AND (a, b) < (3, 4)"},
		{"SELECT * FROM t WHERE (a, b) IN ((1, 2), (3, 4))", "SELECT * FROM t WHERE (a, b) IN ((1, 2), (3, 4))"},
		{"SELECT * FROM t WHERE (a, b) IN ()", "SELECT * FROM t WHERE (a, b) IN ()"},
		{"SELECT * FROM t WHERE (a, b) IN ? AND (c) = ?", "SELECT * FROM t WHERE (a, b) IN ? AND (c) = ?"},
		{"SELECT * FROM t WHERE token(a, b) > token(1, 2) AND token(a, b) <= 100", "SELECT * FROM t WHERE token(a, b) > token(1, 2) AND token(a, b) <= 100"},
		{"SELECT * FROM t WHERE k IN (1, 2, 3) AND c IN () AND d IN :ds", "SELECT * FROM t WHERE k IN (1, 2, 3) AND c IN () AND d IN :ds"},
		{"SELECT * FROM t WHERE tags CONTAINS 'x' AND m CONTAINS KEY 'k' AND m['k'] = 'v'", "SELECT * FROM t WHERE tags CONTAINS 'x' AND m CONTAINS KEY 'k' AND m['k'] = 'v'"},
		{"SELECT * FROM t WHERE name LIKE 'a%' AND v IS NOT NULL", "SELECT * FROM t WHERE name LIKE 'a%' AND v IS NOT NULL"},
		{"SELECT * FROM t WHERE k = 1 GROUP BY k, c ORDER BY c DESC, d ASC PER PARTITION LIMIT 2 LIMIT 10 ALLOW FILTERING",
			"SELECT * FROM t WHERE k = 1 GROUP BY k, c ORDER BY c DESC, d PER PARTITION LIMIT 2 LIMIT 10 ALLOW FILTERING"},
		{"SELECT * FROM t LIMIT ?", "SELECT * FROM t LIMIT ?"},
		{"SELECT * FROM t WHERE k = -5 AND f = -2.5E-3 AND g = NaN AND h = -Infinity AND i = Infinity AND j = -NaN",
			"SELECT * FROM t WHERE k = -5 AND f = -2.5E-3 AND g = NaN AND h = -Infinity AND i = Infinity AND j = NaN"},
		{"SELECT * FROM t WHERE u = 5132b130-ae79-11e4-ab27-0800200c9a66 AND b = 0xCAFE AND d = 1h30m AND e = P1DT2H AND f = -3d AND g = true AND h = null",
			"SELECT * FROM t WHERE u = 5132b130-ae79-11e4-ab27-0800200c9a66 AND b = 0xCAFE AND d = 1h30m AND e = P1DT2H AND f = -3d AND g = true AND h = null"},
		{"SELECT * FROM t WHERE s = 'it''s' AND r = $$raw 'text'$$", "SELECT * FROM t WHERE s = 'it''s' AND r = 'raw ''text'''"},
		{"SELECT * FROM t WHERE a = - 5 AND b = -now() AND c = (int) 5 AND d = (frozen<list<int>>) [1]",
			"SELECT * FROM t WHERE a = -5 AND b = - now() AND c = (int) 5 AND d = (frozen<list<int>>) [1]"},
		{"SELECT * FROM t WHERE a = - P1D AND b = - NaN AND c = -NaN AND d = - -1", "SELECT * FROM t WHERE a = - P1D AND b = - NaN AND c = NaN AND d = - -1"},
		{"SELECT * FROM t WHERE u = {name: 'x', \"Age\": 3}", "SELECT * FROM t WHERE u = {name: 'x', \"Age\": 3}"},
		// INSERT
		{"INSERT INTO t (a, b) VALUES (1, 'x')", "INSERT INTO t (a, b) VALUES (1, 'x')"},
		{"insert into KS.T (A, \"B\") values (1, [1, 2]) if not exists using ttl 86400 and timestamp 123",
			"INSERT INTO ks.t (a, \"B\") VALUES (1, [1, 2]) IF NOT EXISTS USING TTL 86400 AND TIMESTAMP 123"},
		{"INSERT INTO t (k, s, m, tu) VALUES (now(), {1, 2}, {'a': 1, 'b': 2}, (1, 'a'))", "INSERT INTO t (k, s, m, tu) VALUES (now(), {1, 2}, {'a': 1, 'b': 2}, (1, 'a'))"},
		{"INSERT INTO t JSON '{\"a\": 1}'", "INSERT INTO t JSON '{\"a\": 1}'"},
		{"INSERT INTO t JSON '{}' DEFAULT UNSET IF NOT EXISTS", "INSERT INTO t JSON '{}' DEFAULT UNSET IF NOT EXISTS"},
		{"INSERT INTO t JSON '{}' DEFAULT NULL USING TTL 5", "INSERT INTO t JSON '{}' USING TTL 5"},
		{"INSERT INTO t (a) VALUES (?) USING TIMESTAMP :ts", "INSERT INTO t (a) VALUES (?) USING TIMESTAMP :ts"},
		// UPDATE
		{"UPDATE t SET a = 1 WHERE k = 1", "UPDATE t SET a = 1 WHERE k = 1"},
		{"UPDATE t USING TTL 5 AND TIMESTAMP 6 SET c = c + 1, d = d - 2, l = [1] + l, s = s - {'a'}, m['k'] = 'v', l[0] = 7, e += 1, f -= 2, u.name = 'x' WHERE k = 1 IF EXISTS",
			"UPDATE t USING TTL 5 AND TIMESTAMP 6 SET c = c + 1, d = d - 2, l = [1] + l, s = s - {'a'}, m['k'] = 'v', l[0] = 7, e += 1, f -= 2, u.name = 'x' WHERE k = 1 IF EXISTS"},
		{"UPDATE t SET c = c -3 WHERE k = 1", "UPDATE t SET c = c - 3 WHERE k = 1"},
		{"UPDATE t SET c = c - -3 WHERE k = 1", "UPDATE t SET c = c - -3 WHERE k = 1"},
		{"UPDATE t SET v = 2 WHERE k = 1 IF v = 1 AND m['a'] > 2 AND w IN (1, 2) AND u.f != 3", "UPDATE t SET v = 2 WHERE k = 1 IF v = 1 AND m['a'] > 2 AND w IN (1, 2) AND u.f != 3"},
		{"UPDATE t SET v = 2 WHERE k = 1 IF exists = 1", "UPDATE t SET v = 2 WHERE k = 1 IF exists = 1"},
		// DELETE
		{"DELETE FROM t WHERE k = 1", "DELETE FROM t WHERE k = 1"},
		{"DELETE a, m['k'], l[1], u.f FROM ks.t USING TIMESTAMP 5 WHERE k = 1 AND c > 2 IF a = 1", "DELETE a, m['k'], l[1], u.f FROM ks.t USING TIMESTAMP 5 WHERE k = 1 AND c > 2 IF a = 1"},
		{"DELETE FROM t WHERE k IN (1, 2) IF EXISTS", "DELETE FROM t WHERE k IN (1, 2) IF EXISTS"},
		// BATCH
		{"BEGIN BATCH INSERT INTO t (a) VALUES (1); UPDATE t SET b = 2 WHERE a = 1; DELETE FROM t WHERE a = 3; APPLY BATCH",
			"BEGIN BATCH INSERT INTO t (a) VALUES (1); UPDATE t SET b = 2 WHERE a = 1; DELETE FROM t WHERE a = 3; APPLY BATCH"},
		{"BEGIN UNLOGGED BATCH USING TIMESTAMP 5 INSERT INTO t (a) VALUES (1) INSERT INTO t (a) VALUES (2) APPLY BATCH",
			"BEGIN UNLOGGED BATCH USING TIMESTAMP 5 INSERT INTO t (a) VALUES (1); INSERT INTO t (a) VALUES (2); APPLY BATCH"},
		{"BEGIN COUNTER BATCH UPDATE c SET n = n + 1 WHERE k = 1; APPLY BATCH", "BEGIN COUNTER BATCH UPDATE c SET n = n + 1 WHERE k = 1; APPLY BATCH"},
		{"BEGIN BATCH APPLY BATCH", "BEGIN BATCH APPLY BATCH"},
		// KEYSPACES
		{"CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
			"CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"},
		{"create keyspace if not exists KS with REPLICATION = {'class': 'NetworkTopologyStrategy', 'dc1': 3} and durable_writes = false",
			"CREATE KEYSPACE IF NOT EXISTS ks WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3} AND durable_writes = false"},
		{"ALTER KEYSPACE ks WITH durable_writes = true", "ALTER KEYSPACE ks WITH durable_writes = true"},
		{"DROP KEYSPACE IF EXISTS ks", "DROP KEYSPACE IF EXISTS ks"},
		{"USE \"MyKs\"", "USE \"MyKs\""},
		{"use ks", "USE ks"},
		// TABLES
		{"CREATE TABLE t (k int PRIMARY KEY, v text)", "CREATE TABLE t (k int PRIMARY KEY, v text)"},
		{"CREATE TABLE IF NOT EXISTS ks.t (a int, b int, c int, s text static, PRIMARY KEY ((a, b), c)) WITH CLUSTERING ORDER BY (c DESC) AND default_time_to_live = 10 AND compaction = {'class': 'LeveledCompactionStrategy'}",
			"CREATE TABLE IF NOT EXISTS ks.t (a int, b int, c int, s text STATIC, PRIMARY KEY ((a, b), c)) WITH CLUSTERING ORDER BY (c DESC) AND default_time_to_live = 10 AND compaction = {'class': 'LeveledCompactionStrategy'}"},
		{"CREATE TABLE t (k int, c1 int, c2 int, v int, PRIMARY KEY (k, c1, c2)) WITH COMPACT STORAGE AND CLUSTERING ORDER BY (c1 ASC, c2 DESC)",
			"CREATE TABLE t (k int, c1 int, c2 int, v int, PRIMARY KEY (k, c1, c2)) WITH CLUSTERING ORDER BY (c1 ASC, c2 DESC) AND COMPACT STORAGE"},
		{"CREATE TABLE t (k int, l list<text>, m frozen<map<text, int>>, tu tuple<int, text>, s set<frozen<list<int>>>, u address, q \"Addr\", x ks.addr, c counter, PRIMARY KEY (k),)",
			"CREATE TABLE t (k int, l list<text>, m frozen<map<text, int>>, tu tuple<int, text>, s set<frozen<list<int>>>, u address, q \"Addr\", x ks.addr, c counter, PRIMARY KEY (k))"},
		{"CREATE TABLE t (key text, column1 int, value blob, PRIMARY KEY (key, column1))", "CREATE TABLE t (key text, column1 int, value blob, PRIMARY KEY (key, column1))"},
		{"CREATE TABLE t (k int PRIMARY KEY, v int, PRIMARY KEY (v))", "CREATE TABLE t (k int PRIMARY KEY, v int, PRIMARY KEY (v))"},
		{"CREATE TABLE t (k int) WITH caching = {'keys': 'ALL'} AND comment = 'x' AND bloom_filter_fp_chance = 0.01 AND speculative_retry = ALL",
			"CREATE TABLE t (k int) WITH caching = {'keys': 'ALL'} AND comment = 'x' AND bloom_filter_fp_chance = 0.01 AND speculative_retry = all"},
		{"ALTER TABLE t ADD v int", "ALTER TABLE t ADD v int"},
		{"ALTER TABLE IF EXISTS t ADD IF NOT EXISTS (v int, w text static)", "ALTER TABLE IF EXISTS t ADD IF NOT EXISTS (v int, w text STATIC)"},
		{"ALTER TABLE t DROP v", "ALTER TABLE t DROP v"},
		{"ALTER TABLE t DROP IF EXISTS (v, w) USING TIMESTAMP 5", "ALTER TABLE t DROP IF EXISTS (v, w) USING TIMESTAMP 5"},
		{"ALTER TABLE t DROP compact", "ALTER TABLE t DROP compact"},
		{"ALTER TABLE t DROP COMPACT STORAGE", "ALTER TABLE t DROP COMPACT STORAGE"},
		{"ALTER TABLE t RENAME a TO b AND c TO d", "ALTER TABLE t RENAME a TO b AND c TO d"},
		{"ALTER TABLE t WITH comment = 'x' AND gc_grace_seconds = 0", "ALTER TABLE t WITH comment = 'x' AND gc_grace_seconds = 0"},
		{"ALTER TABLE t ALTER v TYPE blob", "ALTER TABLE t ALTER v TYPE blob"},
		{"DROP TABLE t", "DROP TABLE t"},
		{"DROP COLUMNFAMILY IF EXISTS ks.t", "DROP TABLE IF EXISTS ks.t"},
		{"TRUNCATE t", "TRUNCATE t"},
		{"TRUNCATE TABLE ks.t", "TRUNCATE ks.t"},
		// INDEXES AND VIEWS
		{"CREATE INDEX ON t (v)", "CREATE INDEX ON t (v)"},
		{"CREATE INDEX IF NOT EXISTS idx ON ks.t (VALUES(l))", "CREATE INDEX IF NOT EXISTS idx ON ks.t (VALUES(l))"},
		{"CREATE INDEX i ON t (KEYS(m))", "CREATE INDEX i ON t (KEYS(m))"},
		{"CREATE INDEX i ON t (entries(m))", "CREATE INDEX i ON t (ENTRIES(m))"},
		{"CREATE INDEX i ON t (FULL(f))", "CREATE INDEX i ON t (FULL(f))"},
		{"CREATE INDEX i ON t (values)", "CREATE INDEX i ON t (values)"},
		{"CREATE CUSTOM INDEX i ON t (v) USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'CONTAINS'}",
			"CREATE CUSTOM INDEX i ON t (v) USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH options = {'mode': 'CONTAINS'}"},
		{"DROP INDEX IF EXISTS ks.i", "DROP INDEX IF EXISTS ks.i"},
		{"CREATE MATERIALIZED VIEW v AS SELECT * FROM t WHERE a IS NOT NULL AND b IS NOT NULL PRIMARY KEY (b, a)",
			"CREATE MATERIALIZED VIEW v AS SELECT * FROM t WHERE a IS NOT NULL AND b IS NOT NULL PRIMARY KEY (b, a)"},
		{"CREATE MATERIALIZED VIEW IF NOT EXISTS ks.v AS SELECT a, b, c FROM ks.t WHERE a IS NOT NULL PRIMARY KEY ((b, a), c) WITH CLUSTERING ORDER BY (c DESC) AND comment = 'v'",
			"CREATE MATERIALIZED VIEW IF NOT EXISTS ks.v AS SELECT a, b, c FROM ks.t WHERE a IS NOT NULL PRIMARY KEY ((b, a), c) WITH CLUSTERING ORDER BY (c DESC) AND comment = 'v'"},
		{"DROP MATERIALIZED VIEW IF EXISTS v", "DROP MATERIALIZED VIEW IF EXISTS v"},
		{"ALTER MATERIALIZED VIEW IF EXISTS ks.v WITH comment = 'x' AND gc_grace_seconds = 10", "ALTER MATERIALIZED VIEW IF EXISTS ks.v WITH comment = 'x' AND gc_grace_seconds = 10"},
		{"CREATE TYPE IF NOT EXISTS ks.address (street text, zip int, phones list<text>,)", "CREATE TYPE IF NOT EXISTS ks.address (street text, zip int, phones list<text>)"},
		{"DROP TYPE IF EXISTS address", "DROP TYPE IF EXISTS address"},
		// user-defined functions and aggregates (Parser.g's createFunctionStatement, ...)
		{"create or replace function ks.f (a int, \"B\" list<text>) called on null input returns int language JAVA as $$ return a; $$",
			"CREATE OR REPLACE FUNCTION ks.f (a int, \"B\" list<text>) CALLED ON NULL INPUT RETURNS int LANGUAGE java AS ' return a; '"},
		{"CREATE FUNCTION IF NOT EXISTS f () RETURNS NULL ON NULL INPUT RETURNS text LANGUAGE javascript AS 'it''s'",
			"CREATE FUNCTION IF NOT EXISTS f () RETURNS NULL ON NULL INPUT RETURNS text LANGUAGE javascript AS 'it''s'"},
		{"CREATE AGGREGATE IF NOT EXISTS ks.a (int, text) SFUNC s STYPE tuple<int, bigint> FINALFUNC fin INITCOND (0, 0)",
			"CREATE AGGREGATE IF NOT EXISTS ks.a (int, text) SFUNC s STYPE tuple<int, bigint> FINALFUNC fin INITCOND (0, 0)"},
		{"CREATE OR REPLACE AGGREGATE a () SFUNC \"S\" STYPE int", "CREATE OR REPLACE AGGREGATE a () SFUNC \"S\" STYPE int"},
		{"DROP FUNCTION IF EXISTS ks.f", "DROP FUNCTION IF EXISTS ks.f"},
		{"DROP FUNCTION f()", "DROP FUNCTION f ()"},
		{"DROP AGGREGATE a (int, frozen<list<int>>)", "DROP AGGREGATE a (int, frozen<list<int>>)"},
		// DESCRIBE
		{"DESCRIBE TABLES", "DESCRIBE TABLES"},
		{"DESC TABLE ks.t", "DESCRIBE TABLE ks.t"},
		{"describe keyspaces", "DESCRIBE KEYSPACES"},
		{"DESCRIBE KEYSPACE", "DESCRIBE KEYSPACE"},
		{"DESCRIBE KEYSPACE ks", "DESCRIBE KEYSPACE ks"},
		{"DESCRIBE SCHEMA", "DESCRIBE SCHEMA"},
		{"DESCRIBE INDEX i", "DESCRIBE INDEX i"},
		{"DESCRIBE MATERIALIZED VIEW v", "DESCRIBE MATERIALIZED VIEW v"},
		{"DESCRIBE TYPES", "DESCRIBE TYPES"},
		{"DESCRIBE TYPE address", "DESCRIBE TYPE address"},
		{"DESCRIBE CLUSTER", "DESCRIBE CLUSTER"},
		{"DESCRIBE t", "DESCRIBE t"},
		{"DESC FULL SCHEMA", "DESCRIBE FULL SCHEMA"},
		{"DESC ONLY KEYSPACE ks", "DESCRIBE ONLY KEYSPACE ks"},
		{"DESC functions", "DESCRIBE FUNCTIONS"},
		{"DESC AGGREGATE ks.a", "DESCRIBE AGGREGATE ks.a"},
		{"DESC ks.t", "DESCRIBE ks.t"},
	}
	for _, tt := range tests {
		stmt := parseOne(t, tt.in)
		if got := stmt.String(); got != tt.want {
			t.Errorf("%q\n got %q\nwant %q", tt.in, got, tt.want)
			continue
		}
		checkRoundTrip(t, stmt)
	}
}
