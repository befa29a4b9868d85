// The fallback loader of the engine module, used when wasm/ ships no
// JavaScript module of its own (the build aliases "cqlplay-bridge" to
// wasm/cqlplay.mjs when it exists). It has the same shape for what the site
// gives it: load(compiled module) instantiates the module, starts the Go
// program and resolves to the API the program installs as globalThis.cqlplay.
// wasm_exec.js must be loaded first.

export interface Bridge {
  open(options?: string): number;
  run(handle: number, script: string): string;
  layout(handle: number, form: string, table?: string): string;
  /** The layout as it stood after outcome statement of the last rerun (README: "layoutAt"). */
  layoutAt?(handle: number, form: string, statement: number): string;
  /**
   * layout's reply (layoutAt's with at) within the page's bounds, with
   * "elided": the partitions summarised; open lists those listed in full,
   * "ks.t token" one a line; with fill, the state right after the
   * -- @fill on that line, with "fill" (README: "layoutBounded").
   */
  layoutBounded?(handle: number, form: string, open: string, at?: number, fill?: number): string;
  /**
   * What goes in place of partition's gap in layoutBounded(handle, form,
   * open, at)'s view when rows more of its rows are listed, with
   * "replaces" and "elided" (README: "layoutMore").
   */
  layoutMore?(handle: number, form: string, open: string, partition: string, rows: number, at?: number): string;
  /** Reruns start from the session's present state, not a fresh one (README: "base"). */
  base?(handle: number): boolean;
  close(handle: number): boolean;
}

declare const Go: new () => { importObject: WebAssembly.Imports; run(i: WebAssembly.Instance): Promise<void> };

export async function load(module: WebAssembly.Module): Promise<Bridge> {
  const g = globalThis as unknown as { cqlplay?: Bridge; onCqlplayReady?: () => void };
  const go = new Go();
  const ready = new Promise<void>((resolve) => {
    g.onCqlplayReady = resolve;
  });
  void go.run(await WebAssembly.instantiate(module, go.importObject));
  if (!g.cqlplay) await ready;
  return g.cqlplay!;
}
