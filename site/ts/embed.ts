// What an embed page does beyond the widget (docs/embedding.md): its query's
// readonly and view parameters (embedparams.ts; head.ts applies theme and
// lang), and its height, posted to the page that frames it so that a few
// lines of script there can size the iframe to fit.

import { embedParams, heightMessage } from "./embedparams";

/** Applies the page's readonly and view parameters to fig, before its widget is built. */
export function applyEmbedParams(fig: HTMLElement): void {
  const tabs = [...fig.querySelectorAll<HTMLElement>('[role="tab"]')];
  const p = embedParams(location.search, tabs.map((t) => t.dataset.view ?? ""), []);
  if (p.readonly) fig.setAttribute("data-locked", "");
  if (p.view) for (const t of tabs) t.setAttribute("aria-selected", String(t.dataset.view === p.view));
}

/**
 * Posts {type: "cqlplay:height", height} to the framing page now and after
 * every change of the page's height (a run, a tab, the editor growing). The
 * message says nothing but a height, so any page may have it ("*").
 */
export function postHeight(): void {
  if (window.parent === window) return;
  let last = -1;
  const send = () => {
    const h = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (h === last) return;
    last = h;
    window.parent.postMessage({ type: heightMessage, height: h }, "*");
  };
  new ResizeObserver(send).observe(document.documentElement);
  send();
}
