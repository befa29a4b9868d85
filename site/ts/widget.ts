// One playground: the editor, its views and the reader's edit, wired to the
// shared engine worker. It re-runs as the reader types (at once when the
// worker is idle; the engine coalesces keystrokes that arrive during a run),
// marks the failing statements, and offers completion. Its parts state their
// own rules: which text the editor holds and the bar's marks (edit.ts), the
// shown run and what the worker computed from its session (shown.ts), and
// the views and their drawing (views.ts).
//
// A run computes and draws only what is on screen: the outcomes (Results, Why
// and the editor's marks) and the layout of the open tab.

import { fillAllowanceMs, fillLines } from "./bounded";
import { defaultVersion, type Version } from "./contract.gen";
import { Editor } from "./editor";
import { ReaderEdit } from "./edit";
import type { Engine, RunResult } from "./engine";
import { schemaFingerprint } from "./fingerprint";
import { errorMarks, staleRows } from "./marks";
import { parsePatterns, type Pattern } from "./patterns";
import { announcement, failureLine, whyLabel } from "./failures";
import { el } from "./results";
import { ShownRun } from "./shown";
import { marked, measure } from "./timing";
import type { Outcome, UI } from "./types";
import { formOf, Views } from "./views";

export interface PageContext {
  engine: Engine;
  ui: UI;
  limitMs: number;
  debounceMs: number;
  /** The current text of example i: a widget's editor or a hidden setup block. */
  textOf(i: number): string;
  /** The widgets whose prelude includes example i. */
  dependents(i: number): Widget[];
  /** Whether example i holds the lesson's text (a hidden setup block always does). */
  pristine(i: number): boolean;
  firstResult(): void;
}

export class Widget {
  readonly index: number;
  readonly editor: Editor;
  readonly prelude: number[];
  private readonly version: Version;
  private readonly key: string; // the worker's name for this widget's sessions
  private readonly edit: ReaderEdit;
  private readonly shown: ShownRun;
  private readonly views: Views;
  private readonly status: HTMLElement;
  /** What Share, Embed and Open file say, on a line of its own under the bar's buttons (it wrapped them). */
  private readonly note: HTMLElement;
  private readonly failLine: HTMLButtonElement; // the first failure, under the editor
  private readonly announcer: HTMLElement; // what a screen reader hears after the reader's run
  private timer = 0;
  private statusTimer = 0;
  private seq = 0;
  private runs = 0;
  private runFp = new Map<number, string>(); // session -> schema fingerprint of its text
  private namesFp = ""; // the fingerprint the completion names belong to
  private namesAsked = false;

  constructor(
    private readonly fig: HTMLElement,
    private readonly page: PageContext,
  ) {
    const ui = page.ui;
    this.index = Number(fig.dataset.index);
    this.key = "w" + this.index;
    this.version = (fig.dataset.version ?? defaultVersion) as Version;
    this.prelude = (fig.dataset.prelude ?? "").split(" ").filter(Boolean).map(Number);
    this.shown = new ShownRun(page.engine, this.key);
    // Time travel steps through this playground's own statements; one that
    // continues earlier examples starts from the state they left (the
    // worker's session is based after its prelude).
    this.views = new Views(
      fig,
      ui,
      this.shown,
      () => this.schedule(0),
      (line) => this.editor.caretToLine(line),
      (first, last) => this.editor?.showStatement(first, last),
    );
    const src = fig.querySelector(".pg-src")!;
    this.note = el("span", "pg-note", "");
    this.note.setAttribute("role", "status");
    this.note.setAttribute("aria-live", "polite");
    this.edit = new ReaderEdit(fig, ui, this.index, src.textContent ?? "", (s) => {
      if (this.note.textContent !== s) this.note.textContent = s;
    });
    this.editor = new Editor({
      text: this.edit.initial,
      readonly: fig.hasAttribute("data-readonly") || fig.hasAttribute("data-locked"),
      label: ui.editor,
      help: ui.editorHelp,
      onChange: () => {
        this.schedule(); // first: the edit is saved while the engine runs
        this.edit.changed();
        if (this.note.firstChild) this.note.textContent = ""; // said of the text before this edit
      },
      onRunNow: () => this.schedule(0),
      onCaret: (line) => this.views.select(line),
      onWord: () => this.wantNames(),
    });
    src.replaceWith(this.editor.root);
    // The reader may type here: the page starts its own engine for short runs (engine.ts).
    this.editor.root.addEventListener("focusin", () => page.engine.wantInline(), { once: true });
    this.status = el("span", "pg-status", "");
    this.status.setAttribute("role", "status");
    this.status.setAttribute("aria-live", "polite");
    this.edit.attach(this.editor, fig.querySelector(".pg-bar")!, this.status);
    fig.querySelector(".pg-bar")!.append(this.note);
    this.status.textContent = ui.loading;
    this.views.results.addEventListener("click", (e) => this.jump(e));
    // Whatever view is open, a failure shows under the editor; a click
    // puts the caret on its statement.
    this.failLine = el("button", "pg-fail") as HTMLButtonElement;
    this.failLine.type = "button";
    this.failLine.hidden = true;
    this.failLine.addEventListener("click", () => this.caretTo(Number(this.failLine.dataset.line)));
    this.announcer = el("p", "pg-announce");
    this.announcer.setAttribute("role", "status");
    this.announcer.setAttribute("aria-live", "polite");
    this.editor.root.after(this.failLine, this.announcer);
    // "Put this solution in the editor": one edit, which Ctrl+Z takes back.
    if (!this.editor.input.readOnly) this.views.exercise?.offerSolution((text) => this.editor.replaceAll(text));
  }

  /**
   * Runs after delay ms; a newer call replaces a pending one. With no delay
   * the request goes to the engine at once: it starts if the worker is idle
   * and otherwise replaces this widget's queued request (latest wins).
   */
  schedule(delay = this.page.debounceMs, urgent = true): void {
    window.clearTimeout(this.timer);
    if (delay <= 0) void this.run(urgent);
    else this.timer = window.setTimeout(() => void this.run(urgent), delay);
  }

  /** Shows the script the page URL now shares for this playground, if any (page.ts calls this on hashchange). */
  openShared(): void {
    this.edit.openShared();
  }

  private async run(urgent: boolean): Promise<void> {
    const seq = ++this.seq;
    const ui = this.page.ui;
    // A run that ends within a few frames never says so: the bar would
    // flicker, and each change of its text lays out and repaints the page
    // below it.
    window.clearTimeout(this.statusTimer);
    this.statusTimer = window.setTimeout(() => this.setStatus(ui.running), 250);
    this.fig.dataset.state = "running";
    const start = performance.now();
    const prelude = this.prelude.map((i) => this.page.textOf(i));
    const script = this.editor.value;
    // The lesson's own text: the views the build pre-rendered are the run's
    // (TestBrowserMatchesBuild), so only the outcomes are needed (the
    // editor's marks, selection, completion).
    const prerendered = this.views.untouched && this.pristine && this.prelude.every((i) => this.page.pristine(i));
    const form = prerendered ? undefined : formOf(this.views.open);
    // The access patterns the script lists run after it, as an exercise's checks do.
    const patterns = this.views.exercise ? [] : parsePatterns(script);
    const checks = this.views.exercise?.spec ?? (patterns.length > 0 ? { data: "", queries: patterns.map((p) => p.query + ";") } : null);
    const r = await this.page.engine.run({
      key: this.key,
      urgent,
      version: this.version,
      prelude,
      script,
      checks,
      forms: form ? [form] : [],
      caretLine: this.views.travelLine,
      names: false,
      open: this.shown.open,
      // An exercise's checks may fill a year of data (a bound): the run gets
      // the time, and so goes to the worker, as a script's fill does.
      extraMs: fillAllowanceMs([...prelude, script, ...(checks?.queries ?? [])].join("\n")),
    });
    if (!r || seq !== this.seq) return;
    if (r.session) this.runFp = new Map([[r.session, schemaFingerprint(prelude, script)]]);
    this.show(r, start, prerendered, urgent, patterns);
  }

  /** Whether the editor holds the lesson's text. */
  get pristine(): boolean {
    return this.editor.value === this.edit.original;
  }

  private setStatus(text: string): void {
    if (this.status.textContent !== text) this.status.textContent = text;
  }

  /** Whether any of the widget is in the viewport. */
  onScreen(): boolean {
    const r = this.fig.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  }

  /**
   * Draws a run; prerendered: the page already shows its views (the lesson's
   * text, nothing drawn since); urgent: the reader's own run (an edit, Run),
   * not an example re-run behind it, which would overwrite its measures.
   */
  private show(r: RunResult, start: number, prerendered: boolean, urgent: boolean, patterns: Pattern[]): void {
    const ui = this.page.ui;
    window.clearTimeout(this.statusTimer);
    if (r.stopped) {
      // The limit this run had: the page's, and a -- @fill's allowance (bounded.ts).
      this.setStatus(ui.stopped.replace("{s}", String(Math.round(r.ms / 100) / 10)));
      this.fig.dataset.state = "stopped";
      return;
    }
    this.shown.take(r);
    this.shown.fills = fillLines(this.editor.value, r.outcomes);
    const drawStart = performance.now();
    this.views.draw(r, prerendered, patterns);
    // A model A against model B table (compare.ts) listens.
    if (this.views.patterns.length > 0) this.fig.dispatchEvent(new CustomEvent("pg-patterns", { detail: this.views.patterns }));
    const { marks, lines } = errorMarks(this.editor.value, r.outcomes);
    // A lesson's `-- rows: N` that the reader's edit made untrue is marked,
    // in the editor and under the query's result, never left to mislead.
    const stale = staleRows(this.editor.value, r.outcomes).map((s) => ({
      ...s,
      title: ui.rowsStale.replaceAll("{want}", String(s.want)).replaceAll("{got}", String(s.got)),
    }));
    this.editor.setMarks([...marks, ...stale.map((s) => ({ start: s.start, end: s.end, title: s.title, kind: "stale" as const }))], lines);
    this.views.noteStale(stale);
    this.fig.dataset.errors = String(lines.length);
    this.showFailures(r.outcomes, urgent);
    this.setStatus("");
    this.fig.dataset.state = "done";
    this.fig.dataset.runs = String(++this.runs);
    this.fig.dataset.workerMs = r.ms.toFixed(1);
    this.fig.dataset.servedBy = r.onPage ? "page" : "worker"; // for tests and the curious
    if (urgent) this.recordTimings(r, start, drawStart);
    this.page.firstResult();
    // Examples that continue this one re-run behind whatever the reader does
    // next. Queued here, after the run's measures: a task of their own
    // gains this keystroke nothing and can land behind a fast next
    // keystroke's frame, ahead of its reply (docs/performance.md).
    for (const w of this.page.dependents(this.index)) w.schedule(this.page.debounceMs, false);
  }

  /** The run's failures whatever view is open (failures.ts); urgent: the reader's own run, announced. */
  private showFailures(outs: Outcome[], urgent: boolean): void {
    const ui = this.page.ui;
    const line = failureLine(ui, outs);
    if (this.failLine.textContent !== line) this.failLine.textContent = line;
    this.failLine.hidden = line === "";
    const first = outs.find((o) => o.error);
    this.failLine.dataset.line = first ? String(first.line) : "";
    const why = this.fig.querySelector<HTMLElement>('[role="tab"][data-view="why"]');
    const label = whyLabel(ui, outs);
    if (why && why.textContent !== label) why.textContent = label;
    if (urgent) this.announcer.textContent = announcement(ui, outs);
  }

  /** Puts the caret at the start of a line and selects its output. */
  private caretTo(line: number): void {
    if (!line) return;
    this.editor.input.focus();
    this.editor.caretToLine(line);
  }

  /** Records where the reader's run went, as measures on the page's timeline (timing.ts). */
  private recordTimings(r: RunResult, start: number, drawStart: number): void {
    measure("pg-draw-views", { start: drawStart });
    measure("pg-run-to-views", { start });
    if (marked("pg-input")) measure("pg-input-to-views", "pg-input");
    const h = r.hops;
    if (h) {
      // Where the run's wall time went: waiting for the worker, in it, and
      // its reply waiting for this thread (behind a frame, or for a core).
      measure("pg-post-to-worker", { start: h.sent, end: Math.max(h.sent, h.began) });
      measure("pg-worker-wall", { start: h.began, end: h.ended });
      measure("pg-reply-to-page", { start: h.ended, end: Math.max(h.ended, h.received) });
    }
  }

  /**
   * Completion needs names: asks the worker for those of the shown run's
   * session unless the completion already has the names of a text with the
   * same schema statements.
   */
  private wantNames(): void {
    const session = this.shown.session;
    const fp = this.runFp.get(session);
    if (session === 0 || fp === undefined || fp === this.namesFp || this.namesAsked) return;
    this.namesAsked = true;
    void this.page.engine.names(this.key).then((r) => {
      this.namesAsked = false;
      if (!r || !r.names) return;
      const fp = this.runFp.get(r.session);
      this.namesFp = fp ?? "";
      this.editor.setNames(r.names);
      this.editor.refreshCompletion();
    });
  }

  /** Clicking an output's line number moves the caret to its statement. */
  private jump(e: Event): void {
    const head = (e.target as HTMLElement).closest(".out-head");
    const out = head?.closest<HTMLElement>(".out");
    if (!out) return;
    this.caretTo(Number(out.dataset.line));
  }
}
