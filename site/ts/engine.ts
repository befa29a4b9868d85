// The page's side of the engine worker: a queue of requests, one in flight at
// a time, each bounded by a wall-clock limit. A request past the limit means
// the engine is stuck in a long script: the worker is terminated (the only way
// to stop WebAssembly mid-call) and a fresh one started for the next request.
//
// The reader's own requests (urgent) go first and start at once when the
// worker is idle. Background runs (examples that continue an edited one, and
// the first runs of the lesson) wait until the reader has paused for
// quietMs, so that a keystroke waits for at most one run that is not its own.
//
// Once the page is idle after its first result, or the reader goes to an
// editor, the page also starts an engine of its own (inline.ts) from the
// module the worker compiled. The reader's short runs are served there,
// synchronously, so that they are drawn in the key's own frame: a worker's
// reply waits for that frame to be drawn first (docs/performance.md). A key
// is served where its latest run was, since its session is there. What may
// run on the page's thread is bounded: no -- @fill, at most inlineChars of
// script, and the engine's own time bound (inlineCap times inlineMs). A key
// whose run the engine stopped there, or whose runs took inlineMs or more
// twice in a row, goes back to the worker for good, where the page's limit
// can stop it.

import type { LayoutForm, Version } from "./contract.gen";
import type { EarlyWorker } from "./head";
import type { StartInline } from "./inline";
import type { Server } from "./serve";
import { measure } from "./timing";
import type { Checks, FromWorker, Outcome, Reply, ToWorker } from "./types";

export interface EngineConfig {
  worker: string; // the worker's script, which knows the engine's URL
  limitMs: number; // wall-clock bound of one request, in the page
  engineMs: number; // the engine's own time bound (Options.Timeout)
  quietMs: number; // how long after the reader's last request background runs may start
  inline: string; // the page's own engine's script (inline.ts); "": runs stay in the worker
  inlineMs: number; // a slow run on the page's thread (runOnPage); the engine's bound there is inlineCap times this
}

/** The longest script (prelude included, in UTF-16 units) a run on the page's thread may have. */
const inlineChars = 20_000;

/**
 * The engine's time bound on the page's thread, in slow runs (inlineMs):
 * what the page may freeze for once. A playground's first run there runs
 * its whole script, and right after load V8 may not have compiled all of
 * the code it takes: measured in the bench, such a run crossed 25 ms in two
 * of seven page loads, where later edits of the same script took 1-2 ms.
 */
const inlineCap = 4;

export interface RunRequest {
  key: string; // who asks: a newer request with the same key replaces a queued one
  urgent: boolean; // the reader is typing here: run before queued background runs
  version: Version;
  prelude: string[];
  script: string;
  checks: Checks | null; // an exercise's, run after the script
  forms: LayoutForm[]; // the layout forms to compute (those of the views on screen)
  /** The caret's line when the open view travels (travel.ts): its forms as they stood after that line's statement; 0: the final state. */
  caretLine: number;
  names: boolean; // also the table and column names, for completion
  /** The partitions the reader opened: the bounded views list them in full (bounded.ts). */
  open: string[];
  /** Time the run may take on top of the limits (bounded.ts fillAllowanceMs), in ms. */
  extraMs: number;
}

export interface RunResult {
  outcomes: Outcome[];
  json: string; // the outcomes as the engine wrote them: equal strings, equal outcomes
  checks: string[] | null; // an exercise's: the data's reply, then each query's
  session: number; // names the run's session in the engine that served it, for later layout and names requests
  layouts: Record<string, string>; // layout form -> the bridge's JSON reply
  names: string[] | null;
  ms: number; // time in the engine (the worker's, or the page's own)
  stopped: boolean; // the run hit the limit and the worker was restarted
  hops: Hops | null; // where the run's wall time went (null: no reply)
  onPage: boolean; // served by the page's own engine, not the worker
}

/**
 * A request's path, in the page's clock (performance.now()): posted to the
 * worker, taken by it, its reply posted, and that reply handled by the page.
 * The gaps are waits: a busy worker or page thread, or no core free.
 */
export interface Hops {
  sent: number;
  began: number;
  ended: number;
  received: number;
}

/** The answer to a layout or names request; session 0 when the worker has no session for the key. */
export interface SessionReply {
  session: number;
  layouts: Record<string, string>;
  names: string[] | null;
  workerMs: number; // the worker's time on the request (wall clock, in the worker)
}

interface Job {
  key: string;
  run: boolean; // a run (replaced by a newer run of its key while queued)
  urgent: boolean;
  extraMs?: number; // time on top of the limits (RunRequest.extraMs)
  message: (id: number) => ToWorker;
  done: (r: Reply, hops: Hops) => void;
  // Replaced by a newer run of its key, stopped at the limit, or the engine failed to load.
  dropped: (why: "replaced" | "stopped" | Error) => void;
}

export class Engine {
  ready!: Promise<number>;
  /**
   * Settles once the first worker's script runs (or the worker failed). The
   * page waits for it before its own start-up work: Chromium starts a worker
   * only when the page's thread is idle, and the engine's download and
   * compile are the longest part of the way to a live playground.
   */
  readonly started: Promise<void>;
  private onStarted: () => void = () => {};
  private worker: Worker | null = null;
  private queue: Job[] = [];
  private busy: { id: number; job: Job; timer: number; sent: number } | null = null;
  private nextId = 1;
  private lastUrgent = -Infinity;
  private quietTimer = 0;
  private loaded = false; // the current worker's engine is ready
  /** The page's own engine (inline.ts) once started; null before, or after it failed. */
  private inline: Server | null = null;
  private inlineState: "" | "loading" | "ready" | "failed" = "";
  private inlineWanted = false;
  /** The engine the worker compiled, which the page's engine starts from. */
  private inlineModule: WebAssembly.Module | null = null;
  /** Where each key's latest run was served (its id): the key's session is there. */
  private homes = new Map<string, { id: number; page: boolean }>();
  /** Keys the worker serves for good: too slow for the page's thread (runOnPage). */
  private tooLong = new Set<string>();
  /** How many runs in a row of each key took inlineMs or more on the page's thread. */
  private slowRuns = new Map<string, number>();

  constructor(private cfg: EngineConfig) {
    this.started = new Promise((resolve) => (this.onStarted = resolve));
    this.start();
    this.ready.catch(() => this.onStarted());
  }

  /** Runs a script in a fresh session after its prelude. Resolves null when a newer request with the same key replaced it. */
  run(req: RunRequest): Promise<RunResult | null> {
    return new Promise((resolve) => {
      const i = this.queue.findIndex((j) => j.run && j.key === req.key);
      if (i >= 0) {
        this.queue[i].dropped("replaced");
        this.queue.splice(i, 1);
      }
      const { key, urgent, version, prelude, script, checks, forms, caretLine, names, open, extraMs } = req;
      const message = (id: number, timeoutMs: number): ToWorker => ({ type: "run", id, key, version, lang: document.documentElement.lang, prelude, script, checks, timeoutMs, forms, caretLine, names, open });
      const done = (r: Reply, hops: Hops, onPage: boolean) => {
        let outcomes: Outcome[];
        try {
          outcomes = JSON.parse(r.json);
        } catch (e) {
          outcomes = [failure("ServerError", "the engine returned invalid JSON: " + String(e))];
        }
        resolve({ outcomes, json: r.json, checks: r.checks, session: r.session, layouts: r.layouts, names: r.names, ms: r.ms, stopped: false, hops, onPage });
      };
      if (this.runOnPage(req, message, done)) return;
      this.enqueue({
        key,
        run: true,
        urgent,
        extraMs,
        message: (id) => message(id, this.cfg.engineMs + extraMs),
        done: (r, hops) => {
          this.served(key, r.id, false);
          done(r, hops, false);
        },
        dropped: (why) => {
          if (why === "replaced") resolve(null);
          else if (why === "stopped") resolve({ outcomes: [], json: "", checks: null, session: 0, layouts: {}, names: null, ms: this.cfg.limitMs + extraMs, stopped: true, hops: null, onPage: false });
          else resolve({ outcomes: [failure("ServerError", why.message)], json: "", checks: null, session: 0, layouts: {}, names: null, ms: 0, stopped: false, hops: null, onPage: false });
        },
      });
    });
  }

  /**
   * Serves the reader's run on the page's thread, when it may run there (see
   * the top of this file), and reports whether it did: if not, the worker
   * takes it.
   */
  private runOnPage(req: RunRequest, message: (id: number, timeoutMs: number) => ToWorker, done: (r: Reply, hops: Hops, onPage: boolean) => void): boolean {
    const server = this.inline;
    if (!server || !req.urgent || req.extraMs > 0 || this.tooLong.has(req.key)) return false;
    if (req.prelude.reduce((n, p) => n + p.length, req.script.length) > inlineChars) return false;
    const id = this.nextId++;
    const sent = performance.now();
    this.lastUrgent = sent;
    const r = server.handle(message(id, this.cfg.inlineMs * inlineCap));
    const received = performance.now();
    if (server.broken) {
      this.inlineFailed();
      return false;
    }
    if (received - sent < this.cfg.inlineMs) this.slowRuns.delete(req.key);
    else {
      // Slow for the page's thread. A run the engine's bound stopped runs
      // again in the worker, which the page's limit can stop; so does every
      // run of a key slow twice in a row. One slow run alone (a whole
      // script's first run, a collection, code V8 had not compiled yet) is
      // drawn.
      const slow = (this.slowRuns.get(req.key) ?? 0) + 1;
      this.slowRuns.set(req.key, slow);
      // For tests and the curious: the key and how long its run took.
      document.documentElement.dataset.engineInlineSlow = req.key + " " + (received - sent).toFixed(1);
      if (slow >= 2 || engineStopped(r.json)) {
        this.tooLong.add(req.key);
        server.drop(req.key);
        if (this.homes.get(req.key)?.page) this.homes.delete(req.key);
        return false;
      }
    }
    this.served(req.key, id, true);
    done(r, { sent, began: sent, ended: received, received }, true);
    return true;
  }

  /**
   * Records where the key's run id was served: the key's later requests go
   * there. A run older than one already served changes nothing; the page's
   * session of a key the worker now serves is closed.
   */
  private served(key: string, id: number, page: boolean): void {
    const old = this.homes.get(key);
    if (old && old.id > id) return;
    if (old?.page && !page) this.inline?.drop(key);
    this.homes.set(key, { id, page });
  }

  /** The page's engine failed (its Go program ended): the worker serves every key from now on. */
  private inlineFailed(): void {
    this.inline = null;
    this.setInline("failed");
    for (const [key, home] of this.homes) if (home.page) this.homes.delete(key);
  }

  /**
   * Starts the page's own engine (inline.ts) once the worker has handed
   * over the compiled module, if the page has one: when the page is idle
   * after its first result, or sooner when the reader goes to an editor.
   * It costs the page about 5 MB and, once, the Go program's start (11-13 ms
   * under node from a module already run, docs/performance.md).
   */
  wantInline(): void {
    this.inlineWanted = true;
    this.startInline();
  }

  private startInline(): void {
    const module = this.inlineModule;
    if (!this.inlineWanted || !module || !this.cfg.inline || this.inlineState !== "") return;
    this.setInline("loading");
    const script = document.createElement("script");
    script.src = this.cfg.inline;
    script.onload = () => {
      const start = (globalThis as { cqlplayInline?: StartInline }).cqlplayInline;
      if (!start) return this.setInline("failed");
      const t0 = performance.now();
      start(module).then(
        (server) => {
          this.inline = server;
          measure("pg-inline-start", { start: t0 });
          this.setInline("ready");
        },
        () => this.setInline("failed"),
      );
    };
    script.onerror = () => this.setInline("failed");
    document.head.append(script);
  }

  /** The page's engine's state, also on <html data-engine-inline> for tests and the curious. */
  private setInline(state: "loading" | "ready" | "failed"): void {
    this.inlineState = state;
    document.documentElement.dataset.engineInline = state;
  }

  /** A layout form of the key's latest run, from its session in the worker. */
  layout(key: string, form: string, open: string[] = []): Promise<SessionReply | null> {
    return this.ask(key, (id) => ({ type: "layout", id, key, form, open }));
  }

  /** A layout form as it stood after outcome statement of the key's latest run, with that statement's changes. */
  layoutAt(key: string, form: string, statement: number, open: string[] = []): Promise<SessionReply | null> {
    return this.ask(key, (id) => ({ type: "layoutAt", id, key, form, statement, open }));
  }

  /**
   * The next rows of a partition in a bounded view of the key's latest run,
   * to put in place of its gap (cqlplay.layoutMore): open is the partitions
   * opened as the view shows them; statement, the state it shows (null: the
   * final one).
   */
  more(key: string, form: string, open: string[], partition: string, rows: number, statement: number | null): Promise<SessionReply | null> {
    return this.ask(key, (id) => ({ type: "more", id, key, form, statement, open, partition, rows }));
  }

  /** The table and column names of the key's latest run, for completion. */
  names(key: string): Promise<SessionReply | null> {
    return this.ask(key, (id) => ({ type: "names", id, key }));
  }

  private ask(key: string, message: (id: number) => ToWorker): Promise<SessionReply | null> {
    if (this.homes.get(key)?.page && this.inline) {
      const r = this.inline.handle(message(this.nextId++));
      if (!this.inline.broken) return Promise.resolve({ session: r.session, layouts: r.layouts, names: r.names, workerMs: r.ms });
      this.inlineFailed();
    }
    return new Promise((resolve) => {
      const done = (r: Reply, hops: Hops) => resolve({ session: r.session, layouts: r.layouts, names: r.names, workerMs: hops.ended - hops.began });
      this.enqueue({ key, run: false, urgent: true, message, done, dropped: () => resolve(null) });
    });
  }

  private enqueue(job: Job): void {
    if (job.urgent) {
      this.lastUrgent = performance.now();
      // After the urgent jobs already queued, before every background one.
      const i = this.queue.findIndex((j) => !j.urgent);
      this.queue.splice(i < 0 ? this.queue.length : i, 0, job);
    } else this.queue.push(job);
    this.pump();
  }

  /** Ends the worker for good: the page has nothing for it to run. */
  terminate(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  private start(): void {
    // The worker knows its engine's URL (the build wrote it in) and starts
    // the download itself as its script runs. The first one may have been
    // started by the head script (head.ts), before the page's first layout:
    // it is taken over with the messages it already sent.
    const scope = globalThis as { cqlplayEarlyWorker?: EarlyWorker };
    const early = scope.cqlplayEarlyWorker;
    scope.cqlplayEarlyWorker = undefined;
    if (!early) performance.mark("pg-worker");
    const w = early?.worker ?? new Worker(this.cfg.worker);
    this.worker = w;
    // Who started the worker (for tests and the curious): "head" or "page".
    document.documentElement.dataset.workerStart = early ? "head" : "page";
    this.ready = new Promise((resolve, reject) => {
      const handle = (e: MessageEvent<FromWorker>) => {
        const m = e.data;
        if (m.type === "started") this.onStarted();
        else if (m.type === "ready") resolve(m.ms);
        else if (m.type === "module") {
          this.inlineModule ??= m.module;
          this.startInline();
        }
        else if (m.type === "warm") document.documentElement.dataset.engineWarm = "1"; // warm-up done (worker.ts), for tests and the curious
        else if (m.type === "failed") reject(new Error(m.error));
        else this.finish(m);
      };
      w.onmessage = handle;
      for (const e of early?.messages ?? []) handle(e as MessageEvent<FromWorker>);
      if (early?.error) reject(new Error(early.error));
      w.onerror = (e) => reject(new Error(e.message || "worker error"));
    });
    this.ready.catch(() => {}); // reported to each caller through pump
  }

  private post(m: ToWorker): void {
    this.worker!.postMessage(m);
  }

  private pump(): void {
    // The page's pending work, for tests and the curious: queued + running.
    document.documentElement.dataset.queue = String(this.queue.length + (this.busy ? 1 : 0));
    if (this.busy || this.queue.length === 0) return;
    if (!this.queue[0].urgent) {
      // Background work waits for a pause in the reader's typing.
      const wait = this.lastUrgent + this.cfg.quietMs - performance.now();
      if (wait > 0) {
        window.clearTimeout(this.quietTimer);
        this.quietTimer = window.setTimeout(() => this.pump(), wait);
        return;
      }
    }
    const job = this.queue.shift()!;
    const id = this.nextId++;
    const busy = { id, job, timer: 0, sent: 0 };
    this.busy = busy;
    const send = () => {
      // The clock starts when the worker gets the request, not while the
      // engine is still loading.
      busy.timer = window.setTimeout(() => this.stop(id), this.cfg.limitMs + (job.extraMs ?? 0));
      busy.sent = performance.now();
      // The engine bounds itself too, below the page's limit, so that a
      // long script usually ends with the engine's own Stopped outcome and
      // the worker survives.
      this.post(job.message(id));
    };
    if (this.loaded) {
      send(); // at once: a resolved promise's then would wait for a microtask checkpoint
      return;
    }
    this.ready.then(
      () => {
        this.loaded = true;
        if (this.busy === busy) send();
      },
      (err: Error) => {
        if (this.busy !== busy) return;
        this.busy = null;
        job.dropped(err);
        this.pump();
      },
    );
  }

  private finish(m: Reply): void {
    const received = performance.now();
    if (!this.busy || this.busy.id !== m.id) return;
    const { job, timer, sent } = this.busy;
    window.clearTimeout(timer);
    this.busy = null;
    const o = performance.timeOrigin;
    job.done(m, { sent, began: m.began - o, ended: m.ended - o, received });
    this.pump();
  }

  /** Ends a request past the limit: terminate the worker and start a new one. */
  private stop(id: number): void {
    if (!this.busy || this.busy.id !== id) return;
    const { job } = this.busy;
    this.busy = null;
    this.worker?.terminate();
    this.loaded = false;
    this.start();
    job.dropped("stopped");
    this.pump();
  }
}

/** Whether the engine stopped a run at one of its bounds (on a slow run: its time bound), from its outcomes' JSON. */
function engineStopped(json: string): boolean {
  try {
    const outs = JSON.parse(json) as Outcome[];
    return outs.some((o) => o.error?.code === "Stopped");
  } catch {
    return true;
  }
}

function failure(code: string, message: string): Outcome {
  return { statement: "", line: 1, warnings: [], error: { code, message, cqlsh: code + ": " + message } };
}
