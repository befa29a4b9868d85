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

// explainedSchema is the tables TestExplainedInChinese's statements break
// the rules of.
const explainedSchema = `
CREATE TABLE users (mainland text, state text, uid int, name text, zip int, PRIMARY KEY ((mainland), state, uid));
CREATE TABLE t (a int, b int, c int, d int, v int, s int STATIC, l list<int>, m map<text, int>, PRIMARY KEY ((a, b), c, d));
CREATE TABLE k (k int PRIMARY KEY, v int);
CREATE TABLE ts (k int PRIMARY KEY, t timestamp);
`

// TestExplainedInChinese: a session whose language is zh explains each kind of
// failure in Chinese, found by the error's rule, and an English one in English.
func TestExplainedInChinese(t *testing.T) {
	for _, stmt := range []string{
		"SELECT * FROM users WHERE mainland = 'x' AND uid = 1",
		"SELECT * FROM users WHERE mainland = 'x' AND state > 'a' AND uid = 1",
		"SELECT * FROM users WHERE name = 'a'",
		"SELECT * FROM t WHERE a = 1",
		"UPDATE t SET v = 1 WHERE a = 1 AND c = 1 AND d = 1",
		"UPDATE t SET v = 1 WHERE a = 1 AND b = 1 AND c = 1",
		"SELECT * FROM t WHERE a = 1 AND b = 1 ORDER BY d",
		"INSERT INTO k (k, v) VALUES (1, 'abc')",
		"SELECT x FROM t",
		"SELECT * FROM nope",
		"UPDATE t SET v = 1 WHERE a = 1 AND b = 1 AND c = 1 AND d = 1 AND v = 1",
		"SELECT DISTINCT a, b, v FROM t",
		"SELECT * FROM users WHERE mainland IN ('a', 'b') ORDER BY state DESC",
		"INSERT INTO ts (k, t) VALUES (1, '2026-01-01 10:00:00 Asia/Kathmandu')",
		"CREATE MATERIALIZED VIEW vw AS SELECT * FROM users WHERE name IS NOT NULL PRIMARY KEY (name, mainland, state, uid)",
	} {
		for _, lang := range []string{"en", "zh"} {
			outs := NewSession(Options{Lang: lang}).Run(explainedSchema + stmt + ";")
			err := outs[len(outs)-1].Error
			if err == nil || err.Rule == "" || err.Why == "" || err.Fix == "" {
				t.Errorf("%s (%s): error %+v, want a rule with its explanation", stmt, lang, err)
				continue
			}
			if hasHan(err.Why+err.Fix) != (lang == "zh") {
				t.Errorf("%s (%s): why %q fix %q in the wrong language", stmt, lang, err.Why, err.Fix)
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
