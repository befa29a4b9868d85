// The one-file build (`go run ./build -single`, build/single.go): the whole
// site in one HTML file that opens from file://. The page's own scripts run
// unchanged there; what differs is answered here, once:
//   - every page of the site is in the file, and the file shows the one its
//     ?page= query names (single.ts), whose site path the body's data-path
//     holds: autosaved edits are keyed by that path, as on the site, so the
//     lessons of the file never share an edit;
//   - a share link is the file's own address with its ?page= query;
//   - the engine's .wasm is in the worker's script, as a data: URL of its
//     gzip (file:// has no Content-Encoding), decompressed as it compiles.

/** Whether the page is the one-file build's (single.ts marks the body). */
export function oneFile(): boolean {
  return document.body.dataset.path !== undefined;
}

/** The page's path on the site: "/en/ttl/" on the site and in the one-file build alike. */
export function sitePath(): string {
  return document.body.dataset.path ?? location.pathname;
}

/** The page's address without its fragment: where a share link points. */
export function pageAddress(): string {
  return oneFile() ? location.href.split("#")[0] : location.origin + location.pathname;
}

/**
 * Settles once the page's markup is in place: at once on the site; in the
 * one-file build once single.ts has unpacked the page the address names
 * (after the document is parsed: DOMContentLoaded comes before it).
 */
export function pageShown(): Promise<void> {
  return (globalThis as { cqlplayShown?: Promise<void> }).cqlplayShown ?? Promise.resolve();
}

/** The media type of the one-file build's engine: a data: URL of the .wasm's gzip. */
export const gzipEngine = "data:application/gzip;base64,";

/**
 * What the bridge loads the engine from: its URL, or for the one-file
 * build's data: URL a response that streams the decompressed module, so
 * that it still compiles while it arrives.
 */
export function engineSource(url: string): string | Promise<Response> {
  if (!url.startsWith(gzipEngine)) return url;
  return fetch(url).then((r) => new Response(r.body!.pipeThrough(new DecompressionStream("gzip")), { headers: { "Content-Type": "application/wasm" } }));
}
