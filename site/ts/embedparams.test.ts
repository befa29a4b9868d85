import assert from "node:assert/strict";
import { test } from "node:test";
import { embedParams, pathInLang } from "./embedparams";

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
