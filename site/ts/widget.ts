// One playground: the editor, the views, autosave and Reset, wired to the
// shared engine worker. It re-runs as the reader types (at once when the
// worker is idle; the engine coalesces keystrokes that arrive during a run),
// marks the failing statements, and keeps the reader's edit across reloads.
//
// A run computes and draws only what is on screen: the outcomes (Results, Why
// and the editor's marks) and the layout of the open tab. The other layout
// views are marked stale and drawn when their tab opens, from the run's
// session, which the worker keeps open. A view whose content did not change
// is not rebuilt.

import { sharedScript, shareURL } from "./share";
import { Editor, type LineMark } from "./editor";
import { Exercise } from "./exercise";
import type { Engine, RunResult } from "./engine";
import type { Mark } from "./highlight";
import { cqlsh, renderOutcomes, renderWhy } from "./results";
import { keySep, renderStorage, type LayoutModel } from "./storage";
import type { Outcome, UI } from "./types";
import { marked, measure } from "./timing";

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

interface Saved {
  base: string; // hash of the lesson text the edit started from
  text: string;
}

export class Widget {
  readonly index: number;
  readonly editor: Editor;
  readonly prelude: number[];
  private hash: string;
  private version: string;
  private original: string;
  private panel: HTMLElement;
  private status: HTMLElement;
  private modified: HTMLElement;
  private older: HTMLElement;
  private shared: boolean; // the editor holds a script from a share link (share.ts)
  private undo: HTMLButtonElement;
  private timer = 0;
  private statusTimer = 0;
  private seq = 0;
  private runs = 0;
  private outcomes: Outcome[] = [];
  private storageKey: string;
  private tabs: HTMLElement[];
  private panels = new Map<string, HTMLElement>();
  private model: LayoutModel | null = null;
  private open = "results"; // the view on screen
  private session = 0; // the worker's session of the outcomes shown (0: none yet)
  private layouts = new Map<string, string>(); // layout form -> reply, from that session
  private stale = new Set<string>(); // layout views not drawn from that session yet
  private asked = new Set<string>(); // layout forms asked of that session, not answered yet
  private drawn = new Map<string, string>(); // view -> the reply it shows, to skip identical redraws
  private runFp = new Map<number, string>(); // session -> schema fingerprint of its text
  private namesFp = ""; // the fingerprint the completion names belong to
  private namesAsked = false;
  private exercise: Exercise | null = null; // an exercise's checks, drawn into its Checks view

  constructor(private fig: HTMLElement, private page: PageContext) {
    const ui = page.ui;
    this.index = Number(fig.dataset.index);
    this.hash = fig.dataset.hash ?? "";
    this.version = fig.dataset.version ?? "4.1";
    this.prelude = (fig.dataset.prelude ?? "").split(" ").filter(Boolean).map(Number);
    this.storageKey = `cqlplay:edit:${location.pathname}#${this.index}`;
    const src = fig.querySelector(".pg-src")!;
    this.original = src.textContent ?? "";
    this.panel = fig.querySelector(".pg-results") as HTMLElement;
    this.tabs = [...fig.querySelectorAll<HTMLElement>('[role="tab"]')];
    for (const p of fig.querySelectorAll<HTMLElement>('[role="tabpanel"]')) this.panels.set(p.dataset.view!, p);
    const checks = this.panels.get("checks");
    if (fig.hasAttribute("data-exercise") && checks) this.exercise = new Exercise(checks);
    this.setupTabs();
    const readonly = fig.hasAttribute("data-readonly");
    const saved = readonly ? null : this.load();
    // A script from a share link shows instead of the reader's saved edit,
    // which stays in storage: edits of the shared script go to the URL.
    const shared = readonly ? null : sharedScript(fig.id);
    this.shared = shared !== null;
    this.editor = new Editor({
      text: shared ?? (saved ? saved.text : this.original),
      readonly,
      label: ui.editor,
      help: ui.editorHelp,
      onChange: () => this.changed(),
      onRunNow: () => this.schedule(0),
      onCaret: (line) => this.select(line),
      onWord: () => this.wantNames(),
    });
    src.replaceWith(this.editor.root);

    const bar = fig.querySelector(".pg-bar")!;
    this.modified = span("pg-mod", this.shared ? ui.shared : ui.modified);
    this.older = span("pg-older", ui.older);
    this.status = span("pg-status", "");
    this.status.setAttribute("role", "status");
    this.status.setAttribute("aria-live", "polite");
    this.undo = button("pg-undo", ui.undoReset ?? "Undo reset", () => {
      this.editor.input.focus();
      document.execCommand("undo");
      this.undo.hidden = true;
    });
    this.undo.hidden = true;
    bar.append(this.modified, this.older, this.status);
    if (!readonly) bar.append(button("pg-share", ui.share, () => this.share()));
    // An embed page holds one example already: it offers no embed of itself.
    if (!document.body.classList.contains("embed")) bar.append(button("pg-embed", ui.embed, () => this.embed()));
    if (!readonly) bar.append(button("pg-reset", ui.reset, () => this.reset()), this.undo);
    this.modified.hidden = this.shared ? shared === this.original : !saved || saved.text === this.original;
    this.older.hidden = this.shared || !saved || saved.base === this.hash;
    this.status.textContent = ui.loading;
    if (this.shared) fig.scrollIntoView(); // the fragment names no element the browser could scroll to
    this.panel.addEventListener("click", (e) => this.jump(e));
    this.panel.addEventListener("mouseover", (e) => this.hover(e));
    this.panel.addEventListener("mouseleave", () => this.clearClass("lay-hover"));
  }

  // Tabs: one panel shown at a time; arrow keys move between tabs (the
  // WAI-ARIA tabs pattern, with a roving tabindex).
  private setupTabs(): void {
    const open = this.tabs.find((t) => t.getAttribute("aria-selected") === "true") ?? this.tabs[0];
    this.showView(open.dataset.view!);
    this.tabs.forEach((tab, i) => {
      tab.addEventListener("click", () => this.showView(tab.dataset.view!));
      tab.addEventListener("keydown", (e) => {
        const n = this.tabs.length;
        const j = e.key === "ArrowRight" ? (i + 1) % n : e.key === "ArrowLeft" ? (i + n - 1) % n : e.key === "Home" ? 0 : e.key === "End" ? n - 1 : -1;
        if (j < 0) return;
        e.preventDefault();
        this.showView(this.tabs[j].dataset.view!);
        this.tabs[j].focus();
      });
    });
  }

  private showView(name: string): void {
    for (const t of this.tabs) {
      const on = t.dataset.view === name;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
    }
    for (const [v, p] of this.panels) p.hidden = v !== name;
    this.fig.dataset.open = name;
    this.open = name;
    if (this.stale.has(name)) this.drawLayout(name);
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

  private changed(): void {
    const text = this.editor.value;
    this.modified.hidden = text === this.original;
    if (this.shared) {
      // The shared script's edits live in the URL, so a reload keeps them
      // and the reader's own saved edit of this example is left alone.
      history.replaceState(history.state, "", shareURL(this.fig.id, text));
      this.schedule();
      return;
    }
    try {
      if (text === this.original) localStorage.removeItem(this.storageKey);
      else localStorage.setItem(this.storageKey, JSON.stringify({ base: this.hash, text } satisfies Saved));
    } catch {
      // storage may be full or forbidden (sandboxed iframe): editing still works
    }
    this.schedule();
  }

  private load(): Saved | null {
    try {
      const s = localStorage.getItem(this.storageKey);
      if (!s) return null;
      const v = JSON.parse(s) as Saved;
      return typeof v.text === "string" ? v : null;
    } catch {
      return null;
    }
  }

  private reset(): void {
    if (this.shared) {
      // Out of the link's script, back to what the page shows without the
      // link: the reader's own saved edit if there is one (a second Reset
      // brings the lesson's text), else the lesson's text.
      this.shared = false;
      this.modified.textContent = this.page.ui.modified;
      history.replaceState(history.state, "", location.pathname + location.search);
      const saved = this.load();
      if (saved) {
        this.editor.replaceAll(saved.text);
        this.older.hidden = saved.base === this.hash;
        this.undo.hidden = false;
        return;
      }
    }
    if (this.editor.value === this.original) return;
    this.editor.replaceAll(this.original);
    this.older.hidden = true;
    this.undo.hidden = false;
  }

  /**
   * Shows the script the page URL now shares for this playground, if any: a
   * share link opened on this very page changes only the fragment, which
   * reloads nothing (page.ts calls this on hashchange).
   */
  openShared(): void {
    if (this.fig.hasAttribute("data-readonly")) return;
    const text = sharedScript(this.fig.id);
    if (text === null || (this.shared && text === this.editor.value)) return;
    this.shared = true;
    this.modified.textContent = this.page.ui.shared;
    this.older.hidden = true;
    this.editor.replaceAll(text);
    this.fig.scrollIntoView();
  }

  /**
   * Shows, selected, and copies where the page may, the HTML of an iframe
   * holding this example alone (its embed page, build/pages.go) with the
   * editor's script when it differs from the lesson's.
   */
  private embed(): void {
    const script = this.editor.value;
    const page = location.pathname + "embed/" + this.index + "/";
    const src = script === this.original ? location.origin + page : shareURL(this.fig.id, script, page);
    const title = ("cqlplay: " + document.title).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
    const html = `<iframe src="${src}" title="${title}" width="100%" height="640" style="border:0" loading="lazy"></iframe>`;
    let field = this.fig.querySelector<HTMLInputElement>(".pg-snippet");
    if (!field) {
      field = document.createElement("input");
      field.className = "pg-snippet";
      field.readOnly = true;
      field.setAttribute("aria-label", this.page.ui.embedHelp);
      this.fig.querySelector(".pg-bar")!.append(field);
    }
    field.value = html;
    field.hidden = false;
    field.focus();
    field.select();
    try {
      navigator.clipboard.writeText(html).then(
        () => this.setStatus(this.page.ui.embedCopied),
        () => {},
      );
    } catch {
      // the snippet is shown, selected, for the reader to copy
    }
  }

  /** Puts a link to this playground with its script in the address bar, and on the clipboard when the page may write it. */
  private share(): void {
    const url = shareURL(this.fig.id, this.editor.value);
    history.replaceState(history.state, "", url);
    const ui = this.page.ui;
    const said = (text: string) => this.setStatus(text);
    try {
      navigator.clipboard.writeText(url).then(
        () => said(ui.shareCopied),
        () => said(ui.shareInURL),
      );
    } catch {
      said(ui.shareInURL);
    }
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
    const prerendered = this.drawn.size === 0 && this.pristine && this.prelude.every((i) => this.page.pristine(i));
    const form = prerendered ? undefined : formOf(this.open);
    const r = await this.page.engine.run({
      key: this.key,
      urgent,
      version: this.version,
      prelude,
      script,
      checks: this.exercise?.spec ?? null,
      forms: form ? [form] : [],
      names: false,
    });
    if (!r || seq !== this.seq) return;
    if (r.session) this.runFp = new Map([[r.session, schemaFingerprint(prelude, script)]]);
    this.show(r, start, prerendered, urgent);
  }

  /** Whether the editor holds the lesson's text. */
  get pristine(): boolean {
    return this.editor.value === this.original;
  }

  private setStatus(text: string): void {
    if (this.status.textContent !== text) this.status.textContent = text;
  }

  /** Whether any of the widget is in the viewport. */
  onScreen(): boolean {
    const r = this.fig.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  }

  private get key(): string {
    return "w" + this.index;
  }

  /**
   * Draws a run; prerendered: the page already shows its views (the lesson's
   * text, nothing drawn since); urgent: the reader's own run (an edit, Run),
   * not an example re-run behind it, which would overwrite its measures.
   */
  private show(r: RunResult, start: number, prerendered: boolean, urgent: boolean): void {
    const ui = this.page.ui;
    window.clearTimeout(this.statusTimer);
    if (r.stopped) {
      this.setStatus(ui.stopped.replace("{s}", String(this.page.limitMs / 1000)));
      this.fig.dataset.state = "stopped";
      return;
    }
    this.outcomes = r.outcomes;
    this.session = r.session;
    this.layouts = new Map(Object.entries(r.layouts));
    this.asked.clear();
    const drawStart = performance.now();
    if (prerendered) this.drawn.set("results", r.json);
    // Results and Why come from the outcomes the run returned anyway: they
    // are always current, on screen or not.
    if (this.drawn.get("results") !== r.json) {
      renderOutcomes(this.panel, ui, r.outcomes);
      const why = this.panels.get("why");
      if (why) renderWhy(why, ui, r.outcomes);
      this.drawn.set("results", r.json);
    }
    if (this.exercise && r.checks) {
      const checks = r.checks.join("\u0000");
      if (prerendered) this.drawn.set("checks", checks);
      if (this.drawn.get("checks") !== checks) {
        this.exercise.render(ui, r.checks);
        this.drawn.set("checks", checks);
      }
    }
    if (!prerendered) for (const view of this.panels.keys()) if (formOf(view)) this.stale.add(view);
    if (this.stale.has(this.open)) this.drawLayout(this.open);
    this.fig.dataset.stale = [...this.stale].join(" ");
    this.markErrors(r.outcomes);
    this.setStatus("");
    this.fig.dataset.state = "done";
    this.fig.dataset.runs = String(++this.runs);
    this.fig.dataset.workerMs = r.ms.toFixed(1);
    if (urgent) this.recordTimings(r, start, drawStart);
    this.page.firstResult();
    // Examples that continue this one re-run behind whatever the reader does next.
    for (const w of this.page.dependents(this.index)) w.schedule(this.page.debounceMs, false);
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

  /** Underlines each error at Cassandra's position and marks its line in the gutter. */
  private markErrors(outs: Outcome[]): void {
    const text = this.editor.value;
    const lineStarts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
    const marks: Mark[] = [];
    const lines: LineMark[] = [];
    for (const o of outs) {
      const e = o.error;
      if (!e) continue;
      const title = cqlsh(e);
      let start: number;
      let end: number;
      if (e.offset !== undefined && e.offset >= 0 && e.offset <= text.length) {
        start = e.offset;
        end = start + (e.length && e.length > 0 ? e.length : wordLen(text, start));
      } else {
        // No position: underline the statement's first line.
        start = lineStarts[Math.max(0, Math.min(lineStarts.length - 1, o.line - 1))];
        end = text.indexOf("\n", start);
        if (end < 0) end = text.length;
        while (start < end && /\s/.test(text[start])) start++;
      }
      marks.push({ start, end: Math.max(end, start + 1), title });
      lines.push({ line: e.line ?? o.line, title });
    }
    this.editor.setMarks(marks, lines);
    this.fig.dataset.errors = String(lines.length);
  }

  /**
   * Draws a stale layout view from the shown run's session: from the reply
   * already here, or once the worker answers for that session. A session the
   * worker no longer has (it was restarted) is replaced by a new run.
   */
  private drawLayout(view: string): void {
    const form = formOf(view)!;
    const raw = this.layouts.get(form);
    if (raw !== undefined) {
      this.stale.delete(view);
      // The views still to draw from the shown run, for tests and the curious.
      this.fig.dataset.stale = [...this.stale].join(" ");
      if (this.drawn.get(view) === raw) return;
      this.drawPanel(this.panels.get(view)!, form, raw);
      this.drawn.set(view, raw);
      return;
    }
    if (this.session === 0 || this.asked.has(form)) return;
    this.asked.add(form);
    const session = this.session;
    void this.page.engine.layout(this.key, form).then((r) => {
      if (this.session !== session) return; // a newer run was drawn meanwhile; it asks by itself
      this.asked.delete(form);
      if (!r || r.session !== session) {
        if (!r || r.session === 0) this.schedule(0);
        return;
      }
      this.layouts.set(form, r.layouts[form]);
      if (this.open === view && this.stale.has(view)) this.drawLayout(view);
    });
  }

  /**
   * Completion needs names: asks the worker for those of the shown run's
   * session unless the completion already has the names of a text with the
   * same schema statements.
   */
  private wantNames(): void {
    const fp = this.runFp.get(this.session);
    if (this.session === 0 || fp === undefined || fp === this.namesFp || this.namesAsked) return;
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

  /** Draws a layout view from the bridge's reply (build/widget.go writePanel). */
  private drawPanel(panel: HTMLElement, form: string, raw: string | undefined): void {
    const ui = this.page.ui;
    const note = (cls: string, text: string) => {
      const p = document.createElement("p");
      p.className = cls;
      p.textContent = text;
      panel.replaceChildren(p);
    };
    if (raw === undefined) return note("out-none", ui.noOutput);
    let reply: { error?: { message: string }; map?: LayoutModel; text?: string };
    try {
      reply = JSON.parse(raw);
    } catch (e) {
      return note("out-err", String(e));
    }
    if (reply.error) return note("out-err", reply.error.message);
    if (form === "map") {
      this.model = reply.map ?? null;
      renderStorage(panel, ui, reply.map ?? { tables: [] });
      return;
    }
    const pre = document.createElement("pre");
    pre.className = "lay-text";
    pre.textContent = reply.text ?? "";
    panel.replaceChildren(pre);
  }

  private clearClass(cls: string): void {
    this.fig.querySelectorAll("." + cls).forEach((e) => e.classList.remove(cls));
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
      const session = this.session;
      if (session && !this.asked.has("model")) {
        this.asked.add("model");
        void this.page.engine.layout(this.key, "map").then((r) => {
          if (!r || r.session !== session || this.session !== session) return;
          try {
            this.model = (JSON.parse(r.layouts.map) as { map?: LayoutModel }).map ?? null;
          } catch {
            return;
          }
          if (tr.isConnected) this.hover(e);
        });
      }
      return;
    }
    const o = this.outcomes[Number(out.dataset.stmt)];
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

  /** Selects the output of the statement on the caret's line. */
  private select(line: number): void {
    let idx = -1;
    this.outcomes.forEach((o, i) => {
      if (o.line <= line) idx = i;
    });
    // A silent statement has no output to select.
    this.panel.querySelectorAll(".out-sel").forEach((e) => e.classList.remove("out-sel"));
    const out = this.panel.querySelector(`.out[data-stmt="${idx}"]`);
    if (out) {
      out.classList.add("out-sel");
      // Scroll the results panel only: moving the page under a typing
      // reader would lose their place.
      const pr = this.panel.getBoundingClientRect();
      const or = out.getBoundingClientRect();
      if (or.top < pr.top) this.panel.scrollTop -= pr.top - or.top;
      else if (or.bottom > pr.bottom) this.panel.scrollTop += Math.min(or.bottom - pr.bottom, or.top - pr.top);
    }
    this.highlightRead(this.outcomes[idx]);
  }

  /** Clicking an output's line number moves the caret to its statement. */
  private jump(e: Event): void {
    const head = (e.target as HTMLElement).closest(".out-head");
    const out = head?.closest<HTMLElement>(".out");
    if (!out) return;
    const line = Number(out.dataset.line);
    const text = this.editor.value;
    let pos = 0;
    for (let l = 1; l < line && pos >= 0; l++) pos = text.indexOf("\n", pos) + 1;
    this.editor.input.focus();
    this.editor.input.setSelectionRange(pos, pos);
    this.select(line);
  }
}

/** The layout form a view draws; undefined for Results, Why and an exercise's Checks. */
function formOf(view: string): string | undefined {
  if (view === "results" || view === "why" || view === "checks") return undefined;
  return view === "storage" ? "map" : view;
}

/**
 * What the completion names depend on: the schema statements of the prelude
 * and the script (CREATE, ALTER, DROP, USE). Two texts with the same ones
 * define the same tables, so their names need not be asked for again.
 */
function schemaFingerprint(prelude: string[], script: string): string {
  const parts: string[] = [];
  for (const text of [...prelude, script]) {
    for (const stmt of text.split(";")) {
      const s = stmt.replace(/--[^\n]*|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, "").trim();
      if (/^(create|alter|drop|use)\b/i.test(s)) parts.push(s.replace(/\s+/g, " "));
    }
    parts.push("\u0000");
  }
  return parts.join(";");
}

function wordLen(text: string, at: number): number {
  const m = /^[^\s;,()]+/.exec(text.slice(at));
  return m ? m[0].length : 1;
}

function span(cls: string, text: string): HTMLElement {
  const s = document.createElement("span");
  s.className = cls;
  s.textContent = text;
  return s;
}

function button(cls: string, text: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}
