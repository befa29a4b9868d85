import assert from "node:assert/strict";
import { test } from "node:test";
import { cell, rows } from "./compare";
import type { PatternRun } from "./patterns";
import type { UI } from "./types";

const p = (name: string): PatternRun => ({ name, query: "SELECT * FROM t", got: undefined });

test("patterns pair by the first word of their names, B's left over last", () => {
  const got = rows([p("Q1 a"), p("Q2 b"), p("Q3 c")], [p("Q2 bb"), p("Q4 d"), p("Q1 aa")]);
  assert.deepEqual(
    got.map((r) => [r.name, r.a?.name ?? "-", r.b?.name ?? "-"]),
    [
      ["Q1 a", "Q1 a", "Q1 aa"],
      ["Q2 b", "Q2 b", "Q2 bb"],
      ["Q3 c", "Q3 c", "-"],
      ["Q4 d", "-", "Q4 d"],
    ],
  );
});

test("a cell: absent, failing with the message, answered or at a cost", () => {
  const ui = { vsCost: "partitions {p} · rows read {r} · returned {n}", replicas: "replicas: nodes {nodes}", replicaOne: "replica: node {nodes}" } as UI;
  const plan = (kind: string, filtering: boolean) => ({ kind, table: "ks.t", partitionsRead: 2, rowsRead: 5, rowsReturned: 1, cellsRead: 5, tombstonesScanned: 0, filtering, index: "", allPartitions: false, partitions: [], nodes: [1, 3] });
  assert.deepEqual(cell(ui, undefined), ["vs-none", "—", ""]);
  // A failure's message whole, as Cassandra wrote it.
  assert.deepEqual(cell(ui, { ...p("Q1"), got: { statement: "", line: 1, warnings: [], error: { code: "InvalidRequest", message: "no\nmore", cqlsh: "", line: 1, column: 1, offset: 0, length: 1 } } }), ["vs-bad", "no\nmore", ""]);
  // The counts, then which nodes hold the replicas: a node's number is not a count.
  assert.deepEqual(cell(ui, { ...p("Q1"), got: { statement: "", line: 1, warnings: [], plan: plan("single-partition", false) } }), ["vs-ok", "partitions 2 · rows read 5 · returned 1", "replicas: nodes 1, 3"]);
  assert.deepEqual(cell(ui, { ...p("Q1"), got: { statement: "", line: 1, warnings: [], plan: { ...plan("range-scan", true), nodes: [3] } } }), ["vs-warn", "partitions 2 · rows read 5 · returned 1", "replica: node 3"]);
});
