package sitegen

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/build/lesson"
)

// TestLessonSections: a lesson is cut at its headings, each section with the
// heading's id as the page gives it, its prose without code blocks or raw
// HTML, and inline code, links and table cells kept as words.
func TestLessonSections(t *testing.T) {
	md := "Intro with `code` and a [link](/x/).\nSecond line.\n\n" +
		"## The partition key\n\nText **bold** here.\n\n```cql\nSELECT secret FROM t;\n```\n\n- one\n- two\n\n" +
		"<div>raw html</div>\n\n" +
		"### 分区键（partition key）\n\n| a | b |\n|---|---|\n| c1 | c2 |\n\n" +
		"## The partition key\n\nAgain.\n"
	got := lessonSections([]byte(md))
	want := []searchSection{
		{Text: "Intro with code and a link. Second line."},
		{ID: "the-partition-key", Heading: "The partition key", Text: "Text bold here. one two"},
		{ID: "分区键-partition-key", Heading: "分区键（partition key）", Text: "a b c1 c2"},
		{ID: "the-partition-key-1", Heading: "The partition key", Text: "Again."},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d sections %+v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("section %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	// A lesson that opens with a heading has no empty opening section.
	if s := lessonSections([]byte("## Start\n\nText.\n")); len(s) != 1 || s[0].ID != "start" {
		t.Errorf("a lesson opening on a heading: %+v", s)
	}
}

func TestFirstParagraph(t *testing.T) {
	for md, want := range map[string]string{
		"## Head\n\nThe *first* one,\nwrapped.\n\nThe second.\n": "The first one, wrapped.",
		"```cql\nSELECT 1;\n```\n\nAfter code.\n":                "After code.",
		"": "",
	} {
		if got := firstParagraph([]byte(md)); got != want {
			t.Errorf("firstParagraph(%q) = %q, want %q", md, got, want)
		}
	}
	l := &lesson.Lesson{Body: []byte("Opening words.\n")}
	if got := lessonSummary(l); got != "Opening words." {
		t.Errorf("a lesson without summary is summed up by its first paragraph, got %q", got)
	}
	l.Summary = "Front matter."
	if got := lessonSummary(l); got != "Front matter." {
		t.Errorf("the front matter's summary comes first, got %q", got)
	}
}

// TestSearchIndexes: the built site has each language's index under
// /assets/, every page of that language names it, the service worker keeps
// it, and every section's link leads to a heading of its lesson's page.
func TestSearchIndexes(t *testing.T) {
	needSite(t)
	sw, err := os.ReadFile(filepath.Join(testDist, "sw.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range languages {
		matches, _ := filepath.Glob(filepath.Join(testDist, "assets", "search-"+lang+"-*.json"))
		if len(matches) != 1 {
			t.Fatalf("%s: want one search index under /assets/, found %v", lang, matches)
		}
		url := "/assets/" + filepath.Base(matches[0])
		if _, err := os.Stat(matches[0] + ".gz"); err != nil {
			t.Errorf("%s: the index is not precompressed: %v", lang, err)
		}
		if !strings.Contains(string(sw), `"`+url+`"`) {
			t.Errorf("%s: the service worker's precache lacks %s", lang, url)
		}
		data, err := os.ReadFile(matches[0])
		if err != nil {
			t.Fatal(err)
		}
		var idx searchIndex
		if err := json.Unmarshal(data, &idx); err != nil {
			t.Fatal(err)
		}
		if idx.Lang != lang || len(idx.Lessons) < 18 {
			t.Fatalf("%s: index of %q with %d lessons", lang, idx.Lang, len(idx.Lessons))
		}
		index, err := os.ReadFile(filepath.Join(testDist, lang, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(index), `data-index="`+url+`"`) {
			t.Errorf("/%s/ does not name its search index %s", lang, url)
		}
		for _, l := range idx.Lessons {
			page, err := os.ReadFile(filepath.Join(testDist, filepath.FromSlash(l.URL), "index.html"))
			if err != nil {
				t.Errorf("%s: %v", l.URL, err)
				continue
			}
			if !strings.Contains(string(page), `data-index="`+url+`"`) {
				t.Errorf("%s does not name its search index %s", l.URL, url)
			}
			if l.Title == "" || len(l.Sections) < 2 {
				t.Errorf("%s: title %q, %d sections", l.URL, l.Title, len(l.Sections))
			}
			for _, s := range l.Sections {
				if s.ID != "" && !strings.Contains(string(page), `id="`+s.ID+`"`) {
					t.Errorf("%s: section %q links to #%s, which the page lacks", l.URL, s.Heading, s.ID)
				}
				if s.Text == "" && s.Heading == "" {
					t.Errorf("%s: an empty section", l.URL)
				}
				if strings.Contains(s.Text, "CREATE TABLE") && strings.Contains(s.Text, "PRIMARY KEY ((") {
					t.Errorf("%s: section %q holds a CQL example", l.URL, s.Heading)
				}
			}
		}
	}
}
