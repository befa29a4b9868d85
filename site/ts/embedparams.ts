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
