// cqlengine.mjs runs the benchmark's workloads (docs/performance.md,
// "Workloads") on cqlplay's WebAssembly engine, loaded as the site loads it:
// Go's wasm_exec.js, then wasm/cqlplay.mjs, whose globalThis.cqlplay API
// calls the //go:wasmexport entry points. It prints the same JSON lines as
// the peers (peer "cql"), so `go run ./build/bench` sets them side by side.
//
//   node --expose-gc cqlengine.mjs <wasm_exec.js> <cqlplay.wasm> <cqlplay.mjs> <scripts dir>
//
// Every reply is decoded to a JS string by the bridge; W2 and W3 also
// JSON.parse it, so every row is materialised as JavaScript values, as the
// peers' APIs materialise theirs.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [wasmExec, wasmPath, bridgePath, scriptsDir] = process.argv.slice(2);
if (!scriptsDir) {
  process.stderr.write('usage: node --expose-gc cqlengine.mjs <wasm_exec.js> <cqlplay.wasm> <cqlplay.mjs> <scripts dir>\n');
  process.exit(2);
}
const { workloads, report, expect, collect, round3 } = await import('./harness.mjs');
createRequire(import.meta.url)(path.resolve(wasmExec)); // defines globalThis.Go
const { load } = await import(pathToFileURL(path.resolve(bridgePath)).href);

const PEER = 'cql';
const w = workloads(scriptsDir, 'cql');

// load: compile + instantiate + start the Go program, in this (warm) process.
const t0 = performance.now();
const cqlplay = await load(readFileSync(wasmPath));
const loadMs = performance.now() - t0;
process.stdout.write(JSON.stringify({ peer: PEER, workload: 'load', variant: 'in-process', n: 1, ms: round3(loadMs),
  desc: 'WebAssembly.instantiate(bytes) + go.run until globalThis.cqlplay is installed (not a fresh process)' }) + '\n');

// outcomes parses a reply and fails on the first error outcome.
function outcomes(reply, what) {
  const outs = JSON.parse(reply);
  for (const o of outs) if (o.error) throw new Error(`${what}: ${o.statement}: ${o.error.message}`);
  return outs;
}
const count = (h) => Number(outcomes(cqlplay.run(h, 'SELECT count(*) FROM bench.readings;'), 'count')[0].rows[0][0]);

// Warm-up (untimed): the wasm tiering compiler sees the insert and select paths once.
{
  const h = cqlplay.open('');
  outcomes(cqlplay.run(h, w.warm), 'warm-up');
  for (const q of w.warmQueries) JSON.parse(cqlplay.run(h, q));
  cqlplay.close(h);
}

// W1: a fresh session runs the whole script in one call (its reply is not
// parsed while timed). The last session of W2's size stays for W2.
let w2h = 0;
for (const { n, reps, text } of w.w1) {
  const times = [];
  for (let r = 0; r < reps; r++) {
    const h = cqlplay.open('');
    collect();
    const t = performance.now();
    const reply = cqlplay.run(h, text);
    times.push(performance.now() - t);
    outcomes(reply, 'W1');
    expect(count(h) === n, `W1 row count ${n}`);
    if (n === w.w2Rows && r === reps - 1) w2h = h;
    else cqlplay.close(h);
  }
  report(PEER, 'W1', 'spec', n, times, { unit: 'rows', script_bytes: Buffer.byteLength(text),
    api: 'cqlplay.run(handle, script) (string reply, not parsed while timed)' });
}

// W2: one statement text per call on W1's last large session, every row parsed.
if (w.w2.length) {
  const times = [];
  for (let r = 0; r < w.w2Reps; r++) {
    collect();
    let rows = 0;
    const t = performance.now();
    for (const q of w.w2) rows += JSON.parse(cqlplay.run(w2h, q))[0].rows.length;
    times.push(performance.now() - t);
    expect(rows === w.w2.length * w.w2PerQuery, `W2 rows ${rows}`);
  }
  report(PEER, 'W2', 'spec', w.w2.length, times, { unit: 'queries', rows: w.w2.length * w.w2PerQuery,
    api: 'JSON.parse(cqlplay.run(handle, text)) per query' });
  cqlplay.close(w2h);
}

// W3: a fresh session per run: open, run the lesson script, parse, close.
{
  const selects = (outs) => JSON.stringify(outs.filter((o) => o.columns).map((o) => o.rows.length));
  const times = [];
  for (let r = 0; r < w.w3Warmup + w.w3Runs; r++) {
    const t = performance.now();
    const h = cqlplay.open('');
    const res = JSON.parse(cqlplay.run(h, w.w3));
    cqlplay.close(h);
    const dt = performance.now() - t;
    if (r === 0) expect(selects(res) === JSON.stringify(w.w3Rows), 'W3 rows ' + selects(res));
    if (r >= w.w3Warmup) times.push(dt);
  }
  report(PEER, 'W3', 'spec', w.w3Runs, times, { unit: 'runs', desc: 'open(); JSON.parse(run(script)); close()' });
}
process.exit(0); // the Go program never returns: leave its pending promise behind
