// The run a playground shows, and what the worker computed from its session.
// The rules, stated here only:
//   - everything held belongs to one session, the worker's of the shown run
//     (0: none yet); a new run replaces all of it at once;
//   - a layout form is asked of that session at most once at a time, and a
//     reply is kept only while its session is still the one shown;
//   - a session the worker no longer has (it was restarted: it answers for
//     session 0) is replaced by a new run, which the caller starts.

import type { Engine, RunResult } from "./engine";
import { boundedForms, type FillLine } from "./bounded";
import type { Outcome } from "./types";

export class ShownRun {
  /** The shown run's outcomes, one per statement. */
  outcomes: Outcome[] = [];
  /** The worker's session of the shown run; 0 before the first. */
  session = 0;
  /** The partitions the reader opened (bounded.ts partitionId), with how many of their first rows the bounded views list, run after run. */
  private readonly opened = new Map<string, number>();
  /** The -- @fill directives of the shown run's script that ran (bounded.ts fillLines). */
  fills: FillLine[] = [];
  private layouts = new Map<string, string>(); // layout form -> the bridge's reply, from session
  private asked = new Set<string>(); // asked of session, not answered yet

  constructor(
    private readonly engine: Engine,
    private readonly key: string,
  ) {}

  /** Shows run r from now on. */
  take(r: RunResult): void {
    this.outcomes = r.outcomes;
    this.session = r.session;
    this.layouts = new Map(Object.entries(r.layouts));
    this.asked.clear();
  }

  /**
   * The reply for a layout form from the shown session, if the worker gave
   * it: the final state, or with at the state after outcome at (time travel;
   * a negative at: after the -- @fill on line -at).
   */
  layout(form: string, at?: number): string | undefined {
    return this.layouts.get(at === undefined ? form : form + "@" + at);
  }

  /** Whether a layout form (with at: of the state after outcome at) is asked of the shown session and not answered yet. */
  asking(form: string, at?: number): boolean {
    return this.asked.has(at === undefined ? form : form + "@" + at);
  }

  /** How many time-travelled states of a layout form the page holds from the shown session. */
  held(form: string): number {
    let n = 0;
    for (const key of this.layouts.keys()) if (key.startsWith(form + "@")) n++;
    return n;
  }

  /** The opened partitions as the worker takes them: "id\trows", one each (wasm/layout.go parseOpen). */
  get open(): string[] {
    return [...this.opened].map(([id, rows]) => id + "\t" + rows);
  }

  /** How many rows of partition id the bounded views list (0: not opened). */
  openRows(id: string): number {
    return this.opened.get(id) ?? 0;
  }

  /**
   * Lists the first rows of partition id from now on: the bounded forms'
   * replies held are dropped, so the views ask again.
   */
  openPartition(id: string, rows: number): void {
    this.opened.set(id, rows);
    for (const key of [...this.layouts.keys()]) if (boundedForms.has(key.split("@")[0])) this.layouts.delete(key);
    for (const tag of [...this.asked]) if (boundedForms.has(tag.split("@")[0])) this.asked.delete(tag);
  }

  /**
   * Asks the worker for the next rows of partition id in the view of form
   * that shows it opened as open says (before it was opened further; the
   * other partitions need not be named) and the state after outcome at
   * (undefined: the final one), to put in place of its gap; got runs with
   * the reply when the session is still shown, lost when the worker no
   * longer has it.
   */
  more(form: string, open: string[], id: string, rows: number, at: number | undefined, got: (raw: string) => void, lost: () => void): void {
    const session = this.session;
    if (session === 0) return lost();
    void this.engine.more(this.key, form, open, id, rows, at ?? null).then((r) => {
      if (this.session !== session) return; // a newer run was drawn meanwhile, whole
      if (!r || r.session !== session) {
        if (!r || r.session === 0) lost();
        return;
      }
      got(r.layouts[form]);
    });
  }

  /**
   * Asks the worker for a layout form of the shown session (with at: as it
   * stood after outcome at), unless that is under way (tag: what else the
   * asker waits for under that form). got runs with the reply (and the
   * worker's time on it) when the session is still shown; lost when the
   * worker no longer has it.
   */
  ask(form: string, got: (raw: string, workerMs: number) => void, lost: () => void, tag?: string, at?: number): void {
    const key = at === undefined ? form : form + "@" + at;
    tag ??= key;
    if (this.session === 0 || this.asked.has(tag)) return;
    this.asked.add(tag);
    const session = this.session;
    const open = this.open;
    const asked = at === undefined ? this.engine.layout(this.key, form, open) : this.engine.layoutAt(this.key, form, at, open);
    void asked.then((r) => {
      if (this.session !== session) return; // a newer run was drawn meanwhile; it asks by itself
      // A partition opened meanwhile: this reply lists it summarised, and the view asks again.
      // (openPartition forgot its tag; another tag, such as the hover's, is still held.)
      if (boundedForms.has(form) && open.join("\n") !== this.open.join("\n")) {
        if (tag !== key) this.asked.delete(tag);
        return;
      }
      this.asked.delete(tag);
      if (!r || r.session !== session) {
        if (!r || r.session === 0) lost();
        return;
      }
      if (tag === key) this.layouts.set(key, r.layouts[form]);
      got(r.layouts[form], r.workerMs);
    });
  }
}
