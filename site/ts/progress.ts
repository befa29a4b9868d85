// The reader's progress, in localStorage, and the file that carries it (and
// the saved edits, autosave.ts) to another browser. Its rules, here only:
//   - a lesson counts as read once the reader has scrolled to its end (the
//     pager after the article came into view); an exercise counts as solved
//     once all its checks pass (exercise.ts). Neither is ever taken back by
//     the page: a solved exercise edited into a wrong answer stays solved;
//   - lessons are keyed by slug, the same in every language, so a lesson read
//     in English is read in Chinese too; an exercise by slug and the example's
//     index (the languages' lessons have the same examples, TestContentLanguages);
//   - "continue" is the last lesson page visited and the heading the reader
//     was under there (its path and id), with the texts to show for them;
//   - everything read from storage or a file is data: it is checked for
//     shape here and drawn as text (a path must look like a lesson's, a
//     heading id only ever goes into a fragment, percent-encoded);
//   - an imported file is checked as a whole before anything is written: a
//     file with any malformed part imports nothing and says which part.
//     Import merges: read and solved marks are added, the later "continue"
//     wins, and the file's edits replace the page's edits of the same examples.

import type { Saved } from "./autosave";

export const progressKey = "cqlplay:progress";
export const editPrefix = "cqlplay:edit:";
export const fileFormat = "cqlplay-progress";
export const fileVersion = 1;
export const maxFileBytes = 5 << 20;

/** Where the reader left off: a lesson page and the heading they were under ("" for its top). */
export interface Last {
  path: string;
  id: string;
  title: string;
  heading: string;
  at: number;
}

export interface Progress {
  read: Record<string, number>; // slug -> when first read (ms since the epoch)
  solved: Record<string, number>; // slug#index -> when first solved
  last: Last | null;
}

export function emptyProgress(): Progress {
  return { read: {}, solved: {}, last: null };
}

const slugRe = /^[a-z0-9][a-z0-9-]{0,99}$/;
const solvedRe = /^[a-z0-9][a-z0-9-]{0,99}#\d{1,4}$/;
const pathRe = /^\/[a-z]{2}\/[a-z0-9][a-z0-9-]{0,99}\/$/;
const editKeyRe = /^cqlplay:edit:\/[^\s#]{1,300}#\d{1,4}$/;

/** Whether path is a lesson page's path (/en/some-slug/): the only links "continue" makes. */
export function isLessonPath(path: string): boolean {
  return pathRe.test(path);
}

/** The link to where the reader left off, or null. */
export function continueHref(last: Last | null): string | null {
  if (!last || !isLessonPath(last.path)) return null;
  return last.id ? last.path + "#" + encodeURIComponent(last.id) : last.path;
}

/** The key of exercise index of lesson slug. */
export function solvedKey(slug: string, index: number): string {
  return slug + "#" + index;
}

/** Marks a lesson read; false when it already was. */
export function markRead(p: Progress, slug: string, now: number): boolean {
  if (!slugRe.test(slug) || p.read[slug] !== undefined) return false;
  p.read[slug] = now;
  return true;
}

/** Marks an exercise solved; false when it already was. */
export function markSolved(p: Progress, slug: string, index: number, now: number): boolean {
  const k = solvedKey(slug, index);
  if (!solvedRe.test(k) || p.solved[k] !== undefined) return false;
  p.solved[k] = now;
  return true;
}

/** How many of a lesson's exercises are solved. */
export function solvedIn(p: Progress, slug: string): number {
  return Object.keys(p.solved).filter((k) => k.slice(0, k.lastIndexOf("#")) === slug).length;
}

/** A lesson's mark: done when read with every exercise solved, read, or none. */
export function lessonState(p: Progress, slug: string, exercises: number): "done" | "read" | "none" {
  if (p.read[slug] === undefined) return "none";
  return solvedIn(p, slug) >= exercises ? "done" : "read";
}

/** The reader's progress from storage: whatever is not progress reads as none. */
export function loadProgress(store: Pick<Storage, "getItem">): Progress {
  try {
    const r = checkProgress(JSON.parse(store.getItem(progressKey) ?? "null"));
    return typeof r === "string" ? emptyProgress() : r;
  } catch {
    return emptyProgress();
  }
}

/** Saves progress; false when storage refused (full, or forbidden). */
export function saveProgress(store: Pick<Storage, "setItem">, p: Progress): boolean {
  try {
    store.setItem(progressKey, JSON.stringify(p));
    return true;
  } catch {
    return false;
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isTime = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

/** Checks a parsed value is progress; else returns the name of its first malformed part. */
export function checkProgress(v: unknown): Progress | string {
  if (!isObj(v)) return "progress";
  const out = emptyProgress();
  for (const [field, re] of [["read", slugRe], ["solved", solvedRe]] as const) {
    const m = v[field] ?? {};
    if (!isObj(m)) return field;
    for (const [k, t] of Object.entries(m)) {
      if (!re.test(k) || !isTime(t)) return `${field} “${k.slice(0, 40)}”`;
      out[field][k] = t;
    }
  }
  const l = v.last ?? null;
  if (l !== null) {
    if (!isObj(l) || typeof l.path !== "string" || !isLessonPath(l.path) || typeof l.id !== "string" || l.id.length > 200) return "last";
    const text = (x: unknown) => (typeof x === "string" ? x.slice(0, 300) : "");
    out.last = { path: l.path, id: l.id, title: text(l.title), heading: text(l.heading), at: isTime(l.at) ? l.at : 0 };
  }
  return out;
}

/** The reader's saved edits, by storage key (autosave.ts's entries). */
export function collectEdits(store: Pick<Storage, "length" | "key" | "getItem">): Record<string, Saved> {
  const out: Record<string, Saved> = {};
  try {
    for (let i = 0; i < store.length; i++) {
      const k = store.key(i);
      if (k === null || !editKeyRe.test(k)) continue;
      try {
        const v = JSON.parse(store.getItem(k) ?? "null") as unknown;
        if (isObj(v) && typeof v.text === "string" && typeof v.base === "string") out[k] = { base: v.base, text: v.text };
      } catch {
        // not an edit: not exported
      }
    }
  } catch {
    // storage forbidden: nothing to export
  }
  return out;
}

/** The export file: progress and edits, as one JSON document. */
export function exportFile(p: Progress, edits: Record<string, Saved>, now: Date): string {
  return JSON.stringify({ format: fileFormat, version: fileVersion, exported: now.toISOString(), progress: p, edits }, null, 1) + "\n";
}

/** The file name of an export made on day now. */
export function exportName(now: Date): string {
  return `cqlplay-progress-${now.toISOString().slice(0, 10)}.json`;
}

export type ImportError = { why: "notJSON" | "notProgress" | "newerFile" | "badEntry" | "tooBig"; what?: string };
export type Imported = { progress: Progress; edits: Record<string, Saved> };

/** Reads an export file; an error says why it is not one (nothing of it is then imported). */
export function readFile(text: string): Imported | ImportError {
  if (text.length > maxFileBytes) return { why: "tooBig" };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { why: "notJSON" };
  }
  if (!isObj(v) || v.format !== fileFormat) return { why: "notProgress" };
  if (typeof v.version !== "number" || !Number.isInteger(v.version) || v.version < 1) return { why: "notProgress" };
  if (v.version > fileVersion) return { why: "newerFile" };
  const progress = checkProgress(v.progress ?? {});
  if (typeof progress === "string") return { why: "badEntry", what: progress };
  const e = v.edits ?? {};
  if (!isObj(e)) return { why: "badEntry", what: "edits" };
  const edits: Record<string, Saved> = {};
  for (const [k, s] of Object.entries(e)) {
    if (!editKeyRe.test(k) || !isObj(s) || typeof s.text !== "string" || typeof s.base !== "string") {
      return { why: "badEntry", what: `edits “${k.slice(0, 60)}”` };
    }
    edits[k] = { base: s.base, text: s.text };
  }
  return { progress, edits };
}

/** Adds b's marks to a's (the earlier time kept); the later "continue" wins. */
export function mergeProgress(a: Progress, b: Progress): Progress {
  const out: Progress = { read: { ...a.read }, solved: { ...a.solved }, last: a.last };
  for (const f of ["read", "solved"] as const) {
    for (const [k, t] of Object.entries(b[f])) out[f][k] = out[f][k] === undefined ? t : Math.min(out[f][k], t);
  }
  if (b.last && (!a.last || b.last.at > a.last.at)) out.last = b.last;
  return out;
}

/** Writes an imported file into storage; false when storage refused (what was written stays). */
export function applyImport(store: Pick<Storage, "getItem" | "setItem">, f: Imported): boolean {
  try {
    for (const [k, s] of Object.entries(f.edits)) store.setItem(k, JSON.stringify(s));
    store.setItem(progressKey, JSON.stringify(mergeProgress(loadProgress(store), f.progress)));
    return true;
  } catch {
    return false;
  }
}
