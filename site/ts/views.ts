// A playground's views behind their tabs, and how each is drawn. The rules,
// stated here only:
//   - one view is on screen at a time (the WAI-ARIA tabs pattern, with a
//     roving tabindex); the open view is in the figure's data-open;
//   - Results and Why are drawn from the outcomes every run returns: always
//     current, on screen or not; an exercise's Checks from its checks;
//   - a layout view (contract.gen.ts viewForms) is drawn from the shown
//     run's session when it is open, and otherwise marked stale (the
//     figure's data-stale) until its tab opens;
//   - a view is not rebuilt from the reply it already shows; a run of the
//     lesson's own text draws nothing: the build pre-rendered its views
//     (TestBrowserMatchesBuild);
//   - the travelling views show the state after the caret's statement
//     (travel.ts states when); moving to another statement marks them stale.

import type { RunResult } from "./engine";
import { Exercise } from "./exercise";
import { el, renderOutcomes, renderWhy } from "./results";
import type { ShownRun } from "./shown";
import { keySep, placeRows, type LayoutModel } from "./storage";
import { drawLayoutPanel, drawNote, type LayoutReply, type PanelContext } from "./panel";
import type { Pattern, PatternRun } from "./patterns";
import type { Outcome, UI } from "./types";
import { viewForms, type LayoutForm, type View } from "./contract.gen";
import { mark, marked, measure } from "./timing";
import { changeMarks, outcomeAt, travelIndex, travelViews, TravelBar, type Change, type FillDone } from "./travel";
import { boundedForms, pageRows, placeText, type Elision } from "./bounded";

/** How many states either side of the caret's the travelling views ask ahead of the reader (prefetch). */
const prefetchStates = 100;
/** A state that took the worker longer than this (ms) ends the prefetch: large data, whose states the reader's runs must not wait behind. */
const prefetchSlowMs = 40;

/** How many lines a statement's text spans. */
function lineCount(s: string): number {
  let n = 1;
  for (let i = s.indexOf("\n"); i >= 0; i = s.indexOf("\n", i + 1)) n++;
  return n;
}

/** The layout form a view draws; undefined for Results, Why and an exercise's Checks. */
export function formOf(view: string): LayoutForm | undefined {
  return viewForms[view as View];
}

export class Views {
  /** The view on screen. */
  open = "results";
  private readonly tabs: HTMLElement[];
  private readonly panels = new Map<string, HTMLElement>();
  private readonly stale = new Set<string>(); // layout views not drawn from the shown session yet
  private readonly drawn = new Map<string, string>(); // view -> the reply it shows, to skip identical redraws
  private model: LayoutModel | null = null; // the Storage view's, for hovering
  private marks: ReadonlyMap<string, string> | undefined; // what the Storage view's statement changed (travel.ts changeMarks), for rows drawn later
  private readonly draws = new Map<string, number>(); // view -> how many times drawPanel drew it: a page of rows asked before a redraw is not placed
  /** An exercise's checks, drawn into its Checks view. */
  readonly exercise: Exercise | null;
  /** The Results panel. */
  readonly results: HTMLElement;
  /** The access patterns the shown run's script lists, with their queries' outcomes. */
  patterns: PatternRun[] = [];
  private caretLine = 0; // the caret's line (1-based); 0 before the reader moved it
  private selected = -1; // the outcome under the caret, whose reads Storage highlights
  private at: number | null = null; // the outcome whose state the travelling views show; null: the final state; -f: after the -- @fill on line f
  private prefetching: { session: number; form: LayoutForm; at: number } | null = null; // the state prefetch last asked for
  private readonly bar: TravelBar | null;

  constructor(
    private readonly fig: HTMLElement,
    private readonly ui: UI,
    private readonly shown: ShownRun,
    private readonly rerun: () => void,
    moveCaret: ((line: number) => void) | null,
    private readonly markStatement: (first: number, last: number) => void = () => {},
  ) {
    this.results = fig.querySelector(".pg-results") as HTMLElement;
    this.tabs = [...fig.querySelectorAll<HTMLElement>('[role="tab"]')];
    for (const p of fig.querySelectorAll<HTMLElement>('[role="tabpanel"]')) this.panels.set(p.dataset.view!, p);
    const checks = this.panels.get("checks");
    this.exercise = fig.hasAttribute("data-exercise") && checks ? new Exercise(checks) : null;
    this.bar = moveCaret ? new TravelBar(ui, (to) => this.step(to, moveCaret)) : null;
    if (this.bar) this.panels.values().next().value?.before(this.bar.root);
    const open = this.tabs.find((t) => t.getAttribute("aria-selected") === "true") ?? this.tabs[0];
    this.show(open.dataset.view!);
    this.tabs.forEach((tab, i) => {
      tab.addEventListener("click", () => this.show(tab.dataset.view!));
      tab.addEventListener("keydown", (e) => {
        const n = this.tabs.length;
        const j = e.key === "ArrowRight" ? (i + 1) % n : e.key === "ArrowLeft" ? (i + n - 1) % n : e.key === "Home" ? 0 : e.key === "End" ? n - 1 : -1;
        if (j < 0) return;
        e.preventDefault();
        this.show(this.tabs[j].dataset.view!);
        this.tabs[j].focus();
      });
    });
    // A summarised partition's button lists it in full (bounded.ts), in
    // the drawn views and the build's alike.
    for (const [view, panel] of this.panels) {
      const form = formOf(view);
      if (form && boundedForms.has(form)) panel.addEventListener("click", (e) => this.openPartition(view, e));
    }
    this.results.addEventListener("mouseover", (e) => this.hover(e));
    this.results.addEventListener("mouseleave", () => this.clearClass("lay-hover"));
  }

  /**
   * The caret's line when the open view travels: a run asks for that
   * view's state after the line's statement (worker.ts), which is what
   * drawing it shows; 0: the final state.
   */
  get travelLine(): number {
    return this.bar && travelViews.has(this.open) ? this.caretLine : 0;
  }

  /** Whether no run has been drawn yet: the page shows the build's views. */
  get untouched(): boolean {
    return this.drawn.size === 0;
  }

  private show(name: string): void {
    for (const t of this.tabs) {
      const on = t.dataset.view === name;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
    }
    for (const [v, p] of this.panels) p.hidden = v !== name;
    this.reveal(name);
    this.fig.dataset.open = name;
    this.open = name;
    this.showBar(null);
    if (this.stale.has(name)) this.drawLayout(name);
  }

  /**
   * Scrolls the row of tabs, where it is narrower than its tabs (a phone),
   * so that the open view's tab is whole on screen; the page itself does
   * not move. Read after the next frame: at boot the row may not be laid
   * out yet, and a layout forced there would cost every widget's start.
   */
  private reveal(name: string): void {
    const tab = this.tabs.find((t) => t.dataset.view === name);
    const row = tab?.parentElement;
    if (!tab || !row || typeof requestAnimationFrame === "undefined") return;
    requestAnimationFrame(() => {
      if (row.scrollWidth <= row.clientWidth) return;
      const r = row.getBoundingClientRect(),
        t = tab.getBoundingClientRect();
      const edge = 24; // past the edge's shadow
      if (t.left < r.left + edge) row.scrollLeft -= r.left + edge - t.left;
      else if (t.right > r.right - edge) row.scrollLeft += t.right - (r.right - edge);
    });
  }

  /**
   * The bar over a travelling view, for the state it shows; changes: what
   * that statement changed, once the view is drawn.
   */
  private showBar(changes: readonly Change[] | null, fill: FillDone | null = null): void {
    if (!this.bar) return;
    const outs = this.shown.outcomes;
    // The editor's band marks the statement whose state is shown, so the
    // bar need not point at a caret a button press leaves unseen.
    const o = this.at !== null && this.at >= 0 ? outs[this.at] : undefined;
    if (o) this.markStatement(o.line, o.line + lineCount(o.statement) - 1);
    else if (this.at !== null && this.at < 0) this.markStatement(-this.at, -this.at);
    else this.markStatement(0, 0);
    if (!travelViews.has(this.open)) {
      // A view that does not travel says so while the others show an earlier state.
      if (this.at !== null) return this.bar.note(this.ui.travelNot);
      return this.bar.hide();
    }
    // Before the first run, the build's count (build/sitegen/widget.go): the bar
    // shows the final state at once, and the page (an embed's iframe) does
    // not grow by it when the run comes.
    const total = outs.length || Number(this.fig.dataset.statements ?? 0);
    const line = this.at === null ? 0 : this.at < 0 ? -this.at : outs[this.at].line;
    this.bar.show(this.at, total, line, changes, this.open !== "storage", fill);
  }

  /** Moves through the script from the bar: the caret goes to the statement, and the views follow it. */
  private step(to: "prev" | "next" | "end", moveCaret: (line: number) => void): void {
    const outs = this.shown.outcomes;
    if (outs.length === 0) return; // before the first run: nothing to step through yet
    const last = outs.length - 1;
    // From a -- @fill's state (at -f), the statements either side of it.
    const from = this.at !== null && this.at < 0 ? outcomeAt(outs, -this.at) + (to === "prev" ? 1 : 0) : (this.at ?? last);
    let i = to === "end" ? last : to === "prev" ? from - 1 : from + 1;
    i = Math.max(0, Math.min(last, i));
    // The final state is after the last statement: the caret goes past it.
    moveCaret(i === last ? Number.MAX_SAFE_INTEGER : outs[i].line);
  }

  /** Shows the state after outcome at (null: the final state) in the travelling views. */
  private travel(at: number | null): void {
    if (!this.bar || at === this.at) return;
    mark("pg-caret"); // to the travelled view drawn: pg-caret-to-view (the bench reads it)
    this.at = at;
    for (const view of this.panels.keys()) if (travelViews.has(view)) this.stale.add(view);
    this.fig.dataset.stale = [...this.stale].join(" ");
    this.fig.dataset.at = at === null ? "" : String(at);
    this.showBar(null);
    if (this.stale.has(this.open)) this.drawLayout(this.open);
  }

  /**
   * Draws the run the ShownRun just took; prerendered: the page already
   * shows its views. patterns: the access patterns its script listed, whose
   * queries ran as the run's checks (not an exercise's).
   */
  draw(r: RunResult, prerendered: boolean, patterns: Pattern[] = []): void {
    const ui = this.ui;
    if (!this.exercise) {
      // r.checks[0] answers the (empty) data, then one reply per query.
      const first = (raw: string | undefined) => {
        try {
          return raw ? (JSON.parse(raw) as Outcome[])[0] : undefined;
        } catch {
          return undefined;
        }
      };
      this.patterns = patterns.map((p, i) => ({ ...p, got: first(r.checks?.[i + 1]) }));
    }
    if (prerendered) this.drawn.set("results", r.json);
    if (this.drawn.get("results") !== r.json) {
      renderOutcomes(this.results, ui, r.outcomes);
      const why = this.panels.get("why");
      if (why) renderWhy(why, ui, r.outcomes);
      this.drawn.set("results", r.json);
    }
    if (this.exercise && r.checks) {
      const checks = r.checks.join("\u0000");
      if (prerendered) this.drawn.set("checks", checks);
      if (this.drawn.get("checks") !== checks) {
        this.exercise.render(ui, r.checks, r.outcomes);
        this.drawn.set("checks", checks);
      }
    }
    if (!prerendered) for (const view of this.panels.keys()) if (formOf(view)) this.stale.add(view);
    // The worker counts generated rows once, at its first layout of them
    // (engine/layout's kept totals): of a run whose views the build drew,
    // ask the open view's now, in the background, so the reader's first
    // keystroke does not pay for it (74 ms for 100,000 rows, in a trace).
    const open = formOf(this.open);
    if (prerendered && open && this.shown.fills.length > 0) this.shown.ask(open, () => {}, () => {});
    // The caret stays where it was: the travelling views show its statement
    // of the new run (the build pre-rendered only the final state).
    const at = this.caretLine > 0 ? travelIndex(this.shown.outcomes, this.caretLine, this.fillLines) : null;
    if (this.bar && at !== null) for (const view of this.panels.keys()) if (travelViews.has(view)) this.stale.add(view);
    this.at = this.bar ? at : null;
    this.fig.dataset.at = this.at === null ? "" : String(this.at);
    this.showBar(null);
    if (this.stale.has(this.open)) this.drawLayout(this.open);
    this.fig.dataset.stale = [...this.stale].join(" ");
  }

  /**
   * Notes, under each query's result, the `-- rows: N` comment it no longer
   * bears out (marks.ts staleRows, with its text); the notes of the last run
   * go first, as the comment may have been corrected with the result unchanged.
   */
  noteStale(notes: { stmt: number; title: string }[]): void {
    for (const old of this.results.querySelectorAll(".out-stale")) old.remove();
    for (const n of notes) this.results.querySelector(`.out[data-stmt="${n.stmt}"]`)?.append(el("p", "out-stale", n.title));
  }

  /**
   * Draws a stale layout view from the shown run's session: from the reply
   * already here, or once the worker answers for that session.
   */
  private drawLayout(view: string): void {
    const form = formOf(view)!;
    const at = travelViews.has(view) && this.at !== null ? this.at : undefined;
    const raw = this.shown.layout(form, at);
    if (raw === undefined) {
      this.shown.ask(
        form,
        () => {
          if (this.open === view && this.stale.has(view)) this.drawLayout(view);
        },
        this.rerun,
        undefined,
        at,
      );
      return;
    }
    this.stale.delete(view);
    // The views still to draw from the shown run, for tests and the curious.
    this.fig.dataset.stale = [...this.stale].join(" ");
    // The Model view draws the outcomes' queries too: a new SELECT changes it.
    const key = view === "model" ? raw + "\u0000" + this.drawn.get("results") + "\u0000" + JSON.stringify(this.patterns) : raw;
    if (this.drawn.get(view) === key) return;
    this.drawPanel(this.panels.get(view)!, view, form, raw);
    this.drawn.set(view, key);
    if (at !== undefined && at >= 0) this.prefetch(view, form, at);
  }

  /**
   * Asks the worker, one state at a time and nearest first, for the states
   * around the one just drawn, so that the caret's steps (the bar's buttons,
   * the arrow keys) draw from what the page holds. A reply that comes after
   * the reader's key waits for the browser's next frame (Chromium runs the
   * frame of a key press before other tasks), which is a frame too late. One
   * request at a time keeps the reader's own runs from waiting behind more
   * than one state; a state the worker took long over (a large `-- @fill`)
   * ends the chain, which reaches prefetchStates statements either side.
   */
  private prefetch(view: string, form: LayoutForm, at: number): void {
    const pending = this.prefetching;
    if (pending && pending.session === this.shown.session && this.shown.asking(pending.form, pending.at)) return;
    const last = this.shown.outcomes.length - 1;
    let next = -1;
    for (let d = 1; next < 0 && d <= prefetchStates && (at - d >= 0 || at + d < last); d++) {
      for (const n of [at - d, at + d]) {
        if (next < 0 && n >= 0 && n < last && this.shown.layout(form, n) === undefined) next = n;
      }
    }
    if (next < 0) return;
    const session = this.shown.session;
    this.prefetching = { session, form, at: next };
    this.shown.ask(
      form,
      (_, workerMs) => {
        // How many states of the form the page holds, for tests and the curious.
        this.fig.dataset.held = String(this.shown.held(form));
        if (this.open === view && this.stale.has(view)) return this.drawLayout(view);
        if (workerMs > prefetchSlowMs || this.shown.session !== session) return;
        this.prefetch(view, form, this.at ?? at);
      },
      () => {},
      undefined,
      next,
    );
  }

  /**
   * Opens the partition of a clicked gap's button, or lists its next page:
   * pageRows more of its rows. The view on screen puts them in place of
   * the gap (cqlplay.layoutMore: what they cost, not a redraw of every
   * row), keeping the reader's place and the keyboard's focus; the other
   * bounded views are drawn whole when shown. A playground not run yet
   * runs first, and draws it then.
   */
  private openPartition(view: string, e: Event): void {
    const button = (e.target as HTMLElement).closest<HTMLButtonElement>("button.lay-open");
    if (!button?.dataset.partition) return;
    const focused = document.activeElement === button;
    button.disabled = true;
    const id = button.dataset.partition;
    // The partition as the view shows it; the others opened do not change
    // its page (engine TestLayoutMoreJoins), and the worker renders less.
    const had = this.shown.openRows(id);
    const open = had > 0 ? [id + "\t" + had] : [];
    this.shown.openPartition(id, had + pageRows);
    for (const v of this.panels.keys()) if (v !== view && boundedForms.has(formOf(v) ?? "")) this.stale.add(v);
    this.fig.dataset.stale = [...this.stale].join(" ");
    const whole = () => {
      this.stale.add(view);
      this.fig.dataset.stale = [...this.stale].join(" ");
      if (this.shown.session === 0) return this.rerun();
      this.drawLayout(view);
    };
    // The state after a -- @fill has no page of its own (layoutMore takes a statement): drawn whole.
    const afterFill = travelViews.has(view) && this.at !== null && this.at < 0;
    if (this.shown.session === 0 || this.stale.has(view) || afterFill) return whole();
    mark("pg-more"); // to the rows drawn: pg-more-to-view
    const form = formOf(view)!;
    const draws = this.draws.get(view) ?? 0;
    const at = travelViews.has(view) && this.at !== null ? this.at : undefined;
    this.shown.more(form, open, id, pageRows, at, (raw) => {
      // Redrawn meanwhile (a step through the script, a run): it lists them already.
      if ((this.draws.get(view) ?? 0) !== draws || !button.isConnected) return;
      const gap = button.closest<HTMLElement>(".lay-gap")!;
      let next: HTMLElement | null;
      try {
        const reply = JSON.parse(raw) as { error?: unknown; map?: LayoutModel; text?: string; replaces: number; elided: Elision[] };
        if (reply.error) throw new Error("no page");
        const rows = reply.elided[0]?.rows ?? 0;
        next = reply.map ? placeRows(gap, this.ui, reply.map, reply.replaces, rows, view === "storage" ? this.marks : undefined) : placeText(gap, this.ui, reply.text ?? "", reply.elided, reply.replaces);
      } catch {
        return whole(); // an engine without pages, or an answer the page cannot place
      }
      // What the view shows is no longer a reply the worker gave.
      this.drawn.set(view, "");
      if (focused) (next?.querySelector("button") ?? this.tabs.find((t) => t.dataset.view === view))?.focus({ preventScroll: true });
      measure("pg-more-to-view", "pg-more");
    }, this.rerun);
  }

  /** Draws a layout view from the bridge's reply (panel.ts), with the travel bar and highlights. */
  private drawPanel(panel: HTMLElement, view: string, form: LayoutForm, raw: string): void {
    let reply: LayoutReply & { changes?: Change[]; fill?: FillDone };
    try {
      reply = JSON.parse(raw);
    } catch (e) {
      return drawNote(panel, "out-err", String(e));
    }
    if (reply.error) return drawNote(panel, "out-err", reply.error.message);
    // A time-travelled reply says what its statement changed (layoutAt).
    const changes = reply.changes ?? null;
    if (travelViews.has(view)) {
      this.showBar(changes, reply.fill ?? null);
      queueMicrotask(() => {
        if (!marked("pg-caret")) return;
        measure("pg-caret-to-view", "pg-caret");
        performance.clearMarks("pg-caret");
      });
    }
    const c: PanelContext = { outcomes: this.shown.outcomes, patterns: this.patterns, filled: 0 };
    if (view !== "sizes" && view !== "model") {
      c.filled = this.filledBy(travelViews.has(view) ? this.at : null);
      this.draws.set(view, (this.draws.get(view) ?? 0) + 1);
    }
    if (form === "map") {
      this.model = reply.map ?? null;
      this.marks = c.marks = changes ? changeMarks(changes) : undefined;
    }
    drawLayoutPanel(panel, this.ui, view, form, reply, c, boundedForms.has(form));
    if (form === "map") this.highlightRead(this.shown.outcomes[this.selected]);
  }

  /** The lines of the shown run's -- @fill directives that ran. */
  private get fillLines(): number[] {
    return this.shown.fills.map((f) => f.line);
  }

  /** The rows the -- @fill directives generated up to the state after at (null: the final state). */
  private filledBy(at: number | null): number {
    const line = at === null ? Infinity : at < 0 ? -at : this.shown.outcomes[at].line;
    return this.shown.fills.filter((f) => f.line <= line).reduce((n, f) => n + f.rows, 0);
  }

  private clearClass(cls: string): void {
    this.fig.querySelectorAll("." + cls).forEach((e) => e.classList.remove(cls));
  }

  /** Selects the output of the statement on the caret's line, and highlights what it read in Storage. */
  select(line: number): void {
    const outcomes = this.shown.outcomes;
    this.caretLine = line;
    this.travel(travelIndex(outcomes, line, this.fillLines));
    const idx = outcomeAt(outcomes, line);
    this.selected = idx;
    // A silent statement has no output to select.
    const panel = this.results;
    panel.querySelectorAll(".out-sel").forEach((e) => e.classList.remove("out-sel"));
    const out = panel.querySelector(`.out[data-stmt="${idx}"]`);
    if (out) {
      out.classList.add("out-sel");
      // Scroll the results panel only: moving the page under a typing
      // reader would lose their place.
      const pr = panel.getBoundingClientRect();
      const or = out.getBoundingClientRect();
      if (or.top < pr.top) panel.scrollTop -= pr.top - or.top;
      else if (or.bottom > pr.bottom) panel.scrollTop += Math.min(or.bottom - pr.bottom, or.top - pr.top);
    }
    this.highlightRead(outcomes[idx]);
  }

  /** Highlights in the Storage view the partitions a statement read, or, for a query that scans, every partition of its table. */
  private highlightRead(o: Outcome | undefined): void {
    this.clearClass("lay-hl");
    const storage = this.panels.get("storage");
    const plan = o?.plan;
    if (!storage || !plan || plan.kind === "write") return;
    const sec = [...storage.querySelectorAll<HTMLElement>(".lay-table")].find((s) => s.dataset.table === plan.table);
    if (!sec) return;
    const tokens = new Set(plan.partitions ?? []);
    for (const p of sec.querySelectorAll<HTMLElement>(".lay-part")) {
      if (plan.allPartitions || tokens.has(p.dataset.token!)) p.classList.add("lay-hl");
    }
  }

  /** Hovering a result row highlights its partition and row in the Storage view. */
  private hover(e: Event): void {
    const tr = (e.target as HTMLElement).closest("tbody tr");
    const out = tr?.closest<HTMLElement>(".out");
    this.clearClass("lay-hover");
    if (!tr || !out) return;
    if (!this.model) {
      // The Storage view was pre-rendered or drawn from an older run: its
      // model comes from the shown run's session, once.
      this.shown.ask(
        "map",
        (raw) => {
          try {
            this.model = (JSON.parse(raw) as { map?: LayoutModel }).map ?? null;
          } catch {
            return;
          }
          if (tr.isConnected) this.hover(e);
        },
        () => {},
        "model",
      );
      return;
    }
    const o = this.shown.outcomes[Number(out.dataset.stmt)];
    const table = this.model.tables.find((t) => t.keyspace + "." + t.name === o?.plan?.table);
    if (!o || !o.columns || !table) return;
    const cells = [...tr.children].map((td) => (td.classList.contains("null") ? "null" : td.textContent ?? ""));
    const valueOf = (name: string) => {
      const i = o.columns!.indexOf(name);
      return i < 0 ? undefined : cells[i];
    };
    const key = table.partitionKey.map((k) => valueOf(k.name));
    if (key.some((v) => v === undefined)) return;
    const storage = this.panels.get("storage")!;
    const sec = [...storage.querySelectorAll<HTMLElement>(".lay-table")].find((s) => s.dataset.table === o.plan!.table);
    const part = [...(sec?.querySelectorAll<HTMLElement>(".lay-part") ?? [])].find((p) => p.dataset.key === key.join(keySep));
    if (!part) return;
    part.classList.add("lay-hover");
    const ck = table.clustering.map((k) => valueOf(k.name));
    if (ck.length === 0 || ck.some((v) => v === undefined)) return;
    const row = [...part.querySelectorAll<HTMLElement>(".lay-row")].find((r) => r.dataset.ck === ck.join(keySep));
    row?.classList.add("lay-hover");
  }
}
