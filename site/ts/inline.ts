// The page's own engine: a second instance of the engine on the page's
// thread, for the reader's short edits. A reply from the worker is a task
// of the page, and Chromium holds every such task after a key press until
// the key's frame is drawn (docs/performance-history.md, "The keystroke right after
// load"), so a run in the worker is drawn a frame after the key at best. A
// short run on the page's thread is drawn in the key's own frame.
//
// engine.ts loads this script once the page is idle after its first result
// (or sooner, when the reader goes to an editor), and starts the engine from the module the worker compiled (its "module"
// message), so there is no second download or compile. Loaded, it installs
// Go's globals (wasm_exec.js: Go, fs, process, path) and the engine's
// globalThis.cqlplay on the page, as in the worker.

import "wasm-exec"; // Go's wasm_exec.js: defines globalThis.Go, which load needs
import { load } from "cqlplay-bridge";
import { Server } from "./serve";

/** What this script installs for engine.ts. */
export type StartInline = (module: WebAssembly.Module) => Promise<Server>;

(globalThis as { cqlplayInline?: StartInline }).cqlplayInline = async (module) => new Server(await load(module));
