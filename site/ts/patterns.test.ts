import assert from "node:assert/strict";
import { test } from "node:test";
import { parsePatterns, verdicts } from "./patterns";
import type { Outcome } from "./types";

// The same cases as build/lesson/patterns_test.go's TestParsePatterns.
test("an access-pattern block: heading, names, notes, one statement each", () => {
  const script = `CREATE TABLE t (k int PRIMARY KEY);
-- SELECT * FROM t is not listed: no heading yet
-- Access patterns:
--   (the application's queries)
-- Q1 a user by id: SELECT * FROM t WHERE k = 1;
--select * from t
-- Q3：SELECT * FROM t WHERE k = 2; DROP TABLE t
SELECT * FROM t;
-- Q4: SELECT * FROM t
`;
  assert.deepEqual(parsePatterns(script), [
    { name: "Q1 a user by id", query: "SELECT * FROM t WHERE k = 1" },
    { name: "A2", query: "select * from t" },
    { name: "Q3", query: "SELECT * FROM t WHERE k = 2" },
  ]);
  assert.deepEqual(parsePatterns("-- 访问模式\n-- SELECT a FROM b\n"), [{ name: "A1", query: "SELECT a FROM b" }]);
  assert.deepEqual(parsePatterns("-- access patterns of the app\n-- SELECT a FROM b\n"), []);
});

const ok = (kind: string, filtering = false): Outcome => ({
  statement: "",
  line: 1,
  warnings: [],
  plan: { kind, table: "ks.t", partitionsRead: 1, rowsRead: 1, rowsReturned: 1, cellsRead: 1, tombstonesScanned: 0, filtering, index: "", allPartitions: false, partitions: [], nodes: [1] },
});

test("verdicts: runs, no filtering, one partition, the order asked", () => {
  assert.deepEqual(verdicts("SELECT * FROM t WHERE k = 1 ORDER BY c DESC", ok("single-partition")), ["holds", "holds", "holds", "holds"]);
  assert.deepEqual(verdicts("SELECT * FROM t WHERE v = 1 ALLOW FILTERING", ok("range-scan", true)), ["holds", "fails", "fails", "na"]);
  assert.deepEqual(verdicts("SELECT * FROM t WHERE k IN (1, 2)", ok("multi-partition")), ["holds", "holds", "fails", "na"]);
  assert.deepEqual(verdicts("SELECT * FROM t ORDER BY k", undefined), ["fails", "fails", "fails", "fails"]);
});
