import assert from "node:assert/strict";
import { test } from "node:test";
import {
  applyImport,
  checkProgress,
  collectEdits,
  continueHref,
  emptyProgress,
  exportFile,
  exportName,
  lessonState,
  loadProgress,
  markRead,
  markSolved,
  mergeProgress,
  progressKey,
  readFile,
  saveProgress,
  solvedIn,
} from "./progress";
import { memoryStorage } from "./teststorage";

test("a lesson is none, read, then done once every exercise is solved", () => {
  const p = emptyProgress();
  assert.equal(lessonState(p, "keys", 2), "none");
  assert.equal(markSolved(p, "keys", 5, 1), true);
  assert.equal(lessonState(p, "keys", 2), "none"); // solved but not read
  assert.equal(markRead(p, "keys", 2), true);
  assert.equal(markRead(p, "keys", 3), false);
  assert.equal(p.read.keys, 2);
  assert.equal(lessonState(p, "keys", 2), "read");
  assert.equal(markSolved(p, "keys", 5, 4), false);
  markSolved(p, "keys", 7, 5);
  markSolved(p, "keys-2", 1, 5); // another lesson whose slug starts alike
  assert.equal(solvedIn(p, "keys"), 2);
  assert.equal(lessonState(p, "keys", 2), "done");
  assert.equal(lessonState(p, "ttl", 0), "none");
  markRead(p, "ttl", 6);
  assert.equal(lessonState(p, "ttl", 0), "done");
  assert.equal(markRead(p, "<b>", 1), false);
});

test("storage that holds anything else reads as no progress", () => {
  for (const v of [null, "", "{", "[]", '"x"', '{"read":[]}', '{"read":{"a":"x"}}', '{"last":{"path":"javascript:alert(1)","id":""}}']) {
    const s = memoryStorage(v === null ? {} : { [progressKey]: v });
    assert.deepEqual(loadProgress(s), emptyProgress(), String(v));
  }
  const s = memoryStorage();
  const p = emptyProgress();
  markRead(p, "keys", 1);
  assert.equal(saveProgress(s, p), true);
  assert.deepEqual(loadProgress(s), p);
  const full = { ...memoryStorage(), setItem: () => { throw new Error("QuotaExceededError"); } };
  assert.equal(saveProgress(full, p), false);
});

test("continue links only to a lesson path, the heading id percent-encoded", () => {
  assert.equal(continueHref(null), null);
  assert.equal(continueHref({ path: "/en/keys/", id: "", title: "", heading: "", at: 0 }), "/en/keys/");
  assert.equal(continueHref({ path: "/zh/keys/", id: "分区键", title: "", heading: "", at: 0 }), "/zh/keys/#%E5%88%86%E5%8C%BA%E9%94%AE");
  assert.equal(continueHref({ path: "/en/keys/", id: '"><img src=x>', title: "", heading: "", at: 0 }), "/en/keys/#%22%3E%3Cimg%20src%3Dx%3E");
  for (const path of ["//evil.example/x/", "javascript:alert(1)", "/en/keys", "/en/../x/", "https://x/en/keys/"]) {
    assert.equal(continueHref({ path, id: "", title: "", heading: "", at: 0 }), null, path);
  }
});

test("export then import gives back the progress and the edits", () => {
  const src = memoryStorage({
    "cqlplay:edit:/en/keys/#3": JSON.stringify({ base: "h1", text: "SELECT 1;" }),
    "cqlplay:edit:/zh/keys/#0": JSON.stringify({ base: "h2", text: "<script>alert(1)</script>" }),
    "cqlplay:edit:/en/keys/#x": "not an edit key",
    "cqlplay:theme": "dark",
  });
  const p = emptyProgress();
  markRead(p, "keys", 10);
  markSolved(p, "keys", 3, 11);
  p.last = { path: "/en/keys/", id: "the-partition-key", title: "Keys", heading: "The partition key", at: 12 };
  const now = new Date("2026-11-25T10:00:00Z");
  const file = exportFile(p, collectEdits(src), now);
  assert.equal(exportName(now), "cqlplay-progress-2026-11-25.json");
  const r = readFile(file);
  assert.ok(!("why" in r), JSON.stringify(r));
  if ("why" in r) return;
  assert.deepEqual(r.progress, p);
  assert.deepEqual(Object.keys(r.edits).sort(), ["cqlplay:edit:/en/keys/#3", "cqlplay:edit:/zh/keys/#0"]);
  const dst = memoryStorage({ "cqlplay:edit:/en/keys/#3": JSON.stringify({ base: "h0", text: "old" }) });
  assert.equal(applyImport(dst, r), true);
  assert.deepEqual(loadProgress(dst), p);
  assert.equal(dst.m.get("cqlplay:edit:/en/keys/#3"), JSON.stringify({ base: "h1", text: "SELECT 1;" }));
  assert.equal(JSON.parse(dst.m.get("cqlplay:edit:/zh/keys/#0")!).text, "<script>alert(1)</script>");
});

test("a bad file says why and imports nothing", () => {
  const ok = (extra: object) => JSON.stringify({ format: "cqlplay-progress", version: 1, progress: {}, edits: {}, ...extra });
  const cases: [string, string, string?][] = [
    ["not json", "notJSON"],
    ["", "notJSON"],
    ["[1,2]", "notProgress"],
    ['{"read":{}}', "notProgress"],
    [JSON.stringify({ format: "cqlplay-progress", version: "1" }), "notProgress"],
    [JSON.stringify({ format: "cqlplay-progress", version: 2 }), "newerFile"],
    [ok({ progress: { read: { "../x": 1 } } }), "badEntry", "read “../x”"],
    [ok({ progress: { solved: { "keys#a": 1 } } }), "badEntry", "solved “keys#a”"],
    [ok({ progress: { read: { keys: "yesterday" } } }), "badEntry", "read “keys”"],
    [ok({ progress: { last: { path: "javascript:alert(1)", id: "" } } }), "badEntry", "last"],
    [ok({ edits: [] }), "badEntry", "edits"],
    [ok({ edits: { "cqlplay:theme": { base: "", text: "" } } }), "badEntry", "edits “cqlplay:theme”"],
    [ok({ edits: { "cqlplay:edit:/en/keys/#1": { text: 5, base: "" } } }), "badEntry", "edits “cqlplay:edit:/en/keys/#1”"],
    ["x".repeat((5 << 20) + 1), "tooBig"],
  ];
  for (const [text, why, what] of cases) {
    const r = readFile(text);
    assert.ok("why" in r, text.slice(0, 80));
    if (!("why" in r)) continue;
    assert.equal(r.why, why, text.slice(0, 80));
    assert.equal(r.what, what, text.slice(0, 80));
  }
  const r = readFile(ok({}));
  assert.ok(!("why" in r));
});

test("import merges: marks added with the earlier time, the later continue wins", () => {
  const a = emptyProgress();
  markRead(a, "keys", 5);
  a.last = { path: "/en/keys/", id: "", title: "", heading: "", at: 100 };
  const b = emptyProgress();
  markRead(b, "keys", 3);
  markRead(b, "ttl", 7);
  markSolved(b, "ttl", 0, 8);
  b.last = { path: "/en/ttl/", id: "x", title: "", heading: "", at: 50 };
  const m = mergeProgress(a, b);
  assert.deepEqual(m.read, { keys: 3, ttl: 7 });
  assert.deepEqual(m.solved, { "ttl#0": 8 });
  assert.equal(m.last?.path, "/en/keys/");
  b.last.at = 200;
  assert.equal(mergeProgress(a, b).last?.path, "/en/ttl/");
  assert.equal(typeof checkProgress({ last: { path: "/en/keys/", id: "x".repeat(201) } }), "string");
});
