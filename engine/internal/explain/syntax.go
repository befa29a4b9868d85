package explain

import "strings"

// Syntax explains one of engine/cql's syntax errors (its errors.go: ANTLR's
// "mismatched input", "no viable alternative" and "extraneous input"
// wordings, as Cassandra 4.1 prints them) as the playground explains every
// other failure: why, and what to try, in lang (English or Chinese). A keyword
// the reader nearly typed is named ("did you mean FROM?"). The texts are one
// table with {in} (the input) and {kw} (a keyword) to fill, which costs the
// WebAssembly module far less than code that builds each sentence.
func Syntax(msg, lang string) (why, fix string) {
	in := quoted(msg)
	want := ""
	if i := strings.Index(msg, " expecting "); i >= 0 {
		want, _, _ = strings.Cut(msg[i+len(" expecting "):], " ")
	}
	kw := strings.TrimPrefix(want, "K_")
	hint := hintUnreadable
	switch {
	case kw != want && near(in, kw):
		hint = hintKeyword
	case in == "<EOF>" || in == ";":
		hint = hintShort
	case strings.Contains(msg, "no viable alternative") && strings.Contains(msg, ":0 "):
		hint = hintNoStatement
		for _, s := range statementKeywords {
			if near(in, s) {
				hint, kw = hintStatement, s
				break
			}
		}
	case want == "EOF":
		hint = hintTooMany
	case want != "":
		hint = hintExpected
	}
	l := 0
	if lang == "zh" {
		l = 1
	}
	fill := func(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "{in}", in), "{kw}", kw) }
	return fill(hints[hint][l][0]), fill(hints[hint][l][1])
}

const (
	hintKeyword = iota
	hintShort
	hintStatement
	hintNoStatement
	hintTooMany
	hintExpected
	hintUnreadable
)

// hints holds each kind's why and try, in English and in Chinese.
var hints = [...][2][2]string{
	hintKeyword: {{"The parser expected the keyword {kw} here and found '{in}'.", "Did you mean {kw}?"},
		{"解析器在这里需要关键字 {kw}，遇到的却是 '{in}'。", "你是想写 {kw} 吗？"}},
	hintShort: {{"The statement ends before it is complete: CQL expects more at its end.", "Finish the statement: a value, a name or a closing parenthesis is missing before the end."},
		{"语句还没写完就结束了：CQL 在结尾处还需要更多内容。", "把语句写完：结尾前缺少一个值、一个名字或一个右括号。"}},
	hintStatement: {{"'{in}' does not start any CQL statement.", "Did you mean {kw}?"},
		{"'{in}' 不是任何 CQL 语句的开头。", "你是想写 {kw} 吗？"}},
	hintNoStatement: {{"'{in}' does not start any CQL statement.", "Start with a statement's keyword: SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, DROP, USE or BEGIN BATCH."},
		{"'{in}' 不是任何 CQL 语句的开头。", "以语句的关键字开头：SELECT、INSERT、UPDATE、DELETE、CREATE、ALTER、DROP、USE 或 BEGIN BATCH。"}},
	hintTooMany: {{"The parser expected the end of the statement here and found '{in}'.", "Remove '{in}', or end the statement before it with a semicolon: a word too many, or a keyword misspelt before it."},
		{"解析器在这里需要语句结束，遇到的却是 '{in}'。", "删掉 '{in}'，或在它前面用分号结束语句：多了一个词，或者它前面的关键字拼错了。"}},
	hintExpected: {{"The parser expected {kw} here and found '{in}'.", "Look at the marked word and the one before it: a keyword misspelt, a comma or parenthesis missing, or a word too many."},
		{"解析器在这里需要 {kw}，遇到的却是 '{in}'。", "看看标出的词和它前面的词：关键字拼错了、少了逗号或括号，或者多了一个词。"}},
	hintUnreadable: {{"The parser cannot read '{in}' at this point of the statement.", "Look at the marked word and the one before it. Text values take single quotes ('Oslo'); names with capitals or spaces, double quotes."},
		{"解析器在语句的这个位置读不懂 '{in}'。", "看看标出的词和它前面的词。文本值用单引号（'Oslo'）；含大写字母或空格的名字用双引号。"}},
}

// statementKeywords are the words a CQL statement starts with.
var statementKeywords = [...]string{"SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "ALTER", "DROP", "TRUNCATE", "USE", "BEGIN", "APPLY", "GRANT", "REVOKE", "LIST", "DESCRIBE"}

// quoted returns the input the message quotes: after "input '", up to the
// next "' " or the final quote.
func quoted(msg string) string {
	_, s, ok := strings.Cut(msg, "input '")
	if !ok {
		return ""
	}
	if j := strings.Index(s, "' "); j >= 0 {
		return s[:j]
	}
	return strings.TrimSuffix(s, "'")
}

// near reports whether s is w misspelt: one edit apart (two for words of
// more than four letters), letters compared without case, not w itself.
func near(s, w string) bool {
	a, b := strings.ToUpper(s), strings.ToUpper(w)
	if a == b || a == "" || len(a) > 32 || len(b) > 32 {
		return false
	}
	return distance(a, b) <= 1+len(b)/5
}

// distance is the optimal string alignment distance: insertions, deletions,
// substitutions and swaps of neighbours ("FORM" is one from "FROM").
func distance(a, b string) int {
	var d [33][33]int
	for i := 0; i <= len(a); i++ {
		d[i][0] = i
	}
	for j := 0; j <= len(b); j++ {
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
