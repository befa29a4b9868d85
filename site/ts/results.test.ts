import assert from "node:assert/strict";
import { test } from "node:test";
import { firstLine, planText, rowCount, silent } from "./results";
import type { Plan, UI } from "./types";

// The strings of build/sitegen/i18n.go's English page that these functions read.
const ui = {
  rows: "({n} rows)",
  plan: "{kind}: read {parts} partitions, {read} rows; returned {ret}",
  filtering: "filtering",
  allPartitions: "scanned every partition",
} as UI;

test("an output's head shows the statement's first line", () => {
  assert.equal(firstLine("  SELECT *  \n FROM t"), "SELECT * …");
  assert.equal(firstLine("SELECT * FROM t "), "SELECT * FROM t");
});

test("a statement cqlsh prints nothing for is silent", () => {
  const base = { statement: "INSERT", line: 1, warnings: [] };
  assert.equal(silent(base), true);
  assert.equal(silent({ ...base, columns: [] }), false);
  assert.equal(silent({ ...base, text: "t" }), false);
  assert.equal(silent({ ...base, warnings: ["w"] }), false);
  assert.equal(silent({ ...base, error: { code: "c", message: "m", cqlsh: "c" } }), false);
  assert.equal(silent({ ...base, trace: { session: "s", note: "n", text: "t" } }), false);
});

test("a result set's row count, none under [applied]", () => {
  const base = { statement: "SELECT", line: 1, warnings: [] };
  assert.equal(rowCount(ui, { ...base, columns: ["k"], rows: [["1"], ["2"]] }), "(2 rows)");
  assert.equal(rowCount(ui, { ...base, columns: ["k"], rows: [] }), "(0 rows)");
  assert.equal(rowCount(ui, { ...base, columns: [] }), "(0 rows)");
  assert.equal(rowCount(ui, { ...base, columns: ["[applied]", "k"], rows: [["False", "1"]] }), null);
});

test("a plan says what was read and returned, then filtering and a scan of every partition", () => {
  const p: Plan = {
    kind: "range-scan", table: "ks.t", partitionsRead: 3, rowsRead: 7, rowsReturned: 2, cellsRead: 14,
    tombstonesScanned: 0, filtering: false, index: "", allPartitions: false, partitions: [], nodes: [],
  };
  assert.equal(planText(ui, p), "range-scan: read 3 partitions, 7 rows; returned 2");
  assert.equal(planText(ui, { ...p, filtering: true }), "range-scan: read 3 partitions, 7 rows; returned 2 · filtering");
  assert.equal(planText(ui, { ...p, filtering: true, allPartitions: true }), "range-scan: read 3 partitions, 7 rows; returned 2 · filtering · scanned every partition");
});

test("a plan's kind is named in the page's language when the page names it", () => {
  const p: Plan = {
    kind: "range-scan", table: "ks.t", partitionsRead: 3, rowsRead: 7, rowsReturned: 2, cellsRead: 14,
    tombstonesScanned: 0, filtering: false, index: "", allPartitions: false, partitions: [], nodes: [],
  };
  const zh = { ...ui, plan: "{kind}：读了 {parts} 个分区、{read} 行；返回 {ret} 行", kinds: { "range-scan": "范围扫描" } };
  assert.equal(planText(zh, p), "范围扫描：读了 3 个分区、7 行；返回 2 行");
  assert.equal(planText(zh, { ...p, kind: "index" }), "index：读了 3 个分区、7 行；返回 2 行");
});
