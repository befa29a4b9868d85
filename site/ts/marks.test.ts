import assert from "node:assert/strict";
import { test } from "node:test";
import { errorMarks } from "./marks";
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
