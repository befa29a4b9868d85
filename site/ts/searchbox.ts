// The header's search box: a combobox (WAI-ARIA) over the lessons of the
// page's language. The index (build/sitegen/search.go) is fetched when the box is
// first used, from /assets/, which the service worker keeps for offline
// use (in the one-file build, from the data: URL single.ts gives the box); matching and ranking are search.ts's. Keys: / (outside a text field)
// goes to the box; Down and Up choose a result; Enter opens the chosen one
// (the first when none is); Esc closes the list, and a second Esc clears the
// box. Results are drawn as text.

import { pageHref, unpacked } from "./onefile";
import { isLessonPath } from "./progress";
import type { ReaderUI } from "./contract.gen";
import { prepare, search, terms, type Prepared, type SearchIndex } from "./search";

export function startSearch(ui: ReaderUI): void {
  const box = document.querySelector<HTMLElement>(".search[data-index]");
  if (!box) return;
  const input = box.querySelector<HTMLInputElement>("input")!;
  const panel = box.querySelector<HTMLElement>(".search-results")!;
  const status = box.querySelector<HTMLElement>(".search-status")!;
  const list = box.querySelector<HTMLElement>('[role="listbox"]')!;
  let index: Promise<Prepared> | null = null;
  let active = -1;
  let seq = 0;

  const load = (): Promise<Prepared> =>
    (index ??= unpacked(box.dataset.index!, "application/json")
      .then((r) => {
        if (!r.ok) throw new Error(String(r.status));
        return r.json() as Promise<SearchIndex>;
      })
      .then(prepare)
      .catch((e: unknown) => {
        index = null; // try again on the next keystroke
        throw e;
      }));

  const options = () => [...list.querySelectorAll<HTMLElement>('[role="option"]')];

  const close = () => {
    panel.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  };

  const choose = (i: number) => {
    const opts = options();
    opts.forEach((o, k) => o.setAttribute("aria-selected", String(k === i)));
    active = i;
    if (i < 0 || !opts[i]) {
      input.removeAttribute("aria-activedescendant");
      return;
    }
    input.setAttribute("aria-activedescendant", opts[i].id);
    opts[i].scrollIntoView({ block: "nearest" });
  };

  const render = async () => {
    const q = input.value;
    const mine = ++seq;
    if (terms(q).length === 0) {
      list.replaceChildren();
      status.textContent = "";
      close();
      return;
    }
    let p: Prepared;
    try {
      p = await load();
    } catch {
      if (mine !== seq) return;
      list.replaceChildren();
      status.textContent = ui.searchFailed;
      panel.hidden = false;
      return;
    }
    if (mine !== seq) return;
    const { hits, total } = search(p, q);
    const items = hits
      .filter((h) => isLessonPath(h.href.split("#")[0]))
      .map((h, i) => {
        const li = document.createElement("li");
        li.id = "search-opt-" + i;
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", "false");
        const a = document.createElement("a");
        a.href = pageHref(h.href);
        a.tabIndex = -1;
        const where = document.createElement("span");
        where.className = "search-where";
        where.textContent = `${h.number}. ${h.lesson}`;
        const head = document.createElement("span");
        head.className = "search-head";
        head.textContent = h.heading || ui.searchIntro;
        const snip = document.createElement("span");
        snip.className = "search-snip";
        for (const piece of h.snippet) {
          if (piece.mark) {
            const m = document.createElement("mark");
            m.textContent = piece.text;
            snip.append(m);
          } else snip.append(piece.text);
        }
        a.append(head, where, snip);
        li.append(a);
        return li;
      });
    list.replaceChildren(...items);
    let text = total === 0 ? ui.searchNone.replace("{q}", q.trim()) : ui.searchCount.replace("{n}", String(total));
    if (total > hits.length) text += ui.searchMore.replace("{shown}", String(hits.length));
    status.textContent = text;
    panel.hidden = false;
    input.setAttribute("aria-expanded", String(items.length > 0));
    choose(-1);
  };

  input.addEventListener("focus", () => {
    void load().catch(() => {});
    if (input.value && panel.hidden) void render();
  });
  input.addEventListener("input", () => void render());
  input.addEventListener("keydown", (e) => {
    const n = options().length;
    switch (e.key) {
      case "ArrowDown":
      case "ArrowUp":
        e.preventDefault();
        if (panel.hidden) {
          void render();
          return;
        }
        if (n > 0) choose(e.key === "ArrowDown" ? (active + 1) % n : active <= 0 ? n - 1 : active - 1);
        return;
      case "Enter": {
        const opt = options()[Math.max(active, 0)];
        const a = opt?.querySelector("a");
        if (!a || panel.hidden) return;
        e.preventDefault();
        close();
        location.assign(a.href);
        return;
      }
      case "Escape":
        if (!panel.hidden) close();
        else input.value = "";
        e.preventDefault();
        return;
    }
  });
  list.addEventListener("click", (e) => {
    if ((e.target as Element).closest("a")) close();
  });
  box.addEventListener("focusout", (e) => {
    if (!box.contains(e.relatedTarget as Node | null)) close();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const t = e.target as HTMLElement;
    if (t.closest("input, textarea, select, [contenteditable]")) return;
    e.preventDefault();
    input.focus();
  });
  box.hidden = false;
}
