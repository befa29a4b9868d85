package main

// statementEnd scans CQL text the way cqlsh splits its input into statements
// and returns the index just past the last ';' that ends a statement, or -1
// when no statement is complete. A ';' inside a string literal (a doubled
// quote stays inside it), a quoted identifier, a $$ body, or a comment
// (--, //, /* */) ends nothing.
//
// rest reports whether anything other than blanks and comments follows that
// point (or the whole text, when nothing is complete): a statement still being
// typed.
func statementEnd(s string) (end int, rest bool) { return scanStatements(s, false) }

// nextStatementEnd is the index just past the first ';' that ends a
// statement in s, or -1.
func nextStatementEnd(s string) int {
	end, _ := scanStatements(s, true)
	return end
}

func scanStatements(s string, first bool) (end int, rest bool) {
	end = -1
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ';':
			end, rest = i+1, false
			if first {
				return end, rest
			}
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == '-' && i+1 < len(s) && s[i+1] == '-', c == '/' && i+1 < len(s) && s[i+1] == '/':
			i = skipLine(s, i)
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			j := indexFrom(s, i+2, "*/")
			if j < 0 {
				return end, true // an open comment: the statement goes on
			}
			i = j + 2
		case c == '\'' || c == '"':
			rest = true
			j := skipQuoted(s, i, c)
			if j < 0 {
				return end, true
			}
			i = j
		case c == '$' && i+1 < len(s) && s[i+1] == '$':
			rest = true
			j := indexFrom(s, i+2, "$$")
			if j < 0 {
				return end, true
			}
			i = j + 2
		default:
			rest = true
			i++
		}
	}
	return end, rest
}

func skipLine(s string, i int) int {
	for i < len(s) && s[i] != '\n' {
		i++
	}
	return i
}

// skipQuoted returns the index after the quote closing the literal that opens
// at s[i], where a doubled quote stands for one; -1 if it never closes.
func skipQuoted(s string, i int, q byte) int {
	for i++; i < len(s); i++ {
		if s[i] != q {
			continue
		}
		if i+1 < len(s) && s[i+1] == q {
			i++
			continue
		}
		return i + 1
	}
	return -1
}

func indexFrom(s string, from int, sub string) int {
	for i := from; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}
