// Model A against model B: the table under a playground whose fence says
// vs=ID (the build pre-renders it with this code: build/sitegen/compare.go), one row per
// access pattern of the two playgrounds, matched by the first word of their
// names, each cell what the pattern costs in that model. It is redrawn as
// either playground shows a run (their "pg-patterns" events). Everything is
// set as text.

import { cut } from "./diagram";
import { verdicts, type PatternRun } from "./patterns";
import { firstLine } from "./results";
import type { Plan, UI } from "./types";

const key = (name: string) => name.split(" ")[0];

/** How many characters of a failure's message a cell shows. */
const vsCut = 64;

interface Row {
  name: string;
  a?: PatternRun;
  b?: PatternRun;
}

/** A's patterns in order, each with B's of the same key, then B's left over. */
export function rows(pa: PatternRun[], pb: PatternRun[]): Row[] {
  const used = new Set<number>();
  const out: Row[] = pa.map((a) => {
    const j = pb.findIndex((b, j) => !used.has(j) && key(b.name) === key(a.name));
    if (j >= 0) used.add(j);
    return { name: a.name, a, b: j >= 0 ? pb[j] : undefined };
  });
  pb.forEach((b, j) => {
    if (!used.has(j)) out.push({ name: b.name, b });
  });
  return out;
}

/** A pattern's cell: its class and text. */
export function cell(ui: UI, p: PatternRun | undefined): [string, string] {
  if (!p) return ["vs-none", "—"];
  if (!p.got) return ["vs-bad", "no outcome"];
  if (p.got.error) return ["vs-bad", firstLine(p.got.error.message)];
  const answered = !verdicts(p.query, p.got).includes("fails");
  return [answered ? "vs-ok" : "vs-warn", cost(ui, p.got.plan)];
}

function cost(ui: UI, plan: Plan | undefined): string {
  if (!plan) return "";
  return ui.vsCost
    .replace("{p}", String(plan.partitionsRead))
    .replace("{r}", String(plan.rowsRead))
    .replace("{n}", String(plan.rowsReturned))
    .replace("{nodes}", plan.nodes.join(", "));
}

/** Keeps one vs section's table current. */
export function watchCompare(section: HTMLElement, ui: UI): void {
  const figA = document.getElementById(section.dataset.a ?? "");
  const figB = document.getElementById(section.dataset.b ?? "");
  if (!figA || !figB) return;
  let pa: PatternRun[] | null = null;
  let pb: PatternRun[] | null = null;
  const draw = () => {
    if (!pa || !pb) return;
    section.querySelector(".vs-table")?.replaceWith(table(ui, figA.dataset.id ?? "", figB.dataset.id ?? "", pa, pb));
  };
  figA.addEventListener("pg-patterns", (e) => {
    pa = (e as CustomEvent<PatternRun[]>).detail;
    draw();
  });
  figB.addEventListener("pg-patterns", (e) => {
    pb = (e as CustomEvent<PatternRun[]>).detail;
    draw();
  });
}

/** The table of a vs section (the build pre-renders it, prerender.ts). */
export function table(ui: UI, idA: string, idB: string, pa: PatternRun[], pb: PatternRun[]): HTMLElement {
  const t = document.createElement("table");
  t.className = "vs-table";
  const th = (text: string, scope: string, cls?: string) => {
    const e = document.createElement("th");
    e.setAttribute("scope", scope);
    if (cls) e.className = cls;
    e.textContent = text;
    return e;
  };
  const head = document.createElement("thead");
  const hr = document.createElement("tr");
  hr.append(th(ui.vsQuery, "col"), th("A · " + idA, "col"), th("B · " + idB, "col"));
  head.append(hr);
  const body = document.createElement("tbody");
  for (const r of rows(pa, pb)) {
    const tr = document.createElement("tr");
    const name = document.createElement("th");
    name.setAttribute("scope", "row");
    name.className = "vs-name";
    name.textContent = r.name;
    tr.append(name);
    for (const p of [r.a, r.b]) {
      const [cls, text] = cell(ui, p);
      const td = document.createElement("td");
      td.className = cls;
      // A failure says why in a line; its tooltip says all.
      if (cls === "vs-bad" && Array.from(text).length > vsCut) td.setAttribute("title", text);
      td.textContent = td.title ? cut(text, vsCut) : text;
      tr.append(td);
    }
    body.append(tr);
  }
  t.append(head, body);
  return t;
}
