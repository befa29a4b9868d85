// The reader's own features on the page, kept in this browser only
// (progress.ts states the rules): on a lesson, its progress line, the
// Solved mark of each solved exercise, the read mark once the reader reaches
// the end, and where the reader is (the heading they are under); on the
// index, each lesson's mark, the totals, "continue where you left off", and
// export and import of progress and edits. The search box is searchbox.ts.
// Everything read from storage or a file is drawn as text.

import { flushEdits } from "./autosave";
import {
  applyImport,
  collectEdits,
  continueHref,
  exportFile,
  exportName,
  lessonState,
  loadProgress,
  markRead,
  markSolved,
  maxFileBytes,
  progressKey,
  readFile,
  saveProgress,
  solvedIn,
  type Progress,
} from "./progress";
import { pageHref, sitePath } from "./onefile";
import { startSearch } from "./searchbox";

/** The reader's features' strings (build/ui Reader), generated with the fields' JSON names. */
import type { ReaderUI } from "./contract.gen";
export type { ReaderUI };

/** The page's localStorage, or null where the page may not use it. */
function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

function fill(s: string, vals: Record<string, string | number>): string {
  return s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vals ? String(vals[k]) : m));
}

export function startReader(): void {
  let ui: ReaderUI;
  try {
    ui = JSON.parse(document.body.dataset.reader ?? "") as ReaderUI;
  } catch {
    return;
  }
  startSearch(ui);
  const s = storage();
  if (!s) return;
  const line = document.querySelector<HTMLElement>(".lesson-progress[data-slug]");
  if (line) lessonPage(s, ui, line);
  const section = document.querySelector<HTMLElement>("section.progress");
  if (section) indexPage(s, ui, section);
}

/** Changes the stored progress (read afresh: another tab may have written) and redraws when it changed. */
function updater(s: Storage, draw: () => void) {
  return (change: (p: Progress) => boolean) => {
    const p = loadProgress(s);
    if (change(p) && saveProgress(s, p)) draw();
  };
}

/** A heading's text without its anchor link. */
function headingText(h: Element): string {
  let t = "";
  for (const n of h.childNodes) if (!(n instanceof Element && n.classList.contains("anchor"))) t += n.textContent ?? "";
  return t.trim();
}

function lessonPage(s: Storage, ui: ReaderUI, line: HTMLElement): void {
  const slug = line.dataset.slug ?? "";
  const exercises = Number(line.dataset.exercises) || 0;
  const draw = () => {
    const p = loadProgress(s);
    const state = lessonState(p, slug, exercises);
    let text = state === "none" ? ui.lessonUnread : ui.lessonRead;
    if (exercises > 0) {
      const count = fill(ui.exCount, { n: Math.min(solvedIn(p, slug), exercises), m: exercises });
      text = fill(ui.lessonLine, { state: text, count });
    }
    if (line.textContent !== text) line.textContent = text;
    line.dataset.state = state;
    line.hidden = false;
    for (const fig of document.querySelectorAll<HTMLElement>("figure.pg[data-exercise]")) {
      const solved = p.solved[slug + "#" + fig.dataset.index] !== undefined;
      let mark = fig.querySelector<HTMLElement>(".pg-solved");
      if (solved && !mark) {
        mark = document.createElement("span");
        mark.className = "pg-solved";
        mark.textContent = ui.solved;
        fig.querySelector(".pg-version")?.after(mark);
      } else if (!solved) mark?.remove();
      fig.toggleAttribute("data-solved", solved);
    }
  };
  const update = updater(s, draw);
  draw();

  // Read: the end of the lesson came into view.
  const end = document.querySelector("nav.pager") ?? line.closest("article")?.lastElementChild;
  if (end && "IntersectionObserver" in window) {
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        update((p) => markRead(p, slug, Date.now()));
      }
    });
    io.observe(end);
  }

  // Solved: an exercise's checks all pass (exercise.ts says so after each run).
  document.addEventListener("pg-checks", (e) => {
    const { passed, total } = (e as CustomEvent<{ passed: number; total: number }>).detail;
    const fig = (e.target as Element).closest<HTMLElement>("figure.pg");
    if (!fig || total === 0 || passed !== total) return;
    update((p) => markSolved(p, slug, Number(fig.dataset.index), Date.now()));
  });

  // Where the reader is: the last heading above the upper third of the window.
  const article = line.closest("article");
  const title = article?.querySelector("h1")?.textContent?.trim() ?? document.title;
  const headings = [...(article?.querySelectorAll<HTMLElement>("h2[id], h3[id]") ?? [])];
  let at = "\u0000";
  let pending = false;
  const where = () => {
    pending = false;
    let cur: HTMLElement | null = null;
    const limit = innerHeight / 3;
    for (const h of headings) {
      if (h.getBoundingClientRect().top > limit) break;
      cur = h;
    }
    const id = cur?.id ?? "";
    if (id === at) return;
    at = id;
    update((p) => {
      p.last = { path: sitePath(), id, title, heading: cur ? headingText(cur) : "", at: Date.now() };
      return true;
    });
  };
  addEventListener(
    "scroll",
    () => {
      if (!pending) {
        pending = true;
        requestAnimationFrame(where);
      }
    },
    { passive: true },
  );
  requestAnimationFrame(where);
  addEventListener("storage", (e) => {
    if (e.key === progressKey || e.key === null) draw();
  });
}

function indexPage(s: Storage, ui: ReaderUI, section: HTMLElement): void {
  const items = [...document.querySelectorAll<HTMLElement>(".lesson-list li[data-slug]")];
  // A returning reader's way back sits on the first screen, with a line of
  // progress; the card with the whole summary and the export is below the course.
  const cont = document.querySelector<HTMLElement>(".continue")!;
  const contSum = cont.querySelector<HTMLElement>(".continue-sum");
  const sum = section.querySelector<HTMLElement>(".progress-sum")!;
  const msg = section.querySelector<HTMLElement>(".io-msg")!;
  const draw = () => {
    const p = loadProgress(s);
    let read = 0;
    let solved = 0;
    let exercises = 0;
    for (const li of items) {
      const slug = li.dataset.slug ?? "";
      const m = Number(li.dataset.exercises) || 0;
      const n = Math.min(solvedIn(p, slug), m);
      const state = lessonState(p, slug, m);
      const mark = li.querySelector<HTMLElement>(".mark");
      if (mark) {
        const parts: string[] = [];
        if (state !== "none") parts.push(state === "done" ? ui.done : ui.read);
        if (m > 0 && (n > 0 || state !== "none")) parts.push(fill(ui.exCount, { n, m }));
        const text = parts.join(" · ");
        if (mark.textContent !== text) mark.textContent = text;
        mark.hidden = text === "";
      }
      li.dataset.state = state;
      if (state !== "none") read++;
      solved += n;
      exercises += m;
    }
    sum.textContent = fill(ui.summary, { read, total: items.length, solved, exercises });
    if (contSum) contSum.textContent = `(${sum.textContent})`;
    const href = continueHref(p.last);
    const a = cont.querySelector("a")!;
    if (href && p.last) {
      a.href = pageHref(href);
      // The lesson may be in the other language: say so (screen readers, fonts).
      const lang = p.last.path.startsWith("/zh/") ? "zh-Hans" : "en"; // as base.html's <html lang>
      if (lang === document.documentElement.lang) a.removeAttribute("lang");
      else a.lang = lang;
      a.textContent = p.last.heading ? `${p.last.title} — ${p.last.heading}` : p.last.title || p.last.path;
    }
    cont.hidden = !href;
    section.hidden = false;
  };
  draw();
  addEventListener("storage", (e) => {
    if (e.key === progressKey || e.key === null) draw();
  });

  section.querySelector(".export")?.addEventListener("click", () => {
    flushEdits(); // the edit of a playground on this page, typed a moment ago
    const now = new Date();
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([exportFile(loadProgress(s), collectEdits(s), now)], { type: "application/json" }));
    a.download = exportName(now);
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
  });

  const input = section.querySelector<HTMLInputElement>('input[type="file"]');
  const say = (text: string, ok: boolean) => {
    msg.textContent = text;
    msg.dataset.state = ok ? "ok" : "error";
  };
  input?.addEventListener("change", async () => {
    const file = input.files?.[0];
    input.value = ""; // the same file may be chosen again
    if (!file) return;
    const why = (w: string, what = "") => say(fill(ui.badFile, { why: fill(ui[w as keyof ReaderUI] ?? w, { what }) }), false);
    if (file.size > maxFileBytes) return why("tooBig");
    let text: string;
    try {
      text = await file.text();
    } catch {
      return why("notJSON");
    }
    const r = readFile(text);
    if ("why" in r) return why(r.why, r.what);
    flushEdits(); // first: a pending edit written later would overwrite the imported one
    if (!applyImport(s, r)) return say(ui.storeFailed, false);
    say(fill(ui.imported, { read: Object.keys(r.progress.read).length, solved: Object.keys(r.progress.solved).length, edits: Object.keys(r.edits).length }), true);
    draw();
  });
}
