// The engine's Web Worker: it loads Go's wasm_exec.js and the engine module,
// then answers the page's requests one at a time (serve.ts). It compiles the
// module itself and hands the compiled module to the page once it is ready,
// so that the page's own engine (inline.ts) can start from the same compiled
// code without a second download or compile.

import "wasm-exec"; // Go's wasm_exec.js: defines globalThis.Go, which load needs
import { load } from "cqlplay-bridge";
import { engineSource } from "./onefile";
import { failedReply, Server, type ServedBridge } from "./serve";
import type { FromWorker, ToWorker } from "./types";

const scope = self as unknown as {
  postMessage(m: FromWorker): void;
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
};

/** The engine's URL path, defined by the build (esbuild's define). */
declare const CQLPLAY_ENGINE: string;

let bridge: ServedBridge | null = null;
let server: Server | null = null;

async function init(wasm: string): Promise<void> {
  const t0 = performance.now();
  const module = await compile(engineSource(wasm));
  bridge = await load(module);
  server = new Server(bridge);
  scope.postMessage({ type: "ready", ms: performance.now() - t0 });
  try {
    scope.postMessage({ type: "module", module });
  } catch {
    // a browser that cannot pass a compiled module: every run stays here
  }
  warmSoon();
}

/**
 * Compiles the engine while it downloads when the host sends
 * application/wasm, and from its bytes otherwise (a host with the wrong
 * Content-Type breaks streaming).
 */
async function compile(source: string | Promise<Response>): Promise<WebAssembly.Module> {
  const response = await (typeof source === "string" ? fetch(source) : source);
  if (!response.ok) throw new Error("fetching " + response.url + ": HTTP " + response.status);
  if ((response.headers.get("Content-Type") ?? "").split(";")[0].trim() === "application/wasm") return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}

/*
 * Warm-up. V8 first compiles the engine's functions quickly and plainly
 * (Liftoff) and optimises a function only after it has run for a while.
 * Measured in Chromium, in a fresh worker: the first 125 runs of a
 * 50-statement script took 0.8-1.0 ms each (p95 4-12 ms), and later runs
 * took 0.5 ms. So while the worker has nothing to do, it runs a lesson-like
 * script in a throwaway session, one short slice at a time, until warmRuns
 * slices have run. The reader's first keystrokes then meet the optimised
 * engine. A request always comes first: a slice starts only after idleMs
 * without one, so a reader who types at once is never queued behind
 * warm-up slices, nor shares the machine with the optimising compiles they
 * set off (measured: typing right after the page loaded went from p50 14 to
 * 21 ms with a 50 ms pause); that reader's own runs warm the engine instead.
 */
const warmScript = `CREATE TABLE warm (k text, c int, v text, n bigint, PRIMARY KEY (k, c)) WITH CLUSTERING ORDER BY (c DESC);
INSERT INTO warm (k, c, v, n) VALUES ('a', 1, 'one', 10);
INSERT INTO warm (k, c, v, n) VALUES ('a', 2, 'two', 20);
INSERT INTO warm (k, c, v, n) VALUES ('b', 1, 'three', 30) USING TTL 3600;
INSERT INTO warm (k, c, v) VALUES ('b', 2, 'four');
UPDATE warm SET v = 'five', n = 50 WHERE k = 'c' AND c = 1;
DELETE v FROM warm WHERE k = 'a' AND c = 2;
SELECT * FROM warm WHERE k = 'a';
SELECT v, n FROM warm WHERE k = 'b' AND c >= 1 AND c < 3;
SELECT k, count(*) FROM warm WHERE k IN ('a', 'b') GROUP BY k;
SELECT * FROM warm WHERE v = 'two';
SELECT * FROM warm WHERE c = 1 ALLOW FILTERING;
INSERT INTO warm (k, c) VALUES ('a');
SELEC * FROM warm;
`;
const warmRuns = 400;
const idleMs = 1000;
let warmed = 0;
let lastRequest = 0;
let warmTimer: ReturnType<typeof setTimeout> | undefined;

function warmSoon(): void {
  clearTimeout(warmTimer);
  if (warmed < warmRuns) warmTimer = setTimeout(warm, Math.max(0, lastRequest + idleMs - performance.now()));
}

function warm(): void {
  if (!bridge || warmed >= warmRuns) return;
  if (performance.now() - lastRequest < idleMs) return warmSoon();
  const t0 = performance.now();
  // A few slices per task, within about a millisecond and a half.
  do {
    const h = bridge.open("");
    // Every other slice through rerun, the call the reader's edits take.
    if (warmed % 2 === 1 && bridge.rerun) bridge.rerun(h, warmScript);
    else bridge.run(h, warmScript);
    if (warmed % 8 === 0) bridge.layout(h, "map");
    bridge.close(h);
    warmed++;
  } while (warmed < warmRuns && performance.now() - t0 < 1.5);
  if (warmed >= warmRuns) scope.postMessage({ type: "warm" });
  else warmTimer = setTimeout(warm, 0);
}

scope.onmessage = (e) => {
  scope.postMessage(server ? server.handle(e.data) : failedReply(e.data.id, "the engine is not loaded yet"));
  lastRequest = performance.now();
  warmSoon();
};

// The build writes the engine's URL into this script (build/sitegen/assets.go), so
// the download and compile start as soon as it runs, with no message from
// the page in between.
scope.postMessage({ type: "started" });
(CQLPLAY_ENGINE ? init(CQLPLAY_ENGINE) : Promise.reject(new Error("this build has no engine (./wasm)"))).catch((err) =>
  scope.postMessage({ type: "failed", error: String(err && err.message ? err.message : err) }),
);
