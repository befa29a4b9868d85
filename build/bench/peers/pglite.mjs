// pglite.mjs runs the benchmark's workloads on PGlite (PostgreSQL compiled to
// WebAssembly), the PostgreSQL dialect.
//
//   node --expose-gc pglite.mjs <scripts dir>
//
// PGlite has no cheap empty database: a new one runs initdb (seconds). So
// one instance serves every workload: W1 drops its table between
// repetitions (untimed), and W3's runs ("reset") drop and recreate the
// schema, the way a PGlite playground would re-run a lesson. The wasm
// modules are compiled once, as a page would cache them.
import { PGlite } from '@electric-sql/pglite';
import { readFile } from 'node:fs/promises';
import { peerWorkloads, report, expect, collect } from '../harness.mjs';

const PEER = 'pglite';
const w = peerWorkloads('pglite.mjs', 'sql');
const dist = new URL('./node_modules/@electric-sql/pglite/dist/', import.meta.url);
const db = await PGlite.create({
  pgliteWasmModule: await WebAssembly.compile(await readFile(new URL('pglite.wasm', dist))),
  initdbWasmModule: await WebAssembly.compile(await readFile(new URL('initdb.wasm', dist))),
  fsBundle: new Blob([await readFile(new URL('pglite.data', dist))]),
});
const count = async () => (await db.query('SELECT count(*)::int AS c FROM readings')).rows[0].c;

await db.exec(w.warm); // warm-up, untimed
for (const q of w.warmQueries) await db.exec(q);
await db.exec('DROP TABLE readings');

// W1: one exec() of the whole script, which PostgreSQL runs as one implicit
// transaction.
for (const { n, reps, text } of w.w1) {
  const times = [];
  for (let r = 0; r < reps; r++) {
    collect();
    const t = performance.now();
    await db.exec(text);
    times.push(performance.now() - t);
    expect((await count()) === n, `W1 row count ${n}`);
    if (!(n === w.w2Rows && r === reps - 1)) await db.exec('DROP TABLE readings');
  }
  report(PEER, 'W1', 'spec', n, times, { unit: 'rows', script_bytes: Buffer.byteLength(text) });
}

// W2: one exec(text) per query (the simple protocol: parsed and planned each time).
if (w.w2.length) {
  const times = [];
  for (let r = 0; r < w.w2Reps; r++) {
    collect();
    let rows = 0;
    const t = performance.now();
    for (const q of w.w2) rows += (await db.exec(q))[0].rows.length;
    times.push(performance.now() - t);
    expect(rows === w.w2.length * w.w2PerQuery, `W2 rows ${rows}`);
  }
  report(PEER, 'W2', 'spec', w.w2.length, times, { unit: 'queries', rows: w.w2.length * w.w2PerQuery, api: 'await db.exec(text) per query' });
}

{
  const selects = (res) => JSON.stringify(res.filter((x) => x.fields.length).map((x) => x.rows.length));
  const times = [];
  for (let r = 0; r < w.w3Warmup + w.w3Runs; r++) {
    const t = performance.now();
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    const res = await db.exec(w.w3);
    const dt = performance.now() - t;
    if (r === 0) expect(selects(res) === JSON.stringify(w.w3Rows), 'W3 rows ' + selects(res));
    if (r >= w.w3Warmup) times.push(dt);
  }
  report(PEER, 'W3', 'reset', w.w3Runs, times, { unit: 'runs', desc: "one instance: exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;'); exec(script)" });
}
await db.close();
