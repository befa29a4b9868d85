// The service worker: once a lesson has been visited, every page and asset of
// the site is kept in the Cache API, so lessons open and their playgrounds
// run with no network (docs/site.md, "Offline").
//
// The build writes this file to /sw.js (its scope is the whole site) with
// CQLPLAY_CACHE, named by a hash of everything it lists, and
// CQLPLAY_PRECACHE, the URL path of every page and asset. A new build is a new
// cache: it is filled on install, and the old one deleted on activate.
//
// Pages are fetched from the network first (a deploy shows at once) and from
// the cache when the network fails; assets, whose names carry their content
// hash, come from the cache first, except the engine's module, which comes
// from the HTTP cache first (httpCacheFirst).

declare const CQLPLAY_CACHE: string;
declare const CQLPLAY_PRECACHE: string[];

interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response>): void;
}
const sw = self as unknown as {
  addEventListener(type: "install" | "activate", f: (e: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", f: (e: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
};

sw.addEventListener("install", (e) => {
  e.waitUntil(
    caches
      .open(CQLPLAY_CACHE)
      .then((c) => c.addAll(CQLPLAY_PRECACHE))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("cqlplay-") && k !== CQLPLAY_CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener("fetch", (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== sw.location.origin) return;
  if (url.pathname.startsWith("/assets/") && url.pathname.endsWith(".wasm")) e.respondWith(httpCacheFirst(req));
  else if (url.pathname.startsWith("/assets/")) e.respondWith(cacheFirst(req));
  else e.respondWith(networkFirst(req));
});

async function cacheFirst(req: Request): Promise<Response> {
  const hit = await caches.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) {
    const copy = res.clone();
    caches.open(CQLPLAY_CACHE).then((c) => c.put(req, copy));
  }
  return res;
}

/**
 * The engine's module comes through the browser's HTTP cache (where it is
 * immutable for a year, so no request leaves the machine), and from this
 * worker's cache only when that fails. Chromium keeps V8's compiled and
 * optimised code for a module beside its HTTP cache entry, not beside a
 * Cache API one: served from the Cache API, every visit compiled the module
 * again and spent seconds of a core optimising it again (traced: no
 * wasm.Deserialize on a second visit; with this, one).
 */
async function httpCacheFirst(req: Request): Promise<Response> {
  let res: Response | undefined;
  let failure: unknown;
  try {
    res = await fetch(req);
    if (res.ok) return res;
  } catch (err) {
    failure = err; // offline, and the HTTP cache no longer has it: the Cache API copy below
  }
  const hit = await caches.match(req);
  if (hit) return hit;
  if (res) return res; // the server's status, for the page to report
  throw failure;
}

async function networkFirst(req: Request): Promise<Response> {
  try {
    const res = await fetch(req);
    if (res.ok) {
      const copy = res.clone();
      caches.open(CQLPLAY_CACHE).then((c) => c.put(req, copy));
    }
    return res;
  } catch (err) {
    // Offline: the page as last seen; a query string (?debounce=...) does not
    // make another page.
    const hit = await caches.match(req, { ignoreSearch: true });
    if (hit) return hit;
    throw err;
  }
}
