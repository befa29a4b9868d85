// The page's side of the engine worker: a queue of runs, one in flight at a
// time, each bounded by a wall-clock limit. A run past the limit means the
// engine is stuck in a long script: the worker is terminated (the only way to
// stop WebAssembly mid-call) and a fresh one started for the next run.

import type { FromWorker, Outcome, ToWorker } from "./types";

export interface EngineConfig {
  worker: string;
  wasm: string;
  wasmExec: string;
  limitMs: number; // wall-clock bound of one run, in the page
  engineMs: number; // the engine's own time bound (Options.Timeout)
}

export interface RunRequest {
  key: string; // who asks: a newer request with the same key replaces a queued one
  urgent: boolean; // the reader is typing here: run before queued background runs
  version: string;
  prelude: string[];
  script: string;
}

export interface RunResult {
  outcomes: Outcome[];
  schema: Map<string, string[]>; // table -> columns, for completion
  layouts: Record<string, string>; // layout form -> the bridge's JSON reply
  ms: number; // time in the worker
  stopped: boolean; // the run hit the limit and the worker was restarted
}

interface Job {
  req: RunRequest;
  resolve: (r: RunResult | null) => void;
}

export class Engine {
  ready!: Promise<number>;
  private worker: Worker | null = null;
  private queue: Job[] = [];
  private busy: { id: number; job: Job; timer: number } | null = null;
  private nextId = 1;
  private failed = "";

  constructor(private cfg: EngineConfig) {
    this.start();
  }

  /** Runs a script in a fresh session after its prelude. Resolves null when a newer request with the same key replaced it. */
  run(req: RunRequest): Promise<RunResult | null> {
    return new Promise((resolve) => {
      const i = this.queue.findIndex((j) => j.req.key === req.key);
      if (i >= 0) {
        this.queue[i].resolve(null);
        this.queue.splice(i, 1);
      }
      if (req.urgent) this.queue.unshift({ req, resolve });
      else this.queue.push({ req, resolve });
      this.pump();
    });
  }

  private start(): void {
    const w = new Worker(this.cfg.worker);
    this.worker = w;
    this.ready = new Promise((resolve, reject) => {
      w.onmessage = (e: MessageEvent<FromWorker>) => {
        const m = e.data;
        if (m.type === "ready") resolve(m.ms);
        else if (m.type === "failed") {
          this.failed = m.error;
          reject(new Error(m.error));
        } else if (m.type === "result") this.finish(m.id, m.json, m.schema, m.layouts, m.ms);
      };
      w.onerror = (e) => {
        this.failed = e.message || "worker error";
        reject(new Error(this.failed));
      };
    });
    this.ready.catch(() => {}); // reported to each caller through pump
    this.post({ type: "init", wasm: this.cfg.wasm, wasmExec: this.cfg.wasmExec });
  }

  private post(m: ToWorker): void {
    this.worker!.postMessage(m);
  }

  private pump(): void {
    // The page's pending work, for tests and the curious: queued + running.
    document.documentElement.dataset.queue = String(this.queue.length + (this.busy ? 1 : 0));
    if (this.busy || this.queue.length === 0) return;
    const job = this.queue.shift()!;
    const id = this.nextId++;
    const busy = { id, job, timer: 0 };
    this.busy = busy;
    this.ready.then(
      () => {
        if (this.busy !== busy) return;
        // The clock starts when the worker gets the script, not while the
        // engine is still loading.
        busy.timer = window.setTimeout(() => this.stop(id), this.cfg.limitMs);
        const r = job.req;
        // The engine bounds itself too, below the page's limit, so that a
        // long script usually ends with the engine's own Stopped outcome and
        // the worker survives.
        this.post({ type: "run", id, version: r.version, prelude: r.prelude, script: r.script, timeoutMs: this.cfg.engineMs });
      },
      (err: Error) => {
        if (this.busy !== busy) return;
        this.busy = null;
        job.resolve({ outcomes: [failure("ServerError", err.message)], schema: new Map(), layouts: {}, ms: 0, stopped: false });
        this.pump();
      },
    );
  }

  private finish(id: number, json: string, schema: string, layouts: Record<string, string>, ms: number): void {
    if (!this.busy || this.busy.id !== id) return;
    const { job, timer } = this.busy;
    window.clearTimeout(timer);
    this.busy = null;
    let outcomes: Outcome[];
    try {
      outcomes = JSON.parse(json);
    } catch (e) {
      outcomes = [failure("ServerError", "the engine returned invalid JSON: " + String(e))];
    }
    job.resolve({ outcomes, schema: parseSchema(schema), layouts, ms, stopped: false });
    this.pump();
  }

  /** Ends a run past the limit: terminate the worker and start a new one. */
  private stop(id: number): void {
    if (!this.busy || this.busy.id !== id) return;
    const { job } = this.busy;
    this.busy = null;
    this.worker?.terminate();
    this.start();
    job.resolve({ outcomes: [], schema: new Map(), layouts: {}, ms: this.cfg.limitMs, stopped: true });
    this.pump();
  }
}

function failure(code: string, message: string): Outcome {
  return { statement: "", line: 1, warnings: [], error: { code, message, cqlsh: code + ": " + message } };
}

/** Reads the answer to the worker's system_schema query; an error means no schema. */
function parseSchema(json: string): Map<string, string[]> {
  const m = new Map<string, string[]>();
  if (!json) return m;
  try {
    const outs = JSON.parse(json) as Outcome[];
    const o = outs[0];
    if (!o || o.error || !o.rows) return m;
    for (const [table, column] of o.rows) {
      if (!m.has(table)) m.set(table, []);
      m.get(table)!.push(column);
    }
  } catch {
    // no completion rather than a broken page
  }
  return m;
}
