// The engine's side of the page's requests: runs, layouts, time travel,
// pages of rows and names, answered from one session per key. The worker
// (worker.ts) serves the page with it, and so does the page's own engine
// for the reader's short edits (inline.ts, engine.ts): the same code, so
// the two answer alike. Everything crosses as strings (JSON out), which is
// the cheap way across the WebAssembly boundary.
//
// A run computes only what the page asks for: the outcomes, the layout forms
// of the views on screen, and the names for completion when the page needs
// them. Its session stays open, one per key (a widget), until that key's next
// run, so a view opened later is computed from the same session instead of
// running the script again.

import type { Bridge } from "./bridge";
import type { Outcome, Reply, ToWorker } from "./types";
import { travelIndex, travelViews } from "./travel";
import { viewForms, type View } from "./contract.gen";
import { boundedForms, fillLines } from "./bounded";

/** The layout forms of the views that travel. */
const travelForms: ReadonlySet<string> = new Set([...travelViews].map((v) => viewForms[v as View]!));

// The schema query the page's completion reads; an engine without
// system_schema answers with an error and only the layout's names are offered.
const schemaQuery = "SELECT table_name, column_name FROM system_schema.columns WHERE keyspace_name = 'cqlplay';";

/** The bridge, with rerun when the engine has it (wasm/rerun.go). */
export type ServedBridge = Bridge & { rerun?(handle: number, script: string): string };

/**
 * The partitions the page opened, one a line (bounded.ts partitionId): the
 * map, cli and sstabledump forms come from a bounded layout request, which lists the
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

export class Server {
  private readonly sessions = new Map<string, Session>();
  /** An engine call threw: the Go program has ended, and no later call can succeed. */
  broken = false;

  constructor(private readonly bridge: ServedBridge) {}

  /** Answers one request; an exception in the engine's calls is answered as a failed run. */
  handle(m: ToWorker): Reply {
    const t0 = performance.now();
    try {
      if (m.type === "run") return this.run(m, t0);
      const s = this.sessions.get(m.key);
      if (!s) return reply(m.id, 0, t0, {});
      if (m.type === "layout") return reply(m.id, s.run, t0, { layouts: { [m.form]: this.layout(s, m.form, m.open) } });
      if (m.type === "layoutAt") return reply(m.id, s.run, t0, { layouts: { [m.form]: this.layoutAt(s, m.form, m.statement, m.open) } });
      if (m.type === "more") return reply(m.id, s.run, t0, { layouts: { [m.form]: this.more(s, m) } });
      return reply(m.id, s.run, t0, { names: this.names(s) });
    } catch (err) {
      this.broken = true;
      return reply(m.id, 0, t0, { json: failure(String(err)) });
    }
  }

  /** Closes the key's session: another engine serves the key now. */
  drop(key: string): void {
    const s = this.sessions.get(key);
    if (!s) return;
    this.sessions.delete(key);
    this.bridge.close(s.handle);
  }

  private run(m: Extract<ToWorker, { type: "run" }>, t0: number): Reply {
    const b = this.bridge;
    // The page's language: the engine explains failures (Why, Fix) in it.
    const options = JSON.stringify({ version: m.version, timeoutMs: m.timeoutMs, lang: m.lang });
    const opened = [options, ...m.prelude].join("\u0000");
    // An engine without rerun, or without base for a prelude, runs it all each time.
    const rerun = typeof b.rerun === "function" && (m.prelude.length === 0 || typeof b.base === "function");
    const old = this.sessions.get(m.key);
    let s: Session;
    if (rerun && old && old.rerun && old.opened === opened) {
      s = old;
      s.run = m.id;
      s.layouts = new Map();
    } else {
      const h = b.open(options);
      if (h === 0) return reply(m.id, 0, t0, { json: failure("the engine refused the session options") });
      s = { handle: h, run: m.id, layouts: new Map(), opened, rerun };
      this.sessions.set(m.key, s);
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
    // A bound's reply carries its table's summary after a NUL (types.ts Checks).
    const c = m.checks;
    const checks = c ? [b.run(h, c.data), ...c.queries.map((q, i) => (c.tables?.[i] ? b.run(h, q) + "\u0000" + b.layout(h, "summary", c.tables[i]) : b.run(h, q)))] : null;
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
      if (at !== null && travelForms.has(form)) layouts[form + "@" + at] = this.layoutAt(s, form, at, m.open);
      else layouts[form] = this.layout(s, form, m.open);
    }
    return reply(m.id, s.run, t0, { json, checks, layouts, names: m.names ? this.names(s) : null });
  }

  /** A layout form of a session, computed once for the partitions open. */
  private layout(s: Session, form: string, open: readonly string[] = []): string {
    const key = form + openKey(form, open);
    let raw = s.layouts.get(key);
    if (raw === undefined) {
      const b = this.bridge;
      raw = b.layout(s.handle, boundedForms.has(form) ? { form, bounded: true, open: open.join("\n") } : { form });
      s.layouts.set(key, raw);
    }
    return raw;
  }

  /**
   * A layout form as it stood after outcome n of the session's last rerun,
   * with what that statement changed (the bridge's layout request with at), computed once;
   * a negative n: after the -- @fill on line -n (travel.ts travelIndex).
   * A session that did not rerun (a run with a prelude) has no statements to
   * travel through: it answers with an error the page shows as text.
   */
  private layoutAt(s: Session, form: string, n: number, open: readonly string[] = []): string {
    const key = form + "@" + n + openKey(form, open);
    let raw = s.layouts.get(key);
    if (raw === undefined) {
      const b = this.bridge;
      // Every travelling form within bounds: its changes compare only what
      // the statement wrote, where the whole layout builds every row twice
      // (the Ring view of 100,000 rows ran the module out of memory).
      if (!s.rerun) raw = JSON.stringify({ error: { message: n < 0 ? "this engine cannot show the state after a -- @fill" : "this playground cannot step through its script" } });
      else raw = b.layout(s.handle, n < 0 ? { form, bounded: true, open: open.join("\n"), fill: -n } : { form, bounded: true, open: open.join("\n"), at: n });
      s.layouts.set(key, raw);
    }
    return raw;
  }

  /**
   * A partition's next page for the page to put in place of its gap
   * (a layout request with partition and more), not kept: the page asks each once. An engine
   * without it, or a session that cannot travel asked for an earlier state,
   * answers with an error, and the page draws the view whole instead.
   */
  private more(s: Session, m: Extract<ToWorker, { type: "more" }>): string {
    const b = this.bridge;
    if (m.statement !== null && !s.rerun) return JSON.stringify({ error: { message: "this engine lists no page of rows" } });
    return b.layout(s.handle, { form: m.form, open: m.open.join("\n"), partition: m.partition, more: m.rows, at: m.statement ?? undefined });
  }

  /**
   * Table and column names for completion: the system_schema answer when the
   * engine has one, and the storage layout's tables, key columns and every
   * column holding a cell.
   */
  private names(s: Session): string[] {
    const out: string[] = [];
    try {
      const o = (JSON.parse(this.bridge.run(s.handle, schemaQuery)) as { error?: unknown; rows?: string[][] }[])[0];
      if (o && !o.error && o.rows) for (const [table, column] of o.rows) out.push(table, column);
    } catch {
      // no system_schema: the layout's names below
    }
    try {
      const reply = JSON.parse(this.layout(s, "map")) as { map?: { tables: LayoutNames[] } };
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
}

/** The part of the map layout (storage.ts LayoutModel) that names come from. */
interface LayoutNames {
  name: string;
  partitionKey: { name: string }[];
  clustering: { name: string }[];
  partitions?: { rows?: { cells?: { column: string }[] }[]; static?: { cells?: { column: string }[] } }[];
}

function reply(id: number, session: number, t0: number, fields: Partial<Reply>): Reply {
  const now = performance.now();
  const began = performance.timeOrigin + t0;
  return { type: "reply", id, session, json: "", checks: null, layouts: {}, names: null, ms: now - t0, began, ended: performance.timeOrigin + now, ...fields };
}

/** The answer to request id when no engine can take it. */
export function failedReply(id: number, msg: string): Reply {
  return reply(id, 0, performance.now(), { json: failure(msg) });
}

function failure(msg: string): string {
  return JSON.stringify([{ statement: "", line: 1, warnings: [], error: { code: "ServerError", message: msg, cqlsh: "ServerError: " + msg } }]);
}
