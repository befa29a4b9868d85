// Times each layout form of a table of many generated rows through
// cqlplay.mjs (the //go:wasmexport path), unbounded (cqlplay.layout, what
// an outside caller and the command line's --layout get) and, for the
// forms the page bounds, cqlplay.layoutBounded, for docs/performance.md
// ("The whole layout of big data"). Each form runs in a fresh module, so
// the memory it reports (the module's linear memory, which never shrinks,
// and the process's resident set) is that form's peak.
//
// usage: node bench_biglayout.cjs WASM_EXEC_JS MODULE_WASM CQLPLAY_MJS ROWS FORM [bounded]
"use strict";
const { loadBridge } = require("./bench_common.cjs");

async function main() {
  const rows = Number(process.argv[5]);
  const form = process.argv[6];
  const bounded = process.argv[7] === "bounded";
  // The module's memory: the instance cqlplay.mjs instantiates.
  let memory = null;
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async (...args) => {
    const r = await instantiate(...args);
    memory = (r.instance ?? r).exports.mem;
    return r;
  };
  const { api } = await loadBridge(process.argv);
  const script = `CREATE TABLE sensor_log (sensor text, at timestamp, temperature double, PRIMARY KEY (sensor, at));
-- @fill sensor_log ${rows} sensor=seq(20) at=series('2026-01-01T00:00:00Z', 10s) temperature=uniform(-5, 30)
`;
  const h = api.open(JSON.stringify({ timeoutMs: 600000 }));
  let t0 = performance.now();
  const outs = JSON.parse(api.rerun(h, script));
  const fillMs = performance.now() - t0;
  if (outs.some((o) => o.error)) throw new Error(JSON.stringify(outs));
  const mb = (n) => (n / 1048576).toFixed(0) + " MB";
  const before = process.memoryUsage();
  const memBefore = memory.buffer.byteLength;
  t0 = performance.now();
  let reply = "";
  let err = "";
  try {
    reply = bounded ? api.layoutBounded(h, form, "") : api.layout(h, form);
    const e = JSON.parse(reply).error;
    if (e) err = " error: " + e.message;
  } catch (e) {
    err = " threw: " + String(e).slice(0, 200);
  }
  const ms = performance.now() - t0;
  const after = process.memoryUsage();
  const memAfter = memory.buffer.byteLength;
  console.log(`${rows} rows, fill ${(fillMs / 1000).toFixed(1)} s; ${bounded ? "layoutBounded" : "layout"} ${form}: ${(ms / 1000).toFixed(2)} s, reply ${mb(reply.length)} chars; the module's memory ${mb(memBefore)} -> ${mb(memAfter)}, rss ${mb(before.rss)} -> ${mb(after.rss)}${err}`);
}
main().catch((e) => { console.error(String(e).slice(0, 500)); process.exit(1); });
