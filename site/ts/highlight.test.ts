import assert from "node:assert/strict";
import { test } from "node:test";
import { escapeHTML, Highlighter, highlightLines, tokenize } from "./highlight";

/** The tokens of s as [text, class] pairs. */
function toks(s: string): [string, string][] {
  return tokenize(s).map((t) => [s.slice(t.start, t.end), t.cls]);
}

test("tokenize classes keywords, types, literals, strings, numbers and comments", () => {
  assert.deepEqual(toks("SELECT k FROM t WHERE v = 'it''s' AND n = -12 AND b = true;"), [
    ["SELECT", "kw"], [" ", ""], ["k", ""], [" ", ""], ["FROM", "kw"], [" ", ""], ["t", ""], [" ", ""], ["WHERE", "kw"], [" ", ""],
    ["v", ""], [" = ", ""], ["'it''s'", "str"], [" ", ""], ["AND", "kw"], [" ", ""], ["n", ""], [" = ", ""], ["-12", "num"], [" ", ""],
    ["AND", "kw"], [" ", ""], ["b", ""], [" = ", ""], ["true", "lit"], [";", ""],
  ]);
  assert.deepEqual(toks('CREATE TABLE "Q" (id int)'), [
    ["CREATE", "kw"], [" ", ""], ["TABLE", "kw"], [" ", ""], ['"Q"', "qid"], [" (", ""], ["id", ""], [" ", ""], ["int", "type"], [")", ""],
  ]);
});

test("tokenize tells directives and expectations from comments", () => {
  assert.deepEqual(toks("-- @version 3.11\n-- fails: x\n// rows: 1\n/* c */ -- plain"), [
    ["-- @version 3.11", "dir"], ["\n", ""], ["-- fails: x", "exp"], ["\n", ""], ["// rows: 1", "exp"], ["\n", ""],
    ["/* c */", "cmt"], [" ", ""], ["-- plain", "cmt"],
  ]);
});

test("tokenize: a minus after an operand is not a sign", () => {
  assert.deepEqual(toks("a-1"), [["a", ""], ["-", ""], ["1", "num"]]);
});

test("tokenize covers every character exactly once, whatever the input", () => {
  for (const s of ["", "'unterminated", "/* open", "$$ body", "é → 'ü' -- ✓", "x--y\n\n;;", "1e-5-2"]) {
    let at = 0;
    for (const t of tokenize(s)) {
      assert.equal(t.start, at, `gap or overlap in ${JSON.stringify(s)}`);
      assert.ok(t.end > t.start);
      at = t.end;
    }
    assert.equal(at, s.length);
  }
});

test("escapeHTML escapes markup and quotes", () => {
  assert.equal(escapeHTML(`<a href="x">&</a>`), "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
});

test("highlightLines gives one balanced line per line, marks cut at line ends", () => {
  const s = "SELECT x\nFROM t;";
  assert.deepEqual(highlightLines(s, []), ['<span class="kw">SELECT</span> x', '<span class="kw">FROM</span> t;']);
  assert.deepEqual(highlightLines(s, [{ start: 7, end: 12, title: "e" }]), [
    '<span class="kw">SELECT</span> <span class="err-u">x</span>',
    '<span class="kw err-u">FRO</span><span class="kw">M</span> t;',
  ]);
  assert.deepEqual(highlightLines("a\n\n<b>", []), ["a", "", "&lt;b&gt;"]);
  // A stale -- rows: comment is marked as a doubt, not an error.
  assert.deepEqual(highlightLines("x; -- rows: 2", [{ start: 3, end: 13, title: "s", kind: "stale" }]), [
    'x; <span class="exp stale-u">-- rows: 2</span>',
  ]);
});

test("Highlighter gives what highlightLines gives, over random texts, edits and marks", () => {
  // Fragments that open and close tokens across lines, signs, comments and markup.
  const bits = ["SELECT", " ", "\n", "'", "''", '"', "/*", "*/", "$$", "--", "// rows: 1", "-- @fill", "-", "5", "x", ")", ";", "é", "<", "  ", "\n\n", "int", "-- fails: y"];
  let seed = 17; // xorshift32: the low bits of a plain LCG repeat too soon for rand(8)
  const rand = (n: number) => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
  const text = (n: number) => Array.from({ length: n }, () => bits[rand(bits.length)]).join("");
  // Edits that change how the unchanged lines after them start.
  for (const [before, after] of [
    ["a\n-5", "(\n-5"], // the operand before a sign
    ["'a\n", "'a\n\nb"], // a string open at the end runs into what is typed
    ["x /* c\ny */ z", "x  c\ny */ z"], // a comment's opening deleted
    ["ab\nc", "a\nb\nc"], // a line broken in two
    ["a\n\nb", "a\nb"], // lines joined
  ]) {
    const h = new Highlighter();
    h.lines(before, []);
    assert.deepEqual(h.lines(after, []), highlightLines(after, []), `${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
  }
  for (let round = 0; round < 300; round++) {
    const h = new Highlighter();
    let s = text(rand(40));
    let marks: { start: number; end: number; title: string }[] = [];
    for (let step = 0; step < 25; step++) {
      const at = rand(s.length + 1);
      const cut = Math.min(s.length - at, rand(4) === 0 ? rand(12) : rand(2));
      const was = s;
      s = s.slice(0, at) + (rand(3) === 0 ? "" : text(1 + rand(3))) + s.slice(at + cut);
      if (rand(8) === 0) {
        marks = Array.from({ length: rand(4) }, () => {
          const a = rand(s.length + 1);
          return { start: a, end: a + rand(8), title: "m" };
        });
      }
      assert.deepEqual(h.lines(s, marks), highlightLines(s, marks), `round ${round}, step ${step}: ${JSON.stringify(was)} -> ${JSON.stringify(s)} ${JSON.stringify(marks)}`);
    }
  }
});
