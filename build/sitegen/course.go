package sitegen

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/cqlplay/cqlplay/build/lesson"
)

// part is one part of the course: the lessons whose front matter order lies
// in [first, last], with the part's title in each language.
type part struct {
	first, last int
	title       map[string]string
}

// course groups the lessons into parts, in reading order. It is the one place
// that says which lessons form a part; TestCourse fails when a lesson's order
// falls in no part, so a new lesson is placed here when it is numbered.
var course = []part{
	{1, 3, map[string]string{
		"en": "Foundations: how Cassandra lays out a table",
		"zh": "基础：Cassandra 怎样摆放一张表",
	}},
	{4, 10, map[string]string{
		"en": "Modeling: keys, queries and query-first design",
		"zh": "建模：键、查询与查询驱动的设计",
	}},
	{11, 18, map[string]string{
		"en": "Writes, time and history",
		"zh": "写入、时间与历史",
	}},
	{19, 19, map[string]string{
		"en": "More in a row: collections, types and static columns",
		"zh": "一行里的更多内容：集合、类型与静态列",
	}},
	{20, 20, map[string]string{
		"en": "Putting it together",
		"zh": "融会贯通",
	}},
}

// coursePart is a part as the index shows it.
type coursePart struct {
	Title   string
	Lessons []link
}

// partOf returns the index of the part holding a lesson of this order, or -1.
func partOf(order int) int {
	for i, p := range course {
		if order >= p.first && order <= p.last {
			return i
		}
	}
	return -1
}

// coursePartsOf groups one language's lessons (in order) into the course's parts.
func coursePartsOf(t *uiText, lang string, lessons []*lesson.Lesson) []coursePart {
	parts := make([]coursePart, len(course))
	for i, p := range course {
		parts[i].Title = p.title[lang]
	}
	for _, l := range lessons {
		if i := partOf(l.Order); i >= 0 {
			parts[i].Lessons = append(parts[i].Lessons, link{URL: LessonURL(l), Title: l.Title, Summary: lessonSummary(l),
				Number: l.Order, ReadTime: minutesText(t, readingMinutes(l.Body)), Slug: l.Slug, Exercises: exercisesOf(l),
				ExercisesText: exercisesText(lang, exercisesOf(l))})
		}
	}
	var out []coursePart
	for _, p := range parts {
		if len(p.Lessons) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// Reading speeds: words a minute for text in spaced scripts, and Han
// characters a minute for Chinese; code in a lesson is read too, so it counts.
const (
	wordsPerMinute = 200
	hanPerMinute   = 400
)

// readingMinutes estimates how long a lesson's Markdown takes to read, at
// least a minute.
func readingMinutes(md []byte) int {
	words, han, inWord := 0, 0, false
	for _, r := range string(md) {
		switch {
		case unicode.Is(unicode.Han, r):
			han++
			inWord = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if !inWord {
				words++
			}
			inWord = true
		default:
			inWord = false
		}
	}
	m := (words*hanPerMinute + han*wordsPerMinute + wordsPerMinute*hanPerMinute - 1) / (wordsPerMinute * hanPerMinute)
	return max(m, 1)
}

// minutesText says a reading time in the page's language.
func minutesText(t *uiText, m int) string {
	return strings.ReplaceAll(t.Minutes, "{n}", strconv.Itoa(m))
}
