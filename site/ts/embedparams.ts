// The parameters of an embed page's query (docs/embedding.md), read as text
// and validated: a value the page does not know is ignored, never used.
//   readonly=1|true|yes  the editor cannot be edited, and the bar offers no
//                        Share, Open file or Reset
//   theme=light|dark     the palette, whatever the reader chose on the site
//   view=<tab>           the tab open first (results, storage, ...); a tab
//                        the playground lacks leaves its default open
//   lang=<language>      the same embed in another of the site's languages
// The script comes in the share fragment ("#ex-N=<base64url>", share.ts).

/** The message an embed page posts to its parent with its height in CSS pixels. */
export const heightMessage = "cqlplay:height";

export interface EmbedParams {
  readonly: boolean;
  theme: "light" | "dark" | null;
  view: string | null;
  lang: string | null;
}

/** The parameters of search (location.search); views and langs are what the page has. */
export function embedParams(search: string, views: readonly string[], langs: readonly string[]): EmbedParams {
  const q = new URLSearchParams(search);
  const ro = (q.get("readonly") ?? "no").toLowerCase();
  const theme = q.get("theme");
  const view = q.get("view");
  const lang = q.get("lang");
  return {
    readonly: ro === "" || ro === "1" || ro === "true" || ro === "yes",
    theme: theme === "light" || theme === "dark" ? theme : null,
    view: view !== null && views.includes(view) ? view : null,
    lang: lang !== null && langs.includes(lang) ? lang : null,
  };
}

/**
 * The path of the same embed page in language lang, or null when path is
 * already in it or starts with no language of langs: the site's pages in
 * each language differ only in their first segment (/en/x/embed/1/).
 */
export function pathInLang(path: string, lang: string, langs: readonly string[]): string | null {
  const m = /^\/([^/]+)(\/.*)$/.exec(path);
  if (!m || m[1] === lang || !langs.includes(m[1]) || !langs.includes(lang)) return null;
  return "/" + lang + m[2];
}

/** Bounds of the height an embed snippet starts with, in CSS pixels. */
export const minEmbedHeight = 320;
export const maxEmbedHeight = 2000;

/**
 * The HTML the Embed button copies: an iframe already as tall as the
 * playground it shows (where the host strips scripts, as most wikis do, that
 * height stays), then the lines that keep it fitted where scripts run
 * (docs/embedding.md, "Fitting the frame", word for word but the origin).
 * src, title and origin are escaped for the attribute and the script string.
 */
export function embedSnippet(src: string, title: string, height: number, origin: string): string {
  const attr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const h = Math.round(Math.min(Math.max(height, minEmbedHeight), maxEmbedHeight));
  const site = JSON.stringify(origin).replace(/</g, "\\u003c");
  return (
    `<iframe src="${attr(src)}" title="${attr(title)}" width="100%" height="${h}" style="border:0" loading="lazy"></iframe>\n` +
    resizeScript.replace('"https://cqlplay.example"', site)
  );
}

/** The framing page's resizer, as docs/embedding.md shows it (a test compares them). */
export const resizeScript = `<script>
addEventListener("message", function (e) {
  var site = "https://cqlplay.example", d = e.data;
  if (e.origin !== site || !d || d.type !== "cqlplay:height" || typeof d.height !== "number" || !isFinite(d.height)) return;
  document.querySelectorAll("iframe").forEach(function (f) {
    if (f.contentWindow === e.source) f.style.height = Math.min(Math.max(Math.ceil(d.height), 50), 20000) + "px";
  });
});
</script>`;
