import assert from "node:assert/strict";
import { test } from "node:test";
import { formOf } from "./views";
import { firstLine, silent } from "./results";

test("each layout view draws its form; the others none", () => {
  const cases: [string, string | undefined][] = [
    ["results", undefined],
    ["why", undefined],
    ["checks", undefined],
    ["storage", "map"],
    ["cli", "cli"],
    ["sstabledump", "sstabledump"],
    ["ring", "ring"],
    ["nonsense", undefined],
  ];
  for (const [view, form] of cases) assert.equal(formOf(view), form, view);
});

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
});
