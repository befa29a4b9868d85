// Which text a playground's editor holds, and the bar that says so. The
// rules, stated here only:
//   - the editor opens with a share link's script when the URL carries one
//     for this figure, else the reader's saved edit (autosave.ts), else the
//     lesson's text; a read-only example always holds the lesson's text;
//   - an embed locked by its readonly parameter (embed.ts, data-locked)
//     holds the share link's script or the lesson's text, never the reader's
//     saved edit, and offers no Share, Open file or Reset;
//   - the saved edit is the example's on its page, or the one named by the
//     figure's data-key (the playground's, one for every language);
//   - a shared script's edits go to the URL (a reload keeps them) and leave
//     the reader's saved edit alone; any other edit is saved;
//   - Modified shows while the text differs from the lesson's (or, for a
//     share link, from the lesson's too); Older while the saved edit started
//     from another version of the lesson text;
//   - Reset leaves a share link's script for the reader's saved edit if there
//     is one, and otherwise goes to the lesson's text; Undo reset brings
//     back the whole text (and share link) from before the Reset, offered
//     until the reader edits the reset text.

import { editKey, flushEdits, loadEdit, saveEditSoon, type Saved } from "./autosave";
import type { Editor } from "./editor";
import { oneFile, sitePath } from "./onefile";
import { embedSnippet } from "./embedparams";
import { el } from "./results";
import { fitsLink, maxShared, scriptInFragment, shareURL } from "./share";
import type { UI } from "./types";

/** What an embed page adds to its playground's height: its margins and the link back (site.css body.embed). */
const embedChrome = 48;

export class ReaderEdit {
  /** The lesson's text of the example. */
  readonly original: string;
  /** The text the editor opens with. */
  readonly initial: string;
  private editor!: Editor;
  private readonly hash: string; // of the lesson's text, as saved edits record it
  private readonly key: string;
  private readonly index: number;
  private readonly readonly: boolean;
  private readonly locked: boolean; // an embed's readonly parameter
  private shared: boolean; // the editor holds a script from a share link (share.ts)
  private readonly modified: HTMLElement;
  private readonly older: HTMLElement;
  private readonly undo: HTMLButtonElement;
  // What Undo reset restores, and the text the Reset put in the editor:
  // an edit that leaves that text withdraws the offer.
  private beforeReset: { text: string; shared: boolean; url: string } | null = null;
  private resetTo: string | null = null;

  constructor(
    private readonly fig: HTMLElement,
    private readonly ui: UI,
    index: number,
    original: string,
    private readonly say: (status: string) => void,
  ) {
    this.original = original;
    this.hash = fig.dataset.hash ?? "";
    this.index = index;
    this.key = fig.dataset.key ? editKey(fig.dataset.key, 0) : editKey(sitePath(), index);
    this.readonly = fig.hasAttribute("data-readonly");
    this.locked = fig.hasAttribute("data-locked");
    const saved = this.readonly || this.locked ? null : this.load();
    // A script from a share link shows instead of the reader's saved edit,
    // which stays in storage: edits of the shared script go to the URL.
    const shared = this.readonly ? null : scriptInFragment(location.hash, fig.id);
    this.shared = shared !== null;
    this.initial = shared ?? (saved ? saved.text : original);
    this.modified = el("span", "pg-mod", this.shared ? ui.shared : ui.modified);
    this.older = el("span", "pg-older", ui.older);
    this.undo = button("pg-undo", ui.undoReset ?? "Undo reset", () => {
      this.undoReset();
      flushEdits();
    });
    this.undo.hidden = true;
    // On an embed page the fragment's script is the embed's own: no mark
    // says it came from a link (an edit of it shows the mark, and Reset).
    const embedded = document.body.classList.contains("embed");
    this.modified.hidden = this.shared ? shared === original || embedded : !saved || saved.text === original;
    this.older.hidden = this.shared || !saved || saved.base === this.hash;
  }

  /**
   * Fills the bar around status: the marks, then Share, Embed and Reset as
   * the example allows. The editor is the one opened with initial.
   */
  attach(editor: Editor, bar: Element, status: HTMLElement): void {
    this.editor = editor;
    const ui = this.ui;
    bar.append(this.modified, this.older, status);
    const edits = !this.readonly && !this.locked;
    if (edits) bar.append(button("pg-share", ui.share, () => this.share()));
    // An embed page holds one example already: it offers no embed of itself;
    // the one-file build has no embed pages.
    if (!document.body.classList.contains("embed") && !oneFile()) bar.append(button("pg-embed", ui.embed, () => this.embed()));
    if (edits) bar.append(button("pg-open", ui.openFile, () => this.openFile()));
    // Reset and its undo are clicks, not keystrokes: what they store is stored at once.
    const reset = button("pg-reset", ui.reset, () => {
      this.reset();
      flushEdits();
    });
    if (edits) bar.append(reset, this.undo);
    if (this.locked) bar.append(el("span", "pg-ro", ui.readonly));
    if (this.shared) this.fig.scrollIntoView(); // the fragment names no element the browser could scroll to
  }

  /** Keeps the editor's new text: in the URL for a shared script, else in storage. */
  changed(): void {
    const text = this.editor.value;
    if (this.resetTo !== null && text !== this.resetTo) {
      this.resetTo = null;
      this.beforeReset = null;
      this.undo.hidden = true;
    }
    this.modified.hidden = text === this.original;
    if (this.shared) {
      // The shared script's edits live in the URL, so a reload keeps them
      // and the reader's own saved edit of this example is left alone.
      history.replaceState(history.state, "", shareURL(this.fig.id, text));
      return;
    }
    const store = storage();
    if (store) saveEditSoon(store, this.key, this.hash, this.original, text);
  }

  private load(): Saved | null {
    flushEdits();
    const store = storage();
    return store && loadEdit(store, this.key);
  }

  private reset(): void {
    const before = { text: this.editor.value, shared: this.shared, url: location.href };
    if (this.shared) {
      // Out of the link's script, back to what the page shows without the
      // link: the reader's own saved edit if there is one (a second Reset
      // brings the lesson's text), else the lesson's text.
      this.shared = false;
      this.modified.textContent = this.ui.modified;
      history.replaceState(history.state, "", location.pathname + location.search);
      const saved = this.load();
      if (saved) {
        this.offerUndo(before, saved.text);
        this.editor.replaceAll(saved.text);
        this.older.hidden = saved.base === this.hash;
        return;
      }
    }
    if (this.editor.value === this.original) return;
    this.offerUndo(before, this.original);
    this.editor.replaceAll(this.original);
    this.older.hidden = true;
  }

  private offerUndo(before: { text: string; shared: boolean; url: string }, to: string): void {
    this.beforeReset = before;
    this.resetTo = to;
    this.undo.hidden = false;
  }

  /** Puts back the text (and the share link) a Reset replaced, as one edit. */
  private undoReset(): void {
    const b = this.beforeReset;
    this.beforeReset = null;
    this.resetTo = null;
    this.undo.hidden = true;
    if (!b) return;
    if (b.shared) {
      this.shared = true;
      this.modified.textContent = this.ui.shared;
      this.older.hidden = true;
      history.replaceState(history.state, "", b.url);
    }
    this.editor.replaceAll(b.text);
  }

  /**
   * Shows the script the page URL now shares for this playground, if any: a
   * share link opened on this very page changes only the fragment, which
   * reloads nothing (page.ts calls this on hashchange).
   */
  openShared(): void {
    if (this.readonly) return;
    const text = scriptInFragment(location.hash, this.fig.id);
    if (text === null || (this.shared && text === this.editor.value)) return;
    this.shared = true;
    this.modified.textContent = this.ui.shared;
    this.older.hidden = true;
    this.editor.replaceAll(text);
    this.fig.scrollIntoView();
  }

  /**
   * Shows, selected, and copies where the page may, the HTML of an iframe
   * holding this example alone (its embed page, build/sitegen/pages.go) with the
   * editor's script when it differs from the lesson's.
   */
  private embed(): void {
    const script = this.editor.value;
    const page = this.fig.dataset.embed ?? location.pathname + "embed/" + this.index + "/";
    const src = script === this.original ? location.origin + page : shareURL(this.fig.id, script, page);
    // The embed page is this playground alone (less a snippet shown by an
    // earlier click) plus a line linking back.
    const shown = this.fig.querySelector<HTMLElement>(".pg-snippet:not([hidden])")?.getBoundingClientRect().height ?? 0;
    const tall = this.fig.getBoundingClientRect().height - shown + embedChrome;
    const html = embedSnippet(src, "cqlplay: " + document.title, tall, location.origin);
    const field = this.snippetField(this.ui.embedHelp);
    field.value = html;
    field.hidden = false;
    field.focus();
    field.select();
    try {
      navigator.clipboard.writeText(html).then(
        () => this.say(this.ui.embedCopied),
        () => {},
      );
    } catch {
      // the snippet is shown, selected, for the reader to copy
    }
  }

  /** The bar's read-only field that shows a snippet or a link, labelled label. */
  private snippetField(label: string): HTMLInputElement {
    let field = this.fig.querySelector<HTMLInputElement>(".pg-snippet");
    if (!field) {
      field = document.createElement("input");
      field.className = "pg-snippet";
      field.readOnly = true;
      this.fig.querySelector(".pg-bar")!.append(field);
    }
    field.setAttribute("aria-label", label);
    return field;
  }

  /** Shows a link that downloads script as a .cql file (a blob: URL, made again each time). */
  private offerDownload(script: string): void {
    let a = this.fig.querySelector<HTMLAnchorElement>(".pg-download");
    if (!a) {
      a = el("a", "pg-download", this.ui.download);
      this.fig.querySelector(".pg-bar")!.append(a);
    } else URL.revokeObjectURL(a.href);
    a.href = URL.createObjectURL(new Blob([script], { type: "text/plain;charset=utf-8" }));
    a.download = (this.fig.id || "script") + ".cql";
    a.hidden = false;
  }

  /** Opens a .cql (or any text) file the reader picks into the editor, as one undoable edit. */
  private openFile(): void {
    const pick = document.createElement("input");
    pick.type = "file";
    pick.accept = ".cql,.txt,text/plain";
    pick.addEventListener("change", () => {
      const f = pick.files?.[0];
      if (!f) return;
      const fail = () => this.say(this.ui.openFailed.replace("{f}", f.name).replace("{kb}", String((4 * maxShared) / 1024)));
      if (f.size > 4 * maxShared) return fail();
      f.text().then((text) => {
        if (text.includes("\u0000")) return fail();
        this.editor.replaceAll(text);
        this.say("");
      }, fail);
    });
    pick.click();
  }

  /**
   * Puts a link to this playground with its script in the address bar, and
   * on the clipboard when the page may write it. A script too long for a
   * link is offered as a .cql file instead; inside another page's iframe the
   * address bar is that page's, so the link is shown in a field.
   */
  private share(): void {
    const ui = this.ui;
    const script = this.editor.value;
    if (!fitsLink(script)) {
      this.say(ui.shareTooLong.replace("{kb}", String(maxShared / 1024)));
      this.offerDownload(script);
      return;
    }
    const url = shareURL(this.fig.id, script);
    if (inFrame()) {
      const field = this.snippetField(ui.share);
      field.value = url;
      field.hidden = false;
      field.focus();
      field.select();
      this.say(ui.shareInField);
      return;
    }
    history.replaceState(history.state, "", url);
    try {
      navigator.clipboard.writeText(url).then(
        () => this.say(ui.shareCopied),
        () => this.say(ui.shareInURL),
      );
    } catch {
      this.say(ui.shareInURL);
    }
  }
}

/** Whether the page is inside another page's frame (an embed). */
function inFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** The page's localStorage, or null where the page may not use it (a sandboxed iframe). */
function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

function button(cls: string, text: string, onClick: () => void): HTMLButtonElement {
  const b = el("button", cls, text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}
