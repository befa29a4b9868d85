// The Model view: the reader's schema as a Chebotko diagram (K beside a
// partition key column, C↑ or C↓ beside a clustering column with its order,
// S beside a static one) and the application's workflow, its access patterns
// (or, when the script lists none, its SELECTs), as arrows to the table each
// reads, red where they fail, with the message. The build pre-renders it with this code
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

// A column of the 12 px monospace font is 7.2 px wide (DejaVu Sans Mono;
// others are narrower): px rounds up, so coordinates stay whole numbers.
const px = (cols: number) => Math.ceil(cols * 7.3);
const ROW = 18,
  HEAD = 24,
  PAD = 8,
  GAP = 48;

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

/** How many columns (a CJK character takes two) a query box's line holds. */
export const WRAP = 44;

const wide = /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/;

/** The columns s takes in a monospace font: a CJK character two, any other one. */
export function columns(s: string): number {
  let n = 0;
  for (const c of s) n += wide.test(c) ? 2 : 1;
  return n;
}

/**
 * s in lines of at most max columns, broken at spaces or beside a CJK
 * character, a longer word broken where it must: nothing is cut, every
 * character of s but the spaces at a break is in a line.
 */
export function wrap(s: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  const tokens = s.match(/\s+|[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|[^\s\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]+/g) ?? [];
  let space = false;
  for (const t of tokens) {
    if (/^\s/.test(t)) {
      space = line !== "";
      continue;
    }
    const sep = space ? " " : "";
    space = false;
    if (columns(line + sep + t) <= max) {
      line += sep + t;
      continue;
    }
    if (line !== "") lines.push(line);
    line = "";
    for (const c of t) {
      if (columns(line + c) > max) {
        lines.push(line);
        line = "";
      }
      line += c;
    }
  }
  if (line !== "" || lines.length === 0) lines.push(line);
  return lines;
}

/** A query box of the diagram: its lines, its message's lines when it fails, the table it points to. */
interface QueryBox {
  head: string; // "A1 sign in by email" or "Q1"
  lines: string[]; // the query's text (after the table's name when an arrow names it), wrapped
  err: string[]; // the failure's message, wrapped; [] when it ran
  table: number; // index in tables; -1: none
  title: string;
}

function queryBoxes(tables: DiagramTable[], outs: Outcome[], patterns: PatternRun[]): QueryBox[] {
  const fromPatterns = patterns.length > 0;
  const qs = fromPatterns ? queries(patterns.map(patternOutcome), "A") : queries(outs);
  return qs.map((q, i) => {
    const table = target(tables, q.table);
    const head = fromPatterns ? q.label + " " + patterns[i].name : q.label;
    const text = table >= 0 && q.rest !== "" ? q.rest : q.text;
    const body = fromPatterns ? wrap(text, WRAP) : wrap(head + " " + text, WRAP);
    return {
      head: fromPatterns ? head : "",
      lines: fromPatterns ? [...wrap(head, WRAP), ...body] : body,
      err: q.err ? wrap("✗ " + q.err, WRAP) : [],
      table,
      title: q.err ? q.text + "\n" + q.err : q.text,
    };
  });
}

/**
 * The order the tables are drawn in: by the first query that reads each,
 * then the tables no query reads, as the schema lists them. With the
 * queries beside the table they read (drawSVG), no two arrows cross.
 */
export function tableOrder(n: number, targets: number[]): number[] {
  const order: number[] = [];
  for (const t of targets) if (t >= 0 && !order.includes(t)) order.push(t);
  for (let i = 0; i < n; i++) if (!order.includes(i)) order.push(i);
  return order;
}

const LINE = 15,
  QGAP = 8,
  GROUP = 16;

/**
 * The application's workflow as Chebotko draws it: the access patterns in
 * order (or, when the script lists none, its SELECTs), each with an arrow to
 * the table that answers it. The tables stand in the order the patterns first
 * read them, and each pattern stands beside its table: a pattern that reads
 * a table an earlier one read is drawn under that earlier one, so arrows
 * never cross (its number keeps its place in the workflow). Every text is
 * whole, wrapped; a failing query shows its message.
 */
function drawSVG(ui: UI, tables: DiagramTable[], outs: Outcome[], patterns: PatternRun[]): HTMLElement {
  const qs = queryBoxes(tables, outs, patterns);
  const order = tableOrder(tables.length, qs.map((q) => q.table));
  const oneKeyspace = tables.every((t) => t.keyspace === tables[0].keyspace);
  const title = (t: DiagramTable) => (oneKeyspace ? t.name : t.keyspace + "." + t.name);
  let qw = 0;
  for (const q of qs) for (const l of [...q.lines, ...q.err]) qw = Math.max(qw, columns(l));
  qw = px(qw) + 2 * PAD;
  const qh = (q: QueryBox) => (q.lines.length + q.err.length) * LINE + PAD;
  const tx = PAD + (qs.length > 0 ? qw + GAP : 0);
  const th = (t: DiagramTable) => HEAD + rows(t).length * ROW + PAD;
  const boxes = new Map<number, { y: number; w: number; nameW: number }>();
  const qy: number[] = [];
  let y = PAD,
    width = tx;
  const place = (ti: number) => {
    const t = tables[ti];
    let nameW = 0,
      typeW = 0;
    for (const c of rows(t)) {
      nameW = Math.max(nameW, columns(c.name));
      typeW = Math.max(typeW, columns(c.type));
    }
    const w = px(Math.max(columns(title(t)), nameW + 1 + typeW + 4)) + 2 * PAD;
    boxes.set(ti, { y, w, nameW });
    width = Math.max(width, tx + w + PAD);
    let h = th(t),
      at = y;
    qs.forEach((q, i) => {
      if (q.table !== ti) return;
      qy[i] = at;
      at += qh(q) + QGAP;
    });
    h = Math.max(h, at - QGAP - y);
    y += h + GROUP;
  };
  for (const ti of order) place(ti);
  qs.forEach((q, i) => {
    if (q.table >= 0) return;
    qy[i] = y;
    y += qh(q) + QGAP;
  });
  const height = Math.max(y, PAD + 1);

  const root = svg("svg", { class: "dg-svg", width, height, viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": ui.modelLabel });
  qs.forEach((q, i) => {
    const g = svg("g", { class: q.err.length > 0 ? "dg-query dg-fail" : "dg-query" });
    g.append(svg("title", {}, q.title), svg("rect", { class: "dg-qbox", x: PAD, y: qy[i], width: qw, height: qh(q), rx: 6 }));
    const heads = q.head ? wrap(q.head, WRAP).length : 0;
    q.lines.forEach((l, j) => g.append(svg("text", { class: j < heads ? "dg-qtext dg-qname" : "dg-qtext", x: 2 * PAD, y: qy[i] + 4 + (j + 1) * LINE - 3 }, l)));
    q.err.forEach((l, j) => g.append(svg("text", { class: "dg-qerr", x: 2 * PAD, y: qy[i] + 4 + (q.lines.length + j + 1) * LINE - 3 }, l)));
    const b = boxes.get(q.table);
    if (b) {
      const t = tables[q.table];
      const y1 = qy[i] + Math.min(qh(q) / 2, LINE);
      const y2 = Math.max(b.y + HEAD / 2, Math.min(y1, b.y + th(t) - PAD));
      const [x1, x2] = [PAD + qw, tx];
      g.append(
        svg("path", { class: "dg-arrow", d: `M${x1} ${y1} C${x1 + GAP / 2} ${y1} ${x2 - GAP / 2} ${y2} ${x2 - 6} ${y2}` }),
        svg("path", { class: "dg-head", d: `M${x2 - 7} ${y2 - 4} L${x2} ${y2} L${x2 - 7} ${y2 + 4} Z` }),
      );
    }
    root.append(g);
  });
  for (const ti of order) {
    const t = tables[ti];
    const b = boxes.get(ti)!;
    const cols = rows(t);
    const g = svg("g", { class: "dg-table", "data-table": t.keyspace + "." + t.name });
    g.append(
      svg("rect", { class: "dg-box", x: tx, y: b.y, width: b.w, height: th(t), rx: 4 }),
      svg("text", { class: "dg-title", x: tx + PAD, y: b.y + 17 }, title(t)),
      svg("line", { class: "dg-rule", x1: tx, y1: b.y + HEAD, x2: tx + b.w, y2: b.y + HEAD }),
    );
    cols.forEach((c, j) => {
      const ry = b.y + HEAD + j * ROW + 14;
      g.append(
        svg("text", { class: c.key ? "dg-col dg-key" : "dg-col", x: tx + PAD, y: ry }, c.name),
        svg("text", { class: "dg-type", x: tx + PAD + px(b.nameW + 1), y: ry }, c.type),
      );
      if (c.mark) g.append(svg("text", { class: "dg-mark", x: tx + b.w - PAD, y: ry, "text-anchor": "end" }, c.mark));
    });
    root.append(g);
  }
  // A diagram wider than the panel scrolls inside it, by keyboard too, and
  // says so on a narrow screen (site.css .dg-hint).
  const scroller = document.createElement("div");
  scroller.className = "dg-scroll";
  scroller.setAttribute("tabindex", "0");
  scroller.setAttribute("role", "region");
  scroller.setAttribute("aria-label", ui.modelScroll);
  scroller.append(root);
  const hint = document.createElement("p");
  hint.className = "wide-hint";
  hint.textContent = ui.wideHint;
  const wrapEl = document.createElement("div");
  wrapEl.className = "dg";
  const legend = document.createElement("p");
  legend.className = "dg-legend";
  legend.textContent = patterns.length > 0 ? ui.modelLegend : ui.modelLegendQ;
  wrapEl.append(hint, scroller, legend);
  return wrapEl;
}
