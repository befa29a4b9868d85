package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/cqlplay/cqlplay/build/lesson"
)

// TestEmbedPages checks that every example of every lesson has its embed
// page: the example's widget, the examples it continues as hidden setup
// blocks, a canonical link to the lesson, and no place in the sitemap.
func TestEmbedPages(t *testing.T) {
	needSite(t)
	lessons, err := lesson.Load(filepath.Join(testRoot, "content"))
	if err != nil {
		t.Fatal(err)
	}
	sitemap, err := os.ReadFile(filepath.Join(testDist, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(sitemap), "/embed/") {
		t.Error("the sitemap lists embed pages")
	}
	n := 0
	for _, l := range lessons {
		for _, ex := range l.Examples {
			if ex.Setup {
				continue
			}
			n++
			p := embedURL(l, ex)
			data, err := os.ReadFile(filepath.Join(testDist, filepath.FromSlash(p), "index.html"))
			if err != nil {
				t.Errorf("%s: %v", p, err)
				continue
			}
			page := string(data)
			for _, want := range []string{
				`<figure class="pg" id="ex-` + strconv.Itoa(ex.Index) + `"`,
				`<link rel="canonical" href="https://cqlplay.example` + lessonURL(l) + `">`,
				`<body class="embed"`,
			} {
				if !strings.Contains(page, want) {
					t.Errorf("%s lacks %s", p, want)
				}
			}
			for _, pre := range ex.Prelude {
				if !strings.Contains(page, `<pre class="pg-setup" hidden data-index="`+strconv.Itoa(pre.Index)+`">`) {
					t.Errorf("%s lacks the setup block of example %d, which it continues", p, pre.Index)
				}
			}
			if strings.Count(page, `<figure class="pg"`) != 1 {
				t.Errorf("%s holds %d playgrounds, want 1", p, strings.Count(page, `<figure class="pg"`))
			}
		}
	}
	if n == 0 {
		t.Fatal("no examples found")
	}
}

// TestBrowserEmbed takes the Embed snippet of an example that continues an
// earlier one, opens its page, and checks that a live run there, its prelude
// coming from the setup block, draws what the build drew on the lesson.
func TestBrowserEmbed(t *testing.T) {
	ctx := newTab(t)
	freshLesson(t, ctx, usersLesson) // no saved edit of ex-0 from an earlier test
	const fig = "#ex-1"
	if eval[string](t, ctx, `document.querySelector("`+fig+`").dataset.prelude || ""`) == "" {
		t.Fatal(fig + " continues no example: pick one that does")
	}
	inView(t, ctx, fig)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fig+" .pg-embed"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the embed snippet", `!!document.querySelector("`+fig+` .pg-snippet")`)
	snippet := eval[string](t, ctx, `document.querySelector("`+fig+` .pg-snippet").value`)
	src := testURL + usersLesson + "embed/1/"
	if !strings.HasPrefix(snippet, `<iframe src="`+src+`" title="cqlplay: `) || !strings.Contains(snippet, "></iframe>") {
		t.Fatalf("the embed snippet is %q", snippet)
	}
	// It starts as tall as the playground it frames (hosts without scripts
	// keep that height) and carries the resizer for hosts with them.
	height, _ := strconv.Atoi(strings.SplitN(strings.SplitN(snippet, `height="`, 2)[1], `"`, 2)[0])
	tall := eval[float64](t, ctx, `document.querySelector("`+fig+`").getBoundingClientRect().height`)
	if float64(height) < tall || float64(height) > tall+100 {
		t.Errorf("the snippet's iframe is %d px tall; its playground is %.0f px", height, tall)
	}
	if !strings.Contains(snippet, `var site = "`+testURL+`"`) || !strings.HasSuffix(snippet, "</script>") {
		t.Errorf("the snippet carries no resizer for %s: %q", testURL, snippet)
	}
	built := eval[string](t, ctx, `document.querySelector("`+fig+` .pg-results").textContent`)

	if err := chromedp.Do(ctx, chromedp.Navigate(src)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the embed page's first run", `document.documentElement.dataset.engine === "ready" && Number(document.querySelector("`+fig+`").dataset.runs) >= 1`)
	if got := eval[int](t, ctx, `document.querySelectorAll("figure.pg, .site-head, .pg-embed").length`); got != 1 {
		t.Errorf("the embed page has %d playgrounds, headers and embed buttons, want the playground alone", got)
	}
	typeAndRun(t, ctx, fig, "\n")
	if live := eval[string](t, ctx, `document.querySelector("`+fig+` .pg-results").textContent`); live != built {
		t.Errorf("the embed page's live run draws\n%s\nthe lesson's build drew\n%s", live, built)
	}
	clearStorage(t, ctx)
}
