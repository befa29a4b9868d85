package sitegen

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// SingleName is the file `go run ./build -single` writes inside -out.
const SingleName = "cqlplay.html"

// gzipEngine starts the data: URL of the engine in the one-file build; the
// worker's engineSource (site/ts/onefile.ts) recognises it.
const gzipEngine = "data:application/gzip;base64,"

// SingleReport says what the one-file build wrote.
type SingleReport struct {
	File     string
	Size     int // bytes of the file
	Pages    int // pages of the site it holds
	Markup   int // bytes of their bodies' markup
	PagesIn  int // bytes of them in the file (JSON, gzip, base64)
	Search   int // bytes of the search indexes in the file (gzip, base64)
	Wasm     int // bytes of the engine's .wasm
	WasmGzip int // bytes of its gzip, which the file holds in base64
	Engine   int // bytes of the engine's data: URL in the file
}

// BuildSingle writes the whole site as one HTML file that opens from
// file://, with no server and no network: every page but the embed pages,
// the styles, the page's scripts and the engine.
//
// It is made from the site's own build, not a second copy of it: the site
// is built into a temporary directory (the same lessons, templates and
// pre-rendered results), and each page's body, its links to other pages
// made ?page= queries of the file, goes into the file with its language
// and title as JSON (the widget's strings once per language), gzipped, in base64, as the text of a
// <script type="text/plain" data-path="/en/ttl/">: file:// has no
// Content-Encoding, and every page's markup in the open would double the
// file and be parsed on each load (measured: docs/site.md). single.ts
// unpacks and shows the one page the address names. The site's bundles are
// made again by bundleSite with the engine's URL (worker.ts's
// CQLPLAY_ENGINE) a data: URL of the .wasm's gzip, which the worker
// decompresses as it compiles (onefile.ts).
// A worker cannot load a script from file://, so its bundle is kept as text
// in the file and started from a blob: URL (single.ts). The file has no
// service worker.
func BuildSingle(c Config, file string) (*SingleReport, error) {
	tmp, err := os.MkdirTemp("", "cqlplay-single")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	site := filepath.Join(tmp, "site")
	sc := c
	sc.Out, sc.Compress = site, false
	r, err := buildInto(sc, site)
	if err != nil {
		return nil, err
	}
	if r.Assets.Wasm == "" {
		return nil, errors.New("the one-file build needs the engine, and ./wasm has no Go package")
	}
	wasm, err := os.ReadFile(filepath.Join(site, filepath.FromSlash(r.Assets.Wasm)))
	if err != nil {
		return nil, err
	}
	gz, err := gzipped(wasm)
	if err != nil {
		return nil, err
	}
	engine := gzipEngine + base64.StdEncoding.EncodeToString(gz)
	bundles := filepath.Join(tmp, "bundles")
	a, err := bundleSite(c.Root, bundles, engine)
	if err != nil {
		return nil, err
	}
	read := func(urlPath string) (string, error) {
		data, err := os.ReadFile(filepath.Join(bundles, filepath.FromSlash(urlPath)))
		return sourceMapLink.ReplaceAllString(string(data), ""), err
	}
	var head, page, worker, css string
	for _, f := range []struct {
		dst *string
		src string
	}{{&head, a.HeadJS}, {&page, a.PageJS}, {&worker, a.WorkerJS}, {&css, a.PageCSS}} {
		if *f.dst, err = read(f.src); err != nil {
			return nil, err
		}
	}
	router, err := bundleRouter(c.Root)
	if err != nil {
		return nil, err
	}
	icon, err := os.ReadFile(filepath.Join(c.Root, "site", "static", "favicon.svg"))
	if err != nil {
		return nil, err
	}
	pages, err := sitePages(site, r.Pages)
	if err != nil {
		return nil, err
	}
	// Each script and the style sheet sit in the file as raw text, which
	// their end tag would cut short.
	for _, s := range []struct{ name, text, end string }{
		{"the head script", head, "</script"}, {"the page script", page, "</script"},
		{"the worker", worker, "</script"}, {"the router", router, "</script"}, {"the styles", css, "</style"},
	} {
		if strings.Contains(strings.ToLower(s.text), s.end) {
			return nil, errors.New("the one-file build cannot inline " + s.name + ": it contains " + s.end)
		}
	}

	var b strings.Builder
	markup, pagesIn, searchIn := 0, 0, 0
	uis, readers, searches := map[string]string{}, map[string]string{}, map[string]string{}
	b.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta http-equiv=\"Content-Security-Policy\" content=\"" + singleCSP([]string{head, router, page}, css) + "\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	b.WriteString("<meta name=\"color-scheme\" content=\"light dark\">\n<title>cqlplay</title>\n")
	b.WriteString("<link rel=\"icon\" href=\"data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(icon) + "\" type=\"image/svg+xml\">\n")
	b.WriteString("<script>" + head + "</script>\n<style>" + css + "</style>\n</head>\n<body>\n")
	for _, p := range pages {
		var payload bytes.Buffer
		enc := json.NewEncoder(&payload)
		enc.SetEscapeHTML(false) // base64 in the file: markup needs no escape
		if err := enc.Encode(p); err != nil {
			return nil, err
		}
		z, err := gzipped(payload.Bytes())
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "<script type=\"text/plain\" data-path=\"%s\">%s</script>\n", html.EscapeString(p.Path), base64.StdEncoding.EncodeToString(z))
		if ui, ok := uis[p.Lang]; ok && ui != p.UI {
			return nil, errors.New("the page " + p.Path + " has other widget strings than another page in " + p.Lang)
		}
		uis[p.Lang] = p.UI
		if rd, ok := readers[p.Lang]; ok && rd != p.Reader {
			return nil, errors.New("the page " + p.Path + " has other reader strings than another page in " + p.Lang)
		}
		readers[p.Lang] = p.Reader
		if p.Search != "" {
			if idx, ok := searches[p.Lang]; ok && idx != p.Search {
				return nil, errors.New("the page " + p.Path + " has another search index than another page in " + p.Lang)
			}
			searches[p.Lang] = p.Search
		}
		markup += len(p.Body)
		pagesIn += base64.StdEncoding.EncodedLen(len(z))
	}
	for _, lang := range slices.Sorted(maps.Keys(uis)) {
		// json.Marshal wrote it (pages.go) with < > & escaped: no end tag in it.
		if strings.Contains(uis[lang], "<") {
			return nil, errors.New("the widget strings of " + lang + " hold a <")
		}
		fmt.Fprintf(&b, "<script type=\"application/json\" data-ui=\"%s\">%s</script>\n", html.EscapeString(lang), uis[lang])
		if strings.Contains(readers[lang], "<") {
			return nil, errors.New("the reader strings of " + lang + " hold a <")
		}
		fmt.Fprintf(&b, "<script type=\"application/json\" data-reader=\"%s\">%s</script>\n", html.EscapeString(lang), readers[lang])
	}
	for _, lang := range slices.Sorted(maps.Keys(searches)) {
		idx, err := os.ReadFile(filepath.Join(site, filepath.FromSlash(searches[lang])))
		if err != nil {
			return nil, err
		}
		z, err := gzipped(idx)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "<script type=\"text/plain\" data-search=\"%s\">%s</script>\n", html.EscapeString(lang), base64.StdEncoding.EncodeToString(z))
		searchIn += base64.StdEncoding.EncodedLen(len(z))
	}
	b.WriteString("<script type=\"text/plain\" id=\"cqlplay-worker\">" + worker + "</script>\n")
	b.WriteString("<script>" + router + "</script>\n<script>" + page + "</script>\n</body>\n</html>\n")

	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(file+".new", []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	if err := os.Rename(file+".new", file); err != nil {
		return nil, err
	}
	return &SingleReport{File: file, Size: b.Len(), Pages: len(pages), Markup: markup, PagesIn: pagesIn, Search: searchIn,
		Wasm: len(wasm), WasmGzip: len(gz), Engine: len(engine)}, nil
}

// singleCSP is the one-file build's Content-Security-Policy, in a <meta>
// (file:// has no headers): the file's own three scripts and style sheet by
// their hashes, the engine compiled from its data: URL ('wasm-unsafe-eval',
// connect-src data:), the worker from its blob: URL, the pages' data: URLs
// and the favicon, and nothing else: no request can leave the file, whatever
// a script or a page's markup asks for. The worker, started from a blob:
// URL, runs under the same policy.
func singleCSP(scripts []string, style string) string {
	hash := func(s string) string {
		h := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(h[:]) + "'"
	}
	var src []string
	for _, s := range scripts {
		src = append(src, hash(s))
	}
	return "default-src 'none'; script-src " + strings.Join(src, " ") + " 'wasm-unsafe-eval'; style-src " + hash(style) +
		"; img-src data:; connect-src data:; worker-src blob:; base-uri 'none'; form-action 'none'"
}

// gzipped is data compressed at gzip's best level: file:// has no
// Content-Encoding, so the one-file build carries its pages and engine
// gzipped and the page decompresses them (DecompressionStream).
func gzipped(data []byte) ([]byte, error) {
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(data)
	err := zw.Close()
	return gz.Bytes(), err
}

// sourceMapLink is the comment that links a bundle to its source map, which
// the one-file build does not carry.
var sourceMapLink = regexp.MustCompile(`\n?(//# sourceMappingURL=\S+|/\*# sourceMappingURL=\S+ \*/)\s*$`)

// bundleRouter bundles site/ts/single.ts, the one-file build's router.
func bundleRouter(root string) (string, error) {
	res := api.Build(browserBundle(root, "site/ts/single.ts"))
	if err := esbuildErr(res.Errors); err != nil {
		return "", err
	}
	if len(res.OutputFiles) != 1 {
		return "", errors.New("esbuild: the router bundled to " + fmt.Sprint(len(res.OutputFiles)) + " files")
	}
	return strings.TrimSpace(string(res.OutputFiles[0].Contents)), nil
}

// A sitePage is one page of the site as the one-file build holds it.
type sitePage struct {
	Path   string `json:"-"`     // its URL path on the site: "/en/ttl/"
	Lang   string `json:"lang"`  // its <html lang>
	Title  string `json:"title"` // its <title>, as text
	UI     string `json:"-"`     // its body's data-ui, the widget's strings as JSON: one per language in the file
	Reader string `json:"-"`     // its body's data-reader, the reader's strings (progress, search) as JSON: one per language
	Search string `json:"-"`     // the site path of its language's search index (the header's data-index), "" for none
	Body   string `json:"body"`  // its body's markup, links to other pages rewritten
}

var (
	htmlLang  = regexp.MustCompile(`<html lang="([^"]*)"`)
	htmlTitle = regexp.MustCompile(`<title>([^<]*)</title>`)
	bodyTag   = regexp.MustCompile(`<body[^>]*>`)
	bodyUI    = regexp.MustCompile(` data-ui="([^"]*)"`)
	bodyRead  = regexp.MustCompile(` data-reader="([^"]*)"`)
	searchIdx = regexp.MustCompile(`(<div class="search"[^>]* data-index=)"(/[^"]*)"`)
	siteLink  = regexp.MustCompile(`(href|src|action)="(/[^"]*)"`)
)

// sitePages reads the pages the site build wrote (paths as report.Pages
// lists them) but the embed pages, which live in other sites' iframes, and
// / (the same page as /en/, which the file shows without a ?page= query).
func sitePages(dir string, paths []string) ([]sitePage, error) {
	held := map[string]bool{}
	for _, p := range paths {
		if p != "/" && !strings.Contains(p, "/embed/") {
			held[p] = true
		}
	}
	var out []sitePage
	for _, p := range paths {
		if !held[p] {
			continue
		}
		file := filepath.Join(dir, filepath.FromSlash(p))
		if strings.HasSuffix(p, "/") {
			file = filepath.Join(file, "index.html")
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		doc := string(data)
		lang, title, tag := htmlLang.FindStringSubmatch(doc), htmlTitle.FindStringSubmatch(doc), bodyTag.FindStringIndex(doc)
		end := strings.LastIndex(doc, "</body>")
		if lang == nil || title == nil || tag == nil || end < tag[1] {
			return nil, errors.New("the one-file build cannot read the page " + p + ": no <html lang>, <title> or <body>")
		}
		sp := sitePage{Path: p, Lang: lang[1], Title: html.UnescapeString(title[1])}
		if ui := bodyUI.FindStringSubmatch(doc[tag[0]:tag[1]]); ui != nil {
			sp.UI = html.UnescapeString(ui[1])
		}
		if rd := bodyRead.FindStringSubmatch(doc[tag[0]:tag[1]]); rd != nil {
			sp.Reader = html.UnescapeString(rd[1])
		}
		body := doc[tag[1]:end]
		// The search box's index is in the file once per language; single.ts
		// gives the box a data: URL of it.
		if m := searchIdx.FindStringSubmatch(body); m != nil {
			sp.Search = html.UnescapeString(m[2])
			body = searchIdx.ReplaceAllString(body, `$1""`)
		}
		var bad error
		sp.Body = siteLink.ReplaceAllStringFunc(body, func(m string) string {
			sub := siteLink.FindStringSubmatch(m)
			target, frag, _ := strings.Cut(sub[2], "#")
			if frag != "" {
				frag = "#" + frag
			}
			if target == "/" {
				target = "/en/"
			}
			if !held[target] {
				bad = errors.New("the page " + p + " links to " + sub[2] + ", which the one-file build does not hold")
				return m
			}
			return sub[1] + `="?page=` + target + frag + `"`
		})
		if bad != nil {
			return nil, bad
		}
		out = append(out, sp)
	}
	return out, nil
}

// WriteSingle is `go run ./build -single`: it writes c.Out/cqlplay.html,
// leaving the rest of c.Out alone, and says where and how large.
func WriteSingle(c Config) error {
	r, err := BuildSingle(c, filepath.Join(c.Out, SingleName))
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %s: %d bytes; the engine %d of them (its %d-byte .wasm gzipped to %d, in base64), the %d pages %d (%d bytes of markup, gzipped, in base64), the search indexes %d\n",
		r.File, r.Size, r.Engine, r.Wasm, r.WasmGzip, r.Pages, r.PagesIn, r.Markup, r.Search)
	fmt.Println(r.File)
	return nil
}
