// Search over one language's lessons, in the browser, from the index the
// build writes (build/sitegen/search.go): each lesson cut into sections at its
// headings. Its rules, here only:
//   - the query is split at white space into terms; a section matches when
//     every term occurs in its lesson's title, its heading or its text, as a
//     substring (Chinese is not written with spaces, so no word splitting:
//     "分区键" finds 分区键 inside any sentence), ignoring case and the
//     full-width/half-width forms (NFKC);
//   - a query shorter than two characters searches nothing, unless it is a
//     CJK character (one Han character is a word);
//   - sections rank by where the terms occur (heading, then lesson title,
//     then how often in the text, up to three times), the query's words
//     side by side counting more, then in course order;
//   - a result is the section's heading (the lesson's top when it has none)
//     and a snippet of its text around the first term found, each term
//     marked; everything is text, drawn as text nodes (searchbox.ts).

export interface IndexSection {
  i?: string; // the heading's id, the anchor on the lesson page
  h?: string; // the heading
  x: string; // the text
}

export interface IndexLesson {
  u: string; // the lesson's URL path
  t: string; // its title
  n: number; // its number in the course
  s: IndexSection[];
}

export interface SearchIndex {
  lang: string;
  lessons: IndexLesson[];
}

/** A piece of a snippet: text, and whether it is a match. */
export interface Piece {
  text: string;
  mark: boolean;
}

export interface Hit {
  href: string; // the lesson's path, and the heading's fragment
  lesson: string;
  number: number;
  heading: string; // "" for the lesson's opening section
  snippet: Piece[];
}

/** Folds a string for matching: NFKC, lower case. */
export function fold(s: string): string {
  return s.normalize("NFKC").toLowerCase();
}

/**
 * Folds s one code point at a time, recording for each unit of the folded
 * string where its code point starts in s: a match in the folded text maps
 * back to the original for the snippet.
 */
export function foldMapped(s: string): { folded: string; at: number[] } {
  let folded = "";
  const at: number[] = [];
  let i = 0;
  for (const ch of s) {
    const f = fold(ch);
    folded += f;
    for (let k = 0; k < f.length; k++) at.push(i);
    i += ch.length;
  }
  at.push(s.length);
  return { folded, at };
}

/** The query's terms, folded, without repeats; [] when it is too short to search. */
export function terms(q: string): string[] {
  const t = [...new Set(fold(q).split(/\s+/).filter(Boolean))];
  const joined = t.join("");
  if (joined.length < 2 && !/[\u2e80-\u9fff\uf900-\ufaff\uac00-\ud7af]/.test(joined)) return [];
  return t;
}

/** An index with its texts folded once, for searching on each keystroke. */
export interface Prepared {
  index: SearchIndex;
  sections: { lesson: IndexLesson; section: IndexSection; title: string; heading: string; text: string }[];
}

export function prepare(index: SearchIndex): Prepared {
  const sections: Prepared["sections"] = [];
  for (const lesson of index.lessons) {
    const title = fold(lesson.t);
    for (const section of lesson.s) sections.push({ lesson, section, title, heading: fold(section.h ?? ""), text: fold(section.x) });
  }
  return { index, sections };
}

function count(hay: string, needle: string): number {
  let n = 0;
  for (let i = hay.indexOf(needle); i >= 0 && n < 20; i = hay.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** The sections matching query, best first: at most limit hits, and how many matched. */
export function search(p: Prepared, query: string, limit = 20): { hits: Hit[]; total: number } {
  const ts = terms(query);
  if (ts.length === 0) return { hits: [], total: 0 };
  const whole = ts.join(" ");
  const found: { score: number; order: number; s: Prepared["sections"][number] }[] = [];
  p.sections.forEach((s, order) => {
    let score = 0;
    for (const t of ts) {
      const inHeading = s.heading.includes(t);
      const inTitle = s.title.includes(t);
      const inText = count(s.text, t);
      if (!inHeading && !inTitle && inText === 0) return;
      score += (inHeading ? 10 : 0) + (inTitle ? 2 : 0) + Math.min(inText, 3);
    }
    if (ts.length > 1 && s.heading.includes(whole)) score += 10;
    else if (ts.length > 1 && s.text.includes(whole)) score += 3;
    found.push({ score, order, s });
  });
  found.sort((a, b) => b.score - a.score || a.order - b.order);
  const hits = found.slice(0, limit).map(({ s }) => ({
    href: s.lesson.u + (s.section.i ? "#" + encodeURIComponent(s.section.i) : ""),
    lesson: s.lesson.t,
    number: s.lesson.n,
    heading: s.section.h ?? "",
    snippet: snippet(s.section.x, ts),
  }));
  return { hits, total: found.length };
}

/**
 * The part of text around the first term it contains (its start when it
 * contains none), at most about width characters, cut at spaces where there
 * are any, with every occurrence of every term marked.
 */
export function snippet(text: string, ts: string[], width = 160): Piece[] {
  const { folded, at } = foldMapped(text);
  let first = -1;
  for (const t of ts) {
    const i = folded.indexOf(t);
    if (i >= 0 && (first < 0 || i < first)) first = i;
  }
  const origFirst = first < 0 ? 0 : at[first];
  let start = Math.max(0, origFirst - Math.floor(width / 3));
  let end = Math.min(text.length, start + width);
  start = Math.max(0, Math.min(start, end - width));
  // Cut at a space within a few characters, so words stay whole.
  if (start > 0) {
    const sp = text.indexOf(" ", start);
    if (sp >= 0 && sp < origFirst && sp - start < 20) start = sp + 1;
  }
  if (end < text.length) {
    const sp = text.lastIndexOf(" ", end);
    if (sp > origFirst && end - sp < 20) end = sp;
  }
  // Marked ranges in the original text.
  const ranges: [number, number][] = [];
  for (const t of ts) {
    for (let i = folded.indexOf(t); i >= 0; i = folded.indexOf(t, i + t.length)) {
      const a = at[i];
      const b = at[i + t.length] ?? text.length;
      if (b > start && a < end) ranges.push([Math.max(a, start), Math.min(b, end)]);
    }
  }
  ranges.sort((x, y) => x[0] - y[0]);
  const pieces: Piece[] = [];
  const push = (s: string, mark: boolean) => {
    if (s) pieces.push({ text: s, mark });
  };
  if (start > 0) push("…", false);
  let pos = start;
  for (const [a, b] of ranges) {
    if (b <= pos) continue;
    push(text.slice(pos, Math.max(a, pos)), false);
    push(text.slice(Math.max(a, pos), b), true);
    pos = b;
  }
  push(text.slice(pos, end), false);
  if (end < text.length) push("…", false);
  // Adjacent pieces of the same kind read as one.
  return pieces.reduce<Piece[]>((out, p) => {
    const last = out[out.length - 1];
    if (last && last.mark === p.mark) last.text += p.text;
    else out.push({ ...p });
    return out;
  }, []);
}
