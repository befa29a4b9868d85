package sitegen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHeadScriptFirst: the head script is the first script of every page,
// in <head> before the stylesheet, and neither async nor deferred, so the
// reader's palette is set before the first paint.
func TestHeadScriptFirst(t *testing.T) {
	needSite(t)
	for _, page := range []string{"/en/", usersLesson, "/zh/how-rows-are-stored/", usersLesson + "embed/0/", "/404.html"} {
		body := fetchPage(t, page)
		head, _, _ := strings.Cut(body, "</head>")
		i := strings.Index(head, "<script")
		css := strings.Index(head, `<link rel="stylesheet"`)
		if i < 0 || css < 0 || i > css {
			t.Errorf("%s: the first script is not before the stylesheet in <head>", page)
			continue
		}
		tag := head[i : i+strings.Index(head[i:], ">")]
		if !strings.Contains(tag, "/assets/head-") || strings.Contains(tag, "async") || strings.Contains(tag, "defer") {
			t.Errorf("%s: first script %s, want the head script, neither async nor deferred", page, tag)
		}
	}
}

// fetchPage returns a built page's HTML by its URL path.
func fetchPage(t *testing.T, page string) string {
	t.Helper()
	file := filepath.Join(testDist, filepath.FromSlash(page))
	if strings.HasSuffix(page, "/") {
		file = filepath.Join(file, "index.html")
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
