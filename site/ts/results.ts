// The Results view: cqlsh-style output of each statement. The build
// pre-renders it with this code (prerender.ts). Values are set as text, never
// as HTML.

import type { CqlError, Outcome, Plan, UI } from "./types";
import { counted } from "./counted";

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

export function renderOutcomes(panel: HTMLElement, ui: UI, outs: Outcome[]): void {
  const frag = document.createDocumentFragment();
  if (outs.length === 0) {
    frag.append(el("p", "out-none", ui.noOutput));
  } else {
    outs.forEach((o, i) => {
      if (!silent(o)) frag.append(renderOutcome(ui, i, o));
    });
    if (frag.childNodes.length === 0) frag.append(el("p", "out-none", ui.done));
  }
  panel.replaceChildren(frag);
}

/** A statement cqlsh prints nothing for. */
export function silent(o: Outcome): boolean {
  return !o.error && !o.columns && !o.text && (!o.warnings || o.warnings.length === 0) && !o.trace;
}

function renderOutcome(ui: UI, i: number, o: Outcome): HTMLElement {
  const d = el("div", o.error ? "out out-error" : "out");
  d.setAttribute("data-stmt", String(i));
  d.setAttribute("data-line", String(o.line));
  const head = el("div", "out-head");
  head.append(el("span", "out-line", String(o.line)), el("code", "out-stmt", firstLine(o.statement)));
  d.append(head);
  // A result with text is cqlsh's EXPAND ON form of its rows: the text alone.
  if (o.columns && !o.text) d.append(...renderTable(ui, o));
  if (o.text) d.append(el("pre", "out-text", o.text));
  if (o.warnings && o.warnings.length > 0) {
    const w = el("div", "out-warn");
    const ul = el("ul");
    for (const x of o.warnings) ul.append(el("li", undefined, x));
    w.append(el("span", undefined, ui.warnings), ul);
    d.append(w);
  }
  if (o.error) d.append(el("p", "out-err", cqlsh(o.error)));
  // TRACING ON: the simulated trace as cqlsh prints it, under the note that says it is simulated.
  if (o.trace) d.append(el("p", "out-trace-note", o.trace.note), el("pre", "out-text out-trace", o.trace.text));
  if (o.plan && o.plan.kind !== "write") d.append(renderPlan(ui, o.plan));
  return d;
}

/** The Why view: each failing statement, Cassandra's error, the engine's reason and a fix */
export function renderWhy(panel: HTMLElement, ui: UI, outs: Outcome[]): void {
  const frag = document.createDocumentFragment();
  outs.forEach((o, i) => {
    const e = o.error;
    if (!e) return;
    const d = el("div", "why");
    d.setAttribute("data-stmt", String(i));
    d.setAttribute("data-line", String(o.line));
    const head = el("div", "out-head");
    head.append(el("span", "out-line", String(o.line)), el("code", "out-stmt", firstLine(o.statement)));
    d.append(head, el("p", "out-err", cqlsh(e)));
    for (const [cls, label, text] of [["why-why", ui.whyLabel, e.why], ["why-fix", ui.fixLabel, e.fix]] as const) {
      if (!text) continue;
      const p = el("p", cls);
      p.append(el("span", "why-label", label), " " + text);
      d.append(p);
    }
    frag.append(d);
  });
  if (frag.childNodes.length === 0) frag.append(el("p", "out-none", ui.noFailures));
  panel.replaceChildren(frag);
}

export function renderTable(ui: UI, o: Outcome): HTMLElement[] {
  const nulls = new Set((o.nulls ?? []).map(([r, c]) => r + "," + c));
  const wrap = el("div", "rs-wrap");
  const table = el("table", "rs");
  const thead = el("thead");
  const hr = el("tr");
  for (const c of o.columns!) hr.append(el("th", undefined, c));
  thead.append(hr);
  const tbody = el("tbody");
  (o.rows ?? []).forEach((row, r) => {
    const tr = el("tr");
    row.forEach((v, c) => {
      if (nulls.has(r + "," + c)) tr.append(el("td", "null", "null"));
      else if (v === "") tr.append(el("td", "empty"));
      else tr.append(el("td", undefined, v));
    });
    tbody.append(tr);
  });
  table.append(thead, tbody);
  wrap.append(table);
  const out: HTMLElement[] = [wrap];
  const count = rowCount(ui, o);
  if (count !== null) out.push(el("p", "out-count", count));
  return out;
}

/** The row count under a result set, as cqlsh prints it; null under a conditional write's [applied] row, where it prints none. */
export function rowCount(ui: UI, o: Outcome): string | null {
  const cols = o.columns ?? [];
  if (cols.length > 0 && cols[0] === "[applied]") return null;
  return ui.rows.replace("{n}", String((o.rows ?? []).length));
}

export function renderPlan(ui: UI, p: Plan): HTMLElement {
  return el("p", "out-plan", planText(ui, p));
}

/** What a statement cost, in the page's words: the ui.plan sentence, then whether it filtered or scanned every partition. */
export function planText(ui: UI, p: Plan): string {
  let s = counted(ui.plan, { kind: ui.kinds?.[p.kind] ?? p.kind, parts: p.partitionsRead, read: p.rowsRead, ret: p.rowsReturned });
  if (p.filtering) s += " · " + ui.filtering;
  if (p.allPartitions) s += " · " + ui.allPartitions;
  return s;
}

/** The error as cqlsh prints it: the engine renders it (error.cqlsh). */
export function cqlsh(e: CqlError): string {
  return e.cqlsh;
}

export function firstLine(s: string): string {
  const t = s.trim();
  const i = t.indexOf("\n");
  if (i < 0) return t;
  return t.slice(0, i).replace(/[ \t\r]+$/, "") + " …";
}
