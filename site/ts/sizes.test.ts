import assert from "node:assert/strict";
import { test } from "node:test";
import { szBytes, szLog } from "./sizes";

// The same cases as build/sitegen/sizes_test.go.
test("sizes round as Go rounds them", () => {
  const cases: [number, string][] = [[0, "0 B"], [1023, "1023 B"], [1024, "1.0 KB"], [1280, "1.3 KB"], [1075, "1.0 KB"], [1076, "1.1 KB"], [5 << 20, "5.0 MB"], [3 * 2 ** 30, "3.0 GB"]];
  for (const [b, want] of cases) assert.equal(szBytes(b), want, String(b));
});

test("bars are log-scaled against the guidance", () => {
  const cases: [number, number, number][] = [[0, 100, 0], [99, 99, 100], [1000, 99, 100], [9, 99999, 20], [100_000, 100_000, 100]];
  for (const [x, limit, want] of cases) assert.equal(szLog(x, limit), want, `${x} of ${limit}`);
});
