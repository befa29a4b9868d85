// Times cqlplay.layoutAt, a caret move in the page's time travel, through
// cqlplay.mjs (the //go:wasmexport path), for docs/performance.md ("Time
// travel"): the browser bench's 50-statement script, kept by a rerun, and
// the layout after each of its statements in turn, in the Storage view's
// form (map) and the cassandra-cli one. It prints the median and p95 in ms.
//
// usage: node bench_layoutat.cjs WASM_EXEC_JS MODULE_WASM CQLPLAY_MJS
"use strict";
const fs = require("fs");
const { pathToFileURL } = require("url");
globalThis.fs ??= fs;
require(process.argv[2]);
const bytes = fs.readFileSync(process.argv[3]);

function pct(a, p) { a = [...a].sort((x, y) => x - y); return a[Math.min(a.length - 1, Math.floor(a.length * p))]; }

async function main() {
  const { load } = await import(pathToFileURL(process.argv[4]).href);
  const api = await load(bytes);
  let bench50 = "CREATE TABLE perf (k int, c int, v text, PRIMARY KEY (k, c));\n";
  for (let i = 0; i < 47; i++) bench50 += `INSERT INTO perf (k, c, v) VALUES (${i % 5}, ${i}, 'value ${i}');\n`;
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
