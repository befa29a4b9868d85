// The build's drawing of every view (build/sitegen/prerender.go runs this bundle in
// a pure-Go JavaScript engine): the same renderers the page runs, on a small
// DOM (minidom.ts), so that a view is drawn by one piece of code and a lesson
// reads completely with JavaScript off. The page then draws each later run
// into the same markup (TestBrowserMatchesBuild compares the two).

import { miniDocument } from "./minidom";
import { renderOutcomes, renderWhy } from "./results";
import { drawLayoutPanel, drawNote, type LayoutReply } from "./panel";
import { Exercise, exerciseSkeleton, type ExerciseSpec } from "./exercise";
import { boundedForms, filledRows } from "./bounded";
import { table } from "./compare";
import type { PatternRun } from "./patterns";
import { viewForms, type View } from "./contract.gen";
import type { Outcome, UI } from "./types";

/** One playground, as the build ran it. */
interface WidgetInput {
  ui: UI;
  views: string[]; // its tabs
  outcomes: Outcome[];
  layouts: Record<string, LayoutReply>; // by form: the bridge's reply for the final state
  script: string; // its text: the rows its -- @fill directives generated are counted from it
  patterns: PatternRun[]; // its access patterns with their queries' outcomes
  exercise: (ExerciseSpec & { replies: string[] }) | null; // the data's reply, then each check's
}

/** A model A against model B table. */
interface VsInput {
  ui: UI;
  a: string;
  b: string;
  pa: PatternRun[];
  pb: PatternRun[];
}

// The renderers call document.createElement and friends, and an exercise
// announces its verdict with a CustomEvent no one listens to here.
const g = globalThis as unknown as Record<string, unknown>;
g.document = miniDocument;
g.CustomEvent = class {
  constructor(
    readonly type: string,
    readonly init?: unknown,
  ) {}
};

function panelOf(): HTMLElement {
  return miniDocument.createElement("div") as unknown as HTMLElement;
}

/** The inner HTML of each view of a playground, by view name. */
function widget(w: WidgetInput): Record<string, string> {
  const out: Record<string, string> = {};
  for (const view of w.views) {
    const panel = panelOf();
    if (view === "results") renderOutcomes(panel, w.ui, w.outcomes);
    else if (view === "why") renderWhy(panel, w.ui, w.outcomes);
    else if (view === "checks") {
      if (!w.exercise) drawNote(panel, "out-none", w.ui.noOutput);
      else {
        exerciseSkeleton(panel, w.ui, w.exercise);
        new Exercise(panel).render(w.ui, w.exercise.replies, w.outcomes);
      }
    } else {
      const form = viewForms[view as View];
      const reply = form ? w.layouts[form] : undefined;
      if (!form || !reply) drawNote(panel, "out-none", w.ui.noOutput);
      else drawLayoutPanel(panel, w.ui, view, form, reply, { outcomes: w.outcomes, patterns: w.patterns, filled: filledRows(w.script, w.outcomes) }, boundedForms.has(form));
    }
    out[view] = panel.innerHTML;
  }
  return out;
}

g.cqlplayPrerender = {
  widget: (input: string): string => JSON.stringify(widget(JSON.parse(input) as WidgetInput)),
  vs: (input: string): string => {
    const v = JSON.parse(input) as VsInput;
    return (table(v.ui, v.a, v.b, v.pa, v.pb) as unknown as { outerHTML: string }).outerHTML;
  },
};
