// Data in volume in the storage views. A partition of more rows than the
// engine's bounds (engine.ViewBounds) is summarised: its first and last
// rows, then a gap that says how many rows were left out, of how many, and
// the partition's size, with a button that lists its rows a page at a time
// (the open partitions go with every layout request to the worker). The build
// pre-renders it with this code (prerender.ts). Every string is set as text.

import { szBytes } from "./sizes";
import { counted } from "./counted";
import type { Outcome, UI } from "./types";

/**
 * How many more rows a gap's button lists: an opened partition shows its
 * rows a page at a time, so that one of 100,000 rows never makes the page
 * draw them all at once.
 */
export const pageRows = 1000;

/** The views the engine bounds (cqlplay.layoutBounded); the others are drawn whole. */
export { boundedForms } from "./contract.gen";

/** One summarised partition, as the bridge's "elided" lists it. */
export interface Elision {
  table: string;
  token: string;
  key: string;
  rows: number;
  left: number;
  bytes: number;
  /** map: the index in the partition's rows after the gap; text: the gap's line. */
  at: number;
  /** Set: the line says that this many partitions of table were left out (the other fields are zero). */
  partitions?: number;
}

/** A partition's name for the worker's open request (engine/layout PartitionID). */
export function partitionId(table: string, token: string): string {
  return table + " " + token;
}

/** The gap standing for the rows a summarised partition left out, with its open button. */
export function renderGap(ui: UI, table: string, token: string, left: number, rows: number, bytes: number, tag: "div" | "span"): HTMLElement {
  const gap = document.createElement(tag);
  gap.className = "lay-gap";
  const text = document.createElement("span");
  text.className = "lay-gap-text";
  text.textContent = gapText(ui, left, rows, bytes);
  const open = document.createElement("button");
  open.type = "button";
  open.className = "lay-open";
  open.dataset.partition = partitionId(table, token);
  open.textContent = ui.openPartition.replace("{n}", groupDigits(Math.min(pageRows, left)));
  gap.append(text, open);
  return gap;
}

/** The gap's words: how many rows were left out, of how many, and the partition's size. */
export function gapText(ui: UI, left: number, rows: number, bytes: number): string {
  return ui.elided.replace("{left}", groupDigits(left)).replace("{rows}", groupDigits(rows)).replace("{size}", szBytes(bytes));
}

/** A count with its thousands grouped by commas, 100,000. */
export function groupDigits(n: number): string {
  const s = String(Math.trunc(Math.abs(n)));
  let out = "";
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 === 0) out += ",";
    out += s[i];
  }
  return (n < 0 ? "-" : "") + out;
}

/**
 * Draws a text view (cli, sstabledump) into pre: the engine's text, each
 * gap line replaced by its gap (its indentation kept, and what follows the
 * engine's "... N rows left out ..." on the line, such as the "]" closing
 * an opened partition's rows in sstabledump), and the line after the
 * partitions listed by the page's "… and N more partitions."
 */
export function renderBoundedText(pre: HTMLElement, ui: UI, text: string, elided: readonly Elision[]): void {
  if (elided.length === 0) {
    pre.textContent = text;
    return;
  }
  const lines = text.split("\n");
  const byLine = new Map(elided.map((e) => [e.at, e]));
  const parts: (string | Node)[] = [];
  let from = 0;
  for (let i = 0; i < lines.length; i++) {
    const e = byLine.get(i);
    if (!e) continue;
    const indent = lines[i].length - lines[i].trimStart().length;
    parts.push(lines.slice(from, i).join("\n") + (i > from ? "\n" : "") + lines[i].slice(0, indent));
    if (e.partitions) {
      const more = document.createElement("span");
      more.className = "lay-more";
      more.textContent = counted(ui.more, { n: e.partitions });
      parts.push(more);
    } else parts.push(renderGap(ui, e.table, e.token, e.left, e.rows, e.bytes, "span"));
    parts.push(/^\.\.\..*?\.\.\.(.*)$/.exec(lines[i].slice(indent))?.[1] ?? "");
    from = i + 1;
    parts.push("\n");
  }
  parts.push(lines.slice(from).join("\n"));
  pre.replaceChildren(...parts.filter((p) => p !== ""));
}

/** A `-- @fill` of a script that ran: its line (1-based) and the rows it generated. */
export interface FillLine {
  line: number;
  rows: number;
}

/**
 * Puts the next rows of a partition in place of its gap in a text view:
 * text (the bridge's layoutMore) from the gap's line on, after its
 * indentation, replaces that many lines from the gap's on (the gap, and
 * whatever else of the partition changed after it). Lines are drawn as
 * renderBoundedText draws them, so the view reads as one drawn whole with
 * the partition opened further. Returns the new gap, or null when every
 * row is listed.
 */
export function placeText(gap: HTMLElement, ui: UI, text: string, elided: readonly Elision[], replaces: number): HTMLElement | null {
  const page = document.createElement("pre");
  renderBoundedText(page, ui, text, elided);
  // A gap on the page's last line is followed by no line of the page.
  if (elided.some((e) => e.at === text.split("\n").length - 1)) page.lastChild?.remove();
  // The lines after the gap's that go: up to the replaces-th line break
  // after the gap, which ends the last of them and stays.
  let breaks = replaces;
  for (let node = gap.nextSibling; node && node.nodeType === Node.TEXT_NODE; ) {
    const s = node.textContent ?? "";
    let cut = -1;
    for (let i = 0; i < s.length && cut < 0; i++) if (s[i] === "\n" && --breaks === 0) cut = i;
    if (cut >= 0) {
      node.textContent = s.slice(cut);
      break;
    }
    const next = node.nextSibling;
    node.remove();
    node = next;
  }
  const placed = page.querySelector<HTMLElement>(".lay-gap");
  gap.replaceWith(...page.childNodes);
  return placed;
}

/**
 * The script's `-- @fill` directives that ran: each directive line that did
 * not fail (a fill that succeeds has no outcome; one that fails has an
 * error on its line).
 */
export function fillLines(script: string, outcomes: readonly Outcome[]): FillLine[] {
  // The worker asks at every run with the caret on an earlier statement: a
  // script of 100,000 INSERTs is not split into lines for nothing.
  if (!/@fill/i.test(script)) return [];
  const failed = new Set(outcomes.filter((o) => o.error).map((o) => o.line));
  const fills: FillLine[] = [];
  script.split("\n").forEach((line, i) => {
    const m = /^\s*--[ \t]*@fill[ \t]+\S+[ \t]+([0-9_]+)/i.exec(line);
    if (m && !failed.has(i + 1)) fills.push({ line: i + 1, rows: Number(m[1].replaceAll("_", "")) });
  });
  return fills;
}

/** The rows the script's `-- @fill` directives generated (fillLines). */
export function filledRows(script: string, outcomes: readonly Outcome[]): number {
  return fillLines(script, outcomes).reduce((n, f) => n + f.rows, 0);
}

/**
 * The time a run of script may take on top of the page's limits for the
 * rows its `-- @fill` lines generate: 0.1 ms a row, at most 30 s. A fill
 * of 100,000 rows took 1.1-5.5 s in WebAssembly (docs/performance-history.md, "Data
 * in volume"), past the engine's default bound of 2.5 s on a busy machine;
 * only the first run pays it, as later edits rerun from the statement
 * changed.
 */
export function fillAllowanceMs(script: string): number {
  return Math.min(30_000, filledRows(script, []) / 10);
}

/** The notice over a bounded view of a script that generated rows. */
export function renderFilled(ui: UI, rows: number): HTMLElement {
  const p = document.createElement("p");
  p.className = "lay-filled";
  p.textContent = ui.filled.replace("{n}", groupDigits(rows));
  return p;
}
