package query

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestAdviceTexts: every advice rule has a text in each language, with the
// same arguments, and advise puts AdvicePrefix first in both, so the reader
// tells advice from Cassandra's warnings whatever the page's language.
func TestAdviceTexts(t *testing.T) {
	arg := regexp.MustCompile(`\{[0-9]\}`)
	for rule, texts := range adviceTexts {
		en, zh := arg.FindAllString(texts[0], -1), arg.FindAllString(texts[1], -1)
		slices.Sort(en)
		slices.Sort(zh)
		if texts[0] == "" || texts[1] == "" || !slices.Equal(slices.Compact(en), slices.Compact(zh)) {
			t.Errorf("advice %d: arguments %v in English, %v in Chinese", rule, en, zh)
		}
		args := []string{"a", "b", "c"}
		for _, lang := range Languages {
			db := New(0, 0, "")
			db.Lang = lang
			if got := db.advise(adviceRule(rule), args...); !strings.HasPrefix(got, AdvicePrefix) || strings.Contains(got, "{") {
				t.Errorf("advice %d in %s: %q", rule, lang, got)
			}
		}
	}
}
