// What a run's failures look like whatever view is open: the count on the
// Why tab, the first failure's message in one line under the editor (a
// click puts the caret on its statement), and, for the reader's own runs,
// one sentence for screen readers. Every string is set as text.

import type { Outcome, UI } from "./types";
import { counted } from "./counted";
import { firstLine } from "./results";

/** The failing outcomes of a run, in script order. */
export function failures(outs: Outcome[]): Outcome[] {
  return outs.filter((o) => o.error);
}

/** The one-line summary under the editor: how many failed (when several), then the first failure. */
export function failureLine(ui: UI, outs: Outcome[]): string {
  const failed = failures(outs);
  if (failed.length === 0) return "";
  const s = firstFailure(ui, failed[0]);
  return failed.length > 1 ? ui.failMore.replace("{n}", String(failed.length)) + " " + s : s;
}

function firstFailure(ui: UI, o: Outcome): string {
  return ui.failLine.replace("{line}", String(o.line)).replace("{msg}", firstLine(o.error!.message));
}

/** The sentence a screen reader hears once a run the reader started is drawn. */
export function announcement(ui: UI, outs: Outcome[]): string {
  const failed = failures(outs);
  const n = String(outs.length);
  if (failed.length === 0) return counted(ui.announceOK, { n });
  return counted(ui.announceFail, { n, m: failed.length }) + " " + firstFailure(ui, failed[0]);
}

/** The Why tab's label: its name, and the number of failures when there are some. */
export function whyLabel(ui: UI, outs: Outcome[]): string {
  const n = failures(outs).length;
  return n === 0 ? ui.why : ui.why + " (" + n + ")";
}
