// The Storage view: the engine's "map" layout drawn as nested boxes. The
// build pre-renders it with this code (prerender.ts). Values are set as text,
// never as HTML.

import { changeKey } from "./travel";
import { counted } from "./counted";
import { renderGap } from "./bounded";
import type { UI } from "./types";

export type { LayoutModel, LValue } from "./types";
import type { KeyColumn, LayoutBound as Bound, LayoutModel, LPartition, LRow, LValue } from "./types";

const maxPartitions = 100;
export const keySep = "\u241f";

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

const texts = (vs: LValue[]) => vs.map((v) => v.text);

/**
 * Draws the map layout into panel. marks (travel.ts changeMarks) names the
 * elements a time-travelled statement changed, by changeKey, with the
 * classes to give them.
 */
export function renderStorage(panel: HTMLElement, ui: UI, m: LayoutModel, marks?: ReadonlyMap<string, string>): void {
  const frag = document.createDocumentFragment();
  if (!m.tables || m.tables.length === 0) frag.append(el("p", "out-none", ui.noTables));
  for (const tb of m.tables ?? []) {
    const name = tb.keyspace + "." + tb.name;
    const sec = el("section", "lay-table");
    sec.setAttribute("data-table", name);
    const h = el("p", "lay-name", name + " ");
    h.append(el("span", "lay-keys", keyDesc(ui, tb.partitionKey, tb.clustering)));
    sec.append(h);
    const parts = tb.partitions ?? [];
    if (parts.length === 0) sec.append(el("p", "out-none", ui.noData));
    const drawn = Math.min(parts.length, maxPartitions);
    for (let i = 0; i < drawn; i++) sec.append(renderPartition(ui, name, parts[i], marks && markerOf(marks, name, parts[i])));
    const more = parts.length - drawn + (tb.omittedPartitions ?? 0);
    if (more > 0) sec.append(el("p", "out-none", counted(ui.more, { n: more })));
    frag.append(sec);
  }
  panel.replaceChildren(frag);
}

/** Marks an element of a partition with the classes marks holds for it, if any. */
type Marker = (e: HTMLElement, clustering: string, isStatic: boolean, column: string, path?: string) => void;

function markerOf(marks: ReadonlyMap<string, string>, table: string, p: LPartition): Marker {
  const partition = texts(p.key).join(", ");
  return (e, clustering, isStatic, column, path) => {
    const cls = marks.get(changeKey({ table, partition, clustering, static: isStatic, column, path }));
    if (cls) e.classList.add(...cls.split(" "));
  };
}

/** A range tombstone's bounds as the engine's changes name them (engine/travel.go entries). */
function rangePath(r: { start: Bound; end: Bound }): string {
  const side = (b: Bound, open: string, closed: string) => (b.inclusive ? closed : open) + texts(b.clustering ?? []).join(", ");
  return side(r.start, "(", "[") + ".." + side(r.end, ")", "]");
}

function renderPartition(ui: UI, table: string, p: LPartition, mark?: Marker): HTMLElement {
  const d = el("div", p.deletion ? "lay-part lay-deleted" : "lay-part");
  d.setAttribute("data-token", p.token);
  d.setAttribute("data-key", texts(p.key).join(keySep));
  const head = el("div", "lay-phead");
  head.append(el("code", "lay-pkey", texts(p.key).join(":")), el("span", "lay-token", ui.token + " " + p.token));
  // Which nodes, not how many: "replicas 3" read as a count.
  if (p.replicas && p.replicas.length > 0) head.append(el("span", "lay-rep", (p.replicas.length === 1 ? ui.replicaOne : ui.replicas).replace("{nodes}", p.replicas.join(", "))));
  d.append(head);
  if (p.deletion) {
    const t = el("p", "lay-tomb", ui.partDeleted + " @" + p.deletion.markedAt);
    mark?.(t, "", false, "@partition");
    d.append(t);
  }
  if (p.static) d.append(renderRow(ui, p.static, true, mark));
  appendRows(d, ui, table, p, (p.rows ?? []).length + (p.omitted ?? 0), mark);
  for (const r of p.ranges ?? []) {
    const t = el("p", "lay-tomb lay-range", ui.rangeTomb + " " + bound(r.start, true) + ", " + bound(r.end, false) + " @" + r.deletion.markedAt);
    mark?.(t, "", false, "@range", rangePath(r));
    d.append(t);
  }
  return d;
}

/**
 * Appends a partition's rows, with its gap (if it has one) at its
 * omittedAt among them; rows: how many the partition holds. Returns the
 * gap.
 */
function appendRows(d: Node, ui: UI, table: string, p: LPartition, rows: number, mark?: Marker): HTMLElement | null {
  const list = p.rows ?? [];
  const at = p.omitted ? (p.omittedAt ?? 0) : -1;
  const gap = at >= 0 ? renderGap(ui, table, p.token, p.omitted!, rows, p.bytes, "div") : null;
  list.forEach((r, i) => {
    if (i === at) d.appendChild(gap!);
    d.appendChild(renderRow(ui, r, false, mark));
  });
  // An opened partition's gap comes after the rows listed so far.
  if (gap && at >= list.length) d.appendChild(gap);
  return gap;
}

/**
 * Puts the next rows of a partition in place of its gap (gap, and the
 * replaces rows after it: a summarised partition's last rows), as
 * renderPartition draws it opened further: page is the bridge's
 * layoutMore model of the one partition, its rows from the gap's on, and
 * rows how many it holds. Returns the new gap, or null when every row is
 * listed.
 */
export function placeRows(gap: HTMLElement, ui: UI, page: LayoutModel, replaces: number, rows: number, marks?: ReadonlyMap<string, string>): HTMLElement | null {
  const tb = page.tables?.[0];
  const p = tb?.partitions?.[0];
  if (!tb || !p) throw new Error("the page of rows holds no partition");
  const table = tb.keyspace + "." + tb.name;
  for (let next = gap.nextElementSibling; replaces > 0 && next?.classList.contains("lay-row"); replaces--) {
    const after = next.nextElementSibling;
    next.remove();
    next = after;
  }
  const frag = document.createDocumentFragment();
  const placed = appendRows(frag, ui, table, p, rows, marks && markerOf(marks, table, p));
  gap.replaceWith(frag);
  return placed;
}

function renderRow(ui: UI, r: LRow, isStatic: boolean, mark?: Marker): HTMLElement {
  const ck = isStatic ? "" : texts(r.clustering ?? []).join(", ");
  let cls = "lay-row";
  if (!r.live) cls += " lay-dead";
  if (isStatic) cls += " lay-static";
  const d = el("div", cls);
  d.setAttribute("data-ck", texts(r.clustering ?? []).join(keySep));
  const head = el("div", "lay-rhead");
  head.append(el("code", "lay-ck", isStatic ? ui.static : texts(r.clustering ?? []).join(":")));
  if (r.marker) {
    let s = ui.marker + " @" + r.marker.timestamp;
    if (r.marker.ttl && r.marker.ttl > 0) s += " TTL " + r.marker.ttl;
    const m = el("span", r.marker.expired ? "lay-marker lay-expired" : "lay-marker", s);
    mark?.(m, ck, isStatic, "@marker");
    head.append(m);
  }
  if (r.deletion) {
    const t = el("span", "lay-tomb", ui.rowDeleted + " @" + r.deletion.markedAt);
    mark?.(t, ck, isStatic, "@row");
    head.append(t);
  }
  const ul = el("ul", "lay-cells");
  for (const c of r.cells ?? []) {
    const li = el("li", "lay-cell lay-" + c.kind);
    li.append(el("span", "lay-col", c.column));
    if (c.path) li.append(el("span", "lay-path", "[" + c.path.text + "]"));
    if (c.value) li.append(el("span", "lay-val", c.value.text));
    li.append(el("span", "lay-ts", "@" + c.timestamp));
    if (c.ttl && c.ttl > 0) li.append(el("span", "lay-ttl", "TTL " + c.ttl));
    mark?.(li, ck, isStatic, c.column, c.path?.text);
    ul.append(li);
  }
  d.append(head, ul);
  return d;
}

function keyDesc(ui: UI, pk: KeyColumn[], ck: KeyColumn[]): string {
  let s = ui.partitionKey + ": " + pk.map((k) => k.name).join(", ");
  if (ck && ck.length > 0) s += " · " + ui.clusteringKey + ": " + ck.map((k) => (k.desc ? k.name + " DESC" : k.name)).join(", ");
  return s;
}

function bound(b: Bound, start: boolean): string {
  const [open, close] = b.inclusive ? ["[", "]"] : ["(", ")"];
  const v = texts(b.clustering ?? []).join(":") || "∞";
  return start ? open + v : v + close;
}
