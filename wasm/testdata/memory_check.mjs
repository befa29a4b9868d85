// memory_check.mjs loads the module through cqlplay.mjs, as the page's
// worker does, runs many calls that each allocate and drop tens of kilobytes,
// and prints the module's linear memory before and after, as JSON. Go's
// automatic garbage collection never finishes a cycle behind
// //go:wasmexport (see gc.go), so without the bridge's own collection the
// memory grows by everything allocated.
//
//   node memory_check.mjs <wasm_exec.js> <cqlplay.wasm> <cqlplay.mjs>
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [wasmExec, module, mjs] = process.argv.slice(2);
createRequire(import.meta.url)(wasmExec);
let memory = null;
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...args) => {
  const r = await instantiate(...args);
  memory = (r.instance || r).exports.mem;
  return r;
};
const { load } = await import(pathToFileURL(mjs).href);
const cqlplay = await load(readFileSync(module));

const h = cqlplay.open("");
let script = "CREATE TABLE t (p int, c int, v text, PRIMARY KEY (p, c));\n";
for (let i = 0; i < 20000; i++) script += `INSERT INTO t (p, c, v) VALUES (${i % 10}, ${i}, 'value ${i}');\n`;
const first = JSON.parse(cqlplay.run(h, script));
const failed = first.filter((o) => o.error).length;
const query = (i) => `SELECT c, v FROM t WHERE p = ${i % 10} AND c >= 0 AND c < 1000;`;
let rows = 0;
for (let i = 0; i < 200; i++) rows += JSON.parse(cqlplay.run(h, query(i)))[0].rows.length;
const before = memory.buffer.byteLength;
const calls = 3000;
for (let i = 0; i < calls; i++) rows += JSON.parse(cqlplay.run(h, query(i)))[0].rows.length;
const after = memory.buffer.byteLength;
process.stdout.write(JSON.stringify({ failed, rows, calls, replyBytes: cqlplay.run(h, query(0)).length, before, after }) + "\n");
