package sitegen

import (
	"html"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/build/host"
	"github.com/cqlplay/cqlplay/build/lesson"
)

// TestPlayStarters runs the playground's starting schemas of every language:
// each agrees with its expectations and no statement fails, and every
// language offers the same starters, by id, in the same order.
func TestPlayStarters(t *testing.T) {
	var ids [][]string
	for _, lang := range languages {
		starters, l, err := LoadStarters(testRoot, lang)
		if err != nil {
			t.Fatal(err)
		}
		if len(starters) < 4 {
			t.Errorf("%s: %d starters, want at least 4", lang, len(starters))
		}
		var these []string
		for _, s := range starters {
			these = append(these, s.ID)
			if s.Title == "" || strings.TrimSpace(s.Code) == "" {
				t.Errorf("%s: starter %q has no title or no script", lang, s.ID)
			}
		}
		ids = append(ids, these)
		for _, r := range l.RunAll() {
			for _, p := range r.Problems {
				t.Error(p)
			}
			for _, o := range r.Outcomes {
				if o.Error != nil {
					t.Errorf("%s: starter %q: %s fails: %s", lang, r.Example.ID, o.Statement, o.Error.Message)
				}
			}
		}
	}
	for i := 1; i < len(ids); i++ {
		if !slices.Equal(ids[i], ids[0]) {
			t.Errorf("the %s starters are %v, the %s ones %v", languages[i], ids[i], languages[0], ids[0])
		}
	}
}

// TestPlayPages checks the built playground: /play/ and one page per
// language with the picker, every starter's script as text and a blank
// playground whose saved edit is shared by the languages; its embed pages;
// the links to it from every page's header and the indexes; the sitemap and
// the offline list holding the playground but not its embed pages.
func TestPlayPages(t *testing.T) {
	needSite(t)
	read := func(p string) string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(testDist, filepath.FromSlash(p), "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for _, lang := range languages {
		pages := []string{playURL(lang)}
		if lang == languages[0] {
			pages = append(pages, "/play/")
		}
		starters, _, err := LoadStarters(testRoot, lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			page := read(p)
			fig := figure(page, 0)
			for _, want := range []string{`data-key="play"`, `data-embed="` + playEmbedURL(lang) + `"`, `<code class="language-cql"></code>`} {
				if !strings.Contains(fig, want) {
					t.Errorf("%s: the playground lacks %s", p, want)
				}
			}
			if !strings.Contains(page, `<link rel="canonical" href="https://cqlplay.example`+playURL(lang)+`">`) {
				t.Errorf("%s is not canonical to %s", p, playURL(lang))
			}
			if !strings.Contains(page, `<select id="play-start">`) {
				t.Errorf("%s has no picker", p)
			}
			for _, s := range starters {
				if !strings.Contains(page, `<option value="`+s.ID+`">`+html.EscapeString(s.Title)+`</option>`) {
					t.Errorf("%s: the picker does not offer %s", p, s.ID)
				}
				if !strings.Contains(page, `data-id="`+s.ID+`" data-view="`+s.View+`">`+html.EscapeString(s.Code)+"</pre>") {
					t.Errorf("%s: the script of %s is not in the page", p, s.ID)
				}
			}
			for _, other := range languages {
				if other != lang && !strings.Contains(page, `<a href="`+playURL(other)+`" hreflang="`+other+`"`) {
					t.Errorf("%s: the switch to %s does not lead to its playground", p, other)
				}
			}
		}
		embed := read(playEmbedURL(lang))
		for _, want := range []string{`<body class="embed"`, `<link rel="canonical" href="https://cqlplay.example` + playURL(lang) + `">`, `<meta name="description" content="`, ` data-embed="en zh"`,
			`<figure class="pg" id="ex-0"`, `<a href="` + playURL(lang) + `" target="_blank" rel="noopener">`} {
			if !strings.Contains(embed, want) {
				t.Errorf("%s lacks %s", playEmbedURL(lang), want)
			}
		}
		if strings.Contains(embed, `data-key=`) || strings.Contains(embed, "play-start") {
			t.Errorf("%s has the playground page's picker or saved edit", playEmbedURL(lang))
		}
		for _, p := range []string{"/" + lang + "/", "/" + lang + "/" + testLessonSlug(t, lang) + "/"} {
			page := read(p)
			if !strings.Contains(page, `<a class="play-link" href="`+playURL(lang)+`">`) {
				t.Errorf("%s: the header does not link the playground", p)
			}
		}
		if !strings.Contains(read("/"+lang+"/"), `<a class="home-play" href="`+playURL(lang)+`">`) {
			t.Errorf("the %s index does not introduce the playground", lang)
		}
	}
	sitemap, _ := os.ReadFile(filepath.Join(testDist, "sitemap.xml"))
	sw, _ := os.ReadFile(filepath.Join(testDist, "sw.js"))
	for _, lang := range languages {
		if !strings.Contains(string(sitemap), "<loc>https://cqlplay.example"+playURL(lang)+"</loc>") {
			t.Errorf("the sitemap lacks %s", playURL(lang))
		}
		if !strings.Contains(string(sw), `"`+playURL(lang)+`"`) {
			t.Errorf("the service worker does not keep %s offline", playURL(lang))
		}
		if strings.Contains(string(sw), `"`+playEmbedURL(lang)+`"`) {
			t.Errorf("the service worker keeps the embed page %s", playEmbedURL(lang))
		}
	}
	if !strings.Contains(string(sw), `"/play/"`) {
		t.Error("the service worker does not keep /play/ offline")
	}
}

// TestEmbedHeaders checks the security headers of every page the build
// wrote, as Netlify reads them from dist/_headers and as the local server
// sends them: any origin may frame an embed page, only the site may frame
// any other page, the policy is otherwise the same everywhere, and no
// X-Frame-Options. A host may let the last rule that matches a path set a
// header (Netlify's dev server does) or send every rule's value (two
// policies, both enforced): the test reads both ways.
func TestEmbedHeaders(t *testing.T) {
	needSite(t)
	rules := readHeadersFile(t, filepath.Join(testDist, "_headers"))
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var base string // the policy but for frame-ancestors, the same everywhere
	check := func(p, want string) {
		var policies []string
		for _, r := range rules {
			if host.Matches(r.path, p) {
				for _, h := range r.headers {
					if h[0] == "Content-Security-Policy" {
						policies = append(policies, h[1])
					}
				}
			}
		}
		if len(policies) == 0 {
			t.Errorf("%s: no Content-Security-Policy in _headers", p)
			return
		}
		enforced := "*" // every policy sent at once: the narrowest frame-ancestors holds
		for _, csp := range policies {
			rest, ancestors := splitAncestors(csp)
			if base == "" {
				base = rest
			}
			if rest != base {
				t.Errorf("%s: the policy differs from the others': %s", p, csp)
			}
			if ancestors != "*" {
				enforced = ancestors
			}
		}
		last := policies[len(policies)-1]
		if _, a := splitAncestors(last); a != want || enforced != want {
			t.Errorf("%s: frame-ancestors %q (the last rule's), %q (every rule's), want %q", p, a, enforced, want)
		}
		res, err := client.Get(testURL + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if got := res.Header.Values("Content-Security-Policy"); len(got) != 1 || got[0] != last {
			t.Errorf("%s: the local server sends %q, _headers %q", p, got, last)
		}
		if res.Header.Get("X-Frame-Options") != "" {
			t.Errorf("%s sends X-Frame-Options", p)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no X-Content-Type-Options: nosniff", p)
		}
	}
	embeds := 0
	for _, p := range testReport.Pages {
		want := "'self'"
		if strings.Contains(p, "/embed/") {
			want = "*"
			embeds++
		}
		check(p, want)
		if strings.HasSuffix(p, "/") && p != "/" {
			check(p+"index.html", want)
			check(strings.TrimSuffix(p, "/"), want)
		}
	}
	if embeds < 2 {
		t.Fatalf("%d embed pages among %d", embeds, len(testReport.Pages))
	}
	for _, p := range []string{"/nope", "/en/nope/", "/sw.js", "/sitemap.xml"} {
		check(p, "'self'")
	}
	if !strings.Contains(base, "script-src 'self' 'wasm-unsafe-eval';") || !strings.Contains(base, "default-src 'self';") ||
		!strings.Contains(base, "style-src 'self';") || !strings.Contains(base, "object-src 'none';") {
		t.Errorf("the policy loosened: %s", base)
	}
	res, err := http.Get(testURL + "/_headers")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 404 {
		t.Errorf("/_headers: status %d, want 404 (Netlify does not serve it)", res.StatusCode)
	}
}

// splitAncestors splits a policy into its frame-ancestors value and the rest.
func splitAncestors(csp string) (rest, ancestors string) {
	var others []string
	for _, d := range strings.Split(csp, ";") {
		d = strings.TrimSpace(d)
		if v, ok := strings.CutPrefix(d, "frame-ancestors "); ok {
			ancestors = v
		} else if d != "" {
			others = append(others, d)
		}
	}
	return strings.Join(others, "; "), ancestors
}

// testLessonSlug is the slug of the first lesson in lang.
func testLessonSlug(t *testing.T, lang string) string {
	t.Helper()
	lessons, err := lesson.Load(filepath.Join(testRoot, "content"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lessons {
		if l.Lang == lang {
			return l.Slug
		}
	}
	t.Fatal("no lesson in " + lang)
	return ""
}
