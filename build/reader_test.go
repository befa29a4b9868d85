package main

import (
	"reflect"
	"regexp"
	"slices"
	"testing"
)

// TestReaderStrings: every string of the reader's features exists in every
// language, with the same {placeholders}.
func TestReaderStrings(t *testing.T) {
	ph := regexp.MustCompile(`\{\w+\}`)
	en := reflect.ValueOf(*readerStrings["en"])
	for _, lang := range languages {
		tx, ok := readerStrings[lang]
		if !ok {
			t.Errorf("no reader strings for %s", lang)
			continue
		}
		v := reflect.ValueOf(*tx)
		for i := 0; i < v.NumField(); i++ {
			name := v.Type().Field(i).Name
			s := v.Field(i).String()
			if s == "" {
				t.Errorf("%s: %s is empty", lang, name)
			}
			want := ph.FindAllString(en.Field(i).String(), -1)
			got := ph.FindAllString(s, -1)
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("%s: %s has placeholders %v, English %v", lang, name, got, want)
			}
		}
	}
}

func TestExercisesText(t *testing.T) {
	for _, tt := range []struct {
		lang string
		n    int
		want string
	}{{"en", 0, ""}, {"en", 1, "1 exercise"}, {"en", 2, "2 exercises"}, {"zh", 2, "练习 2 道"}, {"fr", 1, "1 exercise"}} {
		if got := exercisesText(tt.lang, tt.n); got != tt.want {
			t.Errorf("exercisesText(%s, %d) = %q, want %q", tt.lang, tt.n, got, tt.want)
		}
	}
}
