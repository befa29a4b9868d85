// Model A against model B: the table under a playground whose fence says
// vs=ID (the build pre-renders it with this code: build/sitegen/compare.go), one row per
// access pattern of the two playgrounds, matched by the first word of their
// names, each cell what the pattern costs in that model. It is redrawn as
// either playground shows a run (their "pg-patterns" events). Everything is
// set as text.

import { verdicts, type PatternRun } from "./patterns";
import type { Plan, UI } from "./types";

const key = (name: string) => name.split(" ")[0];

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

/**
 * A pattern's cell: its class, its text (the counts, or a failure's whole
 * message), and the nodes holding the replicas it read, on a line of
 * their own: a node's number is not a count.
 */
export function cell(ui: UI, p: PatternRun | undefined): [string, string, string] {
  if (!p) return ["vs-none", "—", ""];
  if (!p.got) return ["vs-bad", "no outcome", ""];
  if (p.got.error) return ["vs-bad", p.got.error.message, ""];
  const answered = !verdicts(p.query, p.got).includes("fails");
  return [answered ? "vs-ok" : "vs-warn", cost(ui, p.got.plan), replicas(ui, p.got.plan)];
}

function cost(ui: UI, plan: Plan | undefined): string {
  if (!plan) return "";
  return ui.vsCost.replace("{p}", String(plan.partitionsRead)).replace("{r}", String(plan.rowsRead)).replace("{n}", String(plan.rowsReturned));
}

function replicas(ui: UI, plan: Plan | undefined): string {
  if (!plan || plan.nodes.length === 0) return "";
  return (plan.nodes.length === 1 ? ui.replicaOne : ui.replicas).replace("{nodes}", plan.nodes.join(", "));
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
  const heads = ["A · " + idA, "B · " + idB];
  hr.append(th(ui.vsQuery, "col"), th(heads[0], "col"), th(heads[1], "col"));
  head.append(hr);
  const body = document.createElement("tbody");
  for (const r of rows(pa, pb)) {
    const tr = document.createElement("tr");
    const name = document.createElement("th");
    name.setAttribute("scope", "row");
    name.className = "vs-name";
    name.textContent = r.name;
    tr.append(name);
    [r.a, r.b].forEach((p, i) => {
      const [cls, text, nodes] = cell(ui, p);
      const td = document.createElement("td");
      td.className = cls;
      // On a phone the columns stack, each cell under its model's name (site.css).
      td.setAttribute("data-model", heads[i]);
      const span = document.createElement("span");
      span.textContent = text;
      td.append(span);
      if (nodes) {
        const n = document.createElement("span");
        n.className = "vs-nodes";
        n.textContent = nodes;
        td.append(n);
      }
      tr.append(td);
    });
    body.append(tr);
  }
  t.append(head, body);
  return t;
}
