package engine

import "testing"

// TestExplanationLanguage: a session explains failures in the language its
// page names, by the tag's primary subtag, and in English otherwise.
func TestExplanationLanguage(t *testing.T) {
	const script = "CREATE TABLE t (k int, c int, v int, PRIMARY KEY (k, c));\nSELECT * FROM t WHERE v = 1;"
	wantWhy := map[string]string{
		"":        "v is not part of the primary key: nothing in the layout is sorted or grouped by it, so finding matching rows means reading rows and throwing away those that do not match.",
		"en":      "v is not part of the primary key: nothing in the layout is sorted or grouped by it, so finding matching rows means reading rows and throwing away those that do not match.",
		"fr":      "v is not part of the primary key: nothing in the layout is sorted or grouped by it, so finding matching rows means reading rows and throwing away those that do not match.",
		"zh":      "v 不是主键的一部分：布局里没有任何部分按它排序或分组，所以要找到匹配的行，只能把行读出来，再丢掉不匹配的。",
		"zh-Hans": "v 不是主键的一部分：布局里没有任何部分按它排序或分组，所以要找到匹配的行，只能把行读出来，再丢掉不匹配的。",
	}
	for lang, want := range wantWhy {
		outs := NewSession(Options{Lang: lang}).Run(script)
		e := outs[1].Error
		if e == nil || e.Why != want {
			t.Errorf("Lang %q: error %+v\nwant why %q", lang, e, want)
		}
	}
}
