package query

import (
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// exec runs each statement of script on db and returns the last one's error.
func exec(t *testing.T, db *DB, script string) *cqlerr.Error {
	t.Helper()
	var last *cqlerr.Error
	for _, it := range cql.Parse(script) {
		if it.Err != nil {
			t.Fatalf("%q does not parse: %v", it.Src, it.Err)
		}
		_, last = db.Exec(it.Stmt)
	}
	return last
}

const messagesSchema = `
CREATE TABLE users (mainland text, state text, uid int, name text, zip int, PRIMARY KEY ((mainland), state, uid));
CREATE TABLE t (a int, b int, c int, d int, v int, s int STATIC, l list<int>, m map<text, int>, PRIMARY KEY ((a, b), c, d));
CREATE TABLE k (k int PRIMARY KEY, v int);
CREATE TABLE ts (k int PRIMARY KEY, t timestamp);
`

// TestMessages pins, rule by rule, the exact message Cassandra 4.1 gives
// (docs/engine.md, "Rules, and where they come from") at the query layer, without the
// session: one row per message constant, the first failing check winning.
func TestMessages(t *testing.T) {
	tests := []struct {
		name, stmt, want string
	}{
		{"unknown table", "SELECT * FROM nope", "table nope does not exist"},
		{"alter view grace 0", "CREATE MATERIALIZED VIEW kv AS SELECT * FROM k WHERE v IS NOT NULL AND k IS NOT NULL PRIMARY KEY (v, k); ALTER MATERIALIZED VIEW kv WITH gc_grace_seconds = 0", "Cannot alter gc_grace_seconds of a materialized view to 0, since this value is used to TTL undelivered updates. Setting gc_grace_seconds too low might cause undelivered updates to expire before being replayed."},
		{"alter view ttl", "CREATE MATERIALIZED VIEW kv AS SELECT * FROM k WHERE v IS NOT NULL AND k IS NOT NULL PRIMARY KEY (v, k); ALTER MATERIALIZED VIEW kv WITH default_time_to_live = 1", "Forbidden default_time_to_live detected for a materialized view. Data in a materialized view always expire at the same time than the corresponding data in the parent table. default_time_to_live must be set to zero, see CASSANDRA-12868 for more information"},
		{"alter missing view", "ALTER MATERIALIZED VIEW nope WITH comment = ''", "Materialized view 'cqlplay.nope' doesn't exist"},
		{"UDFs disabled", "CREATE FUNCTION f (a int) CALLED ON NULL INPUT RETURNS int LANGUAGE java AS 'return a;'", "User-defined functions are disabled in cassandra.yaml - set user_defined_functions_enabled=true to enable"},
		{"no state function", "CREATE AGGREGATE a (int) SFUNC s STYPE bigint", "State function cqlplay.s(bigint, int) doesn't exist"},
		{"no function to drop", "DROP FUNCTION f (int)", "Function 'cqlplay.f(int)' doesn't exist"},
		{"no index to drop", "DROP INDEX nope", "Index 'cqlplay.nope' doesn't exist'"},
		{"unknown replication strategy", "CREATE KEYSPACE x WITH replication = {'class': 'Foo'}", "Unable to find replication strategy class 'org.apache.cassandra.locator.Foo'"},
		{"no aggregate to drop", "DROP AGGREGATE a", "Aggregate 'cqlplay.a' doesn't exist"},
		{"unknown keyspace", "SELECT * FROM nope.t", "keyspace nope does not exist"},
		{"unknown column", "SELECT x FROM t", "Undefined column name x in table cqlplay.t"},
		{"partial partition key", "SELECT * FROM t WHERE a = 1", msgAllowFiltering},
		{"clustering gap", "SELECT * FROM users WHERE mainland = 'x' AND uid = 1", `PRIMARY KEY column "uid" cannot be restricted as preceding column "state" is not restricted`},
		{"gap without partition key", "SELECT * FROM users WHERE uid = 1", `PRIMARY KEY column "uid" cannot be restricted as preceding column "state" is not restricted`},
		{"after a slice", "SELECT * FROM users WHERE mainland = 'x' AND state > 'a' AND uid = 1", `Clustering column "uid" cannot be restricted (preceding column "state" is restricted by a non-EQ relation)`},
		{"slice written after", "SELECT * FROM users WHERE mainland = 'x' AND uid = 1 AND state > 'a'", `PRIMARY KEY column "uid" cannot be restricted (preceding column "state" is restricted by a non-EQ relation)`},
		{"regular column", "SELECT * FROM users WHERE mainland = 'x' AND name = 'a'", msgAllowFiltering},
		{"two equalities", "SELECT * FROM t WHERE a = 1 AND a = 2", "a cannot be restricted by more than one relation if it includes an Equal"},
		{"IN then slice", "SELECT * FROM t WHERE a = 1 AND b = 1 AND c IN (1, 2) AND c > 0", "c cannot be restricted by more than one relation if it includes a IN"},
		{"slice then equality", "SELECT * FROM t WHERE a = 1 AND b = 1 AND c > 0 AND c = 1", `Column "c" cannot be restricted by both an equality and an inequality relation`},
		{"two start bounds", "SELECT * FROM t WHERE a = 1 AND b = 1 AND c > 0 AND c >= 1", "More than one restriction was found for the start bound on c"},
		{"two end bounds", "SELECT * FROM t WHERE a = 1 AND b = 1 AND c < 0 AND c <= 1", "More than one restriction was found for the end bound on c"},
		{"!=", "SELECT * FROM t WHERE a = 1 AND b = 1 AND v != 5", `Unsupported "!=" relation: v != 5`},
		{"collection compared", "SELECT * FROM t WHERE l = [1] ALLOW FILTERING", "Collection column 'l' (list<int>) cannot be restricted by a '=' relation"},
		{"CONTAINS KEY on a list", "SELECT * FROM t WHERE l CONTAINS KEY 1 ALLOW FILTERING", "Cannot use CONTAINS KEY on non-map column l"},
		{"CONTAINS on a scalar", "SELECT * FROM t WHERE v CONTAINS 1 ALLOW FILTERING", "Cannot use CONTAINS on non-collection column v"},
		{"CONTAINS in UPDATE", "UPDATE t SET v = 1 WHERE a = 1 AND b = 1 AND c = 1 AND d = 1 AND l CONTAINS 1", "Cannot use UPDATE with CONTAINS"},
		{"CONTAINS KEY in DELETE", "DELETE FROM t WHERE a = 1 AND b = 1 AND m CONTAINS KEY 'x'", "Cannot use DELETE with CONTAINS KEY"},
		{"token partial", "SELECT * FROM t WHERE token(a) > 0", "The token() function must be applied to all partition key components or none of them"},
		{"token order", "SELECT * FROM t WHERE token(b, a) > 0", "The token function arguments must be in the partition key order: a, b"},
		{"token type", "SELECT * FROM k WHERE token(k) > 'x'", `Invalid STRING constant (x) for "partition key token" of type bigint`},
		{"token in UPDATE", "UPDATE k SET v = 1 WHERE token(k) = 1", "The token function cannot be used in WHERE clauses for UPDATE statements"},
		{"multi-column on regular", "SELECT * FROM t WHERE a = 1 AND b = 1 AND (c, v) > (1, 1)", "Multi-column relations can only be applied to clustering columns but was applied to: v"},
		{"multi-column order", "SELECT * FROM t WHERE a = 1 AND b = 1 AND (d, c) > (1, 1)", "Clustering columns must appear in the PRIMARY KEY order in multi-column relations: (d, c) > (1, 1)"},
		{"null key", "SELECT * FROM k WHERE k = null", "Invalid null value in condition for column k"},
		{"ORDER BY range", "SELECT * FROM t ORDER BY c", "ORDER BY is only supported when the partition key is restricted by an EQ or an IN."},
		{"ORDER BY regular", "SELECT * FROM t WHERE a = 1 AND b = 1 ORDER BY v", "Order by is currently only supported on the clustered columns of the PRIMARY KEY, got v"},
		{"ORDER BY skip", "SELECT * FROM t WHERE a = 1 AND b = 1 ORDER BY d", "Order by currently only supports the ordering of columns following their declared order in the PRIMARY KEY"},
		{"ORDER BY mixed", "SELECT * FROM t WHERE a = 1 AND b = 1 ORDER BY c ASC, d DESC", "Unsupported order by relation"},
		{"LIMIT 0", "SELECT * FROM k LIMIT 0", "LIMIT must be strictly positive"},
		{"LIMIT overflow", "SELECT * FROM k LIMIT 2147483648", "Unable to make int from '2147483648'"},
		{"PER PARTITION LIMIT 0", "SELECT * FROM k PER PARTITION LIMIT 0", "LIMIT must be strictly positive"},
		{"DISTINCT regular", "SELECT DISTINCT a, b, v FROM t", "SELECT DISTINCT queries must only request partition key columns and/or static columns (not v)"},
		{"DISTINCT partial", "SELECT DISTINCT a FROM t", "SELECT DISTINCT queries must request all the partition key columns (missing b)"},
		{"static only", "SELECT s FROM t WHERE a = 1 AND b = 1 AND c = 1", "Cannot restrict clustering columns when selecting only static columns"},
		{"UPDATE missing key", "UPDATE t SET v = 1 WHERE a = 1 AND c = 1 AND d = 1", "Some partition key parts are missing: b"},
		{"UPDATE missing clustering", "UPDATE t SET v = 1 WHERE a = 1 AND b = 1 AND c = 1", "Some clustering keys are missing: d"},
		{"UPDATE slice", "UPDATE t SET v = 1 WHERE a = 1 AND b = 1 AND c = 1 AND d > 1", "Slice restrictions are not supported on the clustering columns in UPDATE statements"},
		{"UPDATE regular in WHERE", "UPDATE t SET v = 1 WHERE a = 1 AND b = 1 AND c = 1 AND d = 1 AND v = 1 AND s = 1", "Non PRIMARY KEY columns found in where clause: s, v "},
		{"UPDATE key in SET", "UPDATE k SET k = 1 WHERE k = 1", "PRIMARY KEY part k found in SET part"},
		{"DELETE key column", "DELETE k FROM k WHERE k = 1", "Invalid identifier k for deletion (should not be a PRIMARY KEY part)"},
		{"DELETE column range", "DELETE v FROM t WHERE a = 1 AND b = 1 AND c > 1", "Range deletions are not supported for specific columns"},
		{"INSERT duplicates", "INSERT INTO k (k, k) VALUES (1, 1)", "The column names contains duplicates"},
		{"INSERT unmatched", "INSERT INTO k (k, v) VALUES (1)", "Unmatched column names/values"},
		{"literal kind", "INSERT INTO k (k, v) VALUES (1, 'abc')", `Invalid STRING constant (abc) for "v" of type int`},
		{"literal range", "INSERT INTO k (k, v) VALUES (1, 3000000000)", "Unable to make int from '3000000000'"},
		{"negative TTL", "INSERT INTO k (k, v) VALUES (1, 1) USING TTL -1", "A TTL must be greater or equal to 0, but was -1"},
		{"TTL too large", "INSERT INTO k (k, v) VALUES (1, 1) USING TTL 630720001", "ttl is too large. requested (630720001) maximum (630720000)"},
		{"existing table", "CREATE TABLE k (k int PRIMARY KEY)", `Cannot add already existing table "k" to keyspace "cqlplay"`},
		{"no primary key", "CREATE TABLE z (k int)", "No PRIMARY KEY specifed for table 'z' (exactly one required)"},
		{"static without clustering", "CREATE TABLE z (k int PRIMARY KEY, s int static)", "Static columns are only useful (and thus allowed) if the table has at least one clustering column"},
		{"conditional range delete", "DELETE FROM t WHERE a = 1 AND b = 1 IF EXISTS", "DELETE statements must restrict all PRIMARY KEY columns with equality relations in order to delete non static columns"},
		{"conditional range delete condition", "DELETE s FROM t WHERE a = 1 AND b = 1 IF v = 1", "DELETE statements must restrict all PRIMARY KEY columns with equality relations in order to use IF condition on non static columns"},
		{"conditional empty IN", "UPDATE t SET v = 1 WHERE a = 1 AND b = 1 AND c IN () AND d = 1 IF EXISTS", "IN on the clustering key columns is not supported with conditional updates"},
		{"clustering order", "CREATE TABLE z (k int, c1 int, c2 int, PRIMARY KEY (k, c1, c2)) WITH CLUSTERING ORDER BY (c2 DESC, c1 ASC)", "The order of columns in the CLUSTERING ORDER directive must match that of the clustering columns (c1 must appear before c2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := New(1767225600000000, 0, "4.1")
			if err := exec(t, db, messagesSchema); err != nil {
				t.Fatal(err)
			}
			err := exec(t, db, tt.stmt)
			if err == nil {
				t.Fatalf("%s: no error, want %q", tt.stmt, tt.want)
			}
			if err.Message != tt.want {
				t.Fatalf("%s:\n got %q\nwant %q", tt.stmt, err.Message, tt.want)
			}
		})
	}
}
