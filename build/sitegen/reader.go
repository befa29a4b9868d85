package sitegen

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/build/lesson"
	"github.com/cqlplay/cqlplay/build/ui"
)

// The reader's own features, kept in the browser and never uploaded:
// progress (site/ts/progress.ts), "continue where you left off", export and
// import of progress and saved edits, and search (site/ts/search.ts). Their
// strings live here, apart from uiText, and reach the page as JSON in
// <body data-reader>; the templates use the same table (pageData.R).

// readerText holds the strings of the reader's features in one language (build/ui).
type readerText = ui.Reader

var readerStrings = ui.ReaderStrings

func readerText_(lang string) *readerText {
	if t := readerStrings[lang]; t != nil {
		return t
	}
	return readerStrings["en"]
}

// readerJSON is the page's copy of the reader's strings.
func readerJSON(lang string) string {
	b, _ := json.Marshal(readerText_(lang))
	return string(b)
}

// lessonSummary is the front matter's summary, else the first paragraph.
func lessonSummary(l *lesson.Lesson) string {
	if l.Summary != "" {
		return l.Summary
	}
	return firstParagraph(l.Body)
}

// exercisesText says how many exercises a lesson has, "" for none.
func exercisesText(lang string, n int) string {
	t := readerText_(lang)
	switch n {
	case 0:
		return ""
	case 1:
		return t.Exercise1
	}
	return strings.ReplaceAll(t.Exercises, "{n}", strconv.Itoa(n))
}

// exercisesOf counts a lesson's exercises: its progress is complete when
// all are solved.
func exercisesOf(l *lesson.Lesson) int {
	n := 0
	for _, ex := range l.Examples {
		if ex.Exercise != nil {
			n++
		}
	}
	return n
}
