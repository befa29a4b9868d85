import assert from "node:assert/strict";
import { test } from "node:test";
import { editKey, flushEdits, loadEdit, saveEdit, saveEditSoon } from "./autosave";
import { memoryStorage } from "./teststorage";

test("each example of each page has its own key", () => {
  assert.equal(editKey("/lessons/keys/", 3), "cqlplay:edit:/lessons/keys/#3");
  assert.notEqual(editKey("/a/", 1), editKey("/a/", 2));
  assert.notEqual(editKey("/a/", 1), editKey("/b/", 1));
});

test("an edit is saved with the lesson text's hash, and editing back to the lesson's text removes it", () => {
  const s = memoryStorage();
  const k = editKey("/a/", 0);
  saveEdit(s, k, "h1", "lesson", "mine");
  assert.deepEqual(JSON.parse(s.m.get(k)!), { base: "h1", text: "mine" });
  assert.deepEqual(loadEdit(s, k), { base: "h1", text: "mine" });
  saveEdit(s, k, "h1", "lesson", "lesson");
  assert.equal(s.m.has(k), false);
  assert.equal(loadEdit(s, k), null);
});

test("what storage holds that is not an edit reads as none", () => {
  const s = memoryStorage();
  for (const v of ["", "{", "null", "3", '{"base":"h"}', '{"text":5}']) {
    s.m.set("k", v);
    assert.equal(loadEdit(s, "k"), null, v);
  }
  s.m.set("k", '{"text":"t"}');
  assert.deepEqual(loadEdit(s, "k"), { text: "t" });
});

test("storage that fails never stops editing", () => {
  const failing = {
    getItem(): string {
      throw new Error("SecurityError");
    },
    setItem(): void {
      throw new Error("QuotaExceededError");
    },
    removeItem(): void {
      throw new Error("SecurityError");
    },
  };
  assert.equal(loadEdit(failing, "k"), null);
  assert.doesNotThrow(() => saveEdit(failing, "k", "h", "lesson", "mine"));
  assert.doesNotThrow(() => saveEdit(failing, "k", "h", "lesson", "lesson"));
});

test("saveEditSoon writes each key's last edit once the page is idle, or at once when flushed", async () => {
  const store = memoryStorage();
  saveEditSoon(store, "k1", "h", "orig", "first");
  saveEditSoon(store, "k1", "h", "orig", "second");
  saveEditSoon(store, "k2", "h", "orig", "other");
  assert.equal(store.m.size, 0, "nothing is written in the keystroke's own task");
  flushEdits();
  assert.deepEqual(loadEdit(store, "k1"), { base: "h", text: "second" });
  assert.deepEqual(loadEdit(store, "k2"), { base: "h", text: "other" });
  // Editing back to the lesson's text removes the entry, later too.
  saveEditSoon(store, "k1", "h", "orig", "orig");
  assert.notEqual(loadEdit(store, "k1"), null);
  // Node has no requestIdleCallback: the fallback timer writes it.
  while (loadEdit(store, "k1") !== null) await new Promise((resolve) => setTimeout(resolve, 10));
});
