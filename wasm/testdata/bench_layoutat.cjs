// Times cqlplay.layoutAt, a caret move in the page's time travel, through
// cqlplay.mjs (the //go:wasmexport path), for docs/performance.md ("Time
// travel"): the browser bench's 50-statement script, kept by a rerun, and
// the layout after each of its statements in turn, in the Storage view's
// form (map) and the cassandra-cli one. It prints the median and p95 in ms.
//
// usage: node bench_layoutat.cjs WASM_EXEC_JS MODULE_WASM CQLPLAY_MJS
"use strict";
const { loadBridge, pct, bench50Prefix } = require("./bench_common.cjs");

async function main() {
  const { api } = await loadBridge(process.argv);
  let bench50 = bench50Prefix();
  bench50 += "DELETE FROM perf WHERE k = 1 AND c = 1;\nSELECT * FROM perf WHERE k = 1;\n";
  const h = api.open();
  const outs = JSON.parse(api.rerun(h, bench50)).length;
  for (const form of ["map", "cli"]) {
    const times = [];
    for (let round = 0; round < 6; round++) {
      for (let n = 0; n < outs; n++) {
        const t0 = performance.now();
        const reply = api.layoutAt(h, form, n);
        JSON.parse(reply);
        times.push(performance.now() - t0);
      }
    }
    console.log(`bench50 layoutAt ${form}: p50 ${pct(times, 0.5).toFixed(3)} ms, p95 ${pct(times, 0.95).toFixed(3)} ms (${times.length} caret moves, reply parsed)`);
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
