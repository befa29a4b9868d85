package explain

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/query"
)

// TestAdviceTexts: every advice rule has a text in each language, with the
// same arguments, and Advice puts AdvicePrefix first in both, so the reader
// tells advice from Cassandra's warnings whatever the page's language.
func TestAdviceTexts(t *testing.T) {
	arg := regexp.MustCompile(`\{[0-9]\}`)
	for _, e := range adviceTexts {
		rule, texts := e.rule, e.text
		en, zh := arg.FindAllString(texts[0], -1), arg.FindAllString(texts[1], -1)
		slices.Sort(en)
		slices.Sort(zh)
		if texts[0] == "" || texts[1] == "" || !slices.Equal(slices.Compact(en), slices.Compact(zh)) {
			t.Errorf("advice %s: arguments %v in English, %v in Chinese", rule, en, zh)
		}
		args := []string{"a", "b", "c"}
		for _, lang := range Languages {
			if got := Advice(query.Advice{Rule: rule, Args: args}, lang); !strings.HasPrefix(got, AdvicePrefix) || strings.Contains(got, "{") {
				t.Errorf("advice %s in %s: %q", rule, lang, got)
			}
		}
	}
}

// TestEveryAdviceWorded: every rule the executor advises by has its text.
func TestEveryAdviceWorded(t *testing.T) {
	rules := []cqlerr.Rule{query.AdviceTimestampKey, query.AdviceCounterID, query.AdviceManyRows, query.AdviceManyBytes,
		query.AdviceLongKey, query.AdviceFewPartitions, query.AdviceUniqueIndex, query.AdviceViewsEnabled}
	for _, r := range rules {
		if len(Advice(query.Advice{Rule: r, Args: []string{"a", "b", "c"}}, "en")) < len(AdvicePrefix)+20 {
			t.Errorf("advice %s has no text", r)
		}
	}
	if len(adviceTexts) != len(rules) {
		t.Errorf("%d texts for %d rules", len(adviceTexts), len(rules))
	}
}
