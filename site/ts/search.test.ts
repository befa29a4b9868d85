import assert from "node:assert/strict";
import { test } from "node:test";
import { fold, foldMapped, prepare, search, snippet, terms, type SearchIndex } from "./search";

const index: SearchIndex = {
  lang: "en",
  lessons: [
    {
      u: "/en/keys/",
      t: "Primary, partition and clustering keys",
      n: 4,
      s: [
        { x: "Every table has a primary key." },
        { i: "the-partition-key", h: "The partition key", x: "The partition key decides the node. A partition holds rows." },
        { i: "clustering", h: "Clustering columns", x: "Rows inside a partition are sorted by clustering columns." },
      ],
    },
    {
      u: "/en/ttl/",
      t: "TTL",
      n: 12,
      s: [{ i: "expiring", h: "Expiring data", x: "A TTL makes a cell expire; nothing about partition keys here." }],
    },
  ],
};

const zh: SearchIndex = {
  lang: "zh",
  lessons: [
    {
      u: "/zh/keys/",
      t: "主键、分区键与聚簇键",
      n: 4,
      s: [
        { i: "分区键", h: "分区键", x: "分区键决定数据落在哪个节点上。" },
        { i: "聚簇列", h: "聚簇列", x: "同一分区里的行按聚簇列排序，ＣＱＬ 写法见下。" },
      ],
    },
  ],
};

test("terms: split at white space, folded, repeats dropped; too short searches nothing but one Han character", () => {
  assert.deepEqual(terms("  Partition KEY partition "), ["partition", "key"]);
  assert.deepEqual(terms("a"), []);
  assert.deepEqual(terms(""), []);
  assert.deepEqual(terms("键"), ["键"]);
  assert.deepEqual(terms("ＣＱＬ"), ["cql"]);
});

test("every term must occur, in the title, heading or text; the heading ranks first", () => {
  const p = prepare(index);
  const r = search(p, "partition key");
  // The lesson's title has both words, so all its sections match.
  assert.equal(r.total, 4);
  assert.equal(r.hits[0].href, "/en/keys/#the-partition-key");
  assert.equal(r.hits[0].heading, "The partition key");
  assert.equal(r.hits[0].lesson, "Primary, partition and clustering keys");
  assert.equal(r.hits[0].number, 4);
  assert.ok(r.hits.some((h) => h.href === "/en/ttl/#expiring"));
  assert.equal(search(p, "partition nosuchword").total, 0);
  assert.equal(search(p, "ttl")?.hits[0].href, "/en/ttl/#expiring");
});

test("the opening section links to the lesson itself", () => {
  const r = search(prepare(index), "every table");
  assert.equal(r.hits[0].href, "/en/keys/");
  assert.equal(r.hits[0].heading, "");
});

test("Chinese matches substrings, with ids percent-encoded in the link", () => {
  const p = prepare(zh);
  const r = search(p, "分区");
  assert.equal(r.total, 2);
  assert.equal(r.hits[0].href, "/zh/keys/#" + encodeURIComponent("分区键"));
  assert.equal(search(p, "节点").hits[0].heading, "分区键");
  assert.equal(search(p, "cql").hits[0].heading, "聚簇列"); // full-width ＣＱＬ
  assert.equal(search(p, "排序 聚簇").total, 1);
});

test("limit bounds the hits, total counts them all", () => {
  const r = search(prepare(index), "partition", 1);
  assert.equal(r.hits.length, 1);
  assert.equal(r.total, 4);
});

test("snippets mark every term, map folded matches back, and cut around the first", () => {
  assert.deepEqual(snippet("The Partition key decides", ["partition", "key"]), [
    { text: "The ", mark: false },
    { text: "Partition", mark: true },
    { text: " ", mark: false },
    { text: "key", mark: true },
    { text: " decides", mark: false },
  ]);
  assert.deepEqual(snippet("写法ＣＱＬ见下", ["cql"]), [
    { text: "写法", mark: false },
    { text: "ＣＱＬ", mark: true },
    { text: "见下", mark: false },
  ]);
  const long = "word ".repeat(100) + "needle " + "word ".repeat(100);
  const s = snippet(long, ["needle"], 60);
  assert.equal(s[0].text.startsWith("…"), true);
  assert.equal(s[s.length - 1].text.endsWith("…"), true);
  assert.equal(s.filter((p) => p.mark).map((p) => p.text).join(), "needle");
  assert.ok(s.map((p) => p.text).join("").length <= 62);
  assert.deepEqual(snippet("no match here", ["zzz"]), [{ text: "no match here", mark: false }]);
});

test("foldMapped maps each folded unit to its code point in the original", () => {
  const { folded, at } = foldMapped("Aﬁ𝐀b");
  assert.equal(folded, fold("Aﬁ𝐀b"));
  assert.equal(folded, "afiab");
  assert.deepEqual(at, [0, 1, 1, 2, 4, 5]);
});
