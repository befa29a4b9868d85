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

// TestAdviceLanguage: the playground's advice is in the page's language
// too, and starts with the same prefix in both.
func TestAdviceLanguage(t *testing.T) {
	const script = "CREATE TABLE ev (k int, ts timestamp, PRIMARY KEY (k, ts));"
	want := map[string]string{
		"en": `cqlplay advice: "ts" (timestamp) is the only clustering column of ev: two events in the same millisecond get the same key and the second silently overwrites the first (every write is an upsert). Use a timeuuid, or add a column that makes the key unique.`,
		"zh": `cqlplay advice: "ts"（timestamp）是 ev 唯一的聚簇列：同一毫秒里的两个事件得到同一个键，后一个会悄无声息地覆盖前一个（每次写入都是 upsert）。改用 timeuuid，或者再加一列让键唯一。`,
	}
	for lang, w := range want {
		outs := NewSession(Options{Lang: lang}).Run(script)
		if len(outs[0].Warnings) != 1 || outs[0].Warnings[0] != w {
			t.Errorf("Lang %q: warnings %q\nwant %q", lang, outs[0].Warnings, w)
		}
	}
}
