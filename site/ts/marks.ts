// Where the editor marks a run's errors; pure, tested under node (marks.test.ts).

import type { Mark } from "./highlight";
import type { LineMark } from "./editor";
import { cqlsh } from "./results";
import type { Outcome } from "./types";

/**
 * The editor's marks for the errors of outs over text: each error underlined
 * at Cassandra's position (offset and length, UTF-16; a zero length covers
 * the word there), or, with no position, the statement's first line without
 * its indentation; and each error's line in the gutter. A mark is never
 * empty.
 */
export function errorMarks(text: string, outs: Outcome[]): { marks: Mark[]; lines: LineMark[] } {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  const marks: Mark[] = [];
  const lines: LineMark[] = [];
  for (const o of outs) {
    const e = o.error;
    if (!e) continue;
    const title = cqlsh(e);
    let start: number;
    let end: number;
    if (e.offset !== undefined && e.offset >= 0 && e.offset <= text.length) {
      start = e.offset;
      end = start + (e.length && e.length > 0 ? e.length : wordLen(text, start));
    } else {
      // No position: underline the statement's first line.
      start = lineStarts[Math.max(0, Math.min(lineStarts.length - 1, o.line - 1))];
      end = text.indexOf("\n", start);
      if (end < 0) end = text.length;
      while (start < end && /\s/.test(text[start])) start++;
    }
    marks.push({ start, end: Math.max(end, start + 1), title });
    lines.push({ line: e.line ?? o.line, title });
  }
  return { marks, lines };
}

function wordLen(text: string, at: number): number {
  const m = /^[^\s;,()]+/.exec(text.slice(at));
  return m ? m[0].length : 1;
}

/** A `-- rows: N` comment the run does not bear out. */
export interface StaleRows {
  line: number; // 1-based line of the comment
  stmt: number; // index in outs of the statement it follows
  want: number;
  got: number;
  start: number; // the comment's range in the text
  end: number;
}

const rowsComment = /--\s*rows:\s*(\d[\d_]*)\s*$/;

/**
 * The `-- rows: N` comments of text (build/lesson's expectation: the
 * statement before it returns N rows) that outs contradict. A comment
 * belongs to the last statement that starts on or before its line; one
 * inside a string (an odd number of quotes before it) is text, and a
 * statement that failed is the error marks' to show.
 */
export function staleRows(text: string, outs: Outcome[]): StaleRows[] {
  const out: StaleRows[] = [];
  if (!text.includes("rows:")) return out; // most scripts: no line to look at, on every keystroke
  let offset = 0;
  let k = -1; // the last statement starting on or before this line
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; offset += lines[i].length + 1, i++) {
    const line = i + 1;
    while (k + 1 < outs.length && outs[k + 1].line <= line) k++;
    const m = rowsComment.exec(lines[i]);
    if (!m || k < 0) continue;
    const before = lines[i].slice(0, m.index);
    if ((before.match(/'/g)?.length ?? 0) % 2 === 1) continue;
    const o = outs[k];
    if (o.error) continue;
    const want = Number(m[1].replaceAll("_", ""));
    const got = o.rows?.length ?? 0;
    if (got !== want) out.push({ line, stmt: k, want, got, start: offset + m.index, end: offset + lines[i].trimEnd().length });
  }
  return out;
}
