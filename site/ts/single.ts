// The router of the one-file build (build/single.go): the file holds every
// page of the site, each the body the site's own templates rendered, as text
// in a <script type="text/html" data-path="/en/ttl/">; this script, run as
// the file's body is parsed and before the page's script (page.ts), shows
// the one the address's ?page= query names (the English index without one,
// the 404 page for one the file does not hold). Links between pages were
// rewritten to ?page= queries by the build, so a lesson is a page load of
// the same file and page.ts boots it as it boots a lesson of the site;
// fragments (headings, share links) keep their meaning.
//
// The engine's worker is the source in the file's script#cqlplay-worker
// element, started from a blob: URL: a worker from file:// may not load a
// script file. A page with playgrounds gets that URL in its body's
// data-worker, where page.ts looks for it.

const pages = [...document.querySelectorAll<HTMLScriptElement>("script[type='text/html'][data-path]")];
const asked = new URLSearchParams(location.search).get("page") || "/en/";
const page = pages.find((t) => t.dataset.path === asked) ?? pages.find((t) => t.dataset.path === "/404.html") ?? pages[0];

const root = document.documentElement;
const body = document.body;
root.lang = page.dataset.lang ?? "en";
document.title = page.dataset.title ?? "cqlplay";
body.dataset.ui = page.dataset.ui ?? "{}";
body.dataset.path = page.dataset.path;
// The build's own markup for this page, the same bytes the site serves at
// its path; never a string from the address or from storage.
const markup = document.createElement("template");
markup.innerHTML = page.text;
body.insertBefore(markup.content, pages[0]);
for (const t of pages) t.remove(); // the other pages' markup is not needed again

const source = document.getElementById("cqlplay-worker");
if (source && body.querySelector("figure.pg")) {
  body.dataset.worker = URL.createObjectURL(new Blob([source.textContent ?? ""], { type: "text/javascript" }));
  body.dataset.wasm = "inline";
}
source?.remove();
