import assert from "node:assert/strict";
import { test } from "node:test";
import { escapeHTML, highlightLines, tokenize } from "./highlight";

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
});
