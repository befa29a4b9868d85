import assert from "node:assert/strict";
import { test } from "node:test";
import { measure, measureText, sameRows, within } from "./exercise";
import type { Bound } from "./exercise";
import type { Outcome, UI } from "./types";

function rows(columns: string[], rows: string[][], nulls?: [number, number][]): Outcome {
  return { statement: "SELECT", line: 1, warnings: [], columns, rows, nulls };
}

test("sameRows compares columns by name and rows in order or as a multiset", () => {
  const want = rows(["k", "v"], [["1", "a"], ["2", "b"]]);
  const cases: [string, Outcome, boolean, boolean][] = [
    ["same", rows(["k", "v"], [["1", "a"], ["2", "b"]]), true, true],
    ["columns in another order", rows(["v", "k"], [["a", "1"], ["b", "2"]]), true, true],
    ["rows in another order, unordered", rows(["k", "v"], [["2", "b"], ["1", "a"]]), false, true],
    ["rows in another order, ordered", rows(["k", "v"], [["2", "b"], ["1", "a"]]), true, false],
    ["a column missing", rows(["k", "w"], [["1", "a"], ["2", "b"]]), false, false],
    ["a column more", rows(["k", "v", "w"], [["1", "a", "x"], ["2", "b", "y"]]), false, false],
    ["a row fewer", rows(["k", "v"], [["1", "a"]]), false, false],
    ["a value differs", rows(["k", "v"], [["1", "a"], ["2", "c"]]), false, false],
    ["a null for the text 'null'", rows(["k", "v"], [["1", "a"], ["2", "null"]], [[1, 1]]), false, false],
    ["no result set", { statement: "SELECT", line: 1, warnings: [] }, false, false],
  ];
  for (const [name, got, ordered, same] of cases) assert.equal(sameRows(want, got, ordered), same, name);
});

test("sameRows: a null matches a null only", () => {
  const want = rows(["v"], [["null"]], [[0, 0]]);
  assert.equal(sameRows(want, rows(["v"], [["null"]], [[0, 0]]), true), true);
  assert.equal(sameRows(want, rows(["v"], [["null"]]), true), false);
});

test("sameRows unordered: either side's rows in any order", () => {
  const want = rows(["k"], [["3"], ["1"], ["2"], ["1"]]);
  assert.equal(sameRows(want, rows(["k"], [["1"], ["2"], ["1"], ["3"]]), false), true);
  assert.equal(sameRows(want, rows(["k"], [["1"], ["2"], ["2"], ["3"]]), false), false);
});

test("measure finds the largest partition and counts them, as MeasureSummary does", () => {
  const tables = [{ partitions: [
    { key: [{ text: "a" }, { text: "1" }], liveRows: 2 },
    { key: [{ text: "b" }, { text: "2" }], liveRows: 5 },
    { key: [{ text: "c" }, { text: "3" }], liveRows: 5 },
  ] }];
  const m = measure(tables);
  assert.deepEqual(m, { partitions: 3, maxRows: 5, maxKey: "b, 2" });
  assert.deepEqual(measure([]), { partitions: 0, maxRows: 0, maxKey: "" });
  const cases: [string, Bound, boolean][] = [
    ["at most 5 rows", { table: "t", maxRows: 5, minPartitions: 0 }, true],
    ["at most 4 rows", { table: "t", maxRows: 4, minPartitions: 0 }, false],
    ["at least 3 partitions", { table: "t", maxRows: 0, minPartitions: 3 }, true],
    ["at least 4 partitions", { table: "t", maxRows: 0, minPartitions: 4 }, false],
  ];
  for (const [name, b, ok] of cases) assert.equal(within(b, m), ok, name);
});

test("measureText words each bound, held or broken", () => {
  const ui = {
    exRowsOK: "ok {table} {max} {n}", exRowsBad: "bad {table} ({key}) {n} > {max}",
    exPartsOK: "ok {table} {n} >= {min}", exPartsBad: "bad {table} {n} < {min}",
  } as unknown as UI;
  const m = { partitions: 3, maxRows: 5, maxKey: "b, 2" };
  assert.equal(measureText(ui, { table: "t", maxRows: 5, minPartitions: 0 }, m), "ok t 5 5");
  assert.equal(measureText(ui, { table: "t", maxRows: 4, minPartitions: 0 }, m), "bad t (b, 2) 5 > 4");
  assert.equal(measureText(ui, { table: "t", maxRows: 0, minPartitions: 2 }, m), "ok t 3 >= 2");
  assert.equal(measureText(ui, { table: "t", maxRows: 0, minPartitions: 9 }, m), "bad t 3 < 9");
});
