// The page's per-run performance marks and measures: the bench reads them
// (build/bench/browser.go), and a reader can see them in the browser's
// Performance panel. Each name keeps only its latest entry. The page re-runs
// on every keystroke, and a timeline that kept them all grew by nine entries
// a keystroke without bound, with every lookup by name scanning them all.

/** Marks now as name, replacing the previous mark of that name. */
export function mark(name: string): void {
  performance.clearMarks(name);
  performance.mark(name);
}

/** Measures name from a mark, or between two times, replacing the previous measure of that name. */
export function measure(name: string, from: string | { start: number; end?: number }): void {
  performance.clearMeasures(name);
  if (typeof from === "string") performance.measure(name, from);
  else performance.measure(name, from);
}

/** Whether a mark of that name is on the timeline. */
export function marked(name: string): boolean {
  return performance.getEntriesByName(name, "mark").length > 0;
}
