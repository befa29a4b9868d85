// Times cqlplay.rerun against cqlplay.run on a fresh handle for an edit to
// the last statement of a script, through cqlplay.mjs (the //go:wasmexport
// path), for docs/performance.md ("Incremental runs"): the browser bench's
// 50-statement script, the same after 100,000 INSERTs (W1's shape), and after
// a -- @fill of 100,000 rows. It prints the median and p95 in ms.
//
// usage: node bench_rerun.cjs WASM_EXEC_JS MODULE_WASM CQLPLAY_MJS
"use strict";
const { loadBridge, pct, bench50Prefix } = require("./bench_common.cjs");

async function main() {
  const { api } = await loadBridge(process.argv);
  let bench50 = bench50Prefix();
  bench50 += "SELECT * FROM perf WHERE k = 1;\n";
  let w1 = "CREATE TABLE readings (sensor text, day text, ts bigint, value double, note text, PRIMARY KEY ((sensor, day), ts));\n";
  for (let i = 0; i < 100000; i++) w1 += `INSERT INTO readings (sensor, day, ts, value, note) VALUES ('s${i % 200}', '2026-01-01', ${1767225600000 + Math.floor(i / 200) * 10000}, ${(i * 7919) % 100000 / 100}, 'ok');\n`;
  const fill = "CREATE TABLE readings (sensor text, day text, ts bigint, value double, note text, PRIMARY KEY ((sensor, day), ts));\n" +
    "-- @fill readings 100000 sensor=seq(200, 's') day='2026-01-01' ts=series(1767225600000, 10000) value=uniform(0, 1000) note=pick('ok', 'calm', 'gust', 'rain')\n";
  for (const [name, prefix, n] of [["bench50", bench50, 200], ["w1-100k", w1 + bench50, 100], ["fill-100k", fill + bench50, 100]]) {
    const edits = [prefix + "SELECT * FROM perf WHERE v = 'x';\n", prefix + "SELECT * FROM perf WHERE v = 'y';\n"];
    const full = [], re = [];
    const fullRounds = name === "bench50" ? n : 3;
    for (let i = 0; i < fullRounds; i++) {
      const h = api.open();
      const t0 = performance.now();
      api.run(h, edits[i % 2]);
      full.push(performance.now() - t0);
      api.close(h);
    }
    const h = api.open();
    let t0 = performance.now();
    api.rerun(h, edits[1]);
    const first = performance.now() - t0;
    for (let i = 0; i < n; i++) {
      t0 = performance.now();
      const got = api.rerun(h, edits[i % 2]);
      re.push(performance.now() - t0);
      if (i === n - 1) {
        const hf = api.open();
        if (api.run(hf, edits[i % 2]) !== got) throw new Error(name + ": rerun differs from a fresh run");
        api.close(hf);
      }
    }
    api.close(h);
    console.log(`${name}: run on a fresh handle p50 ${pct(full, 0.5).toFixed(2)} ms (${full.length} runs); first rerun ${first.toFixed(2)} ms; rerun of an edit to the last statement p50 ${pct(re, 0.5).toFixed(3)} ms, p95 ${pct(re, 0.95).toFixed(3)} ms (${re.length} edits)`);
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
