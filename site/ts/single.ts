// The router of the one-file build (build/sitegen/single.go): the file holds every
// page of the site, each the body the site's own templates rendered, with
// its language and title, as gzipped JSON in base64 in a <script
// type="text/plain" data-path="/en/ttl/">, and the widget's and the
// reader's strings once per language, in a <script type="application/json"
// data-ui="en"> and data-reader="en", the search index once per language, gzipped
// in base64, in a <script type="text/plain" data-search="en">. This script, run as
// the file's body is parsed and before the page's script (page.ts), shows
// the one the address's ?page= query names (the English index without one,
// the 404 page for one the file does not hold); page.ts and the head script
// wait for it (pageShown, onefile.ts). Links between pages were rewritten
// to ?page= queries by the build, so a lesson is a page load of the same
// file and page.ts boots it as it boots a lesson of the site; fragments
// (headings, share links) keep their meaning.
//
// The engine's worker is the source in the file's script#cqlplay-worker
// element, started from a blob: URL: a worker from file:// may not load a
// script file. A page with playgrounds gets that URL in its body's
// data-worker, where page.ts looks for it.

/** A page as the build packs it (build/sitegen/single.go sitePage). */
interface Packed {
  lang: string;
  title: string;
  body: string;
}

const pages = [...document.querySelectorAll<HTMLScriptElement>("script[type='text/plain'][data-path]")];
const asked = new URLSearchParams(location.search).get("page") || "/en/";
const chosen = pages.find((t) => t.dataset.path === asked) ?? pages.find((t) => t.dataset.path === "/404.html") ?? pages[0];
const packed = "data:application/gzip;base64," + chosen.text;
const path = chosen.dataset.path!;
const source = document.getElementById("cqlplay-worker")?.textContent ?? "";
for (const t of pages) t.remove(); // the other pages are not needed again
document.getElementById("cqlplay-worker")?.remove();

(globalThis as { cqlplayShown?: Promise<void> }).cqlplayShown = fetch(packed)
  .then((r) => new Response(r.body!.pipeThrough(new DecompressionStream("gzip"))).json())
  .then((page: Packed) => {
    const body = document.body;
    document.documentElement.lang = page.lang;
    document.title = page.title;
    body.dataset.ui = [...document.querySelectorAll<HTMLScriptElement>("script[data-ui]")].find((s) => s.dataset.ui === page.lang)?.text ?? "{}";
    body.dataset.reader = [...document.querySelectorAll<HTMLScriptElement>("script[data-reader]")].find((s) => s.dataset.reader === page.lang)?.text ?? "{}";
    body.dataset.path = path;
    // The build's own markup for this page, the same the site serves at its
    // path; never a string from the address or from storage.
    const markup = document.createElement("template");
    markup.innerHTML = page.body;
    body.prepend(markup.content);
    // The header's search box reads its language's index from a data: URL
    // (searchbox.ts, unpacked); without one it stays hidden.
    const box = body.querySelector<HTMLElement>(".search[data-index]");
    const index = [...document.querySelectorAll<HTMLScriptElement>("script[data-search]")].find((s) => s.dataset.search === page.lang);
    if (box && index) box.dataset.index = "data:application/gzip;base64," + index.text;
    else box?.removeAttribute("data-index");
    for (const s of document.querySelectorAll("script[data-search]")) s.remove();
    performance.mark("pg-page-shown");
    if (body.querySelector("figure.pg")) {
      body.dataset.worker = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      body.dataset.wasm = "inline";
    }
  });
