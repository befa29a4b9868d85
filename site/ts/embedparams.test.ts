import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import { embedParams, embedSnippet, maxEmbedHeight, minEmbedHeight, pathInLang, resizeScript } from "./embedparams";

const views = ["results", "why", "storage", "model"];
const langs = ["en", "zh"];

test("embed parameters are validated text; unknown values fall back to the defaults", () => {
  const cases: [string, ReturnType<typeof embedParams>][] = [
    ["", { readonly: false, theme: null, view: null, lang: null }],
    ["?readonly=1&theme=dark&view=storage&lang=zh", { readonly: true, theme: "dark", view: "storage", lang: "zh" }],
    ["?readonly&theme=light", { readonly: true, theme: "light", view: null, lang: null }],
    ["?readonly=TRUE", { readonly: true, theme: null, view: null, lang: null }],
    ["?readonly=0&theme=Dark&view=checks&lang=fr", { readonly: false, theme: null, view: null, lang: null }],
    ["?readonly=no&view=<img src=x>&lang=../zh", { readonly: false, theme: null, view: null, lang: null }],
    ["?view=constructor&lang=__proto__&theme=toString", { readonly: false, theme: null, view: null, lang: null }],
  ];
  for (const [search, want] of cases) assert.deepEqual(embedParams(search, views, langs), want, search);
});

test("the same embed in another language replaces the path's first segment only", () => {
  assert.equal(pathInLang("/en/03-queries/embed/2/", "zh", langs), "/zh/03-queries/embed/2/");
  assert.equal(pathInLang("/zh/play/embed/", "en", langs), "/en/play/embed/");
  assert.equal(pathInLang("/en/play/embed/", "en", langs), null);
  assert.equal(pathInLang("/play/", "zh", langs), null);
  assert.equal(pathInLang("/en/x/", "fr", langs), null);
  assert.equal(pathInLang("//evil.example/x", "zh", langs), null);
});

test("the embed snippet is an iframe as tall as its playground, then the documented resizer", () => {
  const s = embedSnippet("https://x.example/en/a/embed/1/#ex-1=Zm9v", 'cqlplay: "A" & <b>', 731.4, "https://x.example");
  const [frame, ...rest] = s.split("\n");
  assert.equal(
    frame,
    '<iframe src="https://x.example/en/a/embed/1/#ex-1=Zm9v" title="cqlplay: &quot;A&quot; &amp; &lt;b&gt;" width="100%" height="731" style="border:0" loading="lazy"></iframe>',
  );
  assert.equal(rest.join("\n"), resizeScript.replace('"https://cqlplay.example"', '"https://x.example"'));
  assert.match(embedSnippet("s", "t", 12, "o"), new RegExp(`height="${minEmbedHeight}"`));
  assert.match(embedSnippet("s", "t", 1e9, "o"), new RegExp(`height="${maxEmbedHeight}"`));
  // An origin cannot end the script's string or the script.
  assert.ok(!embedSnippet("s", "t", 500, '"</script><b>').includes('"</script><b>'));
});

test("the resizer the Embed button copies is the one docs/embedding.md shows", () => {
  const doc = readFileSync("../../docs/embedding.md", "utf8") // go test runs node in site/ts;
  const blocks = doc.split("```html\n").slice(1).map((b) => b.split("```")[0].trimEnd());
  assert.ok(blocks.includes(resizeScript), "docs/embedding.md has no html block equal to resizeScript");
});
