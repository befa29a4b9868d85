// The Ring view: the engine's ring text (engine/layout/ring_text.go) drawn
// as a ring, each vnode range an arc in the colour of the node that owns
// it, each partition a dot at its token; the nodes' shares and loads as the
// engine wrote them; the vnode ranges, one a line, behind a disclosure (a
// raw dump of 96 lines was most of the view). The build pre-renders it with
// this code (panel.ts). Everything is set as text.

import type { UI } from "./types";

export interface RingRange {
  start: number; // the token's place on the ring, 0 to 1
  end: number;
  node: number;
}

export interface Ring {
  head: string; // the text before the ranges: nodes, loads, hot partitions
  nodes: { node: number; owns: string }[];
  ranges: RingRange[];
  rangeText: string; // the ranges' lines as the engine wrote them
  partitions: { at: number; label: string }[];
}

const rangesHead = "vnode ranges (start, end] -> node:";

/** A token's place on the ring: Murmur3's tokens run from -2^63 to 2^63 - 1. */
export function place(token: string): number {
  const f = (Number(token) + 2 ** 63) / 2 ** 64;
  return Math.min(1, Math.max(0, f));
}

/** The ring the engine's text describes; null when the text is not a ring's (an error, an old reply). */
export function parseRing(text: string): Ring | null {
  const cut = text.indexOf(rangesHead);
  if (cut < 0) return null;
  const head = text.slice(0, cut).replace(/\n$/, "");
  const rangeText = text.slice(cut + rangesHead.length).replace(/^\n/, "").replace(/\n$/, "");
  const ranges: RingRange[] = [];
  for (const m of rangeText.matchAll(/\((-?\d+), (-?\d+)\] -> node (\d+)/g)) ranges.push({ start: place(m[1]), end: place(m[2]), node: Number(m[3]) });
  const nodes: Ring["nodes"] = [];
  for (const m of head.matchAll(/^node (\d+): owns ([\d.]+%)/gm)) nodes.push({ node: Number(m[1]), owns: m[2] });
  const seen = new Set<string>();
  const partitions: Ring["partitions"] = [];
  for (const m of head.matchAll(/^ {2}(\S+ .*?) \(token (-?\d+)\)/gm)) {
    if (seen.has(m[2])) continue; // listed under each replica's node
    seen.add(m[2]);
    partitions.push({ at: place(m[2]), label: m[1] });
  }
  return { head, nodes, ranges, rangeText, partitions };
}

const SVG = "http://www.w3.org/2000/svg";
const SIZE = 220,
  C = SIZE / 2,
  R = 84,
  WIDTH = 20;

function svg(tag: string, attrs: Record<string, string | number>): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** A point of the ring at place f (0 at the top, clockwise), radius r, to a tenth of a pixel. */
function at(f: number, r: number): string {
  const a = f * 2 * Math.PI;
  const r1 = (n: number) => Math.round(n * 10) / 10;
  return r1(C + r * Math.sin(a)) + " " + r1(C - r * Math.cos(a));
}

/** The class of a node's colour: eight, then again. */
const colour = (node: number) => "ring-c" + ((node - 1) % 8);

function arc(r: RingRange): SVGElement {
  let span = r.end - r.start;
  if (span <= 0) span += 1; // the range that wraps past the largest token
  if (span >= 0.9999) return svg("circle", { class: "ring-arc " + colour(r.node), cx: C, cy: C, r: R });
  const large = span > 0.5 ? 1 : 0;
  return svg("path", { class: "ring-arc " + colour(r.node), d: `M${at(r.start, R)} A${R} ${R} 0 ${large} 1 ${at(r.start + span, R)}` });
}

function el(tag: string, cls: string, text?: string): HTMLElement {
  const e = document.createElement(tag);
  e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Draws the Ring view from the engine's text into panel, after lead (notes the panel keeps above it). */
export function renderRing(panel: HTMLElement, ui: UI, text: string, lead: HTMLElement[]): void {
  const ring = parseRing(text);
  if (!ring) {
    const pre = el("pre", "lay-text", text);
    panel.replaceChildren(...lead, pre);
    return;
  }
  const root = svg("svg", { class: "ring-svg", width: SIZE, height: SIZE, viewBox: `0 0 ${SIZE} ${SIZE}`, role: "img", "aria-label": ui.ringLabel });
  for (const r of ring.ranges) root.append(arc(r));
  for (const p of ring.partitions) {
    const dot = svg("circle", { class: "ring-part", r: 4 });
    const [x, y] = at(p.at, R - WIDTH / 2 - 8).split(" ");
    dot.setAttribute("cx", x);
    dot.setAttribute("cy", y);
    const title = document.createElementNS(SVG, "title");
    title.textContent = p.label;
    dot.append(title);
    root.append(dot);
  }
  const legend = el("ul", "ring-legend");
  for (const n of ring.nodes) {
    const li = el("li", "ring-node");
    li.append(el("span", "ring-swatch " + colour(n.node)), document.createTextNode(ui.ringNode.replace("{node}", String(n.node)).replace("{owns}", n.owns)));
    legend.append(li);
  }
  const figure = el("div", "ring-figure");
  figure.append(root, legend);
  const details = document.createElement("details");
  details.className = "ring-ranges";
  const summary = document.createElement("summary");
  summary.textContent = ui.ringRanges.replace("{n}", String(ring.ranges.length));
  details.append(summary, el("pre", "lay-text ring-text", ring.rangeText));
  panel.replaceChildren(...lead, figure, el("pre", "lay-text ring-text", ring.head), details);
}
