// Lighthouse's audit of the site as a reader on a phone gets it: the mobile
// preset (simulated slow 4G and a 4x slower CPU), each page in a fresh
// Chromium profile. Run by `go run ./build/bench -lighthouse`, which builds
// and serves the site as Netlify does (brotli); by hand:
//   node build/bench/lighthouse/audit.mjs http://127.0.0.1:8080 /en/ /en/play/
// It prints one JSON line per page: the four category scores (0-100), CLS,
// LCP, TBT, and the audits that did not pass, so a score below 100 says why.
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const [base, ...paths] = process.argv.slice(2);
if (!base || paths.length === 0) {
  console.error("usage: node audit.mjs BASE_URL PATH...");
  process.exit(2);
}
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"];

for (const path of paths) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags });
  try {
    const r = await lighthouse(base + path, { port: chrome.port, output: "json", logLevel: "error" });
    const lhr = r.lhr;
    const score = (c) => (lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100));
    const failing = [];
    for (const [cat, c] of Object.entries(lhr.categories)) {
      for (const ref of c.auditRefs) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative") failing.push(`${cat}:${a.id}(${a.score})`);
      }
    }
    const num = (id) => lhr.audits[id]?.numericValue ?? null;
    console.log(JSON.stringify({
      path,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      cls: num("cumulative-layout-shift"),
      lcpMs: num("largest-contentful-paint"),
      tbtMs: num("total-blocking-time"),
      fcpMs: num("first-contentful-paint"),
      failing,
      // What moved, when something did: the elements Lighthouse blames.
      shifts: (lhr.audits["layout-shifts"]?.details?.items ?? []).map((i) => `${i.score?.toFixed?.(3)} ${i.node?.selector ?? i.node?.snippet ?? "?"}`),
    }));
  } finally {
    await chrome.kill();
  }
}
