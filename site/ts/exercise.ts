// An exercise's Checks view ("make these queries work", build/lesson/exercise.go):
// after the reader's script, the worker writes the exercise's data and runs
// each check query; a check passes when its query runs and returns the rows
// it returns on the solution's tables. The markup mirrors writeChecks in
// build/exercise.go (the build pre-renders the verdict on the lesson's
// starting text); change both together. Everything is set as text.

import { cqlsh, el, firstLine, renderPlan, renderTable } from "./results";
import type { Checks, Outcome, UI } from "./types";

/** One check as the build wrote it: the query, and its rows on the solution. */
interface Check {
  query: string;
  want: Outcome; // columns, rows, nulls
  ordered: boolean;
  // The attributes as written, so a redraw writes the same bytes.
  attrs: Record<string, string>;
}

export class Exercise {
  private checks: Check[];
  readonly spec: Checks;

  constructor(private panel: HTMLElement) {
    this.checks = [...panel.querySelectorAll<HTMLElement>("li.ex-check")].map((li) => {
      const attrs: Record<string, string> = {};
      for (const a of ["data-check", "data-query", "data-want", "data-ordered"]) attrs[a] = li.getAttribute(a) ?? "";
      let want: Outcome = { statement: "", line: 0, warnings: [], columns: [], rows: [] };
      try {
        want = { ...want, ...(JSON.parse(attrs["data-want"]) as Partial<Outcome>) };
      } catch {
        // a page without expectations: no check can pass
      }
      return { query: attrs["data-query"], want, ordered: attrs["data-ordered"] === "true", attrs };
    });
    this.spec = { data: panel.querySelector(".ex-data")?.textContent ?? "", queries: this.checks.map((c) => c.query) };
  }

  /**
   * Draws the verdict of a run: replies[0] is the data's, then one per
   * query; script is the reader's own outcomes. When the data could not be
   * written and the script failed too, the script's first failure leads:
   * it is the cause (build/exercise.go says the same).
   */
  render(ui: UI, replies: string[], script: readonly Outcome[]): void {
    const parse = (s: string | undefined): Outcome[] => {
      try {
        return s ? (JSON.parse(s) as Outcome[]) : [];
      } catch {
        return [];
      }
    };
    const dataError = parse(replies[0]).find((o) => o.error);
    const got = this.checks.map((_, i) => (dataError ? undefined : parse(replies[i + 1])[0]));
    const passed = this.checks.map((c, i) => {
      const g = got[i];
      return !!g && !g.error && sameRows(c.want, g, c.ordered);
    });
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
    this.checks.forEach((c, i) => {
      const g = got[i];
      const li = el("li", "ex-check " + (!g ? "ex-skip" : passed[i] ? "ex-pass" : "ex-fail"));
      for (const [k, v] of Object.entries(c.attrs)) li.setAttribute(k, v);
      const pre = el("pre", "ex-q");
      pre.append(el("code", undefined, c.query));
      li.append(pre);
      if (!g) li.append(el("p", "ex-note", ui.exNotRun));
      else if (g.error) li.append(el("p", "out-err", cqlsh(g.error)));
      else if (passed[i]) {
        li.append(el("p", "ex-note", ui.exPass));
        if (g.plan) li.append(renderPlan(ui, g.plan));
      } else {
        const cmp = el("div", "ex-cmp");
        const mine = el("div");
        mine.append(el("p", "ex-cap", ui.exGot));
        if (g.columns) mine.append(...renderTable(ui, g));
        const want = el("div");
        want.append(el("p", "ex-cap", ui.exWant), ...renderTable(ui, c.want));
        cmp.append(mine, want);
        li.append(el("p", "ex-note", ui.exWrong), cmp);
      }
      ol.append(li);
    });
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

/** A failed statement under a caption: its line, first line and cqlsh's message (build/exercise.go writeCheckFailure). */
function failure(cls: string, caption: string, o: Outcome): HTMLElement {
  const d = el("div", cls);
  const head = el("div", "out-head");
  head.append(el("span", "out-line", String(o.line)), el("code", "out-stmt", firstLine(o.statement)));
  d.append(el("p", undefined, caption), head, el("p", "out-err", cqlsh(o.error!)));
  return d;
}
