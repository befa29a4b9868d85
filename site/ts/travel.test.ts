import assert from "node:assert/strict";
import { test } from "node:test";
import { changeKey, changeMarks, changeSummary, changeText, travelIndex, type Change } from "./travel";
import type { UI } from "./types";

// The strings of build/sitegen/i18n.go's English page that these functions read.
const ui = {
  travelChanges: "{w} written, {s} shadowed, {t} tombstones",
  travelNone: "changed nothing stored",
  travelKinds: "written|shadowed|tombstone laid",
  marker: "row marker",
  rowDeleted: "row deleted",
  partDeleted: "partition deleted",
  rangeTomb: "range deleted",
  static: "static",
} as UI;

test("the caret's statement is the last one at or before its line; the last statement is the final state", () => {
  const outs = [{ line: 1 }, { line: 3 }, { line: 3 }, { line: 7 }];
  const cases: [number, number | null][] = [
    [0, null], // above the first statement: nothing to travel to
    [1, 0],
    [2, 0], // a blank line between statements belongs to the one above
    [3, 2], // two statements on one line: the later one
    [6, 2],
    [7, null], // the last statement shows the final state
    [99, null],
  ];
  for (const [line, want] of cases) assert.equal(travelIndex(outs, line), want, `line ${line}`);
  assert.equal(travelIndex([{ line: 1 }], 1), null, "a single statement never travels");
  assert.equal(travelIndex([], 5), null);
});

test("a -- @fill that ran is a state of its own, from its line to the next statement", () => {
  // CREATE on line 1, the fill on 3, SELECTs on 5 and 6 (lesson 08's volume example, in short).
  const outs = [{ line: 1 }, { line: 5 }, { line: 6 }];
  const cases: [number, number | null][] = [
    [1, 0], // the CREATE TABLE: the empty table
    [2, 0],
    [3, -3], // on the fill: the state right after it
    [4, -3], // below it, above the next statement
    [5, 1],
    [6, null],
  ];
  for (const [line, want] of cases) assert.equal(travelIndex(outs, line, [3]), want, `line ${line}`);
  assert.equal(travelIndex(outs, 3), 0, "without its line, the fill is in the statement above");
  assert.equal(travelIndex(outs, 9, [8]), null, "a fill after the last statement is the final state");
  assert.equal(travelIndex([{ line: 4 }, { line: 5 }], 2, [2]), -2, "a fill before the first statement");
  assert.equal(travelIndex(outs, 4, [2, 3]), -3, "of two fills, the last at or before the caret");
  assert.equal(travelIndex(outs, 2, [2, 3]), -2);
});

const written: Change = { kind: "written", table: "ks.t", partition: "1", clustering: "a", column: "v" };
const shadowed: Change = { ...written, kind: "shadowed" };
const tomb: Change = { kind: "tombstone", table: "ks.t", partition: "1", clustering: "", column: "@range", path: "[a..b)" };

test("a change's key tells apart static rows, columns and paths", () => {
  const keys = new Set([
    changeKey(written),
    changeKey({ ...written, static: true, clustering: "" }),
    changeKey({ ...written, column: "w" }),
    changeKey({ ...written, path: "x" }),
    changeKey({ ...written, partition: "2" }),
    changeKey({ ...written, table: "ks.u" }),
    changeKey(tomb),
  ]);
  assert.equal(keys.size, 7);
  // A field's text cannot forge another element's key by holding the separator's neighbours.
  assert.notEqual(changeKey({ ...written, partition: "1, a", clustering: "" }), changeKey(written));
});

test("marks gather every kind a statement left on one element", () => {
  const marks = changeMarks([written, shadowed, tomb]);
  assert.equal(marks.size, 2);
  assert.equal(marks.get(changeKey(written)), "tt-written tt-shadowed");
  assert.equal(marks.get(changeKey(tomb)), "tt-tombstone");
  assert.equal(changeMarks([]).size, 0);
});

test("the summary counts each kind; none says so", () => {
  assert.equal(changeSummary(ui, [written, written, shadowed, tomb]), "2 written, 1 shadowed, 1 tombstones");
  assert.equal(changeSummary(ui, []), "changed nothing stored");
});

test("a change as a line names the kind, the place and the column in the page's words", () => {
  assert.equal(changeText(ui, written), "written ks.t 1 · a v");
  assert.equal(changeText(ui, { ...written, clustering: "", static: true, column: "s" }), "written ks.t 1 · static s");
  assert.equal(changeText(ui, tomb), "tombstone laid ks.t 1 range deleted [[a..b)]");
  assert.equal(changeText(ui, { ...shadowed, column: "@marker" }), "shadowed ks.t 1 · a row marker");
  assert.equal(changeText(ui, { ...written, column: "m", path: "'k'" }), "written ks.t 1 · a m ['k']");
  assert.equal(changeText(ui, { kind: "tombstone", table: "ks.t", partition: "1", clustering: "", column: "@partition" }), "tombstone laid ks.t 1 partition deleted");
});
