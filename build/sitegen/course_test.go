package sitegen

import (
	"path/filepath"
	"testing"

	"github.com/cqlplay/cqlplay/build/lesson"
)

// TestCourse: every lesson of content/ belongs to one part of the course, in
// both languages, and the parts do not overlap.
func TestCourse(t *testing.T) {
	lessons, err := lesson.Load(filepath.Join(testRoot, "content"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lessons {
		if partOf(l.Order) < 0 {
			t.Errorf("%s: order %d is in no part of the course: add it to course in build/sitegen/course.go", l.Path, l.Order)
		}
	}
	for i, p := range course {
		if p.first > p.last {
			t.Errorf("part %d: first %d after last %d", i, p.first, p.last)
		}
		if i > 0 && p.first <= course[i-1].last {
			t.Errorf("part %d starts at %d, inside the part before it (up to %d)", i, p.first, course[i-1].last)
		}
		for _, lang := range languages {
			if p.title[lang] == "" {
				t.Errorf("part %d has no %s title", i, lang)
			}
		}
	}
}

func TestReadingMinutes(t *testing.T) {
	words := func(n int) string {
		s := ""
		for i := 0; i < n; i++ {
			s += "word "
		}
		return s
	}
	han := func(n int) string {
		s := ""
		for i := 0; i < n; i++ {
			s += "分"
		}
		return s
	}
	tests := []struct {
		text string
		want int
	}{
		{"", 1},
		{words(200), 1},
		{words(201), 2},
		{words(2000), 10},
		{han(400), 1},
		{han(401), 2},
		{han(4000), 10},
		{words(1000) + han(2000), 10},
		{"PRIMARY KEY ((col1, col2), col10)", 1},
	}
	for _, tt := range tests {
		if got := readingMinutes([]byte(tt.text)); got != tt.want {
			t.Errorf("readingMinutes(%d bytes) = %d, want %d", len(tt.text), got, tt.want)
		}
	}
}
