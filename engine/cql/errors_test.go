package cql

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// TestSyntaxErrors pins each error's position (in the script, 1-based), its
// length and Cassandra's message text (ANTLR's "line L:C", statement-relative
// and 0-based, then the snippet).
func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		src  string
		pos  string
		n    int
		want string
	}{
		{"SELECT FROM t", "1:8", 4, "line 1:7 no viable alternative at input 'FROM' (SELECT [FROM]...)"},
		{"SELECT ttl(a.zip) FROM t", "1:13", 1, "line 1:12 mismatched input '.' expecting ')' (SELECT ttl(a[.]...)"},
		{"SELECT k,\n writetime(l[1]) FROM t", "2:13", 1, "line 2:12 mismatched input '[' expecting ')' (SELECT k, writetime(l[[]...)"},
		{"CREATE FUNCTION f (a int) ON NULL INPUT RETURNS int LANGUAGE java AS 'x'", "1:27", 2, "line 1:26 no viable alternative at input 'ON' (...FUNCTION f (a int) [ON]...)"},
		{"CREATE FUNCTION f (a int) CALLED ON NULL INPUT RETURNS int LANGUAGE \"java\" AS 'x'", "1:69", 6, "line 1:68 mismatched input 'java' expecting IDENT (...NULL INPUT RETURNS int LANGUAGE [\"java\"]...)"},
		{"CREATE FUNCTION f (a int) CALLED ON NULL INPUT RETURNS int LANGUAGE java AS x", "1:77", 1, "line 1:76 mismatched input 'x' expecting STRING_LITERAL (...RETURNS int LANGUAGE java AS [x])"},
		{"CREATE OR REPLACE TABLE t (k int PRIMARY KEY)", "1:19", 5, "line 1:18 no viable alternative at input 'TABLE' (CREATE OR REPLACE [TABLE]...)"},
		{"SELECT FROM t;", "1:8", 4, "line 1:7 no viable alternative at input 'FROM' (SELECT [FROM]...)"},
		{"SELECT * FROM t WHERE", "1:22", 0, "line 1:21 no viable alternative at input '<EOF>'"},
		{"SELECT * FROM t WHERE k = 1 x", "1:29", 1, "line 1:28 mismatched input 'x' expecting EOF (...t WHERE k = 1 [x])"},
		{"SELECT * FROM t LIMIT 'x';", "1:23", 3, "line 1:22 no viable alternative at input 'x' (SELECT * FROM t LIMIT ['x']...)"},
		{"SELECT * FROM t LIMIT \"A\"\"b\";", "1:23", 6, "line 1:22 no viable alternative at input 'A\"b' (SELECT * FROM t LIMIT [\"A\"\"b\"]...)"},
		{"SELECT * FROM t\nWHERE a = 1\n  AND token(a) IN (1, 2);", "3:16", 2, "line 3:15 no viable alternative at input 'IN' (... 1  AND token(a) [IN]...)"},
		{"INSERT INTO t (a, b VALUES (1, 2)", "1:21", 6, "line 1:20 mismatched input 'VALUES' expecting ')' (...INTO t (a, b [VALUES]...)"},
		{"INSERT INTO t (a) VALUES (1", "1:28", 0, "line 1:27 mismatched input '<EOF>' expecting ')'"},
		{"SELECT * FROM t WHERE a = 1 AND b != ", "1:38", 0, "line 1:37 no viable alternative at input '<EOF>'"},
		{"CREATE TABLE t (a int, PRIMARY KEY (a)) WITH CLUSTERING ORDER BY (a)", "1:68", 1, "line 1:67 no viable alternative at input ')' (...WITH CLUSTERING ORDER BY (a[)])"},
		{"SELECT * FROM t ORDER BY k DESC FILTERING", "1:33", 9, "line 1:32 mismatched input 'FILTERING' expecting EOF (...t ORDER BY k DESC [FILTERING])"},
		{"  SELECT *\n  FROM t\n  WHERE x = 1 y;", "3:15", 1, "line 3:14 mismatched input 'y' expecting EOF (...t  WHERE x = 1 [y]...)"},
		{"GRANT ALL ON t TO r", "1:1", 5, "line 1:0 no viable alternative at input 'GRANT' ([GRANT]...)"},
		{"SELECT * FROM t; SELECT * t", "1:27", 1, "line 1:9 mismatched input 't' expecting K_FROM (SELECT * [t])"},
		{"BEGIN BATCH SELECT * FROM t; APPLY BATCH; SELECT 1 FROM", "1:13", 6, "line 1:12 no viable alternative at input 'SELECT' (BEGIN BATCH [SELECT]...)"},
		// Snippets in the shape of messages real Cassandra servers returned
		// (apache/beam#24829; Contrast-Security-OSS/cassandra-migration#32).
		{"select partition_col, other_col from ks.tbl AND token(partition_col) >= ? and token(partition_col) < ?", "1:45", 3,
			"line 1:44 mismatched input 'AND' expecting EOF (..., other_col from ks.tbl [AND]...)"},
		{"UPDATE schema_version_counts SET count = count + 1WHERE name = 'installed_rank';", "1:52", 4,
			"line 1:51 mismatched input 'HERE' expecting K_WHERE (... count = count + 1W[HERE]...)"},
		// A name where a value belongs: ANTLR reads one token further to rule
		// out a function call and reports that token; the snippet brackets the
		// name, and so does the error's position.
		{"SELECT * FROM users WHERE name = John;", "1:34", 4, "line 1:37 no viable alternative at input ';' (...FROM users WHERE name = [John];)"},
		{"INSERT INTO t (a) VALUES (John)", "1:27", 4, "line 1:30 no viable alternative at input ')' (... t (a) VALUES ([John]))"},
		{"SELECT * FROM t WHERE a = \"John\" AND b = 1;", "1:27", 6, "line 1:33 no viable alternative at input 'AND' (...FROM t WHERE a = [\"John\"] AND...)"},
		{"SELECT token FROM t", "1:8", 5, "line 1:13 no viable alternative at input 'FROM' (SELECT [token] FROM...)"},
		{"SELECT * FROM t WHERE a = John", "1:27", 4, "line 1:26 no viable alternative at input 'John' (...FROM t WHERE a = [John])"},
		{"UPDATE t SET a = ttl WHERE k = 1", "1:18", 3, "line 1:17 no viable alternative at input 'ttl' (UPDATE t SET a = [ttl]...)"},
		// Lexer errors: ANTLR's lexer messages carry no snippet.
		{"SELECT 'abc FROM t", "1:8", 11, "line 1:18 mismatched character '<EOF>' expecting '''"},
		{"SELECT $$abc FROM t", "1:8", 12, "line 1:19 mismatched character '<EOF>' expecting '$'"},
		{"SELECT \"abc FROM t", "1:8", 11, "line 1:18 mismatched character '<EOF>' expecting '\"'"},
		{"SELECT * FROM t /* x", "1:17", 4, "line 1:20 mismatched character '<EOF>' expecting '*'"},
		{"SELECT * FROM t WHERE a = @", "1:27", 1, "line 1:26 no viable alternative at character '@'"},
		{"SELECT * FROM t WHERE a = é", "1:27", 1, "line 1:26 no viable alternative at character 'é'"},
		{"INSERT INTO t (a) VALUES ('\xff')", "1:28", 1, "line 1:27 illegal UTF-8 encoding"},
		{"INSERT INTO t (a) VALUES ('a\x00b')", "1:29", 1, "line 1:28 illegal character NUL"},
		{"SELECT * FROM t -- \xff\n", "1:20", 1, "line 1:19 illegal UTF-8 encoding"},
		// Errors Cassandra's parser raises without a position.
		{"UPDATE t SET a = b + 1 WHERE k = 1", "1:18", 1, "Only expressions of the form X = X +<value> are supported."},
		{"UPDATE t SET a = b - 1 WHERE k = 1", "1:18", 1, "Only expressions of the form X = X -<value> are supported."},
		{"UPDATE t SET a = 1 + b WHERE k = 1", "1:22", 1, "Only expressions of the form X = <value> + X are supported."},
		{"UPDATE t SET a = b -1 WHERE k = 1", "1:18", 1, "Only expressions of the form X = X - <value> are supported."},
		{"CREATE MATERIALIZED VIEW v AS SELECT * FROM t WHERE a IS NOT NULL PRIMARY KEY (a) WITH COMPACT STORAGE", "1:88", 7, "COMPACT STORAGE tables are not allowed starting with version 4.0"},
		{"SELECT * FROM ?", "1:15", 1, "Bind variables cannot be used for table names"},
		{"USE ?", "1:5", 1, "Bind variables cannot be used for keyspace names"},
		{"DROP INDEX ks.?", "1:15", 1, "Bind variables cannot be used for index names"},
		{"SELECT * FROM :t", "1:15", 2, "line 1:14 no viable alternative at input ':t' (SELECT * FROM [:t])"},
	}
	for _, tt := range tests {
		var err *cqlerr.Error
		for _, it := range Parse(tt.src) {
			if it.Err != nil {
				err = it.Err
				break
			}
		}
		if err == nil {
			t.Errorf("%q: no error", tt.src)
			continue
		}
		if err.Code != cqlerr.SyntaxException {
			t.Errorf("%q: code %s", tt.src, err.Code)
		}
		if err.Pos.String() != tt.pos || err.Len != tt.n || err.Message != tt.want {
			t.Errorf("%q:\n got %s len %d %q\nwant %s len %d %q", tt.src, err.Pos, err.Len, err.Message, tt.pos, tt.n, tt.want)
		}
	}
}

// TestRecovery checks that parsing resumes after the ';' that ends a bad
// statement, and after APPLY BATCH for a bad batch.
func TestRecovery(t *testing.T) {
	src := "SELECT FROM t WHERE a = '1;2';\n" +
		"BEGIN BATCH INSERT INTO t (a) VALUES (1); UPDATE t SET; APPLY BATCH;\n" +
		"INSERT INTO t (a) VALUES (1);\n" +
		"SELECT * FROM t WHERE 'unterminated;\n"
	items := Parse(src)
	var got []string
	for _, it := range items {
		if it.Err != nil {
			got = append(got, "ERR "+it.Src)
		} else {
			got = append(got, "OK "+it.Src)
		}
	}
	want := []string{
		"ERR SELECT FROM t WHERE a = '1;2'",
		"ERR BEGIN BATCH INSERT INTO t (a) VALUES (1); UPDATE t SET; APPLY BATCH",
		"OK INSERT INTO t (a) VALUES (1)",
		"ERR SELECT * FROM t WHERE 'unterminated;",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDepthLimit: deep nesting is an error, not a stack overflow.
func TestDepthLimit(t *testing.T) {
	for _, src := range []string{
		"SELECT * FROM t WHERE a = " + strings.Repeat("[", 100000) + "1" + strings.Repeat("]", 100000),
		"SELECT " + strings.Repeat("f(", 100000) + "1" + strings.Repeat(")", 100000) + " FROM t",
		"SELECT " + strings.Repeat("- ", 100000) + "a FROM t",
		"CREATE TABLE t (a " + strings.Repeat("frozen<", 100000) + "int" + strings.Repeat(">", 100000) + " PRIMARY KEY)",
		"SELECT * FROM t WHERE a = " + strings.Repeat("(int) ", 100000) + "1",
		"SELECT * FROM t WHERE a = " + strings.Repeat("{", 100000),
	} {
		items := Parse(src)
		if len(items) != 1 || items[0].Err == nil || !strings.Contains(items[0].Err.Message, "too deeply nested (more than 100 levels)") {
			msg := ""
			if len(items) > 0 && items[0].Err != nil {
				msg = items[0].Err.Message
			}
			t.Errorf("%.40q...: got %d items, %.200s", src, len(items), msg)
		}
	}
	// 100 levels are fine.
	src := "SELECT * FROM t WHERE a = " + strings.Repeat("[", 90) + "1" + strings.Repeat("]", 90)
	if items := Parse(src); items[0].Err != nil {
		t.Errorf("90 levels: %s", items[0].Err.Message)
	}
}
