// The page's entry point: it starts the engine worker as soon as it runs and
// turns each pre-rendered playground into a live widget once the page is
// parsed; the widgets run once the engine is ready. Without JavaScript, or
// before the engine loads, the build's results stay on the page.
//
// The script is loaded async, and a lesson's script element carries the
// engine's URLs: the worker, the .wasm download and its compile start while
// the rest of the page is still being parsed.

import { watchCompare } from "./compare";
import { applyEmbedParams, postHeight } from "./embed";
import { Engine } from "./engine";
import { keepPlaceAcrossLanguages } from "./langswitch";
import { oneFile, pageShown } from "./onefile";
import { wirePicker } from "./play";
import { startReader } from "./reader";
import type { UI } from "./types";
import { Widget } from "./widget";

/** The engine's limits and the typing pauses, from the page's query (tests, and readers on slow machines). */
function settings() {
  const q = new URLSearchParams(location.search);
  const ms = (name: string, fallback: number, min: number) => {
    const v = q.get(name);
    return v !== null && v !== "" && Number(v) >= min ? Number(v) : fallback;
  };
  // runlimit and enginelimit (ms) override the bounds of one run.
  const limitMs = ms("runlimit", 5000, 1);
  const engineMs = ms("enginelimit", Math.floor(limitMs / 2), 1);
  // debounce (ms) is how long typing must pause before a run; by default
  // none: a run starts at once when the worker is idle, and keystrokes that
  // arrive during a run are coalesced into the next one (engine.ts).
  const debounceMs = ms("debounce", 0, 0);
  // quiet (ms) is how long the reader must pause before background runs
  // (the examples that continue an edited one) take the worker.
  const quietMs = ms("quiet", 300, 0);
  // inlinelimit (ms) is a slow run of the reader's on the page's own engine
  // (engine.ts, inline.ts: four times it stops the run there); 0 keeps every
  // run in the worker.
  const inlineMs = ms("inlinelimit", 25, 0);
  return { limitMs, engineMs, debounceMs, quietMs, inlineMs };
}

const assets = (document.currentScript as HTMLScriptElement | null)?.dataset;
let early: Engine | null = null;
if (assets?.worker && assets.wasm) early = startEngine(assets.worker);

function startEngine(worker: string): Engine {
  performance.mark("pg-boot");
  const { limitMs, engineMs, quietMs, inlineMs } = settings();
  // The one-file build has no page engine's script: its runs stay in the worker.
  const inline = inlineMs > 0 ? (assets?.inline ?? "") : "";
  return new Engine({ worker, limitMs, engineMs, quietMs, inline, inlineMs });
}

/**
 * Registers the service worker (sw.ts), which keeps every page and asset for
 * offline reading once a page has what it came for: its install downloads
 * the whole site, which must not compete with a lesson's first result.
 */
function keepOffline(): void {
  if (oneFile()) return; // the one-file build (build/sitegen/single.go) is offline already
  try {
    const sw = navigator.serviceWorker;
    if (!sw) return;
    const controlled = sw.controller !== null;
    sw.register("/sw.js")
      .then(() => {
        if (!controlled && document.body.classList.contains("embed")) keepThisPage(sw);
      })
      .catch(() => {});
  } catch {
    // an opaque-origin (sandboxed) iframe has no service worker
  }
}

/**
 * An embed page is on no list the service worker keeps on install (there is
 * one per example, and they live in other sites' frames), and its first
 * visit did not pass through the worker. So once the worker controls the
 * page, the page asks for itself again: the worker keeps what it fetches,
 * and the frame opens offline from then on, like every page of the site.
 */
function keepThisPage(sw: ServiceWorkerContainer): void {
  const again = () => void fetch(location.href).catch(() => {});
  if (sw.controller) again();
  else sw.addEventListener("controllerchange", again, { once: true });
}

async function boot(): Promise<void> {
  const figs = [...document.querySelectorAll<HTMLElement>("figure.pg")];
  const body = document.body.dataset;
  const embed = document.body.classList.contains("embed");
  if (embed) figs.forEach(applyEmbedParams);
  const worker = assets?.worker ?? body.worker;
  const wasm = assets?.wasm ?? body.wasm;
  if (figs.length === 0 || !worker || !wasm) {
    early?.terminate(); // a page without playgrounds
    if (embed) postHeight();
    if (document.readyState === "complete") keepOffline();
    else addEventListener("load", keepOffline);
    return;
  }
  const ui = JSON.parse(body.ui ?? "{}") as UI;
  document.documentElement.classList.add("js");
  const { limitMs, debounceMs } = settings();
  const engine = early ?? startEngine(worker);
  const widgets = new Map<number, Widget>();
  let first = true;
  const ctx = {
    engine,
    ui,
    limitMs,
    debounceMs,
    textOf(i: number): string {
      const w = widgets.get(i);
      if (w) return w.editor.value;
      return document.querySelector(`.pg-setup[data-index="${i}"]`)?.textContent ?? "";
    },
    pristine(i: number): boolean {
      return widgets.get(i)?.pristine ?? true;
    },
    dependents(i: number): Widget[] {
      return [...widgets.values()].filter((w) => w.prelude.includes(i));
    },
    firstResult(): void {
      if (!first) return;
      first = false;
      performance.mark("pg-first-result");
      document.documentElement.dataset.firstResult = String(Math.round(performance.now()));
      keepOffline();
      // The page's own engine (engine.ts) starts once the page has been
      // settled a while (inlineDelayMs, then idle), so that a reader who
      // types has it; going to an editor starts it sooner, and is what
      // starts it in an embed: a wiki page may hold many, and each would pay
      // for an engine its reader may never type in. Its start is one task
      // of the page's thread (about 70 ms here, 290 ms on a phone's CPU):
      // not while the page is still arriving, where it held up a tap
      // (Lighthouse counted it as blocking time).
      if (embed) return;
      setTimeout(() => {
        if (typeof requestIdleCallback === "function") requestIdleCallback(() => engine.wantInline(), { timeout: 1000 });
        else engine.wantInline();
      }, inlineDelayMs);
    },
  };
  // Model A against model B tables listen before any widget runs.
  for (const vs of document.querySelectorAll<HTMLElement>("section.vs")) watchCompare(vs, ui);
  // Built a few at a time, the page's thread free between: on a phone's CPU
  // building a lesson's playgrounds at once was one task of 300 ms and more,
  // a tap in it waiting (Lighthouse's total blocking time).
  let slice = performance.now();
  for (const fig of figs) {
    if (performance.now() - slice > widgetSliceMs) {
      await yieldToPage();
      slice = performance.now();
    }
    const w = new Widget(fig, ctx);
    widgets.set(w.index, w);
    if (fig.dataset.key === "play") wirePicker(fig, w.editor);
  }
  // Only now: before the widgets hide their other views (the "js" class,
  // the tabs), the page is its taller no-JavaScript layout, and a frame
  // sized to that would make the wiki's page jump.
  if (embed) postHeight();
  addEventListener("hashchange", () => widgets.forEach((w) => w.openShared()));
  engine.ready.then(
    (ms) => {
      performance.mark("pg-engine-ready");
      document.documentElement.dataset.engine = "ready";
      document.documentElement.dataset.engineMs = String(Math.round(ms));
      // Every widget runs once, those on screen first: the others show
      // their pre-rendered results meanwhile.
      const all = [...widgets.values()];
      const onScreen = all.filter((w) => w.onScreen());
      for (const w of [...onScreen, ...all.filter((w) => !onScreen.includes(w))]) w.schedule(0, false);
    },
    (err: Error) => {
      document.documentElement.dataset.engine = "failed";
      keepOffline(); // the lessons still read offline
      for (const fig of figs) {
        const s = fig.querySelector(".pg-status");
        if (s) s.textContent = ui.engineFailed.replace("{e}", err.message);
      }
    },
  );
}

/** How long after the first result the page's own engine starts unasked (page.ts firstResult). */
const inlineDelayMs = 4000;

/** How long one task builds widgets before it lets the page's thread go. */
const widgetSliceMs = 30;

/** Resolves in a task of its own, after what waits (input, rendering). */
function yieldToPage(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (s?.yield) return s.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// The widgets come alive once the page is parsed and the engine's worker has
// started (or after startWaitMs, should it be slow to): building them lays the
// page out again, and a busy page thread holds back the worker's start.
const startWaitMs = 300;
const parsed = new Promise<void>((resolve) => {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => resolve());
  else resolve();
});
const workerStarted = early ? Promise.race([early.started, new Promise<void>((r) => setTimeout(r, startWaitMs))]) : undefined;
// The reader's place from the other language is restored once the widgets
// are built: building them shortens the page above the place (the views
// but one hidden), and a place restored before that drifted down the page.
Promise.all([parsed, workerStarted]).then(pageShown).then(boot).finally(keepPlaceAcrossLanguages);
// Progress, "continue" and search (reader.ts), whatever the page (in the
// one-file build, once the page is unpacked).
void parsed.then(pageShown).then(startReader);
