// Time travel: the Storage, cassandra-cli, sstabledump and Ring views show
// the storage as it stood right after the statement under the caret (the
// engine's layoutAt), and mark what that statement changed. The rules,
// stated here only:
//   - the caret's statement is the last outcome at or before its line; on
//     the last statement, before the first one or with a single statement,
//     the views show the final state, exactly as without time travel;
//   - a `-- @fill` that ran is a state of its own, though it has no outcome:
//     on its line (or below it, above the next statement) the views show
//     the state right after it, named by minus its line (worker.ts asks the
//     bridge's layoutBounded with the line), and its rows are counted, not
//     marked one by one;
//   - the states are those of the playground's own statements: one that
//     continues earlier examples starts from the state they left (the
//     worker bases its session after them);
//   - a run asks for the travelled state of the open view, not the final
//     one, when the caret is on an earlier statement (worker.ts computes
//     travelIndex from the run's outcomes, the page again on drawing);
//   - the bar's buttons step through the outcomes and move the editor's
//     caret with them, so what the reader types next lands where they look;
//   - every string shown comes from the engine and is set as text.

import type { UI } from "./types";
import { groupDigits } from "./bounded";
import { counted } from "./counted";

/** The views that travel; the others always show the final state. */
export const travelViews: ReadonlySet<string> = new Set(["storage", "cli", "sstabledump", "ring"]);

/** One thing a statement changed in the storage (engine.Change). */
export interface Change {
  kind: "written" | "shadowed" | "tombstone";
  table: string;
  partition: string; // the partition key's values as cqlsh prints them, joined with ", "
  clustering: string; // the clustering values the same way; "" for the static row and partition entries
  static?: boolean;
  column: string; // a column, or "@marker", "@row", "@partition", "@range"
  path?: string; // a collection element's key, or a range tombstone's bounds
}

/** The statement under a caret on line: the last outcome at or before it; -1 above the first. */
export function outcomeAt(outcomes: readonly { line: number }[], line: number): number {
  let idx = -1;
  outcomes.forEach((o, i) => {
    if (o.line <= line) idx = i;
  });
  return idx;
}

/**
 * The outcome whose state the travelling views show for a caret on line;
 * null: the final state; -f: the state after the `-- @fill` on line f, one
 * of fills (the lines of the fills that ran), when it is the last
 * statement or fill at or before line and a statement follows it.
 */
export function travelIndex(outcomes: readonly { line: number }[], line: number, fills: readonly number[] = []): number | null {
  const idx = outcomeAt(outcomes, line);
  const after = idx < 0 ? 0 : outcomes[idx].line;
  const fill = fills.filter((f) => f > after && f <= line).pop();
  if (fill !== undefined && outcomes.length > 0 && outcomes[outcomes.length - 1].line > fill) return -fill;
  return idx < 0 || idx >= outcomes.length - 1 ? null : idx;
}

/** What a `-- @fill` wrote (layoutBounded's "fill"). */
export interface FillDone {
  line: number;
  table: string;
  rows: number;
}

/** The key under which a Change marks the Storage view's element it names (storage.ts markKey). */
export function changeKey(c: Pick<Change, "table" | "partition" | "clustering" | "static" | "column" | "path">): string {
  return [c.table, c.partition, c.clustering, c.static ? "s" : "", c.column, c.path ?? ""].join("\u0000");
}

/** The classes each changed element gets in the Storage view: "tt-written", "tt-shadowed", "tt-tombstone". */
export function changeMarks(changes: readonly Change[]): Map<string, string> {
  const marks = new Map<string, string>();
  for (const c of changes) {
    const k = changeKey(c);
    const cls = "tt-" + c.kind;
    const had = marks.get(k);
    marks.set(k, had ? had + " " + cls : cls);
  }
  return marks;
}

/** The bar's summary of a statement's changes, in the page's language. */
export function changeSummary(ui: UI, changes: readonly Change[]): string {
  if (changes.length === 0) return ui.travelNone;
  const n = (kind: Change["kind"]) => String(changes.filter((c) => c.kind === kind).length);
  return counted(ui.travelChanges, { w: n("written"), s: n("shadowed"), t: n("tombstone") });
}

/** One change as a line of the list under a text view: "written ks.t 1 · 2 v". */
export function changeText(ui: UI, c: Change): string {
  const what: Record<string, string> = { "@marker": ui.marker, "@row": ui.rowDeleted, "@partition": ui.partDeleted, "@range": ui.rangeTomb };
  const [written, shadowed, tombstone] = ui.travelKinds.split("|");
  const kinds: Record<Change["kind"], string> = { written, shadowed, tombstone };
  let s = kinds[c.kind] + " " + c.table + " " + c.partition;
  if (c.static) s += " · " + ui.static;
  else if (c.clustering !== "") s += " · " + c.clustering;
  s += " " + (what[c.column] ?? c.column);
  if (c.path) s += " [" + c.path + "]";
  return s;
}

/** At most this many changes are listed under a text view. */
const maxListed = 12;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * The step control above a playground's views: which state the travelling
 * view shows, what the statement changed, and buttons to move through the
 * script. It is the page's own (the build renders no bar): the pre-rendered
 * views show the final state, which is where the bar starts.
 */
export class TravelBar {
  readonly root: HTMLElement;
  private readonly label: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly list: HTMLElement;
  private readonly prev: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private readonly end: HTMLButtonElement;
  private readonly steps: HTMLElement;
  private readonly legend: HTMLElement;

  constructor(
    private readonly ui: UI,
    step: (to: "prev" | "next" | "end") => void,
  ) {
    this.root = el("div", "pg-travel");
    this.root.setAttribute("role", "group");
    this.root.setAttribute("aria-label", ui.travelLabel);
    this.root.hidden = true;
    const button = (cls: string, text: string, to: "prev" | "next" | "end") => {
      const b = el("button", "pg-travel-" + cls, text);
      b.type = "button";
      b.addEventListener("click", () => step(to));
      return b;
    };
    this.prev = button("prev", ui.travelPrev, "prev");
    this.next = button("next", ui.travelNext, "next");
    this.end = button("end", ui.travelEnd, "end");
    this.label = el("span", "pg-travel-at");
    this.label.setAttribute("aria-live", "polite");
    this.summary = el("span", "pg-travel-sum");
    this.list = el("ul", "pg-travel-list");
    this.steps = el("span", "pg-travel-steps");
    this.steps.append(this.prev, this.next, this.end);
    // What each mark means: green is "written" only, a partition the
    // statement read is outlined in blue, dashed.
    this.legend = el("ul", "pg-travel-legend");
    const [written, shadowed, tombstone, read] = ui.travelLegend.split("|");
    this.legend.append(el("li", "tt-written", written), el("li", "tt-shadowed", shadowed), el("li", "tt-tombstone", tombstone), el("li", "tt-read", read));
    this.root.append(this.label, this.steps, this.summary, this.legend, this.list);
  }

  /**
   * Shows the bar for a travelling view: at is the outcome shown (null: the
   * final state), total the number of outcomes, line at's line; changes is
   * what at changed (listed when the view is text, marked in Storage).
   */
  show(at: number | null, total: number, line: number, changes: readonly Change[] | null, listed: boolean, fill: FillDone | null = null): void {
    const ui = this.ui;
    // Every keystroke shows the bar again, mostly as it was: only what
    // differs is written, as a write of the same text still lays out.
    const set = (e: HTMLElement, text: string) => {
      if (e.textContent !== text) e.textContent = text;
    };
    this.root.hidden = total < 2;
    this.root.dataset.at = at === null ? "" : String(at);
    this.root.classList.remove("pg-travel-note");
    this.steps.hidden = false;
    this.legend.hidden = at === null || at < 0;
    set(
      this.label,
      at === null
        ? ui.travelFinal.replace("{total}", String(total))
        : at < 0
          ? ui.travelFill.replace("{line}", String(line))
          : ui.travelAt.replace("{n}", String(at + 1)).replace("{total}", String(total)).replace("{line}", String(line)),
    );
    this.prev.disabled = at === 0;
    this.next.disabled = at === null;
    this.end.disabled = at === null;
    // A fill's rows are counted, not listed: 100,000 marks would say nothing.
    set(
      this.summary,
      at === null || changes === null ? "" : fill ? ui.travelFilled.replace("{n}", groupDigits(fill.rows)).replace("{table}", fill.table) : changeSummary(ui, changes),
    );
    const items: HTMLElement[] = [];
    if (at !== null && changes && listed) {
      for (const c of changes.slice(0, maxListed)) items.push(el("li", "tt-" + c.kind, changeText(ui, c)));
      if (changes.length > maxListed) items.push(el("li", "pg-travel-more", ui.travelMore.replace("{n}", String(changes.length - maxListed))));
    }
    if (items.length > 0 || this.list.firstChild) this.list.replaceChildren(...items);
  }

  /** Shows text alone: a view that does not travel is open while the others show an earlier state. */
  note(text: string): void {
    this.root.hidden = false;
    this.root.dataset.at = "";
    this.root.classList.add("pg-travel-note");
    if (this.label.textContent !== text) this.label.textContent = text;
    this.steps.hidden = true;
    this.legend.hidden = true;
    this.summary.textContent = "";
    if (this.list.firstChild) this.list.replaceChildren();
  }

  /** Hides the bar (a view that does not travel is open, on the final state). */
  hide(): void {
    this.root.hidden = true;
  }
}
