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
  let i = 0;
  const push = (end: number, cls: string) => {
    out.push({ start: i, end, cls });
    i = end;
  };
  while (i < s.length) {
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
      push(end, /[;(),.=<>+*?:\[\]{}]/.test(c) ? "" : "");
    }
  }
  return out;
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
}

/**
 * Renders s as coloured HTML with the marked ranges underlined, one string of
 * balanced HTML per line (a token or mark across lines is cut at each line
 * end), so that the editor replaces only the lines an edit changed.
 */
export function highlightLines(s: string, marks: Mark[]): string[] {
  const toks = tokenize(s);
  const cuts = new Set<number>();
  for (const m of marks) {
    cuts.add(Math.max(0, Math.min(s.length, m.start)));
    cuts.add(Math.max(0, Math.min(s.length, m.end)));
  }
  const lines: string[] = [];
  let line = "";
  for (const t of toks) {
    let a = t.start;
    const points = [...cuts].filter((p) => p > t.start && p < t.end).sort((x, y) => x - y);
    for (const b of [...points, t.end]) {
      const marked = marks.some((m) => m.start <= a && a < m.end);
      const parts = s.slice(a, b).split("\n");
      parts.forEach((part, i) => {
        if (i > 0) {
          lines.push(line);
          line = "";
        }
        if (part) line += span(part, t.cls, marked);
      });
      a = b;
    }
  }
  lines.push(line);
  return lines;
}

function span(text: string, cls: string, marked: boolean): string {
  const c = [cls, marked ? "err-u" : ""].filter(Boolean).join(" ");
  return c ? `<span class="${c}">${escapeHTML(text)}</span>` : escapeHTML(text);
}
