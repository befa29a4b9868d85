import assert from "node:assert/strict";
import { test } from "node:test";
import { MiniElement, miniDocument as d } from "./minidom";

test("serialises as the HTML serialisation algorithm: escapes, void elements, SVG case, attribute order", () => {
  const div = d.createElement("DIV");
  div.className = "a b";
  div.setAttribute("data-X", 'say "<hi>" & bye\u00a0');
  div.append("1 < 2 & 3 > 0 'q' \"d\"\u00a0", d.createElement("br"));
  const svg = d.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 1 1");
  div.append(svg);
  assert.equal(
    div.outerHTML,
    '<div class="a b" data-x="say &quot;&lt;hi&gt;&quot; &amp; bye&nbsp;">1 &lt; 2 &amp; 3 &gt; 0 \'q\' "d"&nbsp;<br><svg viewBox="0 0 1 1"></svg></div>',
  );
});

test("a pre whose text starts with a newline keeps it through a parse", () => {
  const pre = d.createElement("pre");
  pre.textContent = "\nx";
  assert.equal(pre.outerHTML, "<pre>\n\nx</pre>");
});

test("children move: append, prepend, before, after, replaceWith, replaceChildren, fragments", () => {
  const p = d.createElement("p");
  const a = d.createElement("a");
  const b = d.createElement("b");
  p.append(a, "t");
  p.prepend(b);
  assert.equal(p.innerHTML, "<b></b><a></a>t");
  const i = d.createElement("i");
  a.before(i);
  a.after("u");
  assert.equal(p.innerHTML, "<b></b><i></i><a></a>ut");
  const f = d.createDocumentFragment();
  f.append(d.createElement("s"), "v");
  b.replaceWith(f);
  assert.equal(p.innerHTML, "<s></s>v<i></i><a></a>ut");
  assert.equal(f.childNodes.length, 0);
  p.append(i); // moves, not copies
  assert.equal(p.innerHTML, "<s></s>v<a></a>ut<i></i>");
  p.textContent = "";
  assert.equal(p.innerHTML, "");
  assert.equal(i.parentNode, null);
});

test("properties reflect attributes: dataset, classList, hidden, type", () => {
  const e = d.createElement("button");
  e.dataset.servedBy = "page";
  e.classList.add("x", "y");
  e.classList.remove("x");
  e.classList.toggle("z");
  e.hidden = true;
  e.type = "button";
  assert.equal(e.outerHTML, '<button data-served-by="page" class="y z" hidden="" type="button"></button>');
  assert.equal(e.dataset.servedBy, "page");
  e.hidden = false;
  assert.equal(e.hasAttribute("hidden"), false);
});

test("querySelector matches compound selectors and descendants", () => {
  const root = d.createElement("div");
  const li = d.createElement("li");
  li.className = "ex-check ex-pass";
  li.setAttribute("data-check", "0");
  const code = d.createElement("code");
  const pre = d.createElement("pre");
  pre.className = "ex-solution";
  pre.append(code);
  root.append(li, pre);
  assert.equal(root.querySelector("li.ex-check"), li);
  assert.equal(root.querySelector("li.ex-check.ex-pass[data-check]"), li);
  assert.equal(root.querySelector('[data-check="1"]'), null);
  assert.equal(root.querySelector(".ex-solution code"), code);
  assert.equal(root.querySelector("li code"), null);
  assert.ok(root.querySelector("pre") instanceof MiniElement);
});

test("a selector it cannot match fails loudly", () => {
  assert.throws(() => d.createElement("div").querySelector("li > a"), /unsupported selector/);
});
