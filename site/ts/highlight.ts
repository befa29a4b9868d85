// A small CQL tokenizer for the editor's colours. It only needs to colour,
// not to parse: the engine decides what a statement means. Every character of
// the input lands in exactly one token, so the coloured text always matches
// the textarea above it, whatever the reader types.

export interface Token {
  start: number;
  end: number;
  cls: string; // "" for plain text
}

const keywords = new Set(
  (
    "add aggregate all allow alter and apply as asc authorize batch begin by called clustering compact contains " +
    "counter create custom default delete desc describe distinct drop each_quorum entries exists filtering finalfunc " +
    "from full function functions grant if in index infinity initcond input insert into is json key keys keyspace " +
    "keyspaces language limit list login materialized modify nan nologin norecursive not null of on or order partition " +
    "password per permission permissions primary rename replace returns revoke role roles schema select set sfunc " +
    "static storage stype superuser table tables to token trigger truncate ttl type unlogged unset update use user " +
    "users using values view where with writetime"
  ).split(" "),
);

const types = new Set(
  (
    "ascii bigint blob boolean counter date decimal double duration float frozen inet int list map set smallint " +
    "text time timestamp timeuuid tinyint tuple uuid varchar varint"
  ).split(" "),
);

const literals = new Set(["true", "false", "null"]);

export function tokenize(s: string): Token[] {
  const out: Token[] = [];
  tokenizeFrom(s, 0, (t) => {
    out.push(t);
    return true;
  });
  return out;
}

/**
 * Tokenizes s from offset from, which must be 0 or a line start no token
 * runs across, handing each token to each until it returns false: a line
 * tokenized from its start gives what the whole text gives there.
 */
function tokenizeFrom(s: string, from: number, each: (t: Token) => boolean): void {
  let i = from;
  let more = true;
  const push = (end: number, cls: string) => {
    more = each({ start: i, end, cls });
    i = end;
  };
  while (i < s.length && more) {
    const c = s[i];
    const rest = s.startsWith("--", i) || s.startsWith("//", i);
    if (rest) {
      let end = s.indexOf("\n", i);
      if (end < 0) end = s.length;
      const body = s.slice(i + 2, end).trim();
      push(end, body.startsWith("@") ? "dir" : /^(fails|rows):/.test(body) ? "exp" : "cmt");
    } else if (s.startsWith("/*", i)) {
      const end = s.indexOf("*/", i + 2);
      push(end < 0 ? s.length : end + 2, "cmt");
    } else if (c === "'" || c === '"') {
      push(quoted(s, i, c), c === "'" ? "str" : "qid");
    } else if (s.startsWith("$$", i)) {
      const end = s.indexOf("$$", i + 2);
      push(end < 0 ? s.length : end + 2, "str");
    } else if (/[0-9]/.test(c) || (c === "-" && /[0-9]/.test(s[i + 1] ?? "") && !/[A-Za-z0-9_)]/.test(prevNonSpace(s, i)))) {
      let end = i + 1;
      while (end < s.length && /[0-9A-Za-z.\-_:+]/.test(s[end]) && !(s[end] === "-" && s[end + 1] === "-")) end++;
      push(end, "num");
    } else if (/[A-Za-z_]/.test(c)) {
      let end = i + 1;
      while (end < s.length && /[A-Za-z0-9_]/.test(s[end])) end++;
      const w = s.slice(i, end).toLowerCase();
      push(end, literals.has(w) ? "lit" : keywords.has(w) ? "kw" : types.has(w) ? "type" : "");
    } else {
      let end = i + 1;
      // plain text runs (spaces, punctuation, non-ASCII) are merged
      while (end < s.length && !/[A-Za-z0-9_'"$\-/]/.test(s[end])) end++;
      push(end, "");
    }
  }
}

function quoted(s: string, i: number, q: string): number {
  let j = i + 1;
  while (j < s.length) {
    if (s[j] === q) {
      if (s[j + 1] === q) {
        j += 2;
        continue;
      }
      return j + 1;
    }
    j++;
  }
  return s.length;
}

function prevNonSpace(s: string, i: number): string {
  let j = i - 1;
  while (j >= 0 && /\s/.test(s[j])) j--;
  return j >= 0 ? s[j] : "";
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

export function escapeHTML(s: string): string {
  return s.replace(/[&<>"]/g, (c) => escapes[c]);
}

/** A range of the text to underline, [start, end) in UTF-16 code units. */
export interface Mark {
  start: number;
  end: number;
  title: string;
  /** "stale": a `-- rows: N` comment the run no longer bears out (marks.ts); else an error. */
  kind?: "stale";
}

/**
 * Renders s as coloured HTML with the marked ranges underlined, one string of
 * balanced HTML per line (a token or mark across lines is cut at each line
 * end), so that the editor replaces only the lines an edit changed.
 */
export function highlightLines(s: string, marks: Mark[]): string[] {
  const lines: string[] = [];
  renderFrom(s, 0, marks, (html) => lines.push(html) > 0);
  return lines;
}

/**
 * Renders the lines of s from the line that starts at offset from (0, or a
 * line start no token runs across), handing each line's HTML to done with
 * where the next line starts (-1 after the last) and the kind of token open
 * across that start (openKind); done returns false to stop.
 */
function renderFrom(s: string, from: number, marks: Mark[], done: (html: string, next: number, open: string) => boolean): void {
  const cuts = [...new Set(marks.flatMap((m) => [m.start, m.end]).map((p) => Math.max(0, Math.min(s.length, p))))].sort((x, y) => x - y);
  let line = "";
  let stopped = false;
  tokenizeFrom(s, from, (t) => {
    let a = t.start;
    for (const b of [...cuts.filter((p) => p > t.start && p < t.end), t.end]) {
      const m = marks.find((m) => m.start <= a && a < m.end);
      const marked = m ? (m.kind === "stale" ? "stale-u" : "err-u") : "";
      for (let p = a; ; ) {
        const nl = s.indexOf("\n", p);
        const end = nl < 0 || nl >= b ? b : nl;
        if (end > p) line += span(s.slice(p, end), t.cls, marked);
        if (end === b) break;
        // A token open at the text's end runs into whatever is typed after it.
        if (!done(line, nl + 1, t.end > nl + 1 || t.end === s.length ? openKind(s, t) : "")) {
          stopped = true;
          return false;
        }
        line = "";
        p = nl + 1;
      }
      a = b;
    }
    return true;
  });
  if (!stopped) done(line, -1, "");
}

/** The kind of a token that can run across lines ("/*", "$$", a quote), "" for the others. */
function openKind(s: string, t: Token): string {
  if (t.cls === "") return ""; // plain runs: the same HTML however they are cut
  if (s.startsWith("/*", t.start)) return "/*";
  if (s.startsWith("$$", t.start)) return "$$";
  return s[t.start] === "'" || s[t.start] === '"' ? s[t.start] : "";
}

/** Whether a '-' at i would follow an operand, and so not start a negative number. */
function afterOperand(s: string, i: number): boolean {
  return /[A-Za-z0-9_)]/.test(prevNonSpace(s, i));
}

/**
 * highlightLines for a text typed a keystroke at a time: each call renders
 * the lines from the last one before the edit that no token runs into,
 * through the edit, until a line starts as it did in the previous text
 * (same token open across its start, same operand before it), and takes the
 * previous call's lines from there on. What it gives is exactly what
 * highlightLines gives (highlight.test.ts compares them over random edits).
 */
export class Highlighter {
  private text: string | null = null;
  private marksKey = "";
  private html: string[] = [];
  /** Per line: its offset, the token open across its start, whether it starts after an operand. */
  private starts: number[] = [];
  private opens: string[] = [];
  private operands: boolean[] = [];

  lines(s: string, marks: Mark[]): string[] {
    const marksKey = JSON.stringify(marks.map((m) => [m.start, m.end, m.kind ?? ""]));
    const old = marksKey === this.marksKey ? this.text : null;
    if (old === s) return this.html;
    // The first changed character, the common tail, and where the lines are re-rendered from.
    let d = 0;
    let k = 0;
    let tail = 0;
    if (old !== null) {
      const n = Math.min(old.length, s.length);
      d = commonLength(n, (m) => s.startsWith(old.slice(0, m)));
      tail = commonLength(n - d, (m) => s.endsWith(old.slice(old.length - m)));
      k = lineAt(this.starts, d);
      while (k > 0 && this.opens[k] !== "") k--;
    }
    const delta = s.length - (old?.length ?? 0);
    // Lines after the edit can be the previous ones only if no mark reaches them in either text.
    const markEnd = marks.reduce((e, m) => Math.max(e, m.start, m.end), -1);
    const html = this.html.slice(0, k);
    const starts = this.starts.slice(0, k);
    const opens = this.opens.slice(0, k);
    const operands = this.operands.slice(0, k);
    const from = k < this.starts.length ? this.starts[k] : 0;
    starts.push(from);
    opens.push(k < this.opens.length ? this.opens[k] : "");
    operands.push(afterOperand(s, from));
    renderFrom(s, from, marks, (line, next, open) => {
      html.push(line);
      if (next < 0) return true;
      const operand = afterOperand(s, next);
      if (old !== null && next >= s.length - tail && (delta === 0 || markEnd < Math.min(next, next - delta))) {
        const o = lineAt(this.starts, next - delta);
        if (this.starts[o] === next - delta && this.opens[o] === open && this.operands[o] === operand) {
          for (let i = o; i < this.html.length; i++) {
            html.push(this.html[i]);
            starts.push(this.starts[i] + delta);
            opens.push(this.opens[i]);
            operands.push(this.operands[i]);
          }
          return false;
        }
      }
      starts.push(next);
      opens.push(open);
      operands.push(operand);
      return true;
    });
    this.text = s;
    this.marksKey = marksKey;
    this.html = html;
    this.starts = starts;
    this.opens = opens;
    this.operands = operands;
    return html;
  }
}

/**
 * The largest m <= n for which same(m) holds, same being true up to some
 * length and false past it: a binary search, so that the texts are compared
 * by the engine's string compare, not a character at a time in script.
 */
function commonLength(n: number, same: (m: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (same(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The index of the line that holds offset d, given the lines' starts. */
function lineAt(starts: number[], d: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= d) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function span(text: string, cls: string, marked: string): string {
  const c = [cls, marked].filter(Boolean).join(" ");
  return c ? `<span class="${c}">${escapeHTML(text)}</span>` : escapeHTML(text);
}
