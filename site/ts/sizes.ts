// The Sizes view: how the data spreads over the nodes, then each table's
// largest partitions against the guidance for a partition (100,000 rows,
// 2 billion values, 100 MB), drawn from the summary layout; the build
// pre-renders it with this code (prerender.ts). Bars are <meter>
// elements (a style attribute would need the CSP to allow inline styles).
// Everything is set as text.

import type { LayoutModel } from "./types";
import { counted } from "./counted";
import type { UI } from "./types";

const MAX_ROWS = 100_000,
  MAX_VALUES = 2_000_000_000,
  MAX_BYTES = 100 * 1024 * 1024,
  PARTITIONS = 10;

/** A size with one decimal, in integer arithmetic, as Go's strconv would round it. */
export function szBytes(b: number): string {
  const units = ["B", "KB", "MB", "GB"];
  if (b < 1024) return b + " B";
  let u = 1,
    div = 1024;
  while (u < units.length - 1 && b >= div * 1024) {
    u++;
    div *= 1024;
  }
  const tenths = Math.floor((b * 10 + Math.floor(div / 2)) / div);
  return Math.floor(tenths / 10) + "." + (tenths % 10) + " " + units[u];
}

/** x against limit on a log scale, in percent. */
export function szLog(x: number, limit: number): number {
  if (x <= 0) return 0;
  return Math.min(100, Math.round((100 * Math.log10(x + 1)) / Math.log10(limit + 1)));
}

function el(tag: string, cls?: string, text?: string): HTMLElement {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function meter(value: number, title?: string, gauge = true): HTMLElement {
  const m = el("meter", "sz-m");
  m.setAttribute("min", "0");
  m.setAttribute("max", "100");
  if (gauge) {
    m.setAttribute("low", "75");
    m.setAttribute("high", "99");
    m.setAttribute("optimum", "0");
  }
  m.setAttribute("value", String(value));
  if (title !== undefined) m.setAttribute("title", title);
  return m;
}

/** Draws the Sizes view into panel. */
export function renderSizes(panel: HTMLElement, ui: UI, m: LayoutModel): void {
  if (!m.tables || m.tables.length === 0) {
    panel.replaceChildren(el("p", "out-none", ui.noTables));
    return;
  }
  const root = el("div", "sz");
  if (m.ring) {
    const most = Math.max(0, ...m.ring.loads.map((l) => l.bytes));
    root.append(el("p", "sz-h", ui.szNodes));
    const ul = el("ul", "sz-nodes");
    for (const l of m.ring.loads) {
      const hot = l.bytes > 0 && l.bytes > 1.5 * m.ring.meanBytes;
      const text = ui.szNode.replace("{node}", String(l.node)).replace("{p}", String(l.partitions)).replace("{r}", String(l.rows)).replace("{b}", szBytes(l.bytes));
      const li = el("li", hot ? "sz-node sz-hot" : "sz-node");
      li.append(el("span", "sz-label", text), meter(most > 0 ? Math.floor((l.bytes * 100) / most) : 0, undefined, false));
      ul.append(li);
    }
    root.append(ul);
  }
  for (const t of m.tables) {
    const nc = t.partitionKey.length + t.clustering.length + (t.staticColumns ?? []).length + (t.regularColumns ?? []).length;
    const npk = t.partitionKey.length + t.clustering.length;
    const ns = (t.staticColumns ?? []).length;
    root.append(el("p", "sz-h", t.keyspace + "." + t.name));
    const parts = t.partitions ?? [];
    if (parts.length === 0) {
      root.append(el("p", "out-none", ui.noData));
      continue;
    }
    const sorted = [...parts].sort((a, b) => b.bytes - a.bytes); // stable: equal sizes keep token order
    const table = el("table", "sz-table");
    const head = el("thead");
    const hr = el("tr");
    for (const h of [ui.szPartition, ui.szRows, ui.szValues, ui.szBytes]) {
      const th = el("th", undefined, h);
      th.setAttribute("scope", "col");
      hr.append(th);
    }
    head.append(hr);
    const body = el("tbody");
    for (const p of sorted.slice(0, PARTITIONS)) {
      const values = p.liveRows * (nc - npk - ns) + ns;
      const tr = el("tr");
      const key = el("th"); // attributes in the build's order
      key.setAttribute("scope", "row");
      key.className = "sz-key";
      key.textContent = p.key.map((k) => k.text).join(":");
      const td = (text: string, m: HTMLElement) => {
        const c = el("td");
        c.append(text, m);
        return c;
      };
      tr.append(
        key,
        td(String(p.liveRows), meter(szLog(p.liveRows, MAX_ROWS), ui.szRowsMax)),
        td(String(values), meter(szLog(values, MAX_VALUES), ui.szValuesMax)),
        td(szBytes(p.bytes), meter(szLog(p.bytes, MAX_BYTES), ui.szBytesMax)),
      );
      body.append(tr);
    }
    table.append(head, body);
    root.append(table);
    if (sorted.length > PARTITIONS) root.append(el("p", "out-none", counted(ui.more, { n: sorted.length - PARTITIONS })));
  }
  root.append(el("p", "sz-legend", ui.szLegend));
  panel.replaceChildren(root);
}
