// Loads the cqlplay WebAssembly module in node the way the page and the
// benchmarks do (Go's wasm_exec.js, then globalThis.cqlplay), exercises the
// API, and prints one JSON report on stdout for bridge_node_test.go to judge.
//
// usage: node bridge_check.cjs WASM_EXEC_JS MODULE_WASM UTF16_SCRIPTS_JSON MODE [CQLPLAY_MJS]
//
// MODE "plain" uses the API the Go program installs (js.FuncOf); MODE
// "module" loads the module through cqlplay.mjs (the //go:wasmexport path).
"use strict";

const fs = require("fs");
const { pathToFileURL } = require("url");
globalThis.fs ??= fs; // lets the Go runtime write panics to stderr
require(process.argv[2]);

const report = { checks: [], utf16: [], runs: {} };
function check(name, ok, detail) {
  report.checks.push({ name, ok: !!ok, detail: ok ? "" : String(detail) });
}
function parses(name, text) {
  try {
    const v = JSON.parse(text);
    check(name + " is JSON", true);
    return v;
  } catch (e) {
    check(name + " is JSON", false, e + ": " + String(text).slice(0, 200));
    return undefined;
  }
}
function isFailure(v, code) {
  return Array.isArray(v) && v.length === 1 && v[0].error && v[0].error.code === code &&
    typeof v[0].error.message === "string" && v[0].error.message.length > 0;
}

async function start(mode) {
  let readyCalls = 0;
  let cqlplayAtReady;
  const ready = new Promise((resolve) => {
    globalThis.onCqlplayReady = () => {
      readyCalls++;
      cqlplayAtReady = globalThis.cqlplay;
      resolve();
    };
  });
  const bytes = fs.readFileSync(process.argv[3]);
  if (mode === "module") {
    const { load } = await import(pathToFileURL(process.argv[6]).href);
    const api = await load(bytes);
    await ready;
    check("load resolves to globalThis.cqlplay", api === globalThis.cqlplay, "");
  } else {
    const go = new Go();
    const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
    go.run(instance); // resolves only when the Go program exits, which it must not
    await ready;
  }
  const api = globalThis.cqlplay;
  check("onCqlplayReady called once, after cqlplay was set", readyCalls === 1 && cqlplayAtReady === api, readyCalls);
  return api;
}

// perCall times n calls of f and returns microseconds per call.
function perCall(n, f) {
  for (let i = 0; i < 100; i++) f();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) f();
  return ((performance.now() - t0) * 1000) / n;
}

async function main() {
  const api = await start(process.argv[5]);
  for (const f of ["open", "run", "rerun", "layout", "layoutAt", "layoutBounded", "layoutMore", "base", "close"]) {
    check("cqlplay." + f + " is a function", typeof api[f] === "function", typeof api[f]);
  }

  // open: handles and options.
  const errors = [];
  const consoleError = console.error;
  console.error = (m) => errors.push(String(m));
  const h1 = api.open();
  const h2 = api.open("");
  const h3 = api.open(JSON.stringify({ version: "4.1", maxStatements: 5, maxRows: 100, timeoutMs: 1000, seed: 7, start: "2026-01-01T00:00:00Z" }));
  check("open returns fresh positive handles", h1 >= 1 && h2 > h1 && h3 > h2, [h1, h2, h3]);
  const bad = [api.open("{bad"), api.open('{"nope": 1}'), api.open(42), api.open('{"maxRows": -1}'), api.open('{"start": "yesterday"}')];
  check("open returns 0 for invalid options", bad.every((h) => h === 0), bad);
  check("open says why on the console", errors.length === bad.length && errors.every((m) => m.startsWith("cqlplay.open: ")), errors.join(" | "));
  console.error = consoleError;

  // run: a normal script.
  const script = "CREATE TABLE t (k int PRIMARY KEY, v text);\nINSERT INTO t (k, v) VALUES (1, 'a');\nSELECT * FROM t WHERE k = 1;\n";
  const out = api.run(h1, script);
  check("run returns a string", typeof out === "string", typeof out);
  const outs = parses("run", out);
  check("run returns an array", Array.isArray(outs), out);
  report.runs.basic = out;

  // The options reach the engine: a session bounded to 2 statements stops at the third.
  const hb2 = api.open(JSON.stringify({ maxStatements: 2 }));
  const bounded = parses("run in a bounded session", api.run(hb2, "CREATE TABLE b (k int PRIMARY KEY);\nINSERT INTO b (k) VALUES (1);\nINSERT INTO b (k) VALUES (2);\n"));
  const last = bounded && bounded[bounded.length - 1];
  check("maxStatements stops the run with a Stopped outcome", Array.isArray(bounded) && bounded.length === 3 && last.error && last.error.code === "Stopped", JSON.stringify(bounded));
  api.close(hb2);

  // Bad handles and arguments come back as one ServerError outcome.
  const badCalls = {
    "unknown handle": () => api.run(999999, "SELECT 1;"),
    "handle 0": () => api.run(0, "SELECT 1;"),
    "string handle": () => api.run(String(h1), "SELECT 1;"),
    "NaN handle": () => api.run(NaN, "SELECT 1;"),
    "fractional handle": () => api.run(h1 + 0.5, "SELECT 1;"),
    "no arguments": () => api.run(),
    "script not a string": () => api.run(h1, 42),
    "script missing": () => api.run(h1),
  };
  for (const [name, call] of Object.entries(badCalls)) {
    let v;
    try {
      v = parses("run with " + name, call());
    } catch (e) {
      check("run with " + name + " does not throw", false, e);
      continue;
    }
    check("run with " + name + " is a ServerError outcome", isFailure(v, "ServerError"), JSON.stringify(v));
  }

  // Hostile input: lone surrogates (invalid UTF-16), huge strings, control characters.
  const hostile = {
    "lone surrogates": "\uD800 SELECT \uDC00 * FROM t WHERE k = '\uDFFF\uD800';",
    "huge literal": "INSERT INTO t (k, v) VALUES (2, '" + "x".repeat(2 << 20) + "');",
    "huge garbage": "\u0001".repeat(1 << 19) + "'unterminated",
    "nul bytes": "SELECT\u0000 * FROM t;\u0000",
    "deep parens": "SELECT " + "(".repeat(100000) + ";",
  };
  for (const [name, text] of Object.entries(hostile)) {
    let v;
    try {
      v = parses("run on " + name, api.run(h2, text));
    } catch (e) {
      check("run on " + name + " does not throw", false, e);
      continue;
    }
    check("run on " + name + " returns an array", Array.isArray(v), typeof v);
  }
  const again = parses("run after hostile input", api.run(h2, "SELECT * FROM t WHERE k = 1;"));
  check("the module still serves calls after hostile input", Array.isArray(again), again);

  // rerun: what run gives on a fresh handle, edit after edit, with
  // non-ASCII text before failing statements (UTF-16 positions).
  const edits = [
    "CREATE TABLE r (k int PRIMARY KEY, v text);\nINSERT INTO r (k, v) VALUES (1, '北京😀');\nSELECT * FROM r;\n",
    "CREATE TABLE r (k int PRIMARY KEY, v text);\nINSERT INTO r (k, v) VALUES (1, '北京😀');\nSELECT * FROM r;\nSELEC",
    "CREATE TABLE r (k int PRIMARY KEY, v text);\nINSERT INTO r (k, v) VALUES (1, '北京😀');\nSELECT * FROM r;\nSELECT v FROM r WHERE k = 'é';\n",
    "CREATE TABLE r (k int PRIMARY KEY, v text);\n-- @advance 1h\nSELECT * FROM r;\nSELECT v FROM r WHERE k = 'é';\n",
    "",
  ];
  const hr = api.open(JSON.stringify({ maxStatements: 4 }));
  edits.forEach((text, i) => {
    const hf = api.open(JSON.stringify({ maxStatements: 4 }));
    const want = api.run(hf, text);
    api.close(hf);
    const got = api.rerun(hr, text);
    check("rerun of edit " + i + " is a fresh session's run", got === want, got + " vs " + want);
  });
  check("rerun with a bad handle is a ServerError outcome", isFailure(parses("rerun with a bad handle", api.rerun(999999, "SELECT 1;")), "ServerError"), "");
  check("rerun with a script not a string is a ServerError outcome", isFailure(parses("rerun of a number", api.rerun(hr, 42)), "ServerError"), "");
  api.close(hr);

  // layoutAt: the state after one statement of the last rerun, with its
  // changes; the live state stays the final one.
  const ht = api.open();
  api.rerun(ht, "CREATE TABLE d (k int, c int, v text, PRIMARY KEY (k, c));\nINSERT INTO d (k, c, v) VALUES (1, 2, 'é');\nDELETE FROM d WHERE k = 1 AND c = 2;\n");
  const atInsert = parses("layoutAt the INSERT", api.layoutAt(ht, "map", 1));
  check("layoutAt the INSERT marks its cells written, no tombstone", atInsert && atInsert.statement === 1 && atInsert.changes.some((c) => c.kind === "written" && c.column === "v" && c.clustering === "2") && !atInsert.changes.some((c) => c.kind === "tombstone"), JSON.stringify(atInsert));
  const atDelete = parses("layoutAt the DELETE", api.layoutAt(ht, "cli", 2));
  check("layoutAt the DELETE marks its row tombstone", atDelete && atDelete.form === "cli" && typeof atDelete.text === "string" && atDelete.changes.some((c) => c.kind === "tombstone" && c.column === "@row"), JSON.stringify(atDelete));
  const atCreate = parses("layoutAt the CREATE", api.layoutAt(ht, "cli", 0));
  check("layoutAt the CREATE shows an empty table", atCreate && atCreate.changes.length === 0 && !atCreate.text.includes("RowKey"), JSON.stringify(atCreate));
  const live = parses("layout after layoutAt", api.layout(ht, "cli"));
  check("layoutAt leaves the live state as it was", live && live.text === parses("layoutAt past the end", api.layoutAt(ht, "cli", 99)).text, JSON.stringify(live));
  const atBad = parses("layoutAt with a bad index", api.layoutAt(ht, "map", 1.5));
  check("layoutAt with a fractional index is a ServerError", atBad && atBad.error && atBad.error.code === "ServerError", JSON.stringify(atBad));
  const atNeg = parses("layoutAt with a negative index", api.layoutAt(ht, "map", -1));
  check("layoutAt with a negative index is an InvalidRequest", atNeg && atNeg.error && atNeg.error.code === "InvalidRequest", JSON.stringify(atNeg));
  const atNoHandle = parses("layoutAt with a bad handle", api.layoutAt(999999, "map", 0));
  check("layoutAt with a bad handle is a ServerError", atNoHandle && atNoHandle.error && atNoHandle.error.code === "ServerError", JSON.stringify(atNoHandle));
  api.close(ht);

  // layoutMore: a partition's next rows, in place of its gap in
  // layoutBounded's view; its arguments checked.
  const hm = api.open();
  api.rerun(hm, "CREATE TABLE w (k int, c int, v int, PRIMARY KEY (k, c));\n-- @fill w 60 k=0 c=series(0, 1) v=uniform(0, 9)\n");
  const gap = parses("layoutBounded of 60 rows", api.layoutBounded(hm, "cli", "")).elided[0];
  const page = parses("layoutMore", api.layoutMore(hm, "cli", "", gap.table + " " + gap.token, 10));
  check("layoutMore lists the next rows in place of the gap", page && page.form === "cli" && page.replaces === 7 && page.elided.length === 1 && page.elided[0].left === 50, JSON.stringify(page).slice(0, 300));
  const noRows = parses("layoutMore without rows", api.layoutMore(hm, "cli", "", gap.table + " " + gap.token));
  check("layoutMore without a row count is a ServerError", noRows && noRows.error && noRows.error.code === "ServerError" && noRows.error.message.startsWith("cqlplay.layoutMore: "), JSON.stringify(noRows));
  // layout with a request object (or its JSON): the positional calls'
  // replies, byte for byte.
  const id = gap.table + " " + gap.token;
  check("layout with a request object is layoutBounded's reply", api.layout(hm, { form: "cli", bounded: true }) === api.layoutBounded(hm, "cli", ""), "");
  check("layout with a request's JSON is layoutMore's reply", api.layout(hm, JSON.stringify({ form: "cli", partition: id, more: 10 })) === api.layoutMore(hm, "cli", "", id, 10), "");
  check("layout with a request object travels as layoutAt", api.layout(hm, { form: "map", at: 0 }) === api.layoutAt(hm, "map", 0), "");
  const reqBad = parses("layout with an unknown key", api.layout(hm, { form: "map", nope: 1 }));
  check("layout with an unknown key is a ServerError", reqBad && reqBad.error && reqBad.error.code === "ServerError" && reqBad.error.message.startsWith("cqlplay.layout: unknown key"), JSON.stringify(reqBad));
  api.close(hm);

  // base: a playground that continues earlier examples runs them once, then
  // reruns its own script from there, and can travel through it.
  const hbase = api.open();
  api.run(hbase, "CREATE TABLE b (k int, c int, v text, PRIMARY KEY (k, c));\nINSERT INTO b (k, c, v) VALUES (1, 1, 'one');\n");
  check("base of an open handle is true", api.base(hbase) === true, "");
  const own = "INSERT INTO b (k, c, v) VALUES (1, 2, 'two');\nDELETE FROM b WHERE k = 1 AND c = 1;\nSELECT * FROM b;\n";
  const hpre = api.open();
  api.run(hpre, "CREATE TABLE b (k int, c int, v text, PRIMARY KEY (k, c));\nINSERT INTO b (k, c, v) VALUES (1, 1, 'one');\n");
  const wantBase = api.run(hpre, own);
  api.close(hpre);
  check("rerun after base answers as the prelude then the script", api.rerun(hbase, own) === wantBase, api.rerun(hbase, own) + " vs " + wantBase);
  const edited = own.replace("'two'", "'deux'");
  const hpre2 = api.open();
  api.run(hpre2, "CREATE TABLE b (k int, c int, v text, PRIMARY KEY (k, c));\nINSERT INTO b (k, c, v) VALUES (1, 1, 'one');\n");
  const wantEdited = api.run(hpre2, edited);
  api.close(hpre2);
  check("an edited rerun after base still starts from the prelude", api.rerun(hbase, edited) === wantEdited, "");
  const atFirst = parses("layoutAt after base", api.layoutAt(hbase, "map", 0));
  const rows = atFirst && atFirst.map && atFirst.map.tables[0].partitions[0].rows;
  check("layoutAt after base shows the prelude's row and the script's first write", rows && rows.length === 2 && !atFirst.changes.some((c) => c.kind === "tombstone"), JSON.stringify(atFirst).slice(0, 300));
  check("base with a bad handle is false", api.base(999999) === false && api.base("x") === false, "");
  api.close(hbase);

  // layout: not in the engine yet; an error object either way, never a throw.
  const lay = parses("layout", api.layout(h1, "cli", "t"));
  check("layout cli of t is text", lay && lay.form === "cli" && lay.table === "t" && typeof lay.text === "string" && lay.text.length > 0, JSON.stringify(lay));
  const map = parses("layout map", api.layout(h1, "map"));
  check("layout map is an object", map && map.form === "map" && map.table === "" && map.map && typeof map.map === "object", JSON.stringify(map).slice(0, 300));
  const layUnknown = parses("layout of an unknown form", api.layout(h1, "nope"));
  check("layout of an unknown form is an InvalidRequest error", layUnknown && layUnknown.error && layUnknown.error.code === "InvalidRequest", JSON.stringify(layUnknown));
  const layBad = parses("layout with a bad handle", api.layout(999999, "cli"));
  check("layout with a bad handle is an error object", layBad && layBad.error && layBad.error.code === "ServerError", JSON.stringify(layBad));

  // close.
  check("close of an open handle is true", api.close(h3) === true, "");
  check("close twice is false", api.close(h3) === false, "");
  check("close of nonsense is false", api.close("x") === false && api.close() === false, "");
  check("run after close is a ServerError outcome", isFailure(JSON.parse(api.run(h3, "SELECT 1;")), "ServerError"), "");
  const h4 = api.open();
  check("handles are not reused", h4 > h3, [h3, h4]);

  // UTF-16 positions: each script runs in a fresh session; the Go test
  // compares what JavaScript sees at each error's offset and column with the
  // text the engine located in bytes.
  const scripts = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
  for (const s of scripts) {
    const h = api.open();
    const res = JSON.parse(api.run(h, s));
    api.close(h);
    const lines = s.split("\n");
    const errs = [];
    for (const o of res) {
      const e = o.error;
      if (!e || e.offset === undefined) continue;
      const lineText = lines[e.line - 1] ?? "";
      let lineStart = 0;
      for (let i = 0; i < e.line - 1; i++) lineStart += lines[i].length + 1;
      errs.push({
        statement: o.statement,
        slice: s.slice(e.offset, e.offset + e.length),
        atColumn: lineText.slice(e.column - 1, e.column - 1 + e.length),
        offsetFromLineColumn: lineStart + e.column - 1,
        offset: e.offset,
      });
    }
    report.utf16.push({ outcomes: res.length, errors: errs });
  }
  // The cost of a call that does no engine work, and of a one-statement
  // script, for docs/performance.md.
  const hb = api.open();
  report.timing = {
    emptyRunMicros: perCall(5000, () => api.run(hb, "")),
    oneStatementMicros: perCall(2000, () => api.run(hb, "SELECT * FROM t WHERE k = 1;")),
  };
  if (process.argv[5] === "module") await loadOverHTTP();
  process.stdout.write(JSON.stringify(report));
}

// loadOverHTTP loads the module again by URL, as a page does, from a server
// that sends the right Content-Type (streaming compilation) and from one that
// does not (the bytes fallback).
async function loadOverHTTP() {
  const http = require("http");
  const bytes = fs.readFileSync(process.argv[3]);
  const server = http.createServer((req, res) => {
    if (req.url === "/missing") {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("not found");
      return;
    }
    res.writeHead(200, { "Content-Type": req.url.endsWith("/plain") ? "text/plain" : "application/wasm" });
    res.end(bytes);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = "http://127.0.0.1:" + server.address().port;
  const { load } = await import(pathToFileURL(process.argv[6]).href);
  delete globalThis.onCqlplayReady;
  for (const path of ["/cqlplay.wasm", "/plain"]) {
    try {
      const api = await load(base + path);
      const out = JSON.parse(api.run(api.open(), "CREATE TABLE u (k int PRIMARY KEY);"));
      check("load by URL " + path + " runs scripts", Array.isArray(out) && out.length === 1 && !out[0].error, JSON.stringify(out));
    } catch (e) {
      check("load by URL " + path, false, e);
    }
  }
  try {
    await load(base + "/missing");
    check("load of a missing URL fails", false, "it resolved");
  } catch (e) {
    check("load of a missing URL says which and why", String(e.message).includes("/missing: HTTP 404"), e);
  }
  server.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
