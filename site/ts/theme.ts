// The reader's light/dark choice. This script is small and loaded without
// async or defer in the page's <head>, so it sets <html data-theme> before
// the first paint and the page never flashes the other palette. With no
// choice stored (or an unknown one), the page follows the system setting
// (prefers-color-scheme, in site.css). The choice lives in localStorage,
// read as text and compared with the known values only, and applies to
// every page and every open tab (the storage event). The header's control
// is hidden in the markup, since it needs this script, and shown here.

const key = "cqlplay:theme";
type Theme = "light" | "dark" | "system";

function stored(): Theme {
  try {
    const v = localStorage.getItem(key);
    return v === "light" || v === "dark" ? v : "system";
  } catch {
    return "system"; // storage forbidden (sandboxed iframe): follow the system
  }
}

function apply(t: Theme): void {
  const root = document.documentElement;
  if (t === "system") delete root.dataset.theme;
  else root.dataset.theme = t;
}

function wire(): void {
  const select = document.getElementById("theme") as HTMLSelectElement | null;
  if (!select) return; // an embed page: no header
  select.value = stored();
  select.addEventListener("change", () => {
    const t = (["light", "dark"].includes(select.value) ? select.value : "system") as Theme;
    try {
      if (t === "system") localStorage.removeItem(key);
      else localStorage.setItem(key, t);
    } catch {
      // not kept, but this page still switches
    }
    apply(t);
  });
  select.closest<HTMLElement>(".theme")!.hidden = false;
}

apply(stored());
addEventListener("storage", (e) => {
  if (e.key !== key && e.key !== null) return;
  const t = stored();
  apply(t);
  const select = document.getElementById("theme") as HTMLSelectElement | null;
  if (select) select.value = t;
});
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
else wire();
