// What a layout view draws from the engine's reply: the one drawing of each
// layout view, used by the page (views.ts, which adds the travel bar and the
// highlights) and by the build, which pre-renders every view with it
// (prerender.ts). Everything is set as text.

import { renderDiagram } from "./diagram";
import { renderRing } from "./ring";
import { renderFilled, renderBoundedText, type Elision } from "./bounded";
import { renderSizes } from "./sizes";
import { renderStorage, type LayoutModel } from "./storage";
import type { PatternRun } from "./patterns";
import type { LayoutForm } from "./contract.gen";
import type { Outcome, UI } from "./types";

/** The engine's reply to a layout request, as the bridge gives it (layout, layoutBounded, layoutAt). */
export interface LayoutReply {
  error?: { message: string };
  map?: LayoutModel;
  text?: string;
  elided?: Elision[];
}

/** What a layout view is drawn with besides its reply. */
export interface PanelContext {
  outcomes: Outcome[]; // the run's, for the Model view's queries
  patterns: PatternRun[]; // the access patterns the script lists, with their outcomes
  filled: number; // the rows the script's -- @fill directives generated up to the state shown
  marks?: ReadonlyMap<string, string>; // what the state's statement changed (travel.ts changeMarks)
}

/** Draws a failure to lay out, or an unreadable reply, as one line. */
export function drawNote(panel: HTMLElement, cls: string, text: string): void {
  const p = document.createElement("p");
  p.className = cls;
  p.textContent = text;
  panel.replaceChildren(p);
}

/** Draws view (of form) into panel from the engine's reply. */
export function drawLayoutPanel(panel: HTMLElement, ui: UI, view: string, form: LayoutForm, reply: LayoutReply, c: PanelContext, bounded: boolean): void {
  if (reply.error) return drawNote(panel, "out-err", reply.error.message);
  if (view === "sizes") return renderSizes(panel, ui, reply.map ?? { tables: [] });
  if (view === "model") return renderDiagram(panel, ui, reply.map?.tables ?? [], c.outcomes, c.patterns);
  // Over a bounded view, what the script generated up to the state shown (bounded.ts).
  const filled = bounded && c.filled > 0 ? renderFilled(ui, c.filled) : null;
  if (form === "map") {
    renderStorage(panel, ui, reply.map ?? { tables: [] }, c.marks);
    if (filled) panel.prepend(filled);
    return;
  }
  const lead: HTMLElement[] = filled ? [filled] : [];
  if (view === "ring") return renderRing(panel, ui, reply.text ?? "", lead);
  const pre = document.createElement("pre");
  pre.className = "lay-text";
  renderBoundedText(pre, ui, reply.text ?? "", reply.elided ?? []);
  // The cli's output differed by version: say which one it prints.
  if (view === "cli") {
    const p = document.createElement("p");
    p.className = "lay-caption";
    p.textContent = ui.cliVersion;
    lead.push(p);
  }
  panel.replaceChildren(...lead, pre);
}
