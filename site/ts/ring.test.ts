import assert from "node:assert/strict";
import { test } from "node:test";
import { parseRing, place } from "./ring";

const text = `ring: 2 nodes, 2 vnodes each, replication factor 1
node 1: owns 60.0% of the token space; 1 partition, 1 row, 45 bytes
  ks.t 'a' (token -9223372036854775808): 1 row, 45 bytes
node 2: owns 40.0% of the token space; 1 partition, 1 row, 45 bytes
  ks.t 'b' (token 0): 1 row, 45 bytes
hot partitions:
  ks.t 'a' (token -9223372036854775808): 1 row, 45 bytes, 50.0% of the data, on nodes [1]
vnode ranges (start, end] -> node:
  (4611686018427387904, -4611686018427387904] -> node 1
  (-4611686018427387904, 0] -> node 2
  (0, 2305843009213693952] -> node 1
  (2305843009213693952, 4611686018427387904] -> node 2`;

test("a ring's text: its nodes, its ranges in place, its partitions once", () => {
  const r = parseRing(text)!;
  assert.deepEqual(r.nodes, [{ node: 1, owns: "60.0%" }, { node: 2, owns: "40.0%" }]);
  assert.deepEqual(r.ranges.map((x) => [x.start, x.end, x.node]), [[0.75, 0.25, 1], [0.25, 0.5, 2], [0.5, 0.625, 1], [0.625, 0.75, 2]]);
  assert.deepEqual(r.partitions.map((p) => [p.at, p.label]), [[0, "ks.t 'a'"], [0.5, "ks.t 'b'"]]);
  assert.ok(!r.head.includes("vnode ranges"));
  assert.equal(r.rangeText.split("\n").length, 4);
  assert.equal(parseRing("not a ring"), null);
  assert.equal(place("9223372036854775807"), 1);
});
