import assert from "node:assert/strict";
import { test } from "node:test";
import { columns, cut, queries, tableOrder, target, wrap, type DiagramTable } from "./diagram";
import type { Outcome } from "./types";

const failed = (statement: string): Outcome => ({ statement, line: 1, warnings: [], error: { code: "InvalidRequest", message: "m", cqlsh: "", line: 1, column: 1, offset: 0, length: 1 } });

// The same cases as build/sitegen/diagram_test.go's TestDiagramQueries.
test("a failed SELECT's table is found as CQL spells names", () => {
  const cases: [string, string][] = [
    ["SELECT * FROM ks.t", "ks.t"],
    ['SELECT * FROM "Ks" . "T""x"', 'Ks.T"x'],
    ["SELECT a FROM T WHERE a = 1", "t"],
    ["SELECT\ta\nFROM\tMixed.Case", "mixed.case"],
    ["SELECT count(*) FROM x.y LIMIT 1", "x.y"],
  ];
  for (const [stmt, want] of cases) {
    const qs = queries([failed(stmt)]);
    assert.equal(qs.length, 1, stmt);
    assert.equal(qs[0].table, want, stmt);
    assert.equal(qs[0].err, "m");
  }
  assert.deepEqual(queries([failed("INSERT INTO t (k) VALUES (1)"), failed("SELECTION")]), []);
});

test("queries are numbered, their text on one line", () => {
  const qs = queries([failed("select  a\n FROM t"), failed("SELECT b FROM t")]);
  assert.deepEqual(qs.map((q) => q.label + " " + q.text), ["Q1 select a FROM t", "Q2 SELECT b FROM t"]);
});

test("a bare name means the first table of that name", () => {
  const t = (keyspace: string, name: string): DiagramTable => ({ keyspace, name, partitionKey: [], clustering: [] });
  const tables = [t("a", "x"), t("b", "x"), t("b", "y")];
  assert.equal(target(tables, "b.x"), 1);
  assert.equal(target(tables, "x"), 0);
  assert.equal(target(tables, "c.x"), -1);
  assert.equal(target(tables, "z"), -1);
});

test("cut counts characters, not UTF-16 units", () => {
  assert.equal(cut("abc", 3), "abc");
  assert.equal(cut("abcd", 3), "ab…");
  assert.equal(cut("😀😀😀😀", 3), "😀😀…");
});

test("a query's rest is its text after the table's name", () => {
  assert.deepEqual(
    queries([failed('SELECT a FROM "T" WHERE a = 1'), failed("SELECT * FROM ks.t"), failed("SELECT now() FROM")]).map((q) => q.rest),
    ["WHERE a = 1", "", ""],
  );
});

test("wrap keeps every character, breaks at spaces or beside CJK, within the width", () => {
  const s = "WHERE conversation = 'lunch' AND month = '2026-01' LIMIT 50";
  const lines = wrap(s, 20);
  assert.equal(lines.join(" "), s);
  for (const l of lines) assert.ok(columns(l) <= 20, l);
  const zh = "一个很长的访问模式名字，换行而不截断";
  const zl = wrap(zh, 10);
  assert.equal(zl.join(""), zh);
  for (const l of zl) assert.ok(columns(l) <= 10, l);
  assert.deepEqual(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
  assert.deepEqual(wrap("", 4), [""]);
});

test("tables stand in the order the queries first read them", () => {
  assert.deepEqual(tableOrder(4, [2, 0, 2, -1]), [2, 0, 1, 3]);
  assert.deepEqual(tableOrder(2, []), [0, 1]);
});
