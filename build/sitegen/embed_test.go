package sitegen

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

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
				`<link rel="canonical" href="https://cqlplay.example` + LessonURL(l) + `">`,
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
