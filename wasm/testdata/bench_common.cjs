// What the node benches of the bridge share: loading the module through
// cqlplay.mjs (the //go:wasmexport path) from the command line's
// WASM_EXEC_JS MODULE_WASM CQLPLAY_MJS, a percentile, and the browser
// bench's 50-statement script, so that every bench times the same work.
"use strict";
const fs = require("fs");
const { pathToFileURL } = require("url");
globalThis.fs ??= fs;

/** The module's bytes and the page's API, loaded as the page loads them. */
async function loadBridge(argv) {
  require(argv[2]);
  const bytes = fs.readFileSync(argv[3]);
  const { load } = await import(pathToFileURL(argv[4]).href);
  return { bytes, api: await load(bytes) };
}

/** The value at fraction p of the sorted times. */
function pct(a, p) { a = [...a].sort((x, y) => x - y); return a[Math.min(a.length - 1, Math.floor(a.length * p))]; }

/** The bench script's first 48 statements: a table and 47 rows over 5 partitions. */
function bench50Prefix() {
  let s = "CREATE TABLE perf (k int, c int, v text, PRIMARY KEY (k, c));\n";
  for (let i = 0; i < 47; i++) s += `INSERT INTO perf (k, c, v) VALUES (${i % 5}, ${i}, 'value ${i}');\n`;
  return s;
}

module.exports = { loadBridge, pct, bench50Prefix };
