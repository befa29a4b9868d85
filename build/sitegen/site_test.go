package sitegen

import (
	"html"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cespare/xxhash/v2"

	"github.com/cqlplay/cqlplay/build/lesson"
)

var (
	refAttr   = regexp.MustCompile(`\s(?:href|src|data-worker|data-wasm)="([^"]*)"`)
	idAttr    = regexp.MustCompile(`\sid="([^"]*)"`)
	scriptTag = regexp.MustCompile(`<script\b[^>]*>`)
	styleAttr = regexp.MustCompile(`<[^>]+\sstyle=`)
	onAttr    = regexp.MustCompile(`<[^>]+\son[a-z]+=`)
)

// TestSiteLinks checks every page of the built site: each link and asset it
// refers to exists (and each #fragment names an id on its page), it has no
// inline script or style the Content-Security-Policy would block, and the
// sitemap lists it.
func TestSiteLinks(t *testing.T) {
	needSite(t)
	sitemap, err := os.ReadFile(filepath.Join(testDist, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	pages := 0
	ids := map[string]map[string]bool{} // file -> ids
	idsOf := func(file string) map[string]bool {
		if ids[file] == nil {
			data, _ := os.ReadFile(file)
			ids[file] = map[string]bool{}
			for _, m := range idAttr.FindAllStringSubmatch(string(data), -1) {
				ids[file][html.UnescapeString(m[1])] = true
			}
		}
		return ids[file]
	}
	err = filepath.WalkDir(testDist, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		pages++
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		page := "/" + filepath.ToSlash(must(filepath.Rel(testDist, path)))
		for _, tag := range scriptTag.FindAllString(string(data), -1) {
			if !strings.Contains(tag, " src=") {
				t.Errorf("%s: inline script %s (the CSP allows only 'self')", page, tag)
			}
		}
		if styleAttr.Match(data) || onAttr.Match(data) || strings.Contains(string(data), "<style") {
			t.Errorf("%s: inline style or event handler (the CSP blocks it)", page)
		}
		loc := strings.TrimSuffix(page, "index.html")
		// Every page but the 404 and the embed pages (made for other sites'
		// iframes, their lesson is their canonical page) is in the sitemap.
		if page != "/404.html" && !strings.Contains(loc, "/embed/") && !strings.Contains(string(sitemap), "<loc>https://cqlplay.example"+loc+"</loc>") {
			t.Errorf("sitemap.xml does not list %s", loc)
		}
		for _, m := range refAttr.FindAllStringSubmatch(string(data), -1) {
			ref := html.UnescapeString(m[1])
			checkRef(t, page, path, ref, idsOf)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := len(testReport.Pages); pages != want {
		t.Errorf("found %d HTML files, the build reports %d pages", pages, want)
	}
}

// checkRef checks one reference of a page. External links are left alone:
// the build needs no network, nor does its test.
func checkRef(t *testing.T, page, file, ref string, idsOf func(string) map[string]bool) {
	t.Helper()
	if ref == "" {
		t.Errorf("%s: empty reference", page)
		return
	}
	if strings.HasPrefix(ref, "http://") || strings.HasPrefix(ref, "https://") || strings.HasPrefix(ref, "mailto:") {
		return
	}
	target, frag, _ := strings.Cut(ref, "#")
	targetFile := file
	if target != "" {
		if !strings.HasPrefix(target, "/") {
			t.Errorf("%s: relative reference %q (pages live at several depths; use a path from the root)", page, ref)
			return
		}
		targetFile = filepath.Join(testDist, filepath.FromSlash(target))
		if strings.HasSuffix(target, "/") {
			targetFile = filepath.Join(targetFile, "index.html")
		}
		if _, err := os.Stat(targetFile); err != nil {
			t.Errorf("%s: broken reference %q", page, ref)
			return
		}
	}
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	if frag != "" && !idsOf(targetFile)[frag] {
		t.Errorf("%s: reference %q names no id on its page", page, ref)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestSitePages checks that every lesson of content/ has its page in its
// language, that each playground carries its example's exact text, options
// and the build's results (so the page reads with JavaScript off), and that
// the index of each language lists its lessons.
func TestSitePages(t *testing.T) {
	needSite(t)
	lessons, err := lesson.Load(filepath.Join(testRoot, "content"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lessons {
		data, err := os.ReadFile(filepath.Join(testDist, l.Lang, l.Slug, "index.html"))
		if err != nil {
			t.Errorf("%s has no page: %v", l.Path, err)
			continue
		}
		page := string(data)
		for _, ex := range l.Examples {
			if ex.Setup {
				if !strings.Contains(page, `<pre class="pg-setup" hidden data-index="`+itoa(ex.Index)+`">`+html.EscapeString(ex.Code)+"</pre>") {
					t.Errorf("%s:%d: the setup block is not in the page", l.Path, ex.Line)
				}
				continue
			}
			fig := figure(page, ex.Index)
			if fig == "" {
				t.Errorf("%s:%d: no playground in the page", l.Path, ex.Line)
				continue
			}
			if !strings.Contains(fig, `<code class="language-cql">`+html.EscapeString(ex.Code)+"</code>") {
				t.Errorf("%s:%d: the playground does not hold the example's text", l.Path, ex.Line)
			}
			if !strings.Contains(fig, `data-hash="`+codeHash(ex.Code)+`"`) ||
				!strings.Contains(fig, `data-version="`+ex.Version+`"`) ||
				ex.Readonly != strings.Contains(fig, "data-readonly") ||
				(ex.View != "" && !strings.Contains(fig, `data-view="`+ex.View+`"`)) {
				t.Errorf("%s:%d: the playground's data attributes do not carry the fence options", l.Path, ex.Line)
			}
			if !strings.Contains(fig, `<div class="out`) && !strings.Contains(fig, `<p class="out-none">`) {
				t.Errorf("%s:%d: the playground has no pre-rendered results", l.Path, ex.Line)
			}
		}
		// The language switch keeps the reader on the same lesson.
		for _, other := range []string{"en", "zh"} {
			if other != l.Lang && !strings.Contains(page, `<a href="/`+other+"/"+l.Slug+`/" hreflang="`+other+`"`) {
				t.Errorf("%s: the switch to %s does not lead to the same lesson", l.Path, other)
			}
			// Search engines take an alternate's address only whole.
			if alt := `<link rel="alternate" hreflang="` + other + `" href="https://cqlplay.example/` + other + "/" + l.Slug + `/">`; !strings.Contains(page, alt) {
				t.Errorf("%s: no absolute alternate %s", l.Path, alt)
			}
		}
		index, _ := os.ReadFile(filepath.Join(testDist, l.Lang, "index.html"))
		if !strings.Contains(string(index), `<a href="/`+l.Lang+"/"+l.Slug+`/">`+html.EscapeString(l.Title)+"</a>") {
			t.Errorf("the %s index does not link %s", l.Lang, l.Path)
		}
	}
}

// TestSiteAssets checks the fingerprinted assets: the names carry their
// content hash, and large files have .gz and .br beside them.
func TestSiteAssets(t *testing.T) {
	needSite(t)
	a := testReport.Assets
	for _, p := range []string{a.PageJS, a.PageCSS, a.WorkerJS, a.Wasm} {
		if p == "" || !strings.HasPrefix(p, "/assets/") {
			t.Errorf("asset path %q", p)
			continue
		}
		if _, err := os.Stat(filepath.Join(testDist, p)); err != nil {
			t.Error(err)
		}
	}
	for _, p := range []string{a.Wasm} {
		data, err := os.ReadFile(filepath.Join(testDist, p))
		if err != nil {
			continue
		}
		if want := hex(xxhash.Sum64(data))[:12]; !strings.Contains(p, "-"+want+".") {
			t.Errorf("%s does not carry its xxhash %s", p, want)
		}
	}
	exts := []string{".gz"}
	if _, err := exec.LookPath("brotli"); err == nil {
		exts = append(exts, ".br")
	}
	for _, ext := range exts {
		if _, err := os.Stat(filepath.Join(testDist, a.Wasm+ext)); err != nil {
			t.Errorf("no precompressed %s beside the engine: %v", ext, err)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

func hex(u uint64) string { return strconv.FormatUint(u, 16) }

// figure returns the HTML of playground i of a page, or "".
func figure(page string, i int) string {
	start := strings.Index(page, `<figure class="pg" id="ex-`+itoa(i)+`"`)
	if start < 0 {
		return ""
	}
	end := strings.Index(page[start:], "</figure>")
	if end < 0 {
		return ""
	}
	return page[start : start+end]
}
