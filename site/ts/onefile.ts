// The one-file build (`go run ./build -single`, build/sitegen/single.go): the whole
// site in one HTML file that opens from file://. The page's own scripts run
// unchanged there; what differs is answered here, once:
//   - every page of the site is in the file, and the file shows the one its
//     ?page= query names (single.ts), whose site path the body's data-path
//     holds: autosaved edits are keyed by that path, as on the site, so the
//     lessons of the file never share an edit;
//   - a share link is the file's own address with its ?page= query, and so
//     are the links script draws (search results, "continue"): pageHref;
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

/** A link to the site's page at path (fragment and all): the path, or in the one-file build the file's ?page= query for it. */
export function pageHref(path: string): string {
  return oneFile() ? "?page=" + path : path;
}

/** The start of the one-file build's data: URLs of gzip: the engine's .wasm, the search indexes. */
export const gzipEngine = "data:application/gzip;base64,";

/**
 * Fetches url; a data: URL of gzip (the one-file build's) is decompressed
 * as it arrives, and answered as contentType.
 */
export function unpacked(url: string, contentType: string): Promise<Response> {
  if (!url.startsWith(gzipEngine)) return fetch(url);
  return fetch(url).then((r) => new Response(r.body!.pipeThrough(new DecompressionStream("gzip")), { headers: { "Content-Type": contentType } }));
}

/**
 * What the bridge loads the engine from: its URL, or for the one-file
 * build's data: URL a response that streams the decompressed module, so
 * that it still compiles while it arrives.
 */
export function engineSource(url: string): string | Promise<Response> {
  return url.startsWith(gzipEngine) ? unpacked(url, "application/wasm") : url;
}
