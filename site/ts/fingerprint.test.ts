import assert from "node:assert/strict";
import { test } from "node:test";
import { schemaFingerprint } from "./fingerprint";

test("texts with the same schema statements share a fingerprint", () => {
  const a = schemaFingerprint(["CREATE TABLE t (k int PRIMARY KEY);"], "INSERT INTO t (k) VALUES (1);\nSELECT * FROM t;");
  const b = schemaFingerprint(["CREATE   TABLE t (k int\n PRIMARY KEY) ; -- made"], "/* rows */ SELECT k FROM t;");
  assert.equal(a, b);
});

test("a schema statement changed, added or moved changes the fingerprint", () => {
  const base = schemaFingerprint(["CREATE TABLE t (k int PRIMARY KEY);"], "SELECT * FROM t;");
  for (const [prelude, script] of [
    [["CREATE TABLE t (k text PRIMARY KEY);"], "SELECT * FROM t;"],
    [["CREATE TABLE t (k int PRIMARY KEY);"], "ALTER TABLE t ADD v int;"],
    [["CREATE TABLE t (k int PRIMARY KEY);"], "DROP TABLE t;"],
    [["CREATE TABLE t (k int PRIMARY KEY);"], "USE ks;"],
    [[], "CREATE TABLE t (k int PRIMARY KEY);"],
  ] as [string[], string][]) {
    assert.notEqual(schemaFingerprint(prelude, script), base, script);
  }
});
