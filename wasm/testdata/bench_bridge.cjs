// Times the bridge's two paths on small calls, for docs/performance.md
// ("WebAssembly"): an empty script (the boundary alone), and a 50-row
// single-partition SELECT per call (W2's shape), 2,000 calls a round, 7 rounds;
// it prints the fastest round and the median, in µs per call.
//
// usage: node bench_bridge.cjs WASM_EXEC_JS MODULE_WASM CQLPLAY_MJS plain|module
"use strict";
const fs = require("fs");
const { pathToFileURL } = require("url");
globalThis.fs ??= fs;
require(process.argv[2]);
const bytes = fs.readFileSync(process.argv[3]);

async function plain() {
  const go = new Go();
  const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
  go.run(instance);
  return globalThis.cqlplay;
}
async function fast() {
  const { load } = await import(pathToFileURL(process.argv[4]).href);
  return load(bytes);
}
function median(a) { a = [...a].sort((x, y) => x - y); return a[a.length >> 1]; }

async function measure(name, api) {
  const h = api.open();
  let setup = "CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c));\n";
  for (let k = 0; k < 200; k++) for (let c = 0; c < 50; c++) setup += `INSERT INTO t (k, c, v) VALUES (${k}, ${c}, 'value ${k} ${c}');\n`;
  api.run(h, setup);
  const calls = [];
  for (let i = 0; i < 2000; i++) calls.push(`SELECT * FROM t WHERE k = ${i % 200};`);
  const res = {};
  for (const [label, f] of [
    ["empty script", (i) => api.run(h, "")],
    ["one 50-row SELECT + JSON.parse", (i) => JSON.parse(api.run(h, calls[i]))],
    ["one 50-row SELECT", (i) => api.run(h, calls[i])],
  ]) {
    const rounds = [];
    for (let r = 0; r < 7; r++) {
      const t0 = performance.now();
      for (let i = 0; i < 2000; i++) f(i);
      rounds.push(((performance.now() - t0) * 1000) / 2000);
    }
    res[label] = Math.min(...rounds).toFixed(2) + " (median " + median(rounds).toFixed(2) + ")";
  }
  console.log(name, JSON.stringify(res));
}
(async () => {
  const mode = process.argv[5];
  await measure(mode, mode === "plain" ? await plain() : await fast());
})();
