// The Model view: the reader's schema as a Chebotko diagram (K beside a
// partition key column, C↑ or C↓ beside a clustering column with its order,
// S beside a static one) and the script's SELECTs as arrows to the table
// each reads, red where they fail. The build pre-renders it with this code
// (prerender.ts). Every
// string is set as text, never as HTML; every coordinate is a whole number.

import { renderChecklist, type PatternRun } from "./patterns";
import type { Outcome, UI } from "./types";

interface Column {
  name: string;
  type: string;
  desc?: boolean;
}

export interface DiagramTable {
  keyspace: string;
  name: string;
  partitionKey: Column[];
  clustering: Column[];
  staticColumns?: Column[];
  regularColumns?: Column[];
}

const CHAR = 7,
  ROW = 18,
  HEAD = 24,
  PAD = 8,
  GAP = 64,
  QUERY_MAX = 46;

export interface Query {
  label: string;
  text: string;
  rest: string; // the text after the table's name
  table: string;
  err: string;
}

const fromClause = /\bFROM\s+("(?:[^"]|"")+"|\w+)(?:\s*\.\s*("(?:[^"]|"")+"|\w+))?/i;

/** A CQL name as the schema spells it: quoted names keep their case. */
function identifier(s: string): string {
  return s.startsWith('"') ? s.slice(1, -1).replaceAll('""', '"') : s.toLowerCase();
}

/** The SELECTs among the outcomes, each with the table it read, labelled prefix1, prefix2... */
export function queries(outs: Outcome[], prefix = "Q"): Query[] {
  const qs: Query[] = [];
  for (const o of outs) {
    const text = o.statement.split(/[ \t\n\r\f\v]+/).filter((w) => w !== "").join(" ");
    if (text.length < 7 || text.slice(0, 7).toUpperCase() !== "SELECT ") continue;
    const q: Query = { label: prefix + (qs.length + 1), text, rest: "", table: "", err: o.error ? o.error.message : "" };
    const m = fromClause.exec(text);
    if (m) {
      q.rest = text.slice(m.index + m[0].length).trim();
      q.table = identifier(m[1]) + (m[2] ? "." + identifier(m[2]) : "");
    }
    if (o.plan) q.table = o.plan.table;
    qs.push(q);
  }
  return qs;
}

/** The table a query's name means: an exact keyspace.name, or a bare name's first table. */
export function target(tables: DiagramTable[], name: string): number {
  const exact = tables.findIndex((t) => t.keyspace + "." + t.name === name);
  if (exact >= 0 || name.includes(".")) return exact;
  return tables.findIndex((t) => t.name === name);
}

const chars = (s: string) => Array.from(s).length;

/** s shortened to n characters, the last an ellipsis. */
export function cut(s: string, n: number): string {
  const r = Array.from(s);
  return r.length <= n ? s : r.slice(0, n - 1).join("") + "…";
}

interface Row {
  name: string;
  type: string;
  mark: string;
  key: boolean;
}

/** A table's columns in Chebotko's order: K, then C↑/C↓, then S, then the rest. */
function rows(t: DiagramTable): Row[] {
  return [
    ...t.partitionKey.map((c) => ({ name: c.name, type: c.type, mark: "K", key: true })),
    ...t.clustering.map((c) => ({ name: c.name, type: c.type, mark: c.desc ? "C↓" : "C↑", key: true })),
    ...(t.staticColumns ?? []).map((c) => ({ name: c.name, type: c.type, mark: "S", key: false })),
    ...(t.regularColumns ?? []).map((c) => ({ name: c.name, type: c.type, mark: "", key: false })),
  ];
}

const SVG = "http://www.w3.org/2000/svg";

function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Draws the Model view into panel: the diagram, then the access patterns' checklist. */
export function renderDiagram(panel: HTMLElement, ui: UI, tables: DiagramTable[], outs: Outcome[], patterns: PatternRun[]): void {
  let top: HTMLElement;
  if (tables.length === 0) {
    top = document.createElement("p");
    top.className = "out-none";
    top.textContent = ui.noTables;
  } else top = drawSVG(ui, tables, outs, patterns);
  panel.replaceChildren(top, renderChecklist(ui, patterns));
}

/** A pattern's outcome as the diagram reads it: none is its query, failed. */
function patternOutcome(p: PatternRun): Outcome {
  return p.got ?? { statement: p.query, line: 0, warnings: [], error: { code: "", message: "no outcome", cqlsh: "", line: 0, column: 0, offset: 0, length: 0 } };
}

/** The tables, the script's SELECTs (Q1, Q2...) and the patterns' queries (A1, A2...). */
function drawSVG(ui: UI, tables: DiagramTable[], outs: Outcome[], patterns: PatternRun[]): HTMLElement {
  const qs = [...queries(outs), ...queries(patterns.map(patternOutcome), "A")];
  const targets = qs.map((q) => target(tables, q.table));
  const shown = qs.map((q, i) => cut(q.label + " " + (targets[i] >= 0 && q.rest !== "" ? q.rest : q.text), QUERY_MAX));
  const oneKeyspace = tables.every((t) => t.keyspace === tables[0].keyspace);
  const title = (t: DiagramTable) => (oneKeyspace ? t.name : t.keyspace + "." + t.name);
  let qw = 0;
  for (const text of shown) qw = Math.max(qw, chars(text));
  qw = qw * CHAR + 2 * PAD;
  const tx = PAD + (qs.length > 0 ? qw + GAP : 0);
  const boxes: { y: number; w: number; nameW: number }[] = [];
  let y = PAD,
    width = tx;
  for (const t of tables) {
    let nameW = 0,
      typeW = 0;
    for (const c of rows(t)) {
      nameW = Math.max(nameW, chars(c.name));
      typeW = Math.max(typeW, chars(c.type));
    }
    const w = Math.max(chars(title(t)), nameW + 1 + typeW + 4) * CHAR + 2 * PAD;
    boxes.push({ y, w, nameW });
    y += HEAD + rows(t).length * ROW + 2 * PAD;
    width = Math.max(width, tx + w + PAD);
  }
  const height = Math.max(y, PAD + qs.length * (HEAD + PAD) + PAD);

  const root = svg("svg", { class: "dg-svg", width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": ui.modelLabel });
  tables.forEach((t, i) => {
    const b = boxes[i];
    const cols = rows(t);
    const g = svg("g", { class: "dg-table", "data-table": t.keyspace + "." + t.name });
    g.append(
      svg("rect", { class: "dg-box", x: tx, y: b.y, width: b.w, height: HEAD + cols.length * ROW + PAD, rx: 4 }),
      svg("text", { class: "dg-title", x: tx + PAD, y: b.y + 17 }, title(t)),
      svg("line", { class: "dg-rule", x1: tx, y1: b.y + HEAD, x2: tx + b.w, y2: b.y + HEAD }),
    );
    cols.forEach((c, j) => {
      const ry = b.y + HEAD + j * ROW + 14;
      g.append(
        svg("text", { class: c.key ? "dg-col dg-key" : "dg-col", x: tx + PAD, y: ry }, c.name),
        svg("text", { class: "dg-type", x: tx + PAD + (b.nameW + 1) * CHAR, y: ry }, c.type),
      );
      if (c.mark) g.append(svg("text", { class: "dg-mark", x: tx + b.w - PAD, y: ry, "text-anchor": "end" }, c.mark));
    });
    root.append(g);
  });
  qs.forEach((q, i) => {
    const qy = PAD + i * (HEAD + PAD);
    const g = svg("g", { class: q.err ? "dg-query dg-fail" : "dg-query" });
    g.append(
      svg("title", {}, q.err ? q.text + "\n" + q.err : q.text),
      svg("rect", { class: "dg-qbox", x: PAD, y: qy, width: qw, height: HEAD, rx: 12 }),
      svg("text", { class: "dg-qtext", x: 2 * PAD, y: qy + 16 }, shown[i]),
    );
    const k = targets[i];
    if (k >= 0) {
      const [x1, y1, x2, y2] = [PAD + qw, qy + HEAD / 2, tx, boxes[k].y + HEAD / 2];
      g.append(
        svg("path", { class: "dg-arrow", d: `M${x1} ${y1} C${x1 + GAP / 2} ${y1} ${x2 - GAP / 2} ${y2} ${x2 - 6} ${y2}` }),
        svg("path", { class: "dg-head", d: `M${x2 - 7} ${y2 - 4} L${x2} ${y2} L${x2 - 7} ${y2 + 4} Z` }),
      );
    }
    root.append(g);
  });
  const wrap = document.createElement("div");
  wrap.className = "dg";
  const legend = document.createElement("p");
  legend.className = "dg-legend";
  legend.textContent = ui.modelLegend;
  wrap.append(root, legend);
  return wrap;
}
