// The page's entry point: it turns each pre-rendered playground into a live
// widget once the engine worker is ready. Without JavaScript, or before the
// engine loads, the build's results stay on the page.

import { Engine } from "./engine";
import type { UI } from "./types";
import { Widget } from "./widget";

function boot(): void {
  const figs = [...document.querySelectorAll<HTMLElement>("figure.pg")];
  const body = document.body.dataset;
  if (figs.length === 0 || !body.wasm || !body.worker) return;
  const ui = JSON.parse(body.ui ?? "{}") as UI;
  document.documentElement.classList.add("js");
  // runlimit and enginelimit (ms) override the bounds, for tests and for
  // readers on slow machines.
  const q = new URLSearchParams(location.search);
  const limit = Number(q.get("runlimit"));
  const limitMs = limit > 0 ? limit : 5000;
  const elimit = Number(q.get("enginelimit"));
  const engineMs = elimit > 0 ? elimit : Math.floor(limitMs / 2);
  // debounce (ms) is how long typing must pause before a run; by default
  // none: a run starts at once when the worker is idle, and keystrokes that
  // arrive during a run are coalesced into the next one (engine.ts).
  const debounce = q.get("debounce");
  const debounceMs = debounce !== null && Number(debounce) >= 0 ? Number(debounce) : 0;
  // quiet (ms) is how long the reader must pause before background runs
  // (the examples that continue an edited one) take the worker.
  const quiet = q.get("quiet");
  const quietMs = quiet !== null && Number(quiet) >= 0 ? Number(quiet) : 300;
  performance.mark("pg-boot");
  const engine = new Engine({
    worker: body.worker,
    wasm: body.wasm,
    wasmExec: body.wasmExec ?? "",
    limitMs,
    engineMs,
    quietMs,
  });
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
    dependents(i: number): Widget[] {
      return [...widgets.values()].filter((w) => w.prelude.includes(i));
    },
    firstResult(): void {
      if (!first) return;
      first = false;
      performance.mark("pg-first-result");
      document.documentElement.dataset.firstResult = String(Math.round(performance.now()));
    },
  };
  for (const fig of figs) {
    const w = new Widget(fig, ctx);
    widgets.set(w.index, w);
  }
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
      for (const fig of figs) {
        const s = fig.querySelector(".pg-status");
        if (s) s.textContent = ui.engineFailed.replace("{e}", err.message);
      }
    },
  );
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
else boot();
