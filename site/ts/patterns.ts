// Access patterns: the application's queries, listed by the reader in a
// comment block of a playground's script (build/lesson/patterns.go says what
// the block is and how each query is judged), run by the worker after the
// script, and checked in the Model view. The parsing and the verdicts mirror
// build/lesson/patterns.go (which runs a lesson's patterns); change them
// together. Everything is set as text.

import type { Outcome, UI } from "./types";

export interface Pattern {
  name: string;
  query: string;
}

const head = /^--\s*(access patterns?|访问模式)\s*[:：]?\s*$/i;
const selectWord = /\bSELECT\b/i;

/** The first access-pattern block of a script. */
export function parsePatterns(script: string): Pattern[] {
  const ps: Pattern[] = [];
  let inBlock = false;
  for (const raw of script.split("\n")) {
    const line = raw.trim();
    if (!inBlock) {
      inBlock = head.test(line);
      continue;
    }
    if (!line.startsWith("--")) break;
    const body = line.slice(2);
    const m = selectWord.exec(body);
    if (!m) continue;
    const name = body.slice(0, m.index).trim().replace(/[:：]+$/, "").trim() || "A" + (ps.length + 1);
    const query = body.slice(m.index).split(";")[0].trim();
    ps.push({ name, query });
  }
  return ps;
}

/** A line of the checklist: holds, fails, or not asked. */
export type Verdict = "holds" | "fails" | "na";

/** The checklist of one query's outcome: runs, no filtering, one partition, order. */
export function verdicts(query: string, got: Outcome | undefined): [Verdict, Verdict, Verdict, Verdict] {
  const ok = !!got && !got.error;
  const v = (b: boolean): Verdict => (b ? "holds" : "fails");
  const plan = got?.plan;
  return [
    v(ok),
    v(ok && !/\bALLOW\s+FILTERING\b/i.test(query) && !!plan && !plan.filtering),
    v(ok && !!plan && plan.kind === "single-partition"),
    /\bORDER\s+BY\b/i.test(query) ? v(ok) : "na",
  ];
}

/** A pattern with its query's outcome (undefined: none came back). */
export interface PatternRun extends Pattern {
  got: Outcome | undefined;
}

function el(tag: string, cls: string, text?: string): HTMLElement {
  const e = document.createElement(tag);
  e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The checklist (or, with no patterns, how to list them). */
export function renderChecklist(ui: UI, runs: PatternRun[]): HTMLElement {
  if (runs.length === 0) return el("p", "ap-hint", ui.apHint);
  let good = 0;
  const list = el("ol", "ap-list");
  runs.forEach((p, i) => {
    const vs = verdicts(p.query, p.got);
    const ok = !vs.includes("fails");
    if (ok) good++;
    const li = el("li", ok ? "ap-item ap-ok" : "ap-item ap-bad");
    const checks = el("ul", "ap-checks");
    [ui.apRuns, ui.apNoFilter, ui.apOnePartition, ui.apOrder].forEach((label, j) => checks.append(el("li", "ap-v ap-" + vs[j], label)));
    li.append(el("span", "ap-label", "A" + (i + 1)), " ", el("span", "ap-name", p.name), " ", el("code", "ap-query", p.query), checks);
    if (p.got?.error) li.append(el("p", "out-err", p.got.error.message));
    list.append(li);
  });
  const sec = el("section", "ap");
  sec.append(el("p", "ap-title", ui.apTitle), el("p", "ap-score", ui.apScore.replace("{n}", String(good)).replace("{m}", String(runs.length))), list);
  return sec;
}
