// The fallback loader of the engine module, used when wasm/ ships no
// JavaScript module of its own (the build aliases "cqlplay-bridge" to
// wasm/cqlplay.mjs when it exists). It has the same shape for what the site
// gives it: load(compiled module) instantiates the module, starts the Go
// program and resolves to the API the program installs as globalThis.cqlplay.
// wasm_exec.js must be loaded first.

export interface Bridge {
  open(options?: string): number;
  run(handle: number, script: string): string;
  /** A layout: a request object (README: "Layouts"), or a form and a table. */
  layout(handle: number, request: LayoutRequest | string, table?: string): string;
  /** Reruns start from the session's present state, not a fresh one (README: "base"). */
  base?(handle: number): boolean;
  close(handle: number): boolean;
}

/**
 * What cqlplay.layout(handle, request) asks for: the state after outcome
 * at of the last rerun, or after the -- @fill on line fill; the page's
 * bounds with the partitions open ("ks.t token", one a line); a
 * partition's next more rows in place of its gap.
 */
export interface LayoutRequest {
  form: string;
  table?: string;
  at?: number;
  fill?: number;
  bounded?: boolean;
  open?: string;
  partition?: string;
  more?: number;
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
