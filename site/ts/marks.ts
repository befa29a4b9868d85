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
