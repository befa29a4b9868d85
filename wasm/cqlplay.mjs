// cqlplay.mjs loads cqlplay's WebAssembly engine and installs
// globalThis.cqlplay with the same API the Go module installs by itself
// (open, run, rerun, layout, layoutAt, layoutBounded, layoutMore, base, close: strings in, strings out; see
// main_js.go), but with open, run, rerun, the layouts and close going through the
// module's //go:wasmexport functions and its linear memory instead of js.FuncOf callbacks, which cost
// about 10 µs a call before any work is done.
//
// Load Go's wasm_exec.js first (it defines globalThis.Go), then:
//
//   import { load } from "./cqlplay.mjs";
//   const cqlplay = await load(new URL("cqlplay.wasm", import.meta.url));
//   const h = cqlplay.open(JSON.stringify({ maxStatements: 500 }));
//   const outcomes = JSON.parse(cqlplay.run(h, "SELECT ..."));
//
// globalThis.onCqlplayReady, if defined, is called once the fast API is in
// place (not before), so pages can wait for it whichever way they load.

const encoder = new TextEncoder();
const decoder = new TextDecoder();
// How long a caller makes no call before a due collection runs, after a slow one (afterCall).
const idleQuietMs = 300;

// load instantiates the module from a URL (string or URL), a Response or a
// promise of one (compiled while it downloads when the host sends
// application/wasm, from its bytes otherwise: a page can start the download
// before wasm_exec.js is loaded and hand the pending fetch over), bytes
// (ArrayBuffer or typed array) or a compiled WebAssembly.Module, starts the
// Go program, and resolves to the API once it is installed as
// globalThis.cqlplay.
export async function load(source) {
  if (typeof globalThis.Go !== "function") {
    throw new Error("cqlplay.mjs: load Go's wasm_exec.js before calling load()");
  }
  const go = new globalThis.Go();
  // No automatic garbage collection: behind //go:wasmexport its cycles never
  // finish (their workers are goroutines that never get to run), so the
  // bridge collects by itself between statements (wasm/gc.go).
  go.env = Object.assign({}, go.env, { GOGC: "off" });
  const instance = await instantiate(source, go.importObject);
  const pageReady = globalThis.onCqlplayReady;
  let goReady = false;
  globalThis.onCqlplayReady = () => { goReady = true; };
  go.run(instance); // runs main up to its select {}; it settles only if Go exits
  globalThis.onCqlplayReady = pageReady;
  const slow = globalThis.cqlplay;
  if (!goReady || !slow) {
    throw new Error("cqlplay.mjs: the Go program did not install globalThis.cqlplay");
  }
  const api = fastAPI(instance.exports, slow);
  globalThis.cqlplay = api;
  if (typeof pageReady === "function") pageReady();
  return api;
}

async function instantiate(source, imports) {
  if (source instanceof WebAssembly.Module) {
    return WebAssembly.instantiate(source, imports);
  }
  let url = "";
  if (typeof source === "string" || source instanceof URL) {
    url = String(source);
    source = fetch(source);
  }
  if (source && typeof source.then === "function") source = await source;
  if (typeof Response !== "undefined" && source instanceof Response) {
    const response = source;
    if (!response.ok) throw new Error("cqlplay.mjs: fetching " + (url || response.url) + ": HTTP " + response.status);
    // instantiateStreaming refuses any other Content-Type (a misconfigured
    // host): then the bytes, without fetching them twice.
    const type = (response.headers.get("Content-Type") || "").split(";")[0].trim();
    if (WebAssembly.instantiateStreaming && type === "application/wasm") {
      return (await WebAssembly.instantiateStreaming(response, imports)).instance;
    }
    source = await response.arrayBuffer();
  }
  return (await WebAssembly.instantiate(source, imports)).instance;
}

// isHandle matches what the exports take: a positive 32-bit integer. Anything
// else goes to the js.FuncOf path, which answers it with a proper error.
function isHandle(h) {
  return Number.isInteger(h) && h >= 1 && h <= 0x7fffffff;
}

function fastAPI(ex, slow) {
  // writeInput encodes s into the module's input buffer and returns its length
  // in bytes. UTF-8 takes at most 3 bytes per UTF-16 unit; a lone surrogate
  // becomes U+FFFD, as it does through js.FuncOf.
  function writeInput(s) {
    const room = s.length * 3;
    // A uint32 export arrives as a signed i32: past 2 GiB of memory, a
    // pointer or length reads negative unless made unsigned (>>> 0).
    const ptr = ex.cqlplay_input(room) >>> 0;
    // Read ex.mem.buffer after the call: the memory may have grown, which
    // detaches the old ArrayBuffer.
    return encoder.encodeInto(s, new Uint8Array(ex.mem.buffer, ptr, room)).written;
  }
  function readOutput(n) {
    return decoder.decode(new Uint8Array(ex.mem.buffer, ex.cqlplay_output() >>> 0, n >>> 0));
  }
  // A collection the engine found due at the end of a call runs from a
  // zero-delay timer, after the caller has its reply; after a slow one, the
  // next waits until the caller has made no call for idleQuietMs
  // (wasm/gc.go): a reader typing calls every keystroke. One timer at a
  // time: a call while one is queued leaves it, or restarts the wait.
  let idleTimer = null;
  let waiting = false; // idleTimer is the wait for a pause
  function idle(quiet) {
    idleTimer = null;
    waiting = ex.cqlplay_idle(quiet) === 2;
    if (waiting) idleTimer = setTimeout(() => idle(1), idleQuietMs);
  }
  function afterCall() {
    if (typeof ex.cqlplay_idle !== "function") return;
    if (idleTimer !== null && !waiting) return;
    if (idleTimer !== null) clearTimeout(idleTimer);
    idleTimer = waiting ? setTimeout(() => idle(1), idleQuietMs) : setTimeout(() => idle(0), 0);
  }
  // layoutRequest answers a layout request's JSON through cqlplay_layout,
  // or through the js.FuncOf path (slow) when the handle is none or the
  // module has no such export.
  function layoutRequest(handle, request, slow) {
    if (!isHandle(handle) || typeof ex.cqlplay_layout !== "function") {
      const reply = slow();
      afterCall();
      return reply;
    }
    const reply = readOutput(ex.cqlplay_layout(handle, writeInput(request)));
    afterCall();
    return reply;
  }
  return Object.freeze({
    open(options) {
      if (options === undefined || options === null) options = "";
      if (typeof options !== "string") return slow.open(options);
      const h = ex.cqlplay_open(writeInput(options));
      if (h === 0) console.error("cqlplay.open: " + readOutput(ex.cqlplay_output_len()));
      return h;
    },
    run(handle, script) {
      if (!isHandle(handle) || typeof script !== "string") return slow.run(handle, script);
      const reply = readOutput(ex.cqlplay_run(handle, writeInput(script)));
      afterCall();
      return reply;
    },
    rerun(handle, script) {
      if (!isHandle(handle) || typeof script !== "string") return slow.rerun(handle, script);
      const reply = readOutput(ex.cqlplay_rerun(handle, writeInput(script)));
      afterCall();
      return reply;
    },
    // layout(handle, request) takes a request object (or its JSON); the
    // other layout calls are that request's older spellings, which go
    // through it too when their arguments are well formed (the js.FuncOf
    // path answers the others with its errors).
    layout(handle, form, table) {
      if (form !== null && typeof form === "object") form = JSON.stringify(form);
      if (typeof form === "string" && form.startsWith("{")) return layoutRequest(handle, form, () => slow.layout(handle, form));
      const reply = slow.layout(handle, form, table);
      afterCall();
      return reply;
    },
    layoutAt(handle, form, statement) {
      if (typeof form !== "string" || !Number.isInteger(statement) || statement < -0x80000000 || statement > 0x7fffffff) {
        return slow.layoutAt(handle, form, statement);
      }
      return layoutRequest(handle, JSON.stringify({ form, at: statement }), () => slow.layoutAt(handle, form, statement));
    },
    layoutBounded(handle, form, open, at, fill) {
      if (typeof form !== "string" || typeof open !== "string" || !(at === undefined || at === null || (Number.isInteger(at) && at >= 0 && at <= 0x7fffffff)) ||
          !(fill === undefined || fill === null || (Number.isInteger(fill) && Math.abs(fill) <= 0x7fffffff))) {
        const reply = slow.layoutBounded(handle, form, open, at, fill);
        afterCall();
        return reply;
      }
      return layoutRequest(handle, JSON.stringify({ form, bounded: true, open, at, fill: fill > 0 ? fill : undefined }), () => slow.layoutBounded(handle, form, open, at, fill));
    },
    layoutMore(handle, form, open, partition, rows, at) {
      if (typeof form !== "string" || typeof open !== "string" || typeof partition !== "string" || !Number.isInteger(rows) || rows < 1 || rows > 0x7fffffff ||
          !(at === undefined || at === null || (Number.isInteger(at) && at >= 0 && at <= 0x7fffffff))) {
        const reply = slow.layoutMore(handle, form, open, partition, rows, at);
        afterCall();
        return reply;
      }
      return layoutRequest(handle, JSON.stringify({ form, open, partition, more: rows, at }), () => slow.layoutMore(handle, form, open, partition, rows, at));
    },
    base(handle) {
      return slow.base(handle);
    },
    close(handle) {
      if (!isHandle(handle)) return false;
      return ex.cqlplay_close(handle) === 1;
    },
  });
}
