import assert from "node:assert/strict";
import { test } from "node:test";
import { formOf } from "./views";

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
