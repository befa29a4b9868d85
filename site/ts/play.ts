// The playground's picker of starting schemas (build/sitegen/play.go): choosing one
// puts its script in the editor as one undoable edit (so the reader's own
// text comes back with Ctrl+Z, and the new one is saved like any edit), and
// opens the tab the starter names. The scripts are the page's hidden
// <pre class="play-starter"> blocks, read as text.

import type { Editor } from "./editor";

export function wirePicker(fig: HTMLElement, editor: Editor): void {
  const select = document.getElementById("play-start") as HTMLSelectElement | null;
  if (!select) return;
  select.closest<HTMLElement>(".play-start")!.hidden = false;
  select.addEventListener("change", () => {
    const pre = [...document.querySelectorAll<HTMLElement>(".play-starter")].find((p) => p.dataset.id === select.value);
    select.value = "";
    if (!pre) return;
    editor.replaceAll(pre.textContent ?? "");
    const view = pre.dataset.view || "results";
    [...fig.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.dataset.view === view)?.click();
    editor.input.focus();
  });
}
