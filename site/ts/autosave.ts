// The reader's saved edit of an example, in localStorage. Its rules, here
// only:
//   - one entry per example, keyed by the page's path and the example's index
//     (editKey), so the same lesson's examples never share an edit;
//   - an edit is kept only while it differs from the lesson's text: editing
//     back to the lesson's text removes the entry;
//   - the entry records the hash of the lesson text the edit started from,
//     so the page can say when the lesson changed under an edit (Older);
//   - storage that is full, forbidden (a sandboxed iframe) or holding
//     something else never stops editing: it reads as no saved edit;
//   - a keystroke's edit is written when the page is next idle, or when it
//     is left, or when flushEdits asks (saveEditSoon), never in the
//     keystroke's own task.

/** A saved edit: the reader's text and the hash of the lesson text it started from. */
export interface Saved {
  base: string;
  text: string;
}

/** The storage key of example index on the page at path. */
export function editKey(path: string, index: number): string {
  return `cqlplay:edit:${path}#${index}`;
}

/** The saved edit under key, or null when there is none (or storage fails). */
export function loadEdit(store: Pick<Storage, "getItem">, key: string): Saved | null {
  try {
    const s = store.getItem(key);
    if (!s) return null;
    const v = JSON.parse(s) as Saved | null;
    return v && typeof v.text === "string" ? v : null;
  } catch {
    return null;
  }
}

/** Saves text under key, or removes the entry when text is the lesson's (original). */
export function saveEdit(store: Pick<Storage, "setItem" | "removeItem">, key: string, base: string, original: string, text: string): void {
  try {
    if (text === original) store.removeItem(key);
    else store.setItem(key, JSON.stringify({ base, text } satisfies Saved));
  } catch {
    // storage may be full or forbidden (sandboxed iframe): editing still works
  }
}

/** The saves edits made and saveEditSoon has not written yet, by key: the last edit of a key wins. */
const pending = new Map<string, () => void>();

/** How long an edit may wait for the page to be idle before it is written anyway. */
const saveWithinMs = 1000;

/**
 * saveEdit, a little later. A keystroke's setItem took 0.6 ms of the
 * keystroke's own task in Chromium right after the page loaded (28 ms over
 * 46 keystrokes; docs/performance.md), the task the browser finishes before
 * it draws the typed character and before the engine's answer can be drawn.
 * So the edit is written when the page is next idle (within saveWithinMs),
 * and at once when the page is hidden or left, or when flushEdits is called
 * before anything reads or replaces the saved edits.
 */
export function saveEditSoon(store: Pick<Storage, "setItem" | "removeItem">, key: string, base: string, original: string, text: string): void {
  const idle = pending.size === 0;
  pending.set(key, () => saveEdit(store, key, base, original, text));
  if (!idle) return;
  listenForLeaving();
  if (typeof requestIdleCallback === "function") requestIdleCallback(flushEdits, { timeout: saveWithinMs });
  else setTimeout(flushEdits, 100);
}

/** Writes every edit saveEditSoon still holds. */
export function flushEdits(): void {
  const saves = [...pending.values()];
  pending.clear();
  for (const save of saves) save();
}

let listening = false;

/** A reload, a closed tab or a tab put away writes what is pending: an edit survives it. */
function listenForLeaving(): void {
  if (listening || typeof addEventListener !== "function") return;
  listening = true;
  addEventListener("pagehide", flushEdits);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushEdits();
  });
}
