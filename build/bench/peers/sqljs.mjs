// sqljs.mjs runs the benchmark's workloads on sql.js (SQLite compiled to
// WebAssembly), the SQLite dialect: clustered WITHOUT ROWID tables, as
// Cassandra's partitions are clustered.
//
//   node --expose-gc sqljs.mjs <scripts dir>
//
// Besides the workloads as defined ("spec"), W1 runs once more inside one
// transaction ("txn"): exec() otherwise commits every INSERT on its own, and
// a fair reader of the ratios wants SQLite at its best too.
import initSqlJs from 'sql.js';
import { peerWorkloads, report, expect, collect } from '../harness.mjs';

const PEER = 'sqljs';
const w = peerWorkloads('sqljs.mjs', 'sqlite');
const SQL = await initSqlJs();
const count = (db) => db.exec('SELECT count(*) FROM readings')[0].values[0][0];

{
  const db = new SQL.Database(); // warm-up, untimed
  db.exec(w.warm);
  for (const q of w.warmQueries) db.exec(q);
  db.close();
}

let w2db = null;
for (const { n, reps, text } of w.w1) {
  for (const [variant, script] of [['spec', text], ['txn', `BEGIN;\n${text}COMMIT;\n`]]) {
    const times = [];
    for (let r = 0; r < reps; r++) {
      const db = new SQL.Database();
      collect();
      const t = performance.now();
      db.exec(script);
      times.push(performance.now() - t);
      expect(count(db) === n, `W1 row count ${n}`);
      if (variant === 'spec' && n === w.w2Rows && r === reps - 1) w2db = db;
      else db.close();
    }
    report(PEER, 'W1', variant, n, times, { unit: 'rows', script_bytes: Buffer.byteLength(script) });
  }
}

if (w.w2.length) {
  const times = [];
  for (let r = 0; r < w.w2Reps; r++) {
    collect();
    let rows = 0;
    const t = performance.now();
    for (const q of w.w2) {
      const res = w2db.exec(q);
      if (res.length) rows += res[0].values.length;
    }
    times.push(performance.now() - t);
    expect(rows === w.w2.length * w.w2PerQuery, `W2 rows ${rows}`);
  }
  report(PEER, 'W2', 'spec', w.w2.length, times, { unit: 'queries', rows: w.w2.length * w.w2PerQuery, api: 'db.exec(text) per query' });
  w2db.close();
}

{
  const times = [];
  for (let r = 0; r < w.w3Warmup + w.w3Runs; r++) {
    const t = performance.now();
    const db = new SQL.Database();
    const res = db.exec(w.w3);
    db.close();
    const dt = performance.now() - t;
    if (r === 0) expect(JSON.stringify(res.map((x) => x.values.length)) === JSON.stringify(w.w3Rows), 'W3 rows');
    if (r >= w.w3Warmup) times.push(dt);
  }
  report(PEER, 'W3', 'spec', w.w3Runs, times, { unit: 'runs', desc: 'new SQL.Database(); exec(script); close()' });
}
