// A small DOM for drawing the views outside a browser: the build runs the
// page's own renderers (results.ts, storage.ts, exercise.ts ...) in a pure-Go
// JavaScript engine (build/sitegen/prerender.go) to pre-render every view, so each
// view is drawn by one piece of code (docs/site.md, "Views drawn once").
//
// It holds what those renderers use and no more: elements in the HTML and
// SVG namespaces, text and fragments; append, prepend, before, after,
// replaceChildren, replaceWith, insertBefore; attributes, className,
// classList, dataset and the boolean properties they set; textContent;
// querySelector(All) for compound selectors joined by spaces; and
// innerHTML/outerHTML as the HTML serialisation algorithm writes them. A
// renderer that needs more fails loudly in the build rather than drawing
// something else than the page would.

const svgNS = "http://www.w3.org/2000/svg";
const voidTags = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

export abstract class MiniNode {
  parentNode: MiniElement | MiniFragment | null = null;
  abstract get textContent(): string;

  get nextSibling(): MiniNode | null {
    const p = this.parentNode;
    if (!p) return null;
    return p.childNodes[p.childNodes.indexOf(this) + 1] ?? null;
  }

  /** Takes the node out of its parent. */
  remove(): void {
    const p = this.parentNode;
    if (!p) return;
    p.childNodes.splice(p.childNodes.indexOf(this), 1);
    this.parentNode = null;
  }

  before(...nodes: (MiniNode | string)[]): void {
    const p = this.parentNode;
    if (p) p.insertNodes(p.childNodes.indexOf(this), nodes);
  }

  after(...nodes: (MiniNode | string)[]): void {
    const p = this.parentNode;
    if (p) p.insertNodes(p.childNodes.indexOf(this) + 1, nodes);
  }

  replaceWith(...nodes: (MiniNode | string)[]): void {
    const p = this.parentNode;
    if (!p) return;
    const at = p.childNodes.indexOf(this);
    this.remove();
    p.insertNodes(at, nodes);
  }

  abstract serialize(out: string[]): void;
}

export class MiniText extends MiniNode {
  constructor(public data: string) {
    super();
  }
  get textContent(): string {
    return this.data;
  }
  set textContent(v: string) {
    this.data = v;
  }
  serialize(out: string[]): void {
    out.push(escapeText(this.data));
  }
}

/** What elements and fragments share: their children. */
abstract class MiniParent extends MiniNode {
  childNodes: MiniNode[] = [];

  get firstChild(): MiniNode | null {
    return this.childNodes[0] ?? null;
  }
  get lastChild(): MiniNode | null {
    return this.childNodes[this.childNodes.length - 1] ?? null;
  }
  get children(): MiniElement[] {
    return this.childNodes.filter((n): n is MiniElement => n instanceof MiniElement);
  }

  get textContent(): string {
    return this.childNodes.map((n) => n.textContent).join("");
  }
  set textContent(v: string) {
    this.replaceChildren(...(v === "" ? [] : [v]));
  }

  /** Inserts nodes (strings as text, fragments by their children) at index at. */
  insertNodes(at: number, nodes: (MiniNode | string)[]): void {
    const flat: MiniNode[] = [];
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i];
      if (typeof n === "string") flat.push(new MiniText(n));
      else if (n instanceof MiniFragment) {
        const moved = n.childNodes.splice(0);
        for (let j = 0; j < moved.length; j++) flat.push(moved[j]);
      } else flat.push(n);
    }
    for (let i = 0; i < flat.length; i++) {
      const n = flat[i];
      if (n.parentNode) {
        const p = n.parentNode;
        if (p === (this as unknown) && p.childNodes.indexOf(n) < at) at--;
        n.remove();
      }
      n.parentNode = this as unknown as MiniElement;
    }
    const kids = this.childNodes;
    if (at === kids.length) for (let i = 0; i < flat.length; i++) kids.push(flat[i]);
    else kids.splice(at, 0, ...flat);
  }

  append(...nodes: (MiniNode | string)[]): void {
    this.insertNodes(this.childNodes.length, nodes);
  }
  prepend(...nodes: (MiniNode | string)[]): void {
    this.insertNodes(0, nodes);
  }
  appendChild<T extends MiniNode>(n: T): T {
    this.append(n);
    return n;
  }
  insertBefore<T extends MiniNode>(n: T, ref: MiniNode | null): T {
    this.insertNodes(ref ? this.childNodes.indexOf(ref) : this.childNodes.length, [n]);
    return n;
  }
  replaceChildren(...nodes: (MiniNode | string)[]): void {
    for (const c of this.childNodes) c.parentNode = null;
    this.childNodes = [];
    this.append(...nodes);
  }

  querySelectorAll(selector: string): MiniElement[] {
    const steps = parseSelector(selector);
    const found: MiniElement[] = [];
    const walk = (n: MiniParent) => {
      for (const c of n.children) {
        if (matches(c, steps, this)) found.push(c);
        walk(c);
      }
    };
    walk(this);
    return found;
  }
  querySelector(selector: string): MiniElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }

  /** Events have no listeners outside a page: an exercise's verdict is announced to no one. */
  dispatchEvent(): boolean {
    return true;
  }

  get innerHTML(): string {
    const out: string[] = [];
    const kids = this.childNodes;
    for (let i = 0; i < kids.length; i++) kids[i].serialize(out);
    return out.join("");
  }
}

export class MiniFragment extends MiniParent {
  serialize(out: string[]): void {
    const kids = this.childNodes;
    for (let i = 0; i < kids.length; i++) kids[i].serialize(out);
  }
}

export class MiniElement extends MiniParent {
  // Attributes in insertion order, as two arrays: iterating a Map costs an
  // object per entry in goja, and the build serialises every element.
  private readonly names: string[] = [];
  private readonly values: string[] = [];
  readonly classList = {
    add: (...names: string[]) => this.setClasses([...this.classes(), ...names.filter((n) => !this.classes().includes(n))]),
    remove: (...names: string[]) => this.setClasses(this.classes().filter((c) => !names.includes(c))),
    contains: (name: string) => this.classes().includes(name),
    toggle: (name: string, force?: boolean) => {
      const on = force ?? !this.classes().includes(name);
      if (on) this.classList.add(name);
      else this.classList.remove(name);
      return on;
    },
  };
  private data: Record<string, string> | null = null;

  constructor(
    readonly localName: string,
    readonly namespaceURI: string | null,
  ) {
    super();
  }

  /** data-* attributes by camelCase name, made on first use (a Proxy per element is dear in goja). */
  get dataset(): Record<string, string> {
    this.data ??= new Proxy({} as Record<string, string>, {
      get: (_, key) => (typeof key === "string" ? this.getAttribute(dataAttr(key)) ?? undefined : undefined),
      set: (_, key, value) => {
        this.setAttribute(dataAttr(String(key)), String(value));
        return true;
      },
      deleteProperty: (_, key) => {
        this.removeAttribute(dataAttr(String(key)));
        return true;
      },
    });
    return this.data;
  }

  get tagName(): string {
    return this.namespaceURI === svgNS ? this.localName : this.localName.toUpperCase();
  }

  private name(n: string): string {
    return this.namespaceURI === svgNS ? n : n.toLowerCase();
  }
  setAttribute(name: string, value: string): void {
    const n = this.name(name);
    const i = this.names.indexOf(n);
    if (i >= 0) this.values[i] = String(value);
    else {
      this.names.push(n);
      this.values.push(String(value));
    }
  }
  getAttribute(name: string): string | null {
    const i = this.names.indexOf(this.name(name));
    return i >= 0 ? this.values[i] : null;
  }
  hasAttribute(name: string): boolean {
    return this.names.indexOf(this.name(name)) >= 0;
  }
  removeAttribute(name: string): void {
    const i = this.names.indexOf(this.name(name));
    if (i >= 0) {
      this.names.splice(i, 1);
      this.values.splice(i, 1);
    }
  }

  private classes(): string[] {
    return (this.getAttribute("class") ?? "").split(/\s+/).filter(Boolean);
  }
  private setClasses(names: string[]): void {
    this.setAttribute("class", names.join(" "));
  }

  get className(): string {
    return this.getAttribute("class") ?? "";
  }
  set className(v: string) {
    this.setAttribute("class", v);
  }
  get id(): string {
    return this.getAttribute("id") ?? "";
  }
  set id(v: string) {
    this.setAttribute("id", v);
  }
  get type(): string {
    return this.getAttribute("type") ?? "";
  }
  set type(v: string) {
    this.setAttribute("type", v);
  }
  get title(): string {
    return this.getAttribute("title") ?? "";
  }
  set title(v: string) {
    this.setAttribute("title", v);
  }
  get hidden(): boolean {
    return this.hasAttribute("hidden");
  }
  set hidden(v: boolean) {
    this.flag("hidden", v);
  }
  get disabled(): boolean {
    return this.hasAttribute("disabled");
  }
  set disabled(v: boolean) {
    this.flag("disabled", v);
  }
  get open(): boolean {
    return this.hasAttribute("open");
  }
  set open(v: boolean) {
    this.flag("open", v);
  }
  private flag(name: string, on: boolean): void {
    if (on) this.setAttribute(name, "");
    else this.removeAttribute(name);
  }

  get outerHTML(): string {
    const out: string[] = [];
    this.serialize(out);
    return out.join("");
  }

  serialize(out: string[]): void {
    out.push("<", this.localName);
    for (let i = 0; i < this.names.length; i++) out.push(" ", this.names[i], '="', escapeAttr(this.values[i]), '"');
    out.push(">");
    if (this.namespaceURI !== svgNS && voidTags.has(this.localName)) return;
    // The parser drops a newline right after <pre>: write one more, so the
    // text reads back as it was (the serialisation browsers long wrote).
    const first = this.childNodes[0];
    if (first instanceof MiniText && first.data.charCodeAt(0) === 10 && (this.localName === "pre" || this.localName === "textarea" || this.localName === "listing")) out.push("\n");
    const kids = this.childNodes;
    for (let i = 0; i < kids.length; i++) kids[i].serialize(out);
    out.push("</", this.localName, ">");
  }
}

/** The data-* attribute of a dataset key: dataset.servedBy is data-served-by. */
function dataAttr(key: string): string {
  return "data-" + key.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
}

const textSpecial = /[&<>\u00a0]/;
const attrSpecial = /[&"<>\u00a0]/;

function escapeText(s: string): string {
  if (!textSpecial.test(s)) return s;
  return s.replace(/[&<>\u00a0]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&nbsp;"));
}

function escapeAttr(s: string): string {
  if (!attrSpecial.test(s)) return s;
  return s.replace(/[&"<>\u00a0]/g, (c) => (c === "&" ? "&amp;" : c === '"' ? "&quot;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&nbsp;"));
}

/** One compound selector: a tag, classes and attributes, all of which must match. */
interface Compound {
  tag: string;
  classes: string[];
  attrs: [string, string | null][];
}

function parseSelector(selector: string): Compound[] {
  return selector
    .trim()
    .split(/\s+/)
    .map((part) => {
      const m = /^([a-zA-Z][\w-]*)?((?:\.[\w-]+|\[[\w-]+(?:="[^"]*")?\])*)$/.exec(part);
      if (!m) throw new Error("minidom: unsupported selector " + JSON.stringify(selector));
      const classes: string[] = [];
      const attrs: [string, string | null][] = [];
      for (const t of m[2].match(/\.[\w-]+|\[[^\]]+\]/g) ?? []) {
        if (t[0] === ".") classes.push(t.slice(1));
        else {
          const a = /^\[([\w-]+)(?:="([^"]*)")?\]$/.exec(t)!;
          attrs.push([a[1], a[2] ?? null]);
        }
      }
      return { tag: (m[1] ?? "").toLowerCase(), classes, attrs };
    });
}

function matchesCompound(e: MiniElement, c: Compound): boolean {
  if (c.tag && e.localName.toLowerCase() !== c.tag) return false;
  if (!c.classes.every((n) => e.classList.contains(n))) return false;
  return c.attrs.every(([k, v]) => (v === null ? e.hasAttribute(k) : e.getAttribute(k) === v));
}

/** Whether e matches the descendant chain steps, its ancestors looked for up to (not including) root. */
function matches(e: MiniElement, steps: Compound[], root: MiniParent): boolean {
  if (!matchesCompound(e, steps[steps.length - 1])) return false;
  let i = steps.length - 2;
  let p = e.parentNode;
  while (i >= 0 && p && p !== root) {
    if (p instanceof MiniElement && matchesCompound(p, steps[i])) i--;
    p = p.parentNode;
  }
  return i < 0;
}

/** The document the renderers call: element, text and fragment factories. */
export const miniDocument = {
  createElement: (tag: string) => new MiniElement(tag.toLowerCase(), "http://www.w3.org/1999/xhtml"),
  createElementNS: (ns: string, tag: string) => new MiniElement(tag, ns),
  createTextNode: (data: string) => new MiniText(data),
  createDocumentFragment: () => new MiniFragment(),
};
