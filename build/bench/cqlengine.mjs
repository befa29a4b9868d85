// cqlengine.mjs runs the peer benchmark's workloads (../shared/bench/README.md,
// "Workload definitions (version 1)") on cqlplay's WebAssembly engine, loaded
// as the site loads it: Go's wasm_exec.js, then wasm/cqlplay.mjs, whose
// globalThis.cqlplay API calls the //go:wasmexport entry points. It prints the
// same JSON lines as the peers' scripts (peer "cql"), so `go run ./build bench`
// can set them side by side with sql.js and PGlite measured in the same run.
//
//   node --expose-gc cqlengine.mjs <wasm_exec.js> <cqlplay.wasm> <cqlplay.mjs> <shared/bench dir>
//
// Every reply is decoded to a JS string by the bridge; W2 and W3 also
// JSON.parse it, so every row is materialised as JavaScript values, as
// sql.js's exec() materialises its rows.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [wasmExec, wasmPath, bridgePath, benchDir] = process.argv.slice(2);
if (!benchDir) {
  process.stderr.write('usage: node --expose-gc cqlengine.mjs <wasm_exec.js> <cqlplay.wasm> <cqlplay.mjs> <shared/bench dir>\n');
  process.exit(2);
}
const imp = (p) => import(pathToFileURL(path.resolve(p)).href);
const { w1Script, w2Queries, w3Script, W3_EXPECTED_ROWS } = await imp(path.join(benchDir, 'gen.mjs'));
const { emit, gc, check, line, r3 } = await imp(path.join(benchDir, 'lib.mjs'));
createRequire(import.meta.url)(path.resolve(wasmExec)); // defines globalThis.Go
const { load } = await imp(bridgePath);

const PEER = 'cql';
const W1_REPS = { 10000: 5, 100000: 3 };
const W2_Q = 2000, W2_ROWS = 100000, W2_REPS = 3;
const W3_RUNS = 200, W3_WARMUP = 5;

// load: compile + instantiate + start the Go program, in this (warm) process.
const bytes = readFileSync(wasmPath);
const tLoad = performance.now();
const cqlplay = await load(bytes);
const loadMs = performance.now() - tLoad;
{
  const h = cqlplay.open('');
  const ok = JSON.parse(cqlplay.run(h, ''));
  cqlplay.close(h);
  emit({ peer: PEER, workload: 'load', variant: 'in-process', n: 1, ms: r3(loadMs), first_ok: Array.isArray(ok) && ok.length === 0,
    desc: 'WebAssembly.instantiate(bytes) + go.run until globalThis.cqlplay is installed (not a fresh process)' });
}

// outcomes parses a reply and fails on the first error outcome.
function outcomes(reply, what) {
  const outs = JSON.parse(reply);
  for (const o of outs) if (o.error) throw new Error(`${what}: ${o.statement}: ${o.error.message}`);
  return outs;
}
const count = (h) => Number(outcomes(cqlplay.run(h, 'SELECT count(*) FROM bench.readings;'), 'count')[0].rows[0][0]);

// Warm-up (untimed), as sqljs.mjs does: the wasm tiering compiler sees the
// insert and select paths once.
{
  const h = cqlplay.open('');
  outcomes(cqlplay.run(h, w1Script('cql', 2000)), 'warm-up W1');
  for (const q of w2Queries(20, 10000)) JSON.parse(cqlplay.run(h, q));
  cqlplay.close(h);
}

let w2h = 0;
for (const n of [10000, 100000]) {
  const script = w1Script('cql', n);
  const times = [];
  let replyBytes = 0;
  for (let r = 0; r < W1_REPS[n]; r++) {
    const h = cqlplay.open('');
    gc();
    const t0 = performance.now();
    const reply = cqlplay.run(h, script);
    times.push(performance.now() - t0);
    replyBytes = reply.length;
    outcomes(reply, 'W1'); // untimed: every statement succeeded
    check(count(h) === n, `W1 row count ${n}`);
    if (n === W2_ROWS && r === W1_REPS[n] - 1) w2h = h;
    else cqlplay.close(h);
  }
  emit(line(PEER, 'W1', 'spec', n, times, { unit: 'rows', script_bytes: Buffer.byteLength(script), reply_chars: replyBytes,
    api: 'cqlplay.run(handle, script) (string reply, not parsed while timed)' }));
}

// W2 on the session left by the last W1 N=100000 repetition.
{
  const qs = w2Queries(W2_Q, W2_ROWS);
  const times = [];
  for (let r = 0; r < W2_REPS; r++) {
    gc();
    let rows = 0;
    const t0 = performance.now();
    for (const q of qs) {
      const res = JSON.parse(cqlplay.run(w2h, q));
      rows += res[0].rows.length;
    }
    times.push(performance.now() - t0);
    check(rows === W2_Q * 50, `W2 rows ${rows}`);
  }
  const l = line(PEER, 'W2', 'spec', W2_Q, times, { unit: 'queries', api: 'JSON.parse(cqlplay.run(handle, text)) per query' });
  l.rows = W2_Q * 50;
  l.rows_per_s = r3((l.rows * 1000) / l.ms);
  emit(l);
  cqlplay.close(w2h);
}

// W3: a fresh session per run: open, run the lesson script, parse, close.
{
  const script = w3Script('cql');
  const selects = (outs) => outs.filter((o) => o.columns).map((o) => o.rows.length);
  const times = [];
  for (let r = 0; r < W3_WARMUP + W3_RUNS; r++) {
    const t0 = performance.now();
    const h = cqlplay.open('');
    const res = JSON.parse(cqlplay.run(h, script));
    cqlplay.close(h);
    const dt = performance.now() - t0;
    if (r === 0) check(JSON.stringify(selects(res)) === JSON.stringify(W3_EXPECTED_ROWS), 'W3 rows ' + JSON.stringify(selects(res)));
    if (r >= W3_WARMUP) times.push(dt);
  }
  const l = line(PEER, 'W3', 'spec', W3_RUNS, times, { unit: 'runs', desc: 'open(); JSON.parse(run(script)); close()' });
  delete l.ms_all;
  l.per_s = r3(1000 / l.ms);
  l.p90_ms = r3([...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)]);
  l.mean_ms = r3(times.reduce((a, b) => a + b, 0) / times.length);
  emit(l);
}
process.exit(0); // the Go program never returns: leave its pending promise behind
