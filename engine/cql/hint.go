package cql

import "strings"

// SyntaxHint explains one of this parser's syntax errors (errors.go: ANTLR's
// "mismatched input", "no viable alternative", "extraneous input", "missing"
// wordings, as Cassandra 4.1 prints them) as the playground explains every
// other failure: why, and what to try, in English or (zh) Chinese. A keyword
// the reader nearly typed is named ("did you mean FROM?").
func SyntaxHint(msg string, zh bool) (why, fix string) {
	input := quoted(msg, "input '")
	want := ""
	if i := strings.Index(msg, " expecting "); i >= 0 {
		want, _, _ = strings.Cut(msg[i+len(" expecting "):], " ")
	}
	kw, _ := strings.CutPrefix(want, "K_")
	if kw == want {
		kw = ""
	}
	t := func(en, cn string) string {
		if zh {
			return cn
		}
		return en
	}
	switch {
	case kw != "" && near(input, kw):
		return t("The parser expected the keyword "+kw+" here and found '"+input+"'.",
				"解析器在这里需要关键字 "+kw+"，遇到的却是 '"+input+"'。"),
			t("Did you mean "+kw+"?", "你是想写 "+kw+" 吗？")
	case input == "<EOF>" || input == ";":
		return t("The statement ends before it is complete: CQL expects more at its end.", "语句还没写完就结束了：CQL 在结尾处还需要更多内容。"),
			t("Finish the statement: a value, a name or a closing parenthesis is missing before the end.", "把语句写完：结尾前缺少一个值、一个名字或一个右括号。")
	case strings.Contains(msg, "no viable alternative") && strings.Contains(msg, ":0 "):
		if s := nearest(input, statementKeywords); s != "" {
			return t("'"+input+"' does not start any CQL statement.", "'"+input+"' 不是任何 CQL 语句的开头。"),
				t("Did you mean "+s+"?", "你是想写 "+s+" 吗？")
		}
		return t("'"+input+"' does not start any CQL statement.", "'"+input+"' 不是任何 CQL 语句的开头。"),
			t("Start with a statement's keyword: SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, DROP, USE or BEGIN BATCH.",
				"以语句的关键字开头：SELECT、INSERT、UPDATE、DELETE、CREATE、ALTER、DROP、USE 或 BEGIN BATCH。")
	case want != "":
		return t("The parser expected "+expected(want, zh)+" here and found '"+input+"'.", "解析器在这里需要"+expected(want, zh)+"，遇到的却是 '"+input+"'。"),
			t("Look at the marked word and the one before it: a keyword misspelt, a comma or parenthesis missing, or a word too many.",
				"看看标出的词和它前面的词：关键字拼错了、少了逗号或括号，或者多了一个词。")
	}
	return t("The parser cannot read '"+input+"' at this point of the statement.", "解析器在语句的这个位置读不懂 '"+input+"'。"),
		t("Look at the marked word and the one before it. Text values take single quotes ('Oslo'); names with capitals or spaces, double quotes.",
			"看看标出的词和它前面的词。文本值用单引号（'Oslo'）；含大写字母或空格的名字用双引号。")
}

// statementKeywords are the words a CQL statement starts with.
var statementKeywords = []string{"SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "ALTER", "DROP", "TRUNCATE", "USE", "BEGIN", "APPLY", "GRANT", "REVOKE", "LIST", "DESCRIBE"}

// expected says, in words, what ANTLR's token name stands for.
func expected(tok string, zh bool) string {
	words := map[string][2]string{
		"EOF": {"the end of the statement", "语句结束"}, "IDENT": {"a name", "一个名字"},
		"STRING_LITERAL": {"a quoted string", "一个带引号的字符串"}, "INTEGER": {"a whole number", "一个整数"},
	}
	if w, ok := words[tok]; ok {
		if zh {
			return w[1]
		}
		return w[0]
	}
	if kw, ok := strings.CutPrefix(tok, "K_"); ok {
		tok = kw
	}
	if zh {
		return " " + tok + " "
	}
	return tok
}

// quoted returns the text between after and the next "' " or final quote.
func quoted(msg, after string) string {
	i := strings.Index(msg, after)
	if i < 0 {
		return ""
	}
	s := msg[i+len(after):]
	if j := strings.Index(s, "' "); j >= 0 {
		return s[:j]
	}
	return strings.TrimSuffix(s, "'")
}

// nearest is the word of words that s nearly is, or "".
func nearest(s string, words []string) string {
	for _, w := range words {
		if near(s, w) {
			return w
		}
	}
	return ""
}

// near reports whether s is w misspelt: one edit apart (two for words of
// more than four letters), letters compared without case, not w itself.
func near(s, w string) bool {
	a, b := strings.ToUpper(s), strings.ToUpper(w)
	if a == b || a == "" {
		return false
	}
	max := 1
	if len(b) > 4 {
		max = 2
	}
	return distance(a, b) <= max
}

// distance is the optimal string alignment distance: insertions, deletions,
// substitutions and swaps of neighbours ("FORM" is one from "FROM").
func distance(a, b string) int {
	if len(a) > 32 || len(b) > 32 {
		return 99
	}
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
