// Share links: a playground's script travels in the page URL's fragment,
// "#<figure id>=<base64url of its UTF-8>", so a link reproduces the
// playground with no server. The fragment is never sent to the server, and
// what it carries only ever becomes the editor's text: it is treated as text
// everywhere, as a script typed by the reader is.

import { pageAddress } from "./onefile";

/** A shared script longer than this is ignored (a URL this long is not a link anyone shares). */
export const maxShared = 256 * 1024;

/** Whether a link can carry script: its UTF-8 is at most maxShared bytes (what scriptInFragment accepts). */
export function fitsLink(script: string): boolean {
  return new TextEncoder().encode(script).length <= maxShared;
}

/** The script the page URL shares for the figure with this id, or null. */
export function sharedScript(id: string): string | null {
  return scriptInFragment(location.hash, id);
}

/**
 * The script a URL fragment ("#id=...", or without its "#") shares for the
 * figure with this id, or null: another figure's, too long, not base64url,
 * or not UTF-8.
 */
export function scriptInFragment(fragment: string, id: string): string | null {
  const hash = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  const eq = hash.indexOf("=");
  if (eq < 0 || hash.slice(0, eq) !== id) return null;
  const b64 = hash.slice(eq + 1);
  if (b64.length > (maxShared * 4) / 3 + 4 || !/^[A-Za-z0-9_-]*$/.test(b64)) return null;
  try {
    const bin = atob(b64.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null; // not base64, or not UTF-8: the lesson's own text
  }
}

/** The link that shares script for the figure with this id, on this page (or another page of the site). */
export function shareURL(id: string, script: string, path?: string): string {
  return (path === undefined ? pageAddress() : location.origin + path) + shareFragment(id, script);
}

/** The fragment that shares script for the figure with this id: "#id=" and its UTF-8 in base64url, unpadded. */
export function shareFragment(id: string, script: string): string {
  const bytes = new TextEncoder().encode(script);
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const b64 = btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return "#" + id + "=" + b64;
}
