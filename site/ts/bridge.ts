// The fallback loader of the engine module, used when wasm/ ships no
// JavaScript module of its own (the build aliases "cqlplay-bridge" to
// wasm/cqlplay.mjs when it exists). It has the same shape: load(url)
// instantiates the module, starts the Go program and resolves to the API the
// program installs as globalThis.cqlplay. wasm_exec.js must be loaded first.

export interface Bridge {
  open(options?: string): number;
  run(handle: number, script: string): string;
  layout(handle: number, form: string, table?: string): string;
  close(handle: number): boolean;
}

declare const Go: new () => { importObject: WebAssembly.Imports; run(i: WebAssembly.Instance): Promise<void> };

export async function load(url: string): Promise<Bridge> {
  const g = globalThis as unknown as { cqlplay?: Bridge; onCqlplayReady?: () => void };
  const go = new Go();
  const ready = new Promise<void>((resolve) => {
    g.onCqlplayReady = resolve;
  });
  let instance: WebAssembly.Instance;
  try {
    instance = (await WebAssembly.instantiateStreaming(fetch(url), go.importObject)).instance;
  } catch {
    // A host serving the wrong Content-Type breaks streaming; bytes still work.
    const bytes = await (await fetch(url)).arrayBuffer();
    instance = (await WebAssembly.instantiate(bytes, go.importObject)).instance;
  }
  void go.run(instance);
  if (!g.cqlplay) await ready;
  return g.cqlplay!;
}
