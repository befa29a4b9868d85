import assert from "node:assert/strict";
import { test } from "node:test";
import { counted } from "./counted";

test("a count's word agrees with it", () => {
  const plan = "read {parts} {parts:partition|partitions}, {read} {read:row|rows}; returned {ret}";
  assert.equal(counted(plan, { parts: 1, read: 1, ret: 1 }), "read 1 partition, 1 row; returned 1");
  assert.equal(counted(plan, { parts: 2, read: 0, ret: 0 }), "read 2 partitions, 0 rows; returned 0");
  assert.equal(counted("读了 {parts} 个分区", { parts: 1 }), "读了 1 个分区");
  assert.equal(counted("{n} {n:row|rows}", { n: "1,000" }), "1,000 rows");
  assert.equal(counted("{n} {x}", { n: 1 }), "1 {x}");
});
