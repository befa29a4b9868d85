import assert from "node:assert/strict";
import { test } from "node:test";
import { announcement, failureLine, whyLabel } from "./failures";
import type { Outcome, UI } from "./types";

const ui = {
  why: "Why",
  failLine: "Line {line}: {msg}",
  failMore: "{n} failed ·",
  announceOK: "{n} statements run, none failed.",
  announceFail: "{n} statements run, {m} failed.",
} as UI;
const ok = (line: number): Outcome => ({ statement: "s", line, warnings: [] });
const bad = (line: number, message: string): Outcome => ({ ...ok(line), error: { code: "InvalidRequest", message, cqlsh: "", line, column: 1, offset: 0, length: 1 } });

test("no failure: no line, the plain tab, a calm announcement", () => {
  assert.equal(failureLine(ui, [ok(1), ok(2)]), "");
  assert.equal(whyLabel(ui, [ok(1)]), "Why");
  assert.equal(announcement(ui, [ok(1), ok(2)]), "2 statements run, none failed.");
});

test("how many failed, then the first failure's first line only", () => {
  const outs = [ok(1), bad(3, "Undefined column name x\nmore text"), bad(7, "other")];
  assert.equal(failureLine(ui, outs), "2 failed · Line 3: Undefined column name x …");
  assert.equal(whyLabel(ui, outs), "Why (2)");
  assert.equal(announcement(ui, outs), "3 statements run, 2 failed. Line 3: Undefined column name x …");
});
