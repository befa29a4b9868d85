import assert from "node:assert/strict";
import { test } from "node:test";
import { fillAllowanceMs, fillLines, filledRows, groupDigits } from "./bounded";
import type { Outcome } from "./types";

// The same cases as build/sitegen/bounded_test.go.
test("filled rows count the fills that did not fail", () => {
  const script = "CREATE TABLE t (k int PRIMARY KEY);\n-- @fill t 100_000 k=seq(9)\n  --  @FILL t 5 k=seq(9)\n-- @fill nope 7 k=seq(3)\n-- a comment: @fill t 9\nSELECT * FROM t; -- @fill t 3\n";
  const outcomes = [{ line: 1 }, { line: 4, error: { code: "InvalidRequest", message: "x", cqlsh: "x" } }, { line: 6 }] as unknown as Outcome[];
  assert.equal(filledRows(script, outcomes), 100_005);
  assert.equal(filledRows("SELECT 1;", []), 0);
  assert.deepEqual(fillLines(script, outcomes), [
    { line: 2, rows: 100_000 },
    { line: 3, rows: 5 },
  ]);
});

test("a fill's rows extend the run's time, up to 30 s", () => {
  assert.equal(fillAllowanceMs("SELECT 1;"), 0);
  assert.equal(fillAllowanceMs("-- @fill t 100000 k=seq(9)\n"), 10_000);
  assert.equal(fillAllowanceMs("-- @fill t 1_000_000 k=seq(9)\n"), 30_000);
});

// The same cases as build/sitegen/bounded_test.go.
test("counts group their thousands as Go groups them", () => {
  const cases: [number, string][] = [[0, "0"], [999, "999"], [1000, "1,000"], [4994, "4,994"], [100000, "100,000"], [1234567, "1,234,567"], [-5000, "-5,000"]];
  for (const [n, want] of cases) assert.equal(groupDigits(n), want, String(n));
});
