// The header's language links keep the reader's place: a reader who
// switches language halfway through a lesson lands at the same heading or
// playground of the translation, not at its top. The lessons are
// translations with the same headings and examples in the same order, so a
// place is the ordinal of the last heading or playground above the top of
// the window (and how far past it the window is), kept in sessionStorage
// for the one navigation. The header scrolls away with the page, so a
// reader scrolls up to reach the link: the place is where the window last
// came to rest away from the top. A page opened with a fragment (a share
// link), a page whose marks differ in number, or storage that is forbidden
// keeps the browser's own behaviour.

const key = "cqlplay:place";

interface Place {
  path: string; // the page the place is for
  n: number; // the ordinal of the mark
  count: number; // how many marks the page had
  offset: number; // px of the window's top past the mark's top
}

/** The marks a place is counted in: the lesson's headings and playgrounds, in page order. */
function marks(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>("main h2, main h3, main figure.pg")];
}

/** Where the window is, or null at the top of the page. */
function placeOnScreen(path: string): Place | null {
  const ms = marks();
  let n = -1;
  ms.forEach((m, i) => {
    if (m.getBoundingClientRect().top <= 1) n = i;
  });
  if (n < 0) return null;
  return { path, n, count: ms.length, offset: Math.round(-ms[n].getBoundingClientRect().top) };
}

/** Wires the language links and restores a place kept by the other language's page. */
export function keepPlaceAcrossLanguages(): void {
  let rested: Place | null = null; // where the window last came to rest away from the top
  let timer = 0;
  const rest = () => {
    rested = placeOnScreen("") ?? rested;
  };
  // scrollend where the browser has it; a pause in scroll events elsewhere.
  if ("onscrollend" in window) addEventListener("scrollend", rest, { passive: true });
  else
    addEventListener(
      "scroll",
      () => {
        clearTimeout(timer);
        timer = window.setTimeout(rest, 150);
      },
      { passive: true },
    );
  for (const a of document.querySelectorAll<HTMLAnchorElement>(".langs a[hreflang]")) {
    a.addEventListener("click", () => {
      const at = placeOnScreen("") ?? rested;
      const place = at && { ...at, path: new URL(a.href, location.href).pathname };
      try {
        if (place) sessionStorage.setItem(key, JSON.stringify(place));
        else sessionStorage.removeItem(key);
      } catch {
        // storage forbidden: the translation opens at its top
      }
    });
  }
  let place: Place | null = null;
  try {
    place = JSON.parse(sessionStorage.getItem(key) ?? "null") as Place | null;
    sessionStorage.removeItem(key);
  } catch {
    return;
  }
  if (!place || place.path !== location.pathname || location.hash) return;
  const ms = marks();
  const m = ms[place.n];
  if (!m || ms.length !== place.count) return;
  m.scrollIntoView({ block: "start" });
  if (place.offset > 0 && place.offset < m.offsetHeight) scrollBy(0, place.offset);
  document.documentElement.dataset.placeKept = String(place.n); // for tests and the curious
}
