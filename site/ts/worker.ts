// The engine's Web Worker: it loads Go's wasm_exec.js and the engine module,
// then runs scripts for the page, one at a time. Everything crosses as strings
// (JSON out), which is the cheap way across both boundaries.

import { load } from "cqlplay-bridge";
import type { Bridge } from "./bridge";
import type { FromWorker, ToWorker } from "./types";

declare function importScripts(...urls: string[]): void;

const scope = self as unknown as {
  postMessage(m: FromWorker): void;
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
};

// The schema query the page's completion reads; an engine without
// system_schema answers with an error and the page simply offers nothing.
const schemaQuery = "SELECT table_name, column_name FROM system_schema.columns WHERE keyspace_name = 'cqlplay';";

let bridge: Bridge | null = null;

async function init(m: { wasm: string; wasmExec: string }): Promise<void> {
  const t0 = performance.now();
  importScripts(m.wasmExec); // defines Go, which load needs
  bridge = await load(m.wasm);
  scope.postMessage({ type: "ready", ms: performance.now() - t0 });
}

function run(m: Extract<ToWorker, { type: "run" }>): void {
  const t0 = performance.now();
  const b = bridge!;
  const h = b.open(JSON.stringify({ version: m.version, timeoutMs: m.timeoutMs }));
  if (h === 0) {
    scope.postMessage({ type: "result", id: m.id, json: failure("the engine refused the session options"), schema: "", layouts: {}, ms: 0 });
    return;
  }
  try {
    for (const p of m.prelude) b.run(h, p);
    const json = b.run(h, m.script);
    let schema = "";
    try {
      schema = b.run(h, schemaQuery);
    } catch {
      schema = "";
    }
    // Every layout form the page shows; each is one JSON string.
    const layouts: Record<string, string> = {};
    for (const form of ["map", "cli", "sstabledump", "ring"]) layouts[form] = b.layout(h, form);
    scope.postMessage({ type: "result", id: m.id, json, schema, layouts, ms: performance.now() - t0 });
  } finally {
    b.close(h);
  }
}

function failure(msg: string): string {
  return JSON.stringify([{ statement: "", line: 1, warnings: [], error: { code: "ServerError", message: msg, cqlsh: "ServerError: " + msg } }]);
}

scope.onmessage = (e) => {
  const m = e.data;
  if (m.type === "init") {
    init(m).catch((err) => scope.postMessage({ type: "failed", error: String(err && err.message ? err.message : err) }));
  } else if (m.type === "run") {
    try {
      run(m);
    } catch (err) {
      scope.postMessage({ type: "result", id: m.id, json: failure(String(err)), schema: "", layouts: {}, ms: 0 });
    }
  }
};
