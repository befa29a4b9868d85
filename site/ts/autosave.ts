// The reader's saved edit of an example, in localStorage. Its rules, here
// only:
//   - one entry per example, keyed by the page's path and the example's index
//     (editKey), so the same lesson's examples never share an edit;
//   - an edit is kept only while it differs from the lesson's text: editing
//     back to the lesson's text removes the entry;
//   - the entry records the hash of the lesson text the edit started from,
//     so the page can say when the lesson changed under an edit (Older);
//   - storage that is full, forbidden (a sandboxed iframe) or holding
//     something else never stops editing: it reads as no saved edit.

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
