// A light code editor: a transparent <textarea> over a coloured <pre>, with a
// gutter of line numbers. The textarea keeps everything browsers do well
// (caret, selection, IME, native undo, screen readers); the pre only paints.
// Text changes go through document.execCommand("insertText") so that Tab,
// completion and Reset stay on the native undo stack.

import { escapeHTML, Highlighter, type Mark } from "./highlight";
import { mark, measure } from "./timing";

const maxHighlight = 100_000;
/** replaceAll uses the browser's undoable insertText up to this many lines (a lesson's example is under 40). */
const nativeLines = 60;

function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

export interface LineMark {
  line: number; // 1-based
  title: string;
}

export interface EditorOptions {
  text: string;
  readonly: boolean;
  label: string;
  help: string;
  onChange: () => void;
  onRunNow: () => void;
  onCaret: (line: number) => void;
  /** The reader is typing a name: completion wants the current names (see setNames). */
  onWord: () => void;
}

let helpSeq = 0;

export class Editor {
  readonly root: HTMLElement;
  readonly input: HTMLTextAreaElement;
  private code: HTMLElement;
  private gutter: HTMLElement;
  private marks: Mark[] = [];
  private lineMarks: LineMark[] = [];
  private escaped = false;
  private replaced: { before: string; after: string } | null = null; // the last replaceAll set at once
  private names: string[] = [];
  private menu: HTMLUListElement;
  private menuItems: string[] = [];
  private menuIndex = 0;
  private lastLine = 0;
  /** The band behind the statement whose state the travelling views show (showStatement). */
  private readonly band: HTMLElement;
  private lines: string[] | null = []; // the HTML of each painted line; null: painted plain
  /** Colours a keystroke's edit by re-rendering the lines it changed, not the whole text. */
  private readonly highlighter = new Highlighter();

  constructor(private opts: EditorOptions) {
    this.root = document.createElement("div");
    this.root.className = "ed";
    this.gutter = document.createElement("div");
    this.gutter.className = "ed-gutter";
    this.gutter.setAttribute("aria-hidden", "true");
    const scroller = document.createElement("div");
    scroller.className = "ed-scroll";
    const inner = document.createElement("div");
    inner.className = "ed-inner";
    const pre = document.createElement("pre");
    pre.className = "ed-hl";
    pre.setAttribute("aria-hidden", "true");
    this.code = document.createElement("code");
    pre.append(this.code);
    this.input = document.createElement("textarea");
    this.input.className = "ed-input";
    this.input.spellcheck = false;
    this.input.setAttribute("autocapitalize", "off");
    this.input.setAttribute("autocomplete", "off");
    this.input.setAttribute("autocorrect", "off");
    this.input.setAttribute("aria-label", opts.label);
    this.input.wrap = "off";
    this.input.readOnly = opts.readonly;
    this.input.value = opts.text;
    const help = document.createElement("p");
    help.className = "ed-help";
    help.id = "ed-help-" + ++helpSeq;
    help.textContent = opts.help;
    this.input.setAttribute("aria-describedby", help.id);
    this.menu = document.createElement("ul");
    this.menu.className = "ed-menu";
    this.menu.setAttribute("role", "listbox");
    this.menu.hidden = true;
    this.band = document.createElement("div");
    this.band.className = "ed-at";
    this.band.hidden = true;
    inner.append(this.band, pre, this.input, this.menu);
    scroller.append(inner);
    this.root.append(this.gutter, scroller, help);
    this.input.addEventListener("input", () => this.changed());
    this.input.addEventListener("keydown", (e) => this.keydown(e));
    this.input.addEventListener("keyup", () => this.caretMoved());
    this.input.addEventListener("click", () => this.caretMoved());
    this.input.addEventListener("blur", () => this.closeMenu());
    // The underlined code lies under the textarea, which takes the pointer:
    // hovering a mark shows its message as the textarea's tooltip.
    this.input.addEventListener("mousemove", (e) => this.hoverMark(e));
    this.paint();
  }

  get value(): string {
    return this.input.value;
  }

  /**
   * Replaces the whole text as one undoable edit. Chromium's insertText
   * takes time growing faster than the text's lines (measured: 400 lines,
   * 4.2 s; a 500-line share link froze a lesson for minutes), so a text of
   * more than nativeLines lines is set at once and its undo is the editor's
   * own: Ctrl/Cmd+Z with the text as the replacement left it brings back
   * the text before, and redo the replacement again (replaced).
   */
  replaceAll(text: string): void {
    if (this.input.readOnly) return; // a read-only editor keeps its text, whoever asks
    this.input.focus();
    this.input.select();
    if (lineCount(text) > nativeLines || !document.execCommand("insertText", false, text)) {
      this.replaced = { before: this.input.value, after: text };
      this.input.value = text;
      this.input.setSelectionRange(text.length, text.length);
      this.changed();
    }
  }

  /** Undoes or redoes the last replaceAll that set its text at once; false: not ours to do. */
  private undoReplace(redo: boolean): boolean {
    const r = this.replaced;
    if (!r || this.input.value !== (redo ? r.before : r.after)) return false;
    this.input.value = redo ? r.after : r.before;
    this.changed();
    return true;
  }

  /** Sets the failing ranges and lines; they stay until the next call. */
  setMarks(marks: Mark[], lines: LineMark[]): void {
    // A run that marks what is already marked repaints nothing.
    if (JSON.stringify([marks, lines]) === JSON.stringify([this.marks, this.lineMarks])) return;
    this.marks = marks;
    this.lineMarks = lines;
    this.paint();
  }

  /**
   * Sets the textarea's tooltip to the message of the mark under the
   * pointer: the text offset under it comes from the line height and the
   * width of a character of the monospace font.
   */
  private hoverMark(e: MouseEvent): void {
    if (this.wrapped()) return; // offsetAt counts unwrapped rows; a phone has no pointer to hover
    const offset = this.offsetAt(e.clientX, e.clientY);
    const m = offset < 0 ? undefined : this.marks.find((k) => k.start <= offset && offset < k.end);
    const title = m ? m.title : "";
    if (this.input.title !== title) this.input.title = title;
  }

  /** The text offset under a point of the textarea, -1 past a line's end. */
  private offsetAt(x: number, y: number): number {
    const cs = getComputedStyle(this.input);
    const rect = this.input.getBoundingClientRect();
    const lineHeight = parseFloat(cs.lineHeight);
    const ctx = (Editor.measure ??= document.createElement("canvas").getContext("2d"));
    if (!ctx || !lineHeight) return -1;
    ctx.font = cs.font;
    const charWidth = ctx.measureText("0").width;
    const line = Math.floor((y - rect.top - parseFloat(cs.paddingTop) + this.input.scrollTop) / lineHeight);
    const col = Math.floor((x - rect.left - parseFloat(cs.paddingLeft) + this.input.scrollLeft) / charWidth);
    const lines = this.input.value.split("\n");
    if (line < 0 || line >= lines.length || col < 0 || col >= lines[line].length) return -1;
    let offset = col;
    for (let i = 0; i < line; i++) offset += lines[i].length + 1;
    return offset;
  }

  private static measure: CanvasRenderingContext2D | null | undefined;

  /**
   * Whether the lines wrap (site.css, on a phone): a long INSERT reads
   * whole instead of scrolling sideways under a 360 px screen. Rows are then
   * the browser's, so positions come from the painted lines, not the text.
   */
  private wrapped(): boolean {
    return getComputedStyle(this.input).whiteSpace.startsWith("pre-wrap");
  }

  /** Sets the table and column names offered for completion. */
  setNames(names: string[]): void {
    this.names = [...new Set(names)].sort();
  }

  /** Offers completion again, with the names set since, if the reader is still in the editor. */
  refreshCompletion(): void {
    if (document.activeElement === this.input) this.complete();
  }

  private changed(): void {
    mark("pg-input");
    // The run goes to the worker first: the editor's redraw, its completion
    // and the saved edit take the page's thread while the engine runs.
    this.opts.onChange();
    this.paint();
    measure("pg-keystroke-to-editor", "pg-input");
    this.complete();
  }

  private paint(): void {
    const text = this.input.value;
    // Colouring a huge paste would freeze typing; past this size the text is
    // drawn plain (still underlined nowhere, still editable).
    if (text.length > maxHighlight) {
      this.code.innerHTML = escapeHTML(text) + "\n";
      this.lines = null;
    } else this.paintLines(this.highlighter.lines(text, this.marks));
    // The gutter is one text node of line numbers plus one element per
    // failing line, so a 40,000-line paste costs no more DOM than 4 lines.
    let n = 1;
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
    // The key holds each mark's message too: a run that fails on the same
    // lines with other messages must refresh the tooltips.
    const key = n + ":" + this.lineMarks.map((m) => m.line + "\u0001" + m.title).join("\u0002");
    if (this.gutter.dataset.key === key) return;
    this.gutter.dataset.key = key;
    let nums = "";
    for (let i = 1; i <= n; i++) nums += i + "\n";
    const failing = new Map<number, string>();
    for (const m of this.lineMarks) {
      if (m.line >= 1 && m.line <= n) failing.set(m.line, (failing.has(m.line) ? failing.get(m.line) + "\n" : "") + m.title);
    }
    const marks = [...failing].map(([line, title]) => {
      const d = document.createElement("div");
      d.className = "ed-fail";
      d.textContent = String(line);
      d.title = title;
      d.style.top = `calc(${line - 1} * var(--ed-line) + var(--ed-pad))`;
      return d;
    });
    this.gutter.replaceChildren(document.createTextNode(nums), ...marks);
  }

  /**
   * Replaces the painted lines that differ from lines, one block element per
   * line: a keystroke re-creates, lays out and repaints the lines it changed,
   * not the whole text.
   */
  private paintLines(lines: string[]): void {
    let old = this.lines;
    if (old === null) {
      this.code.replaceChildren();
      old = [];
    }
    let a = 0;
    while (a < lines.length && a < old.length && lines[a] === old[a]) a++;
    let b = 0;
    while (b < lines.length - a && b < old.length - a && lines[lines.length - 1 - b] === old[old.length - 1 - b]) b++;
    const kids = this.code.children;
    for (let i = old.length - b - 1; i >= a; i--) kids[i].remove();
    let html = "";
    for (let i = a; i < lines.length - b; i++) html += '<span class="ed-l">' + lines[i] + "</span>";
    if (html) {
      const next = kids[a];
      if (next) next.insertAdjacentHTML("beforebegin", html);
      else this.code.insertAdjacentHTML("beforeend", html);
    }
    this.lines = lines;
  }

  private keydown(e: KeyboardEvent): void {
    if (!this.menu.hidden && this.menuKey(e)) return;
    if ((e.ctrlKey || e.metaKey) && !e.altKey && (e.key === "z" || e.key === "Z" || e.key === "y")) {
      // The browser's own undo holds the typing after a replacement; once
      // that is undone the text is the replacement's, and the step is ours.
      if (this.undoReplace(e.key === "y" || e.shiftKey)) e.preventDefault();
      return;
    }
    if ((e.ctrlKey || e.metaKey) && e.key === "Enter") {
      e.preventDefault();
      this.opts.onRunNow();
      return;
    }
    if (e.key === "Escape") {
      // Esc, then Tab, leaves the editor: Tab alone indents (no keyboard trap).
      this.escaped = true;
      return;
    }
    if (e.key === "Tab" && !e.ctrlKey && !e.altKey && !e.metaKey) {
      if (this.escaped || this.input.readOnly) {
        this.escaped = false;
        return; // the browser moves focus
      }
      e.preventDefault();
      if (e.shiftKey) this.outdent();
      else document.execCommand("insertText", false, "  ");
      return;
    }
    if (e.key !== "Shift") this.escaped = false;
  }

  private outdent(): void {
    const ta = this.input;
    const start = ta.value.lastIndexOf("\n", ta.selectionStart - 1) + 1;
    const spaces = /^ {1,2}/.exec(ta.value.slice(start))?.[0].length ?? 0;
    if (spaces === 0) return;
    const caret = ta.selectionStart;
    ta.setSelectionRange(start, start + spaces);
    document.execCommand("delete");
    ta.setSelectionRange(Math.max(start, caret - spaces), Math.max(start, caret - spaces));
  }

  /**
   * Lays a band behind lines first to last (1-based): the statement whose
   * state the travelling views show (time travel); 0 takes it away. The
   * caret does not show while the editor has no focus (a press on the
   * bar's buttons), the band does.
   */
  showStatement(first: number, last: number): void {
    const key = first > 0 ? first + ":" + last : "";
    if (this.band.dataset.lines === key) return;
    this.band.dataset.lines = key;
    this.band.hidden = first <= 0;
    if (first <= 0) return;
    this.band.style.top = `calc(${first - 1} * var(--ed-line) + var(--ed-pad))`;
    this.band.style.height = `calc(${last - first + 1} * var(--ed-line))`;
  }

  /**
   * Puts the caret at the start of line (1-based; past the last line: the
   * end of the text) without taking focus, and tells onCaret as a move of
   * the reader's would.
   */
  caretToLine(line: number): void {
    const text = this.input.value;
    let pos = 0;
    for (let l = 1; l < line; l++) {
      const nl = text.indexOf("\n", pos);
      if (nl < 0) {
        pos = text.length;
        break;
      }
      pos = nl + 1;
    }
    this.input.setSelectionRange(pos, pos);
    this.lastLine = text.slice(0, pos).split("\n").length;
    this.opts.onCaret(this.lastLine);
  }

  private caretMoved(): void {
    const line = this.input.value.slice(0, this.input.selectionStart).split("\n").length;
    if (line !== this.lastLine) {
      this.lastLine = line;
      this.opts.onCaret(line);
    }
  }

  // Completion of table and column names from the live schema.

  private complete(): void {
    const ta = this.input;
    const before = ta.value.slice(0, ta.selectionStart);
    const word = /[A-Za-z_][A-Za-z0-9_]*$/.exec(before)?.[0] ?? "";
    if (word.length >= 1 && ta.selectionStart === ta.selectionEnd) this.opts.onWord();
    if (word.length < 1 || this.names.length === 0 || ta.selectionStart !== ta.selectionEnd) {
      this.closeMenu();
      return;
    }
    const lw = word.toLowerCase();
    const items = this.names.filter((n) => n.toLowerCase().startsWith(lw) && n.toLowerCase() !== lw).slice(0, 8);
    if (items.length === 0) {
      this.closeMenu();
      return;
    }
    this.menuItems = items;
    this.menuIndex = 0;
    this.menu.replaceChildren(
      ...items.map((n, i) => {
        const li = document.createElement("li");
        li.setAttribute("role", "option");
        li.id = this.input.getAttribute("aria-describedby") + "-opt-" + i;
        li.textContent = n;
        li.addEventListener("mousedown", (e) => {
          e.preventDefault();
          this.menuIndex = i;
          this.accept(word);
        });
        return li;
      }),
    );
    const lines = before.split("\n");
    const line = this.wrapped() ? (this.code.children[lines.length - 1] as HTMLElement | undefined) : undefined;
    if (line) {
      // A wrapped line's visual rows are the browser's: the menu opens under
      // the whole line, at its start.
      this.menu.style.top = `calc(${line.offsetTop + line.offsetHeight}px + var(--ed-pad))`;
      this.menu.style.left = "var(--ed-pad)";
    } else {
      this.menu.style.top = `calc(${lines.length} * var(--ed-line))`;
      this.menu.style.left = `calc(${lines[lines.length - 1].length - word.length} * 1ch + var(--ed-pad))`;
    }
    this.menu.hidden = false;
    this.menu.dataset.word = word;
    this.highlightItem();
  }

  private menuKey(e: KeyboardEvent): boolean {
    const word = this.menu.dataset.word ?? "";
    switch (e.key) {
      case "ArrowDown":
        this.menuIndex = (this.menuIndex + 1) % this.menuItems.length;
        break;
      case "ArrowUp":
        this.menuIndex = (this.menuIndex + this.menuItems.length - 1) % this.menuItems.length;
        break;
      case "Enter":
      case "Tab":
        this.accept(word);
        break;
      case "Escape":
        this.closeMenu();
        break;
      default:
        return false;
    }
    e.preventDefault();
    this.highlightItem();
    return true;
  }

  private highlightItem(): void {
    [...this.menu.children].forEach((li, i) => li.setAttribute("aria-selected", String(i === this.menuIndex)));
    this.input.setAttribute("aria-activedescendant", this.menu.children[this.menuIndex]?.id ?? "");
  }

  private accept(word: string): void {
    const pick = this.menuItems[this.menuIndex];
    this.closeMenu();
    if (!pick) return;
    const ta = this.input;
    ta.setSelectionRange(ta.selectionStart - word.length, ta.selectionStart);
    document.execCommand("insertText", false, pick);
  }

  private closeMenu(): void {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    this.input.removeAttribute("aria-activedescendant");
  }
}
