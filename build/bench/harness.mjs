// harness.mjs is what every side of the benchmark shares: the workload
// scripts `go run ./build/bench` wrote (engine/workload), how often each is
// repeated, and the JSON line each measurement prints. A side (cqlengine.mjs,
// peers/sqljs.mjs, peers/pglite.mjs) only says how its database runs a text.
import { readFileSync } from 'node:fs';
import path from 'node:path';

// workloads reads the scripts of one dialect (cql, sql or sqlite) and the
// plan (plan.json: sizes, counts and repetitions) `go run ./build/bench`
// wrote beside them. w2 is empty when no W1 size is the one W2 reads.
export function workloads(dir, dialect) {
  const p = JSON.parse(readFileSync(path.join(dir, 'plan.json'), 'utf8'));
  const read = (name) => readFileSync(path.join(dir, dialect, name), 'utf8');
  const queries = read('W2.txt').split('\n').filter((q) => q !== '');
  return {
    w1: p.w1_sizes.map((n) => ({ n, reps: p.w1_reps[n], text: read(`W1-${n}.txt`) })),
    w2Rows: p.w2_rows,
    w2PerQuery: p.w2_rows_per_query,
    w2: p.w1_sizes.includes(p.w2_rows) ? queries : [],
    w2Reps: p.w2_reps,
    w3: read('W3.txt'),
    w3Rows: p.w3_rows,
    w3Runs: p.w3_runs,
    w3Warmup: p.w3_warmup,
    warm: read('warm.txt'),
    warmQueries: queries.slice(0, 20),
  };
}

// peerWorkloads is a peer's command line, `node --expose-gc NAME <scripts
// dir>`: the workloads of its dialect, or a usage line and exit status 2.
export function peerWorkloads(name, dialect) {
  const dir = process.argv[2];
  if (!dir) {
    process.stderr.write(`usage: node --expose-gc ${name} <scripts dir>\n`);
    process.exit(2);
  }
  return workloads(dir, dialect);
}

// A short report instead of a dump of minified library source.
process.on('uncaughtException', (e) => {
  process.stderr.write(`${process.argv[1]}: ${String((e && e.stack) || e).split('\n').slice(0, 6).join('\n')}\n`);
  process.exit(1);
});

export const round3 = (x) => Math.round(x * 1000) / 1000;

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// collect runs the garbage collector between repetitions (node runs with
// --expose-gc), so one repetition's garbage is not billed to the next.
export function collect() {
  if (typeof globalThis.gc === 'function') globalThis.gc();
}

export function expect(ok, what) {
  if (!ok) throw new Error('check failed: ' + what);
}

// report prints one measurement: n statements (W1 rows, W2 queries) or
// runs (W3), the median of times and every repetition's time.
export function report(peer, workload, variant, n, times, extra = {}) {
  const ms = median(times);
  const l = { peer, workload, n, ms: round3(ms), per_s: round3((n * 1000) / ms), variant, reps: times.length, ...extra };
  if (workload === 'W3') {
    l.per_s = round3(1000 / ms); // runs per second
    l.p90_ms = round3([...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)]);
    l.mean_ms = round3(times.reduce((a, b) => a + b, 0) / times.length);
  } else {
    l.ms_all = times.map(round3);
  }
  if (workload === 'W2') {
    l.rows = extra.rows;
    l.rows_per_s = round3((extra.rows * 1000) / ms);
  }
  process.stdout.write(JSON.stringify(l) + '\n');
}
