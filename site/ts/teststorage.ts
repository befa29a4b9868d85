/** A Storage over a Map, for the unit tests of the code that keeps the
 * reader's edits and progress (autosave.test.ts, progress.test.ts): `m` is
 * what it holds, `init` what it starts with. Not part of the page. */
export function memoryStorage(init: Record<string, string> = {}): Storage & { m: Map<string, string> } {
  const m = new Map<string, string>(Object.entries(init));
  return {
    m,
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    key: (i: number) => [...m.keys()][i] ?? null,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}
