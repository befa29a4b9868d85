import assert from "node:assert/strict";
import { test } from "node:test";
import { errorMarks, staleRows } from "./marks";
import type { CqlError, Outcome } from "./types";

function failed(line: number, e: Partial<CqlError>): Outcome {
  return { statement: "", line, warnings: [], error: { code: "SyntaxException", message: "m", cqlsh: "c" + line, ...e } };
}

test("errorMarks underlines each error where the engine places it", () => {
  const text = "SELECT * FROM t;\n  INSERT INTO x (k) VALUES (1);\nSELEC 1;";
  const { marks, lines } = errorMarks(text, [
    { statement: "SELECT * FROM t", line: 1, warnings: [] },
    failed(2, {}), // no position: the statement's first line, without its indentation
    failed(3, { line: 3, column: 1, offset: 49, length: 5 }),
    failed(3, { line: 3, column: 7, offset: 55, length: 0 }), // no length: the word there
    failed(1, { offset: 999 }), // past the text: as with no position
  ]);
  assert.deepEqual(marks, [
    { start: 19, end: 48, title: "c2" },
    { start: 49, end: 54, title: "c3" },
    { start: 55, end: 56, title: "c3" },
    { start: 0, end: 16, title: "c1" },
  ]);
  assert.deepEqual(lines, [
    { line: 2, title: "c2" },
    { line: 3, title: "c3" },
    { line: 3, title: "c3" },
    { line: 1, title: "c1" },
  ]);
});

test("errorMarks never gives an empty mark", () => {
  const { marks } = errorMarks("a\n\n", [failed(2, {}), failed(1, { offset: 3, length: 0 })]);
  assert.deepEqual(marks.map((m) => [m.start, m.end]), [[2, 3], [3, 4]]);
});

test("staleRows finds the -- rows: comments a run contradicts, and only those", () => {
  const rows = (line: number, n: number): Outcome => ({
    statement: "SELECT",
    line,
    warnings: [],
    columns: ["k"],
    rows: Array.from({ length: n }, () => ["1"]),
  });
  const text = [
    "SELECT * FROM t; -- rows: 3", // 1: holds
    "SELECT * FROM t WHERE k = 1; -- rows: 2", // 2: now 1 row
    "SELECT * FROM t", // 3: a statement over two lines
    "  WHERE k = 2; -- rows: 1_000", // 4: the comment on its last line; now 0 rows
    "INSERT INTO t (k, v) VALUES (1, 'a -- rows: 9');", // 5: inside a string: text
    "SELECT x FROM nowhere; -- rows: 4", // 6: failed: the error marks show it
    "SELECT * FROM t;", // 7
    "-- rows: 5", // 8: on its own line, after statement 7 (3 rows)
  ].join("\n");
  const failedSelect: Outcome = { statement: "SELECT x", line: 6, warnings: [], error: { code: "InvalidRequest", message: "m", cqlsh: "c" } };
  const got = staleRows(text, [rows(1, 3), rows(2, 1), rows(3, 0), { statement: "INSERT", line: 5, warnings: [] }, failedSelect, rows(7, 3)]);
  assert.deepEqual(
    got.map((s) => [s.line, s.stmt, s.want, s.got, text.slice(s.start, s.end)]),
    [
      [2, 1, 2, 1, "-- rows: 2"],
      [4, 2, 1000, 0, "-- rows: 1_000"],
      [8, 5, 5, 3, "-- rows: 5"],
    ],
  );
  // Before any statement a comment belongs to none.
  assert.deepEqual(staleRows("-- rows: 2\nSELECT 1;", [rows(2, 1)]), []);
});
