// The engine's Web Worker: it loads Go's wasm_exec.js and the engine module,
// then answers the page's requests one at a time. Everything crosses as
// strings (JSON out), which is the cheap way across both boundaries.
//
// A run computes only what the page asks for: the outcomes, the layout forms
// of the views on screen, and the names for completion when the page needs
// them. Its session stays open, one per key (a widget), until that key's next
// run, so a view opened later is computed from the same session instead of
// running the script again.

import "wasm-exec"; // Go's wasm_exec.js: defines globalThis.Go, which load needs
import { load } from "cqlplay-bridge";
import type { Bridge } from "./bridge";
import { engineSource } from "./onefile";
import type { FromWorker, Outcome, Reply, ToWorker } from "./types";
import { travelIndex, travelViews } from "./travel";
import { viewForms, type View } from "./contract.gen";
import { boundedForms, fillLines } from "./bounded";

/** The layout forms of the views that travel. */
const travelForms: ReadonlySet<string> = new Set([...travelViews].map((v) => viewForms[v as View]!));

const scope = self as unknown as {
  postMessage(m: FromWorker): void;
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
};

// The schema query the page's completion reads; an engine without
// system_schema answers with an error and only the layout's names are offered.
const schemaQuery = "SELECT table_name, column_name FROM system_schema.columns WHERE keyspace_name = 'cqlplay';";

/** The engine's URL path, defined by the build (esbuild's define). */
declare const CQLPLAY_ENGINE: string;

/** The bridge, with rerun when the engine has it (wasm/rerun.go). */
let bridge: (Bridge & { rerun?(handle: number, script: string): string }) | null = null;

/**
 * The partitions the page opened, one a line (bounded.ts partitionId): the
 * map, cli and sstabledump forms come from layoutBounded, which lists the
 * others summarised. A cached form is keyed with them.
 */
function openKey(form: string, open: readonly string[]): string {
  return boundedForms.has(form) && open.length > 0 ? "\n" + open.join("\n") : "";
}

/**
 * The open session of a key's latest run, and the layouts already computed
 * from it. A run reruns its script in the key's session when the options
 * and the prelude are the same: the engine then runs only from the first
 * statement the edit changed, and answers as a session that ran the
 * prelude and then the script would. The prelude (the examples a
 * playground continues) runs once, when the session opens, and the
 * session is based there (bridge.base).
 */
interface Session {
  handle: number;
  run: number;
  layouts: Map<string, string>;
  /** The options and the prelude's scripts the session was opened with. */
  opened: string;
  rerun: boolean;
}

const sessions = new Map<string, Session>();

async function init(wasm: string): Promise<void> {
  const t0 = performance.now();
  bridge = await load(engineSource(wasm));
  scope.postMessage({ type: "ready", ms: performance.now() - t0 });
  warmSoon();
}

/*
 * Warm-up. V8 first compiles the engine's functions quickly and plainly
 * (Liftoff) and optimises a function only after it has run for a while.
 * Measured in Chromium, in a fresh worker: the first 125 runs of a
 * 50-statement script took 0.8-1.0 ms each (p95 4-12 ms), and later runs
 * took 0.5 ms. So while the worker has nothing to do, it runs a lesson-like
 * script in a throwaway session, one short slice at a time, until warmRuns
 * slices have run. The reader's first keystrokes then meet the optimised
 * engine. A request always comes first: a slice starts only after idleMs
 * without one, so a reader who types at once is never queued behind
 * warm-up slices, nor shares the machine with the optimising compiles they
 * set off (measured: typing right after the page loaded went from p50 14 to
 * 21 ms with a 50 ms pause); that reader's own runs warm the engine instead.
 */
const warmScript = `CREATE TABLE warm (k text, c int, v text, n bigint, PRIMARY KEY (k, c)) WITH CLUSTERING ORDER BY (c DESC);
INSERT INTO warm (k, c, v, n) VALUES ('a', 1, 'one', 10);
INSERT INTO warm (k, c, v, n) VALUES ('a', 2, 'two', 20);
INSERT INTO warm (k, c, v, n) VALUES ('b', 1, 'three', 30) USING TTL 3600;
INSERT INTO warm (k, c, v) VALUES ('b', 2, 'four');
UPDATE warm SET v = 'five', n = 50 WHERE k = 'c' AND c = 1;
DELETE v FROM warm WHERE k = 'a' AND c = 2;
SELECT * FROM warm WHERE k = 'a';
SELECT v, n FROM warm WHERE k = 'b' AND c >= 1 AND c < 3;
SELECT k, count(*) FROM warm WHERE k IN ('a', 'b') GROUP BY k;
SELECT * FROM warm WHERE v = 'two';
SELECT * FROM warm WHERE c = 1 ALLOW FILTERING;
INSERT INTO warm (k, c) VALUES ('a');
SELEC * FROM warm;
`;
const warmRuns = 400;
const idleMs = 1000;
let warmed = 0;
let lastRequest = 0;
let warmTimer: ReturnType<typeof setTimeout> | undefined;

function warmSoon(): void {
  clearTimeout(warmTimer);
  if (warmed < warmRuns) warmTimer = setTimeout(warm, Math.max(0, lastRequest + idleMs - performance.now()));
}

function warm(): void {
  if (!bridge || warmed >= warmRuns) return;
  if (performance.now() - lastRequest < idleMs) return warmSoon();
  const t0 = performance.now();
  // A few slices per task, within about a millisecond and a half.
  do {
    const h = bridge.open("");
    // Every other slice through rerun, the call the reader's edits take.
    if (warmed % 2 === 1 && bridge.rerun) bridge.rerun(h, warmScript);
    else bridge.run(h, warmScript);
    if (warmed % 8 === 0) bridge.layout(h, "map");
    bridge.close(h);
    warmed++;
  } while (warmed < warmRuns && performance.now() - t0 < 1.5);
  if (warmed >= warmRuns) scope.postMessage({ type: "warm" });
  else warmTimer = setTimeout(warm, 0);
}

function reply(id: number, session: number, t0: number, fields: Partial<Reply>): void {
  const now = performance.now();
  const began = performance.timeOrigin + t0;
  scope.postMessage({ type: "reply", id, session, json: "", checks: null, layouts: {}, names: null, ms: now - t0, began, ended: performance.timeOrigin + now, ...fields });
}

function run(m: Extract<ToWorker, { type: "run" }>, t0: number): void {
  const b = bridge!;
  // The page's language: the engine explains failures (Why, Fix) in it.
  const options = JSON.stringify({ version: m.version, timeoutMs: m.timeoutMs, lang: m.lang });
  const opened = [options, ...m.prelude].join("\u0000");
  // An engine without rerun, or without base for a prelude, runs it all each time.
  const rerun = typeof b.rerun === "function" && (m.prelude.length === 0 || typeof b.base === "function");
  const old = sessions.get(m.key);
  let s: Session;
  if (rerun && old && old.rerun && old.opened === opened) {
    s = old;
    s.run = m.id;
    s.layouts = new Map();
  } else {
    const h = b.open(options);
    if (h === 0) {
      reply(m.id, 0, t0, { json: failure("the engine refused the session options") });
      return;
    }
    s = { handle: h, run: m.id, layouts: new Map(), opened, rerun };
    sessions.set(m.key, s);
    if (old) b.close(old.handle);
    for (const p of m.prelude) b.run(h, p);
    if (rerun && m.prelude.length > 0) b.base!(h);
  }
  const h = s.handle;
  // What the session ran after its last rerun (checks, names) changes no
  // rerun: the engine resumes from the state it kept before the edit.
  const json = rerun ? b.rerun!(h, m.script) : b.run(h, m.script);
  // An exercise's checks run after the reader's script, so the layouts show
  // the reader's tables holding the exercise's data.
  const checks = m.checks ? [b.run(h, m.checks.data), ...m.checks.queries.map((q) => b.run(h, q))] : null;
  const layouts: Record<string, string> = {};
  // With the caret on an earlier statement, the open view shows the state
  // after it: that state is computed, not the final one (ShownRun's key
  // form@n), so drawing needs no second request.
  let at: number | null = null;
  if (m.caretLine > 0 && s.rerun && m.forms.some((f) => travelForms.has(f))) {
    const outcomes = JSON.parse(json) as Outcome[];
    at = travelIndex(outcomes, m.caretLine, fillLines(m.script, outcomes).map((f) => f.line));
  }
  for (const form of m.forms) {
    if (at !== null && travelForms.has(form)) layouts[form + "@" + at] = layoutAt(s, form, at, m.open);
    else layouts[form] = layout(s, form, m.open);
  }
  reply(m.id, s.run, t0, { json, checks, layouts, names: m.names ? names(s) : null });
}

/** A layout form of a session, computed once for the partitions open. */
function layout(s: Session, form: string, open: readonly string[] = []): string {
  const key = form + openKey(form, open);
  let raw = s.layouts.get(key);
  if (raw === undefined) {
    const b = bridge!;
    raw = boundedForms.has(form) && b.layoutBounded ? b.layoutBounded(s.handle, form, open.join("\n")) : b.layout(s.handle, form);
    s.layouts.set(key, raw);
  }
  return raw;
}

/**
 * A layout form as it stood after outcome n of the session's last rerun,
 * with what that statement changed (the bridge's layoutAt), computed once;
 * a negative n: after the -- @fill on line -n (travel.ts travelIndex).
 * A session that did not rerun (a run with a prelude) has no statements to
 * travel through: it answers with an error the page shows as text.
 */
function layoutAt(s: Session, form: string, n: number, open: readonly string[] = []): string {
  const key = form + "@" + n + openKey(form, open);
  let raw = s.layouts.get(key);
  if (raw === undefined) {
    const b = bridge!;
    // Every travelling form through layoutBounded: its changes compare
    // only what the statement wrote, where layoutAt builds every row twice
    // (the Ring view of 100,000 rows ran the module out of memory).
    const bounded = b.layoutBounded;
    if (n < 0) raw = s.rerun && bounded ? b.layoutBounded!(s.handle, form, open.join("\n"), undefined, -n) : JSON.stringify({ error: { message: "this engine cannot show the state after a -- @fill" } });
    else raw = s.rerun && bounded ? b.layoutBounded!(s.handle, form, open.join("\n"), n) : s.rerun && b.layoutAt ? b.layoutAt(s.handle, form, n) : JSON.stringify({ error: { message: "this playground cannot step through its script" } });
    s.layouts.set(key, raw);
  }
  return raw;
}

/**
 * A partition's next page for the page to put in place of its gap
 * (cqlplay.layoutMore), not kept: the page asks each once. An engine
 * without it, or a session that cannot travel asked for an earlier state,
 * answers with an error, and the page draws the view whole instead.
 */
function more(s: Session, m: Extract<ToWorker, { type: "more" }>): string {
  const b = bridge!;
  if (!b.layoutMore || (m.statement !== null && !s.rerun)) return JSON.stringify({ error: { message: "this engine lists no page of rows" } });
  return b.layoutMore(s.handle, m.form, m.open.join("\n"), m.partition, m.rows, m.statement ?? undefined);
}

/**
 * Table and column names for completion: the system_schema answer when the
 * engine has one, and the storage layout's tables, key columns and every
 * column holding a cell.
 */
function names(s: Session): string[] {
  const out: string[] = [];
  try {
    const o = (JSON.parse(bridge!.run(s.handle, schemaQuery)) as { error?: unknown; rows?: string[][] }[])[0];
    if (o && !o.error && o.rows) for (const [table, column] of o.rows) out.push(table, column);
  } catch {
    // no system_schema: the layout's names below
  }
  try {
    const reply = JSON.parse(layout(s, "map")) as { map?: { tables: LayoutNames[] } };
    for (const t of reply.map?.tables ?? []) {
      out.push(t.name, ...t.partitionKey.map((k) => k.name), ...t.clustering.map((k) => k.name));
      for (const p of t.partitions ?? []) {
        for (const row of [...(p.rows ?? []), ...(p.static ? [p.static] : [])]) for (const c of row.cells ?? []) out.push(c.column);
      }
    }
  } catch {
    // no completion rather than a failed run
  }
  return [...new Set(out)];
}

/** The part of the map layout (storage.ts LayoutModel) that names come from. */
interface LayoutNames {
  name: string;
  partitionKey: { name: string }[];
  clustering: { name: string }[];
  partitions?: { rows?: { cells?: { column: string }[] }[]; static?: { cells?: { column: string }[] } }[];
}

function failure(msg: string): string {
  return JSON.stringify([{ statement: "", line: 1, warnings: [], error: { code: "ServerError", message: msg, cqlsh: "ServerError: " + msg } }]);
}

scope.onmessage = (e) => {
  const m = e.data;
  const t0 = performance.now();
  try {
    if (m.type === "run") run(m, t0);
    else {
      const s = sessions.get(m.key);
      if (!s) reply(m.id, 0, t0, {});
      else if (m.type === "layout") reply(m.id, s.run, t0, { layouts: { [m.form]: layout(s, m.form, m.open) } });
      else if (m.type === "layoutAt") reply(m.id, s.run, t0, { layouts: { [m.form]: layoutAt(s, m.form, m.statement, m.open) } });
      else if (m.type === "more") reply(m.id, s.run, t0, { layouts: { [m.form]: more(s, m) } });
      else reply(m.id, s.run, t0, { names: names(s) });
    }
  } catch (err) {
    reply(m.id, 0, t0, { json: failure(String(err)) });
  }
  lastRequest = performance.now();
  warmSoon();
};

// The build writes the engine's URL into this script (build/assets.go), so
// the download and compile start as soon as it runs, with no message from
// the page in between.
scope.postMessage({ type: "started" });
(CQLPLAY_ENGINE ? init(CQLPLAY_ENGINE) : Promise.reject(new Error("this build has no engine (./wasm)"))).catch((err) =>
  scope.postMessage({ type: "failed", error: String(err && err.message ? err.message : err) }),
);
