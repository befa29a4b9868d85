// The page's head script: what must happen before the first paint. It is
// small and loaded without async or defer in <head>, so it runs before the
// page is first laid out.
//
// 1. The engine's worker starts here on a lesson (its script element carries
//    the worker's URL): the worker thread's start-up, the .wasm download and
//    its compile then overlap the page's first layout instead of waiting for
//    the async page script, which Chromium runs only after it. What the
//    worker says before engine.ts takes it over (its messages, or the error
//    of a script that failed to load) is kept for it (EarlyWorker).
//
// 2. The reader's light/dark choice sets <html data-theme> before the first
//    paint, so the page never flashes the other palette. With no choice
//    stored (or an unknown one), the page follows the system setting
//    (prefers-color-scheme, in site.css). The choice lives in localStorage,
//    read as text and compared with the known values only, and applies to
//    every page and every open tab (the storage event). The header's control
//    needs this script: site.css shows it only under html.js (4).
//
// 3. An embed page (its script element says data-embed, with the site's
//    languages) follows its query's theme= over the reader's choice, and
//    its lang= goes to the same embed in that language before anything
//    loads (embedparams.ts, docs/embedding.md).
//
// 4. <html class="js"> says, from the first paint, that the page's script
//    will run: the page is laid out as it will stay (one view per
//    playground, the Theme control and the search box in the header, the
//    lesson's progress line's room), not first in its taller no-JavaScript
//    form that then collapses (Lighthouse counted that as layout shift).
//    A reader with saved progress gets "returning", which keeps the index's
//    "continue" line's room.

import { embedParams, pathInLang } from "./embedparams";

import { pageShown } from "./onefile";

/** A worker started by this script, and what it said before page.ts took it. */
export interface EarlyWorker {
  worker: Worker;
  messages: MessageEvent[];
  error?: string; // the worker's script failed to load or run
}

document.documentElement.classList.add("js");
try {
  if (localStorage.getItem("cqlplay:progress") !== null) document.documentElement.classList.add("returning"); // progress.ts progressKey
} catch {
  // storage forbidden: no progress to show either
}

const boot = (document.currentScript as HTMLScriptElement | null)?.dataset;
const langs = boot?.embed?.split(" ") ?? [];
const embed = boot?.embed !== undefined ? embedParams(location.search, [], langs) : null;
const other = embed?.lang ? pathInLang(location.pathname, embed.lang, langs) : null;
if (other !== null) location.replace(other + location.search + location.hash);
else if (boot?.worker) {
  try {
    performance.mark("pg-worker");
    const worker = new Worker(boot.worker);
    const early: EarlyWorker = { worker, messages: [] };
    worker.onmessage = (e) => early.messages.push(e);
    worker.onerror = (e) => (early.error = e.message || "worker error");
    (globalThis as { cqlplayEarlyWorker?: EarlyWorker }).cqlplayEarlyWorker = early;
  } catch {
    // page.ts starts one itself
  }
}

const key = "cqlplay:theme";
type Theme = "light" | "dark" | "system";

function stored(): Theme {
  try {
    const v = localStorage.getItem(key);
    return v === "light" || v === "dark" ? v : "system";
  } catch {
    return "system"; // storage forbidden (sandboxed iframe): follow the system
  }
}

function apply(t: Theme): void {
  const root = document.documentElement;
  if (t === "system") delete root.dataset.theme;
  else root.dataset.theme = t;
}

function wire(): void {
  const select = document.getElementById("theme") as HTMLSelectElement | null;
  if (!select) return; // an embed page: no header
  select.value = stored();
  select.addEventListener("change", () => {
    const t = (["light", "dark"].includes(select.value) ? select.value : "system") as Theme;
    try {
      if (t === "system") localStorage.removeItem(key);
      else localStorage.setItem(key, t);
    } catch {
      // not kept, but this page still switches
    }
    apply(t);
  });
  select.closest<HTMLElement>(".theme")!.hidden = false;
}

const forced = embed?.theme ?? null;
apply(forced ?? stored());
addEventListener("storage", (e) => {
  if (forced || (e.key !== key && e.key !== null)) return;
  const t = stored();
  apply(t);
  const select = document.getElementById("theme") as HTMLSelectElement | null;
  if (select) select.value = t;
});
// The header exists once the page is parsed (and, in the one-file build,
// unpacked: pageShown).
const wireShown = () => pageShown().then(wire);
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wireShown);
else wireShown();
