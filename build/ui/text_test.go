package ui

import (
	"reflect"
	"regexp"
	"slices"
	"testing"
)

// TestStrings: every string exists in every language, with the same
// {placeholders} as the English one, in Text and Reader alike.
func TestStrings(t *testing.T) {
	ph := regexp.MustCompile(`\{\w+\}`)
	check := func(table string, en reflect.Value, lang string, v reflect.Value) {
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.Type.Kind() != reflect.String {
				continue
			}
			s := v.Field(i).String()
			if s == "" {
				t.Errorf("%s %s: %s is empty", table, lang, f.Name)
			}
			want := ph.FindAllString(en.Field(i).String(), -1)
			got := ph.FindAllString(s, -1)
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("%s %s: %s has placeholders %v, English %v", table, lang, f.Name, got, want)
			}
		}
	}
	if len(Strings) < 2 || len(ReaderStrings) != len(Strings) {
		t.Fatalf("%d languages of Text, %d of Reader", len(Strings), len(ReaderStrings))
	}
	for lang, tx := range Strings {
		check("Text", reflect.ValueOf(*Strings["en"]), lang, reflect.ValueOf(*tx))
		r, ok := ReaderStrings[lang]
		if !ok {
			t.Errorf("no Reader strings for %s", lang)
			continue
		}
		check("Reader", reflect.ValueOf(*ReaderStrings["en"]), lang, reflect.ValueOf(*r))
	}
}
