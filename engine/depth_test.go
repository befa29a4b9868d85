package engine

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// step is what one statement of a scenario must produce: an exact error
// message, or exact rows, and warnings that must appear.
type step struct {
	err      string     // exact error message; "" means success
	rows     [][]string // exact rows when non-nil
	cols     []string   // exact columns when non-nil
	warnings []string   // each must appear among the outcome's warnings (prefix match)
}

// runScenario runs script and checks each outcome against want, in order.
func runScenario(t *testing.T, name, script string, want []step) {
	t.Helper()
	outs := NewSession(Options{}).Run(script)
	if len(outs) != len(want) {
		for _, o := range outs {
			t.Logf("%s: line %d %q err=%v rows=%v", name, o.Line, o.Statement, o.Error, o.Rows)
		}
		t.Fatalf("%s: %d outcomes, want %d", name, len(outs), len(want))
	}
	for i, w := range want {
		o := outs[i]
		got := ""
		if o.Error != nil {
			got = o.Error.Message
		}
		if got != w.err {
			t.Errorf("%s: statement %d (%s):\n error %q\n want  %q", name, i+1, o.Statement, got, w.err)
			continue
		}
		if w.rows != nil && !reflect.DeepEqual(o.Rows, w.rows) && !(len(o.Rows) == 0 && len(w.rows) == 0) {
			t.Errorf("%s: statement %d (%s):\n rows %v\n want %v", name, i+1, o.Statement, o.Rows, w.rows)
		}
		if w.cols != nil && !reflect.DeepEqual(o.Columns, w.cols) {
			t.Errorf("%s: statement %d (%s):\n columns %v\n want    %v", name, i+1, o.Statement, o.Columns, w.cols)
		}
		for _, ww := range w.warnings {
			found := false
			for _, g := range o.Warnings {
				if strings.HasPrefix(g, ww) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: statement %d (%s): warnings %q lack %q", name, i+1, o.Statement, o.Warnings, ww)
			}
		}
	}
}

var ok = step{}

func rows(r ...[]string) step { return step{rows: append([][]string{}, r...)} }

func fails(msg string) step { return step{err: msg} }

func TestTimeAndTTL(t *testing.T) {
	runScenario(t, "ttl", `
CREATE TABLE s (k int PRIMARY KEY, v text, w text) WITH default_time_to_live = 3600;
INSERT INTO s (k, v) VALUES (1, 'a') USING TTL 60;
INSERT INTO s (k, w) VALUES (1, 'b');
SELECT ttl(v), ttl(w) FROM s;
-- @advance 61s
SELECT k, v, w FROM s;
-- @advance 1h
SELECT * FROM s;
INSERT INTO s (k, v) VALUES (2, 'x') USING TTL -1;
INSERT INTO s (k, v) VALUES (2, 'x') USING TTL 630720001;
INSERT INTO s (k, v) VALUES (2, 'x') USING TTL 630720000;
INSERT INTO s (k, v) VALUES (2, 'x') USING TTL 0;
SELECT ttl(v) FROM s WHERE k = 2;
`, []step{
		ok, ok, ok,
		rows([]string{"60", "3600"}),
		rows([]string{"1", "null", "b"}),
		rows(),
		fails("A TTL must be greater or equal to 0, but was -1"),
		fails("ttl is too large. requested (630720001) maximum (630720000)"),
		fails("Request on table cqlplay.s with ttl of 630720000 seconds exceeds maximum supported expiration date of 2038-01-19T03:14:06+00:00. In order to avoid this use a lower TTL, change the expiration date overflow policy or upgrade to a version where this limitation is fixed. See CASSANDRA-14092 for more details."),
		ok,
		rows([]string{"null"}),
	})
}

func TestRowLivenessInsertVersusUpdate(t *testing.T) {
	runScenario(t, "liveness", `
CREATE TABLE t (k int, c int, v int, PRIMARY KEY (k, c));
INSERT INTO t (k, c, v) VALUES (1, 1, 10);
UPDATE t SET v = 20 WHERE k = 1 AND c = 2;
DELETE v FROM t WHERE k = 1 AND c = 1;
DELETE v FROM t WHERE k = 1 AND c = 2;
SELECT * FROM t;
INSERT INTO t (k, c, v) VALUES (2, 1, 1) USING TTL 10;
UPDATE t SET v = 2 WHERE k = 2 AND c = 1;
-- @advance 11s
SELECT * FROM t WHERE k = 2;
`, []step{
		ok, ok, ok, ok, ok,
		rows([]string{"1", "1", "null"}),
		ok, ok,
		rows([]string{"2", "1", "2"}),
	})
}

func TestLastWriteWinsTieBreak(t *testing.T) {
	runScenario(t, "lww", `
CREATE TABLE t (k int PRIMARY KEY, v text, n int);
INSERT INTO t (k, v, n) VALUES (1, 'banana', 5) USING TIMESTAMP 100;
INSERT INTO t (k, v, n) VALUES (1, 'apple', -1) USING TIMESTAMP 100;
SELECT v, n, writetime(v) FROM t;
INSERT INTO t (k, v) VALUES (1, 'older') USING TIMESTAMP 99;
DELETE v FROM t USING TIMESTAMP 100 WHERE k = 1;
SELECT v, n FROM t;
`, []step{
		ok, ok, ok,
		rows([]string{"banana", "-1", "100"}),
		ok, ok,
		rows([]string{"null", "-1"}),
	})
}

func TestCounters(t *testing.T) {
	runScenario(t, "counters", `
CREATE TABLE likes (item text PRIMARY KEY, n counter);
CREATE TABLE mixed (k int PRIMARY KEY, n counter, v text);
CREATE TABLE ttlc (k int PRIMARY KEY, n counter) WITH default_time_to_live = 10;
UPDATE likes SET n = n + 1 WHERE item = 'x';
-- @retry
UPDATE likes SET n = n + 1 WHERE item = 'x';
UPDATE likes SET n = n - 5 WHERE item = 'y';
SELECT * FROM likes;
INSERT INTO likes (item, n) VALUES ('z', 1);
UPDATE likes SET n = 3 WHERE item = 'x';
UPDATE likes USING TTL 10 SET n = n + 1 WHERE item = 'x';
UPDATE likes USING TIMESTAMP 10 SET n = n + 1 WHERE item = 'x';
UPDATE likes SET n = n + 1 WHERE item = 'x' IF EXISTS;
`, []step{
		ok,
		fails("Cannot mix counter and non counter columns in the same table"),
		fails("Cannot set default_time_to_live on a table with counters"),
		ok, ok, ok,
		rows([]string{"y", "-5"}, []string{"x", "3"}),
		fails("INSERT statements are not allowed on counter tables, use UPDATE instead"),
		fails("Cannot set the value of counter column n (counters can only be incremented/decremented, not set)"),
		fails("Cannot provide custom TTL for counter updates"),
		fails("Cannot provide custom timestamp for counter updates"),
		fails("Conditional updates are not supported on counter tables"),
	})
}

func TestCollections(t *testing.T) {
	runScenario(t, "collections", `
CREATE TABLE c (k int PRIMARY KEY, s set<int>, m map<text, int>, l list<text>, f frozen<list<int>>);
INSERT INTO c (k, s, m, l, f) VALUES (1, {3, -1, 2}, {'b': 2, 'a': 1}, ['x', 'y'], [1, 2]);
UPDATE c SET s = s + {10}, s = s - {3}, m['c'] = 3, l = l + ['z'], l = ['w'] + l WHERE k = 1;
SELECT s, m, l, f FROM c;
UPDATE c SET l[1] = 'X' WHERE k = 1;
DELETE m['a'], l[0] FROM c WHERE k = 1;
SELECT m, l FROM c;
UPDATE c SET l[9] = 'q' WHERE k = 1;
UPDATE c SET f = f + [3] WHERE k = 1;
UPDATE c SET s[0] = 1 WHERE k = 1;
SELECT k FROM c WHERE s CONTAINS 10 ALLOW FILTERING;
SELECT k FROM c WHERE m CONTAINS KEY 'b' ALLOW FILTERING;
SELECT k FROM c WHERE s = {1};
UPDATE c SET s = {} WHERE k = 1;
SELECT s FROM c;
`, []step{
		ok, ok, ok,
		rows([]string{"{-1, 2, 10}", "{'a': 1, 'b': 2, 'c': 3}", "['w', 'x', 'y', 'z']", "[1, 2]"}),
		ok, ok,
		rows([]string{"{'b': 2, 'c': 3}", "['X', 'y', 'z']"}),
		fails("List index 9 out of bound, list has size 3"),
		fails("Invalid operation (f = f + [3]) for frozen collection column f"),
		fails("Invalid operation (s[0] = 1) for set column s"),
		rows([]string{"1"}),
		rows([]string{"1"}),
		fails("Collection column 's' (set<int>) cannot be restricted by a '=' relation"),
		ok,
		rows([]string{"null"}),
	})
}

func TestLightweightTransactions(t *testing.T) {
	runScenario(t, "lwt", `
CREATE TABLE accounts (id int PRIMARY KEY, owner text, balance int);
INSERT INTO accounts (id, owner, balance) VALUES (1, 'ann', 100) IF NOT EXISTS;
INSERT INTO accounts (id, owner, balance) VALUES (1, 'bob', 5) IF NOT EXISTS;
UPDATE accounts SET balance = 50 WHERE id = 1 IF balance = 90;
UPDATE accounts SET balance = 50 WHERE id = 1 IF balance = 100;
UPDATE accounts SET balance = 1 WHERE id = 2 IF EXISTS;
DELETE FROM accounts WHERE id = 1 IF owner = 'ann';
UPDATE accounts USING TIMESTAMP 5 SET balance = 1 WHERE id = 1 IF EXISTS;
UPDATE accounts SET balance = 1 WHERE id IN (1, 2) IF EXISTS;
UPDATE accounts SET balance = 1 WHERE id = 1 IF id = 1;
`, []step{
		ok,
		{rows: [][]string{{"True"}}, cols: []string{"[applied]"}},
		{rows: [][]string{{"False", "1", "100", "ann"}}, cols: []string{"[applied]", "id", "balance", "owner"}},
		{rows: [][]string{{"False", "100"}}, cols: []string{"[applied]", "balance"}},
		rows([]string{"True"}),
		{rows: [][]string{{"False"}}, cols: []string{"[applied]"}},
		rows([]string{"True"}),
		fails("Cannot provide custom timestamp for conditional updates"),
		fails("IN on the partition key is not supported with conditional updates"),
		fails("PRIMARY KEY column 'id' cannot have IF conditions"),
	})
}

func TestBatches(t *testing.T) {
	var unlogged strings.Builder
	unlogged.WriteString("BEGIN UNLOGGED BATCH\n")
	for i := 0; i < 11; i++ {
		unlogged.WriteString("INSERT INTO t (k, v) VALUES (" + strconv.Itoa(i) + ", 'x');\n")
	}
	unlogged.WriteString("APPLY BATCH;\n")
	runScenario(t, "batch", `
CREATE TABLE t (k int PRIMARY KEY, v text);
CREATE TABLE c (k int PRIMARY KEY, n counter);
BEGIN BATCH USING TTL 5 INSERT INTO t (k, v) VALUES (1, 'a'); APPLY BATCH;
BEGIN BATCH USING TIMESTAMP 5 INSERT INTO t (k, v) VALUES (1, 'a') USING TIMESTAMP 6; APPLY BATCH;
BEGIN COUNTER BATCH INSERT INTO t (k, v) VALUES (1, 'a'); APPLY BATCH;
BEGIN UNLOGGED BATCH UPDATE c SET n = n + 1 WHERE k = 1; INSERT INTO t (k, v) VALUES (1, 'a'); APPLY BATCH;
BEGIN BATCH UPDATE c SET n = n + 1 WHERE k = 1; APPLY BATCH;
BEGIN BATCH INSERT INTO t (k, v) VALUES (1, 'a') IF NOT EXISTS; INSERT INTO t (k, v) VALUES (2, 'b'); APPLY BATCH;
BEGIN BATCH INSERT INTO t (k, v) VALUES (1, 'a'); INSERT INTO t (k, v) VALUES (2, 'b'); APPLY BATCH;
SELECT writetime(v) FROM t;
`+unlogged.String(), []step{
		ok, ok,
		fails("Global TTL on the BATCH statement is not supported."),
		fails("Timestamp must be set either on BATCH or individual statements"),
		fails("Cannot include non-counter statement in a counter batch"),
		fails("Counter and non-counter mutations cannot exist in the same batch"),
		fails("Cannot include a counter statement in a logged batch"),
		fails("Batch with conditions cannot span multiple partitions"),
		ok,
		rows([]string{"1767225600000008"}, []string{"1767225600000008"}),
		{warnings: []string{"Unlogged batch covering 11 partitions detected against table [cqlplay.t]. You should use a logged batch for atomicity, or asynchronous writes for performance."}},
	})
}

func TestSecondaryIndexes(t *testing.T) {
	runScenario(t, "index", `
CREATE TABLE u (id int PRIMARY KEY, country text, tags set<text>);
CREATE TABLE cnt (k int PRIMARY KEY, n counter);
INSERT INTO u (id, country, tags) VALUES (1, 'fr', {'a'});
INSERT INTO u (id, country, tags) VALUES (2, 'de', {'b'});
INSERT INTO u (id, country, tags) VALUES (3, 'fr', {'a', 'b'});
SELECT id FROM u WHERE country = 'fr';
CREATE INDEX ON u (country);
SELECT id FROM u WHERE country = 'fr';
SELECT id FROM u WHERE country = 'fr' AND tags CONTAINS 'b';
SELECT id FROM u WHERE country = 'fr' AND id IN (1, 3);
CREATE INDEX ON u (country);
CREATE INDEX u_country_idx ON u (tags);
CREATE INDEX ON u (id);
CREATE INDEX ON u (KEYS(tags));
CREATE INDEX ON cnt (n);
CREATE INDEX ON u (nope);
DROP INDEX u_country_idx;
DROP INDEX u_country_idx;
`, []step{
		ok, ok, ok, ok, ok,
		fails(msgAF),
		ok,
		rows([]string{"1"}, []string{"3"}),
		fails(msgAF),
		fails("Select on indexed columns and with IN clause for the PRIMARY KEY are not supported"),
		fails("Index u_country_idx_1 is a duplicate of existing index u_country_idx"),
		fails("Index 'u_country_idx' already exists"),
		fails("Cannot create secondary index on the only partition key column id"),
		fails("Cannot create index on keys of column tags with non-map type"),
		fails("Secondary indexes on counter tables aren't supported"),
		fails("Undefined column name nope in table cqlplay.u"),
		ok,
		fails("Index 'cqlplay.u_country_idx' doesn't exist'"),
	})
}

const msgAF = "Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING"

func TestMaterializedViews(t *testing.T) {
	runScenario(t, "mv", `
CREATE TABLE users (id int PRIMARY KEY, email text, name text);
INSERT INTO users (id, email, name) VALUES (1, 'a@x', 'ann');
CREATE MATERIALIZED VIEW by_email AS SELECT * FROM users WHERE email IS NOT NULL AND id IS NOT NULL PRIMARY KEY (email, id);
INSERT INTO users (id, email, name) VALUES (2, 'b@x', 'bob');
UPDATE users SET email = 'c@x' WHERE id = 1;
INSERT INTO users (id, name) VALUES (3, 'no email');
SELECT email, id, name FROM by_email;
DELETE FROM users WHERE id = 2;
SELECT email FROM by_email;
CREATE MATERIALIZED VIEW v1 AS SELECT * FROM users WHERE email IS NOT NULL PRIMARY KEY (email);
CREATE MATERIALIZED VIEW v2 AS SELECT * FROM users WHERE email IS NOT NULL AND id IS NOT NULL AND name IS NOT NULL PRIMARY KEY (email, name, id);
CREATE MATERIALIZED VIEW v3 AS SELECT * FROM users PRIMARY KEY (email, id);
CREATE MATERIALIZED VIEW v4 AS SELECT * FROM users WHERE email IS NOT NULL AND id IS NOT NULL AND name = 'x' PRIMARY KEY (email, id);
INSERT INTO by_email (email, id) VALUES ('q', 1);
DROP TABLE users;
`, []step{
		ok, ok,
		{warnings: []string{"Materialized views are experimental and are not recommended for production use."}},
		ok, ok, ok,
		rows([]string{"b@x", "2", "bob"}, []string{"c@x", "1", "ann"}),
		ok,
		rows([]string{"c@x"}),
		fails("Cannot create materialized view 'v1' without primary key columns id from base table 'users'"),
		fails("Cannot include more than one non-primary key column in materialized view primary key (got name, email)"),
		fails("Primary key columns id, email must be restricted with 'IS NOT NULL' or otherwise"),
		fails("Non-primary key columns can only be restricted with 'IS NOT NULL' (got: name restricted illegally)"),
		fails("Cannot directly modify a materialized view"),
		fails("Cannot drop a table when materialized views still depend on it (cqlplay.{by_email})"),
	})
}

func TestAggregatesAndGroupBy(t *testing.T) {
	runScenario(t, "groupby", `
CREATE TABLE r (s text, d text, t int, v int, PRIMARY KEY (s, d, t));
INSERT INTO r (s, d, t, v) VALUES ('a', 'd1', 1, 10);
INSERT INTO r (s, d, t, v) VALUES ('a', 'd1', 2, 20);
INSERT INTO r (s, d, t, v) VALUES ('a', 'd2', 1, 5);
SELECT d, count(*), min(v), max(v), sum(v), avg(v) FROM r WHERE s = 'a' GROUP BY d;
SELECT count(*) FROM r;
SELECT count(*) FROM r WHERE s = 'none';
SELECT * FROM r WHERE s = 'a' GROUP BY t;
SELECT * FROM r GROUP BY v;
SELECT s, d FROM r PER PARTITION LIMIT 1;
SELECT count(*) FROM r PER PARTITION LIMIT 1;
`, []step{
		ok, ok, ok, ok,
		rows([]string{"d1", "2", "10", "20", "30", "15"}, []string{"d2", "1", "5", "5", "5", "5"}),
		{rows: [][]string{{"3"}}, warnings: []string{"Aggregation query used without partition key"}},
		rows([]string{"0"}),
		fails("Group by currently only support groups of columns following their declared order in the PRIMARY KEY"),
		fails("Group by is currently only supported on the columns of the PRIMARY KEY, got v"),
		rows([]string{"a", "d1"}),
		fails("PER PARTITION LIMIT is not allowed with aggregate queries."),
	})
}

func TestJSON(t *testing.T) {
	runScenario(t, "json", `
CREATE TABLE j (k int, c text, v list<int>, PRIMARY KEY (k, c));
INSERT INTO j JSON '{"k": 1, "c": "x", "v": [1, 2]}';
SELECT JSON * FROM j;
INSERT INTO j JSON '{"k": 1, "c": "y", "zz": 1}';
INSERT INTO j JSON '{"k": "a", "c": "y"}';
`, []step{
		ok, ok,
		{rows: [][]string{{`{"k": 1, "c": "x", "v": [1, 2]}`}}, cols: []string{"[json]"}},
		fails("JSON values map contains unrecognized column: zz"),
		fails("Error decoding JSON value for k: Unable to make int from 'a'"),
	})
}

func TestVersions(t *testing.T) {
	runScenario(t, "versions", `
SELECT * FROM nope;
SELECT nope FROM system_nope.x;
-- @version 3.11
SELECT * FROM nope;
CREATE TABLE t (k int PRIMARY KEY);
SELECT nope FROM t;
`, []step{
		fails("table nope does not exist"),
		fails("keyspace system_nope does not exist"),
		fails("unconfigured table nope"),
		ok,
		fails("Undefined column name nope"),
	})
}

func TestCompactStorage(t *testing.T) {
	runScenario(t, "compact", `
CREATE TABLE events (key text, column1 int, column2 int, value text, PRIMARY KEY (key, column1, column2)) WITH COMPACT STORAGE;
INSERT INTO events (key, column1, column2, value) VALUES ('a', 1, 2, 'x');
UPDATE events SET value = null WHERE key = 'a' AND column1 = 1 AND column2 = 2;
SELECT * FROM events;
CREATE TABLE bad (k int, c int, a int, b int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE;
CREATE TABLE bad2 (k int, c int, s int static, PRIMARY KEY (k, c)) WITH COMPACT STORAGE;
CREATE TABLE bad3 (k int PRIMARY KEY) WITH COMPACT STORAGE;
INSERT INTO events (key, column1, column2) VALUES ('a', 1, 3);
`, []step{
		ok, ok, ok,
		rows(),
		fails("COMPACT STORAGE with composite PRIMARY KEY allows no more than one column not part of the PRIMARY KEY (got: a, b)"),
		fails("Static columns are not supported in COMPACT STORAGE tables"),
		fails("No definition found that is not part of the PRIMARY KEY"),
		fails("Column value is mandatory for this COMPACT STORAGE table"),
	})
}

func TestStaticColumns(t *testing.T) {
	runScenario(t, "static", `
CREATE TABLE s (k int, c int, st text static, v int, PRIMARY KEY (k, c));
INSERT INTO s (k, st) VALUES (1, 'only static');
SELECT * FROM s;
INSERT INTO s (k, c, v) VALUES (1, 1, 10);
INSERT INTO s (k, c, v, st) VALUES (1, 2, 20, 'shared');
SELECT c, st FROM s WHERE k = 1;
SELECT DISTINCT k, st FROM s;
SELECT st FROM s WHERE k = 1 AND c = 1;
UPDATE s SET st = 'x' WHERE k = 1 AND c = 1;
CREATE TABLE nost (k int PRIMARY KEY, st int static);
`, []step{
		ok, ok,
		rows([]string{"1", "null", "only static", "null"}),
		ok, ok,
		rows([]string{"1", "shared"}, []string{"2", "shared"}),
		rows([]string{"1", "shared"}),
		fails("Cannot restrict clustering columns when selecting only static columns"),
		fails("Invalid restrictions on clustering columns since the UPDATE statement modifies only static columns"),
		fails("Static columns are only useful (and thus allowed) if the table has at least one clustering column"),
	})
}

func TestDirectives(t *testing.T) {
	outs := NewSession(Options{}).Run("-- @advance 2x\n-- @bogus\n-- @nodes 6 rf 3\nSELECT now() FROM system_nope;\n")
	if len(outs) != 3 || outs[0].Error == nil || outs[0].Error.Code != "InvalidDirective" || outs[1].Error == nil || outs[1].Error.Code != "InvalidDirective" {
		t.Fatalf("directive errors: %+v", outs)
	}
	if outs[2].Line != 4 {
		t.Errorf("statement after directives on line %d, want 4", outs[2].Line)
	}
}

func TestAdviceWarnings(t *testing.T) {
	var b strings.Builder
	b.WriteString("CREATE TABLE hot (bucket int, id int, v int, PRIMARY KEY (bucket, id));\n")
	for i := 0; i < 1000; i++ {
		b.WriteString("INSERT INTO hot (bucket, id, v) VALUES (" + strconv.Itoa(i%2) + ", " + strconv.Itoa(i) + ", 1);\n")
	}
	outs := NewSession(Options{}).Run(b.String())
	found := false
	for _, o := range outs {
		for _, w := range o.Warnings {
			if strings.HasPrefix(w, "cqlplay advice: hot holds 1000 rows in only 2 partition(s)") {
				found = true
			}
		}
	}
	if !found {
		t.Errorf("no low-cardinality advice among %d outcomes", len(outs))
	}
	runScenario(t, "timestamp key", "CREATE TABLE ev (d text, ts timestamp, PRIMARY KEY (d, ts));", []step{
		{warnings: []string{`cqlplay advice: "ts" (timestamp) is the only clustering column of ev`}},
	})
	// A counter named like an id, or in a table named like a sequence, is
	// an id generator in the making; an ordinary count is not.
	const counterAsID = `cqlplay advice: the counter "next_id" of ids looks like an id generator.`
	runScenario(t, "counter as id", "CREATE TABLE ids (name text PRIMARY KEY, next_id counter);\n"+
		"CREATE TABLE id_gen (name text PRIMARY KEY, value counter);\n"+
		"CREATE TABLE likes (item text PRIMARY KEY, likes counter, views counter);\n"+
		"CREATE TABLE paid (day text PRIMARY KEY, valid counter);", []step{
		{warnings: []string{counterAsID}},
		{warnings: []string{`cqlplay advice: the counter "value" of id_gen looks like an id generator.`}},
		{},
		{},
	})
	for _, o := range NewSession(Options{}).Run("CREATE TABLE likes (item text PRIMARY KEY, likes counter, views counter);\nCREATE TABLE paid (day text PRIMARY KEY, valid counter);") {
		if len(o.Warnings) > 0 {
			t.Errorf("%s: warnings %q, want none for an ordinary count", o.Statement, o.Warnings)
		}
	}
}

func TestTombstoneWarning(t *testing.T) {
	var b strings.Builder
	b.WriteString("CREATE TABLE q (k int, c int, v int, PRIMARY KEY (k, c));\n")
	for i := 0; i < 1001; i++ {
		b.WriteString("DELETE FROM q WHERE k = 1 AND c = " + strconv.Itoa(i) + ";\n")
	}
	b.WriteString("SELECT * FROM q WHERE k = 1;\n")
	outs := NewSession(Options{}).Run(b.String())
	last := outs[len(outs)-1]
	want := "Read 0 live rows and 1001 tombstone cells for query SELECT * FROM cqlplay.q WHERE k = 1 LIMIT 100; token -4069959284402364209 (see tombstone_warn_threshold)"
	if len(last.Warnings) != 1 || last.Warnings[0] != want {
		t.Errorf("warnings %q, want %q", last.Warnings, want)
	}
	if last.Plan == nil || last.Plan.TombstonesScanned != 1001 {
		t.Errorf("plan %+v, want 1001 tombstones scanned", last.Plan)
	}
}

func TestWhyExplainsFailuresOnTheLayout(t *testing.T) {
	outs := NewSession(Options{}).Run(`CREATE TABLE users (mainland text, state text, uid int, name text, PRIMARY KEY ((mainland), state, uid));
SELECT * FROM users WHERE mainland = 'x' AND uid < 5;
SELECT * FROM users WHERE name = 'bob';
INSERT INTO users (mainland, uid) VALUES ('x', 1);
SELECT * FROM users WHERE mainland = 'x' AND state > 'a' AND uid = 1;`)
	cases := []struct {
		i          int
		why, fix   string
		col, width int
	}{
		{1, "uid is the 2nd clustering column; state, before it, is not restricted. Inside a partition rows are sorted by (state, uid).", "Restrict state too", 46, 7},
		{2, "name is not part of the primary key", "create a table (or an index) keyed by name", 27, 12},
		{3, "An INSERT or UPDATE writes one row, and a row is named by its full clustering key (state, uid)", "Give every clustering column a value", 0, 0},
		{4, "state is restricted by a range", "Use = or IN on state", 0, 0},
	}
	for _, c := range cases {
		e := outs[c.i].Error
		if e == nil {
			t.Fatalf("statement %d succeeded", c.i+1)
		}
		if !strings.Contains(e.Why, c.why) || !strings.Contains(e.Fix, c.fix) {
			t.Errorf("statement %d: why %q fix %q; want them to contain %q and %q", c.i+1, e.Why, e.Fix, c.why, c.fix)
		}
		if c.col != 0 && (e.Pos.Col != c.col || e.Len != c.width) {
			t.Errorf("statement %d: located at column %d, %d bytes; want %d, %d", c.i+1, e.Pos.Col, e.Len, c.col, c.width)
		}
	}
}

func TestIncompatibleSettings(t *testing.T) {
	runScenario(t, "set twice", `
CREATE TABLE kv (k int PRIMARY KEY, v text, l list<int>);
UPDATE kv SET v = 'a', v = 'b' WHERE k = 1;
UPDATE kv SET l = l + [1], l = l + [2] WHERE k = 1;
UPDATE kv SET l = [0], l = l + [2] WHERE k = 1;
SELECT l FROM kv;
`, []step{
		ok,
		fails("Multiple incompatible setting of column v"),
		ok,
		fails("Multiple incompatible setting of column l"),
		rows([]string{"[1, 2]"}),
	})
}
