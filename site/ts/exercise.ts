// An exercise's Checks view ("make these queries work", build/lesson/exercise.go
// and checks.go): after the reader's script, the worker writes the exercise's
// data and runs each check; a row check passes when its query runs and
// returns the rows it returns on the solution's tables, a bound when its
// table's partitions are within it. The build pre-renders the verdict on the
// lesson's starting text with this code (prerender.ts, exerciseSkeleton).
// Everything is set as text.

import { cqlsh, el, firstLine, renderPlan, renderTable } from "./results";
import type { Checks, Outcome, UI } from "./types";

/** A bound on a table's partitions (build/lesson/checks.go Bound). */
export interface Bound {
  table: string;
  maxRows: number; // > 0: no partition holds more live rows
  minPartitions: number; // > 0: the rows sit in at least this many partitions
}

/** A bound's table as measured (build/lesson/checks.go Measure). */
export interface Measure {
  partitions: number;
  maxRows: number;
  maxKey: string;
}

/** One check as the build wrote it: its script, and a row check's rows on the solution. */
interface Check {
  query: string; // the script: directives, then the query or the expect line
  want: Outcome; // columns, rows, nulls
  ordered: boolean;
  bound: Bound | null;
  explain: string;
  // The attributes as written, so a redraw writes the same bytes.
  attrs: Record<string, string>;
}

/** What one check's run gave: a failed directive, the query's outcome, a bound's measure. */
interface Result {
  setup?: Outcome;
  got?: Outcome;
  measure?: Measure;
  measureError?: string;
}

const attrNames = ["data-check", "data-query", "data-want", "data-ordered", "data-bound", "data-explain"];

export class Exercise {
  private checks: Check[];
  readonly spec: Checks;

  constructor(private panel: HTMLElement) {
    this.checks = [...panel.querySelectorAll<HTMLElement>("li.ex-check")].map((li) => {
      const attrs: Record<string, string> = {};
      for (const a of attrNames) {
        const v = li.getAttribute(a);
        if (v !== null) attrs[a] = v;
      }
      let want: Outcome = { statement: "", line: 0, warnings: [], columns: [], rows: [] };
      try {
        want = { ...want, ...(JSON.parse(attrs["data-want"] ?? "") as Partial<Outcome>) };
      } catch {
        // a page without expectations: no check can pass
      }
      let bound: Bound | null = null;
      if (attrs["data-bound"]) {
        try {
          bound = JSON.parse(attrs["data-bound"]) as Bound;
        } catch {
          bound = { table: "", maxRows: 0, minPartitions: 1 << 30 }; // unreadable: never holds
        }
      }
      return { query: attrs["data-query"] ?? "", want, ordered: attrs["data-ordered"] === "true", bound, explain: attrs["data-explain"] ?? "", attrs };
    });
    this.spec = {
      data: panel.querySelector(".ex-data")?.textContent ?? "",
      queries: this.checks.map((c) => c.query),
      tables: this.checks.map((c) => c.bound?.table ?? ""),
    };
  }

  /**
   * Shows the solution's button, which puts the solution in the editor
   * through put (an edit the editor's undo takes back).
   */
  offerSolution(put: (text: string) => void): void {
    const button = this.panel.querySelector<HTMLButtonElement>("button.ex-use");
    const code = this.panel.querySelector(".ex-solution code");
    if (!button || !code) return;
    button.hidden = false;
    button.addEventListener("click", () => put(code.textContent ?? ""));
  }

  /**
   * Draws the verdict of a run: replies[0] is the data's, then one per
   * check; script is the reader's own outcomes. When the data could not be
   * written and the script failed too, the script's first failure leads:
   * it is the cause.
   */
  render(ui: UI, replies: string[], script: readonly Outcome[]): void {
    const dataError = parseOutcomes(replies[0]).find((o) => o.error);
    const results = this.checks.map((c, i) => (dataError ? null : result(c, replies[i + 1])));
    const passed = this.checks.map((c, i) => holds(c, results[i]));
    const n = passed.filter(Boolean).length;
    const m = this.checks.length;
    const frag = document.createDocumentFragment();
    const all = n === m;
    // The score is a live region: it stays in place and its text changes
    // only when the count does, so a screen reader announces progress once.
    let score = this.panel.querySelector<HTMLElement>(".ex-score");
    if (!score) {
      score = el("p", "ex-score"); // attributes in the build's order
      score.setAttribute("role", "status");
    }
    score.className = all ? "ex-score ex-all" : "ex-score";
    score.setAttribute("data-passed", String(n));
    score.setAttribute("data-total", String(m));
    const text = (all ? ui.exAll : ui.exScore).replace("{n}", String(n)).replace("{m}", String(m));
    if (score.textContent !== text) score.textContent = text;
    if (dataError) {
      const own = script.find((o) => o.error);
      if (own) frag.append(failure("ex-data-err ex-script-err", ui.exScriptFail, own));
      frag.append(failure("ex-data-err", ui.exDataFail, dataError));
    }
    const ol = el("ol", "ex-list");
    this.checks.forEach((c, i) => ol.append(renderCheck(ui, c, results[i], passed[i])));
    frag.append(ol);
    // The solution and data disclosures stay as they are (the reader may
    // have opened one): the solution right under the score, where a reader
    // looks after a failed check, the data after the verdicts.
    const sol = this.panel.querySelector("details.ex-sol");
    const data = this.panel.querySelector("details.ex-dat");
    for (const child of [...this.panel.childNodes]) if (child !== score && child !== sol && child !== data) child.remove();
    this.panel.insertBefore(score, this.panel.firstChild);
    if (sol) score.after(sol);
    this.panel.insertBefore(frag, data);
    // The reader's progress (reader.ts) records a solved exercise.
    this.panel.dispatchEvent(new CustomEvent("pg-checks", { bubbles: true, detail: { passed: n, total: m } }));
  }
}

/** An exercise as the build knows it: what the Checks view is drawn from before any run. */
export interface ExerciseSpec {
  solution: string;
  solutionWhy: string;
  data: string;
  checks: { query: string; want: Pick<Outcome, "columns" | "rows" | "nulls">; ordered: boolean; bound: Bound | null; explain: string }[];
}

/**
 * Writes an exercise's Checks view before its first verdict: the solution
 * behind its disclosure (why it is right, the code, the button the page
 * shows), a placeholder per check carrying what Exercise reads (its
 * script, expected rows, order, bound and explanation), and the data
 * behind the other disclosure. render then draws a verdict into it.
 */
export function exerciseSkeleton(panel: HTMLElement, ui: UI, x: ExerciseSpec): void {
  const sol = el("details", "ex-more ex-sol");
  sol.append(el("summary", undefined, ui.exSolution));
  if (x.solutionWhy) sol.append(el("p", "ex-sol-why", x.solutionWhy));
  const pre = el("pre", "ex-solution");
  pre.append(el("code", undefined, x.solution));
  const use = el("button", "ex-use", ui.exUse) as HTMLButtonElement;
  use.type = "button";
  use.hidden = true;
  sol.append(pre, use);
  const ol = el("ol", "ex-list");
  x.checks.forEach((c, i) => {
    const li = el("li", "ex-check");
    li.setAttribute("data-check", String(i));
    li.setAttribute("data-query", c.query);
    li.setAttribute("data-want", JSON.stringify({ columns: c.want.columns ?? [], rows: c.want.rows ?? [], nulls: c.want.nulls ?? [] }));
    li.setAttribute("data-ordered", String(c.ordered));
    if (c.bound) li.setAttribute("data-bound", JSON.stringify(c.bound));
    if (c.explain) li.setAttribute("data-explain", c.explain);
    ol.append(li);
  });
  panel.replaceChildren(sol, ol);
  if (x.data.trim() !== "") {
    const dat = el("details", "ex-more ex-dat");
    const code = el("pre", "ex-data");
    code.append(el("code", undefined, x.data));
    dat.append(el("summary", undefined, ui.exData), code);
    panel.append(dat);
  }
}

function parseOutcomes(s: string | undefined): Outcome[] {
  try {
    return s ? (JSON.parse(s) as Outcome[]) : [];
  } catch {
    return [];
  }
}

/** A check's result from its reply, as build/lesson Check.run reads a run. */
function result(c: Check, reply: string | undefined): Result {
  const cut = c.bound && reply ? reply.indexOf("\u0000") : -1;
  const outs = parseOutcomes(cut >= 0 ? reply!.slice(0, cut) : reply);
  const directives = c.bound ? outs : outs.slice(0, -1);
  const setup = directives.find((o) => o.error);
  if (setup) return { setup };
  if (!c.bound) return { got: outs[outs.length - 1] };
  if (cut < 0) return { measureError: "no layout" };
  try {
    const layout = JSON.parse(reply!.slice(cut + 1)) as { map?: { tables?: { partitions?: { key?: { text: string }[]; liveRows?: number }[] }[] }; error?: { message: string } };
    if (layout.error) return { measureError: layout.error.message };
    return { measure: measure(layout.map?.tables ?? []) };
  } catch {
    return { measureError: "unreadable layout" };
  }
}

/** Measures a summary layout's tables. Mirrors MeasureSummary in build/lesson/checks.go. */
export function measure(tables: { partitions?: { key?: { text: string }[]; liveRows?: number }[] }[]): Measure {
  const m: Measure = { partitions: 0, maxRows: 0, maxKey: "" };
  for (const t of tables)
    for (const p of t.partitions ?? []) {
      m.partitions++;
      const rows = p.liveRows ?? 0;
      if (rows > m.maxRows || m.partitions === 1) {
        m.maxRows = rows;
        m.maxKey = (p.key ?? []).map((k) => k.text).join(", ");
      }
    }
  return m;
}

/** Whether m is within b. Mirrors Bound.Holds in build/lesson/checks.go. */
export function within(b: Bound, m: Measure): boolean {
  return (b.maxRows === 0 || m.maxRows <= b.maxRows) && (b.minPartitions === 0 || m.partitions >= b.minPartitions);
}

function holds(c: Check, r: Result | null): boolean {
  if (!r || r.setup) return false;
  if (c.bound) return !!r.measure && within(c.bound, r.measure);
  return !!r.got && !r.got.error && sameRows(c.want, r.got, c.ordered);
}

/** What a bound's table measures, held or broken. */
export function measureText(ui: UI, b: Bound, m: Measure): string {
  let tmpl = ui.exPartsOK;
  let n = m.partitions;
  if (b.maxRows > 0) {
    tmpl = within(b, m) ? ui.exRowsOK : ui.exRowsBad;
    n = m.maxRows;
  } else if (!within(b, m)) tmpl = ui.exPartsBad;
  const vars: Record<string, string> = { table: b.table, n: String(n), max: String(b.maxRows), min: String(b.minPartitions), key: m.maxKey };
  return tmpl.replace(/\{(table|n|max|min|key)\}/g, (_, k: string) => vars[k]);
}

/** One check with its verdict. */
function renderCheck(ui: UI, c: Check, r: Result | null, passed: boolean): HTMLElement {
  const li = el("li", "ex-check " + (!r ? "ex-skip" : passed ? "ex-pass" : "ex-fail"));
  for (const [k, v] of Object.entries(c.attrs)) li.setAttribute(k, v);
  if (c.explain) li.append(el("p", "ex-why", c.explain));
  const pre = el("pre", "ex-q");
  pre.append(el("code", undefined, c.query));
  li.append(pre);
  if (!r) li.append(el("p", "ex-note", ui.exNotRun));
  else if (r.setup) li.append(...errorWhy(ui, r.setup));
  else if (c.bound && !r.measure) li.append(el("p", "out-err", r.measureError ?? ""));
  else if (c.bound && r.measure) li.append(el("p", "ex-note", measureText(ui, c.bound, r.measure)));
  else if (!r.got) li.append(el("p", "ex-note", ui.exNotRun));
  else if (r.got.error) li.append(...errorWhy(ui, r.got));
  else if (passed) {
    li.append(el("p", "ex-note", ui.exPass));
    if (r.got.plan) li.append(renderPlan(ui, r.got.plan));
  } else {
    const cmp = el("div", "ex-cmp");
    const mine = el("div");
    mine.append(el("p", "ex-cap", ui.exGot));
    if (r.got.columns) mine.append(...renderTable(ui, r.got));
    const want = el("div");
    want.append(el("p", "ex-cap", ui.exWant), ...renderTable(ui, c.want));
    cmp.append(mine, want);
    li.append(el("p", "ex-note", ui.exWrong), cmp);
  }
  return li;
}

/** A failed check's error as cqlsh prints it, then the engine's Why and Try, as the Why view shows them. */
function errorWhy(ui: UI, o: Outcome): HTMLElement[] {
  const e = o.error!;
  const out = [el("p", "out-err", cqlsh(e))];
  for (const [cls, label, text] of [["why-why", ui.whyLabel, e.why], ["why-fix", ui.fixLabel, e.fix]] as const) {
    if (!text) continue;
    const p = el("p", cls);
    p.append(el("span", "why-label", label), " " + text);
    out.push(p);
  }
  return out;
}

/**
 * Whether got has want's columns (by name, in any order) and the same rows:
 * in order when ordered, else as a multiset. A null and the text "null"
 * differ. Mirrors SameRows in build/lesson/exercise.go.
 */
export function sameRows(want: Outcome, got: Outcome, ordered: boolean): boolean {
  const wc = want.columns ?? [];
  const gc = got.columns;
  const wr = want.rows ?? [];
  const gr = got.rows ?? [];
  if (!want.columns || !gc || wc.length !== gc.length || wr.length !== gr.length) return false;
  const idx = wc.map((name) => gc.lastIndexOf(name));
  if (idx.some((i) => i < 0)) return false;
  const w = cells(want, wc.map((_, i) => i));
  const g = cells(got, idx);
  if (!ordered) {
    w.sort(compareRows);
    g.sort(compareRows);
  }
  return w.every((row, r) => row.every((v, c) => v === g[r][c]));
}

function cells(o: Outcome, idx: number[]): string[][] {
  const nulls = new Set((o.nulls ?? []).map(([r, c]) => r + "," + c));
  return (o.rows ?? []).map((row, r) => idx.map((c) => (nulls.has(r + "," + c) ? "n" : "v" + row[c])));
}

function compareRows(a: string[], b: string[]): number {
  for (let c = 0; c < a.length; c++) if (a[c] !== b[c]) return a[c] < b[c] ? -1 : 1;
  return 0;
}

/** A failed statement under a caption: its line, first line and cqlsh's message. */
function failure(cls: string, caption: string, o: Outcome): HTMLElement {
  const d = el("div", cls);
  const head = el("div", "out-head");
  head.append(el("span", "out-line", String(o.line)), el("code", "out-stmt", firstLine(o.statement)));
  d.append(el("p", undefined, caption), head, el("p", "out-err", cqlsh(o.error!)));
  return d;
}
