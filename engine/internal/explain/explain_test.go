package explain

import (
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/query"
)

// schemaT is the table the explanations are given for.
const schemaT = "CREATE TABLE t (a int, b int, c int, d int, v int, s int STATIC, l list<int>, m map<text, int>, PRIMARY KEY ((a, b), c, d));"

// TestExplanationsInEveryLanguage: every rule the playground explains has its
// Why and Fix in each language, and a Chinese explanation is Chinese.
func TestExplanationsInEveryLanguage(t *testing.T) {
	db := query.New(0, 0, "")
	for _, it := range cql.Parse(schemaT) {
		if _, err := db.Exec(it.Stmt); err != nil {
			t.Fatal(err)
		}
	}
	tbl := db.Schema.Keyspaces[db.Keyspace].Tables["t"]
	for rule, ex := range explanations {
		c := &explainCtx{t: tbl, args: []string{"c2", "c1"}}
		for lang, f := range map[string]func(*explainCtx) (string, string){"en": ex.en, "zh": ex.zh} {
			if f == nil {
				t.Errorf("%s: no %s explanation", rule, lang)
				continue
			}
			why, fix := f(c)
			if rule == query.RuleNeedsFiltering {
				continue // needs a SELECT; TestExplainedInChinese (engine) runs one
			}
			if why == "" || fix == "" {
				t.Errorf("%s (%s): why %q, fix %q", rule, lang, why, fix)
			}
			if lang == "zh" && !hasHan(why+fix) {
				t.Errorf("%s: the Chinese explanation is not Chinese: %q / %q", rule, why, fix)
			}
		}
	}
}

func hasHan(s string) bool {
	for _, r := range s {
		if r >= 0x4E00 && r <= 0x9FFF {
			return true
		}
	}
	return false
}
