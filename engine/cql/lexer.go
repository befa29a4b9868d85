package cql

import "unicode/utf8"

// lexer turns CQL source into tokens, one call to next at a time (the
// synchronous design of go/scanner: no goroutine, no token slice). It never
// fails: bad input becomes a TokIllegal token, and err describes it.
//
// The rules are Cassandra's Lexer.g: unquoted identifiers are ASCII letters,
// digits and '_'; keywords are case-insensitive; a '-' glued to a digit
// belongs to the number (so `c = c -3` lexes as c, -3, as in Cassandra).
type lexer struct {
	src       string
	off       int // offset of the next unread byte
	line      int // line of off, 1-based
	lineStart int // offset where that line starts
	braces    int // depth of { }: inside, ':' is a map separator, not a marker

	// onlySpace is true while only whitespace precedes off on its line, which
	// is what makes a `-- @name` comment a directive.
	onlySpace bool

	// pos is where the token last returned starts.
	pos Pos

	// For the last TokIllegal token: the message (ANTLR's wording, without the
	// "line L:C" prefix; "" for an unexpected character, which illegalAt words)
	// and the offset it points at.
	errMsg string
	errOff int
}

func newLexer(src string) lexer {
	return lexer{src: src, line: 1, onlySpace: true}
}

// Lex splits src into tokens for syntax highlighting. It never fails: bad input
// becomes TokIllegal tokens. The tokens are in order, do not overlap, and the
// bytes between them are whitespace only. TokEOF is not included.
func Lex(src string) []Token {
	l := newLexer(src)
	toks := make([]Token, 0, len(src)/6+1) // CQL averages 4-5 bytes a token
	for {
		t := l.next()
		if t.Kind == TokEOF {
			return toks
		}
		toks = append(toks, t)
	}
}

// newlines accounts for the line breaks inside src[from:to] (a multi-line
// string or comment).
func (l *lexer) newlines(from, to int) {
	for i := from; i < to; i++ {
		if l.src[i] == '\n' {
			l.line++
			l.lineStart = i + 1
		}
	}
}

// next returns the next token, or TokEOF at the end of the input.
func (l *lexer) next() Token {
	var t lexTok
	l.scanInto(&t)
	l.pos = t.pos()
	return t.Token
}

// scanInto reads the next token into t, with its line and column; the parser
// calls it directly so tokens are not copied around.
func (l *lexer) scanInto(t *lexTok) {
	l.skipSpace()
	start := l.off
	t.Start, t.line, t.col = start, int32(l.line), int32(start-l.lineStart+1)
	if start >= len(l.src) {
		t.Kind, t.Kw, t.End = TokEOF, KwNone, start
		return
	}
	wasLineStart := l.onlySpace
	l.onlySpace = false
	t.Kind, t.Kw = l.scan(wasLineStart)
	t.End = l.off
}

func (l *lexer) skipSpace() {
	for l.off < len(l.src) {
		switch l.src[l.off] {
		case ' ', '\t', '\r':
			l.off++
		case '\n':
			l.off++
			l.line++
			l.lineStart = l.off
			l.onlySpace = true
		default:
			return
		}
	}
}

// illegal records why the current token is bad and returns TokIllegal.
func (l *lexer) illegal(at int, msg string) (Kind, KeywordID) {
	l.errMsg, l.errOff = msg, at
	return TokIllegal, KwNone
}

func (l *lexer) peek(i int) byte {
	if l.off+i < len(l.src) {
		return l.src[l.off+i]
	}
	return 0
}

// scan reads one token starting at l.off (not whitespace, not at EOF).
func (l *lexer) scan(lineStart bool) (Kind, KeywordID) {
	c := l.src[l.off]
	switch {
	case isLetter(c):
		return l.scanWord()
	case isDigit(c):
		return l.scanNumber(l.off)
	}
	switch c {
	case '\'':
		return l.scanQuotes('\'', TokString) // 'text' with '' escapes
	case '"':
		return l.scanQuotes('"', TokQuotedIdent) // "Name" with "" escapes
	case '$':
		if l.peek(1) == '$' {
			return l.scanUntil("$$", TokString) // $$text$$, no escapes
		}
	case '-':
		switch n := l.peek(1); {
		case n == '-':
			return l.scanLineComment(lineStart)
		case isDigit(n):
			return l.scanNumber(l.off)
		case n == 'P':
			if end := isoDuration(l.src, l.off+1); end > 0 {
				l.off = end
				return TokDuration, KwNone
			}
		case n == 'n' || n == 'N' || n == 'i' || n == 'I':
			if end := wordEnd(l.src, l.off+1); end > 0 {
				switch lookupKeyword(l.src[l.off+1 : end]) {
				case KwNan, KwInfinity:
					kw := lookupKeyword(l.src[l.off+1 : end])
					l.off = end
					return TokNumber, kw
				}
			}
		case n == '=':
			l.off += 2
			return TokOperator, KwNone
		}
		l.off++
		return TokOperator, KwNone
	case '/':
		switch l.peek(1) {
		case '/':
			return l.scanLineComment(false)
		case '*':
			return l.scanUntil("*/", TokComment)
		}
		l.off++
		return TokOperator, KwNone
	case '+':
		if l.peek(1) == '=' {
			l.off += 2
		} else {
			l.off++
		}
		return TokOperator, KwNone
	case '<', '>':
		if l.peek(1) == '=' {
			l.off += 2
		} else {
			l.off++
		}
		return TokOperator, KwNone
	case '!':
		if l.peek(1) == '=' {
			l.off += 2
			return TokOperator, KwNone
		}
	case '=', '*', '%':
		l.off++
		return TokOperator, KwNone
	case '{':
		l.braces++
		l.off++
		return TokPunct, KwNone
	case '}':
		if l.braces > 0 {
			l.braces--
		}
		l.off++
		return TokPunct, KwNone
	case ';':
		l.braces = 0 // a statement ends: forget braces a broken one left open
		l.off++
		return TokPunct, KwNone
	case '(', ')', '[', ']', ',', '.':
		l.off++
		return TokPunct, KwNone
	case ':':
		if l.braces == 0 && isLetter(l.peek(1)) {
			l.off = wordEnd(l.src, l.off+1)
			return TokBindMarker, KwNone
		}
		l.off++
		return TokPunct, KwNone
	case '?':
		l.off++
		return TokBindMarker, KwNone
	}
	return l.scanBadChar()
}

// scanBadChar makes one character (or one invalid byte) an Illegal token.
func (l *lexer) scanBadChar() (Kind, KeywordID) {
	start := l.off
	c := l.src[start]
	if c == 0 {
		l.off++
		return l.illegal(start, "illegal character NUL")
	}
	if c < utf8.RuneSelf {
		l.off++
		return l.illegal(start, "") // "no viable alternative at character 'c'", built when reported
	}
	r, size := utf8.DecodeRuneInString(l.src[start:])
	l.off += size
	if r == utf8.RuneError && size == 1 {
		return l.illegal(start, "illegal UTF-8 encoding")
	}
	return l.illegal(start, "")
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isHex(c byte) bool    { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }
func isWordByte(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_'
}

// wordEnd returns the end of the identifier-like run starting at i.
func wordEnd(s string, i int) int {
	for i < len(s) && isWordByte(s[i]) {
		i++
	}
	return i
}

// scanWord reads an identifier, keyword, boolean, unquoted UUID or ISO
// duration (P1D) starting with a letter.
func (l *lexer) scanWord() (Kind, KeywordID) {
	start := l.off
	if isHex(l.src[start]) {
		if end := uuidEnd(l.src, start); end > 0 {
			l.off = end
			return TokUUID, KwNone
		}
	}
	end := wordEnd(l.src, start)
	if l.src[start] == 'P' {
		if e := isoDuration(l.src, start); e == end || e > end && (e == len(l.src) || !isWordByte(l.src[e])) {
			end = e
			l.off = end
			return TokDuration, KwNone
		}
	}
	l.off = end
	word := l.src[start:end]
	if len(word) == 4 || len(word) == 5 {
		if eqFold(word, "true") || eqFold(word, "false") {
			return TokBoolean, KwNone
		}
	}
	switch kw := lookupKeyword(word); kw {
	case KwNone:
		return TokIdent, KwNone
	case KwNull:
		return TokNull, kw
	case KwNan, KwInfinity:
		return TokNumber, kw
	default:
		return TokKeyword, kw
	}
}

// eqFold reports whether s equals the lower-case ASCII word lower, ignoring case.
func eqFold(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// uuidEnd returns the end of an unquoted UUID (8-4-4-4-12 hex digits) at i, or -1.
func uuidEnd(s string, i int) int {
	if i+36 > len(s) || s[i+8] != '-' {
		return -1
	}
	groups := [...]int{8, 4, 4, 4, 12}
	for g, n := range groups {
		if g > 0 {
			if i >= len(s) || s[i] != '-' {
				return -1
			}
			i++
		}
		for k := 0; k < n; k++ {
			if i >= len(s) || !isHex(s[i]) {
				return -1
			}
			i++
		}
	}
	return i
}

// scanNumber reads an integer, float, hex blob, UUID or duration starting at
// start (which may be a '-' followed by a digit).
func (l *lexer) scanNumber(start int) (Kind, KeywordID) {
	s := l.src
	neg := s[start] == '-'
	i := start
	if neg {
		i++
	} else {
		if end := uuidEnd(s, start); end > 0 {
			l.off = end
			return TokUUID, KwNone
		}
		if s[i] == '0' && i+1 < len(s) && s[i+1]|0x20 == 'x' {
			i += 2
			for i < len(s) && isHex(s[i]) {
				i++
			}
			l.off = i
			return TokHex, KwNone
		}
	}
	digits := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if end := unitDuration(s, digits); end > 0 {
		l.off = end
		return TokDuration, KwNone
	}
	if i+1 < len(s) && s[i] == '.' && s[i+1] == '.' {
		l.off = i // 1..2 is a range: the integer stops before it
		return TokNumber, KwNone
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	if i < len(s) && s[i]|0x20 == 'e' {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			i = j
		}
	}
	l.off = i
	return TokNumber, KwNone
}

// unitDuration matches Lexer.g's `DIGIT+ DURATION_UNIT (DIGIT+ DURATION_UNIT)*`
// at i and returns its end, or -1 when there is not at least one unit.
func unitDuration(s string, i int) int {
	end := -1
	for {
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j == i || j >= len(s) {
			return end
		}
		n := unitLen(s[j:])
		if n == 0 {
			return end
		}
		i = j + n
		end = i
	}
}

// unitLen returns the length of the duration unit at the start of s, or 0.
// Units: y mo w d h m s ms us µs ns, case-insensitive.
func unitLen(s string) int {
	next := byte(0)
	if len(s) > 1 {
		next = s[1] | 0x20
	}
	switch s[0] | 0x20 {
	case 'y', 'w', 'd', 'h', 's':
		return 1
	case 'm':
		if next == 'o' || next == 's' {
			return 2
		}
		return 1
	case 'u', 'n':
		if next == 's' {
			return 2
		}
	}
	if len(s) > 2 && s[0] == 0xC2 && s[1] == 0xB5 && s[2]|0x20 == 's' {
		return 3 // µs
	}
	return 0
}

// isoDuration matches Lexer.g's ISO 8601 forms at i (which holds 'P'): P1Y2M3D,
// PT1H30M, P1W, P1DT2H, P0001-02-03T04:05:06. It returns the end, or -1.
func isoDuration(s string, i int) int {
	if i >= len(s) || s[i] != 'P' {
		return -1
	}
	i++
	if end := isoAlternative(s, i); end > 0 {
		return end
	}
	digitsThen := func(i int) (int, byte) {
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j == i || j >= len(s) {
			return -1, 0
		}
		return j + 1, s[j]
	}
	// Date part: designators in order Y, M, D; or W alone.
	end, date := i, 0
	order := "YMD"
	for {
		j, d := digitsThen(end)
		if j < 0 {
			break
		}
		if date == 0 && d == 'W' {
			return j
		}
		k := indexByteFrom(order, d)
		if k < 0 {
			break
		}
		order = order[k+1:]
		end, date = j, date+1
	}
	if end < len(s) && s[end] == 'T' {
		t, n := end+1, 0
		order = "HMS"
		for {
			j, d := digitsThen(t)
			if j < 0 {
				break
			}
			k := indexByteFrom(order, d)
			if k < 0 {
				break
			}
			order = order[k+1:]
			t, n = j, n+1
		}
		if n > 0 {
			return t
		}
	}
	if date > 0 {
		return end
	}
	return -1
}

func indexByteFrom(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// isoAlternative matches dddd-dd-ddTdd:dd:dd at i.
func isoAlternative(s string, i int) int {
	const pattern = "dddd-dd-ddTdd:dd:dd"
	if len(s)-i < len(pattern) {
		return -1
	}
	for k := 0; k < len(pattern); k++ {
		c := s[i+k]
		if pattern[k] == 'd' {
			if !isDigit(c) {
				return -1
			}
		} else if c != pattern[k] {
			return -1
		}
	}
	return i + len(pattern)
}

// badByte returns the index in s of the first NUL byte or invalid UTF-8
// sequence, or -1. The loop is byte-at-a-time only over non-ASCII text.
func badByte(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c == 0 {
			return i
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

// checkText makes a token Illegal when its text [from, to) holds a NUL byte or
// invalid UTF-8; kind is returned otherwise.
func (l *lexer) checkText(from, to int, kind Kind) (Kind, KeywordID) {
	if b := badByte(l.src[from:to]); b >= 0 {
		at := from + b
		if l.src[at] == 0 {
			return l.illegal(at, "illegal character NUL")
		}
		return l.illegal(at, "illegal UTF-8 encoding")
	}
	return kind, KwNone
}

// scanUntil reads a token of kind opened by two bytes and closed by the
// first end after them: $$text$$, /* comment */.
func (l *lexer) scanUntil(end string, kind Kind) (Kind, KeywordID) {
	start := l.off
	j := indexString(l.src, start+2, end)
	if j < 0 {
		return l.illegalEOF(start, end[:1])
	}
	return l.closeToken(start, j+len(end), kind)
}

// scanQuotes reads a token of kind between quotes q, in which a doubled q
// stands for one; except that "" right after a name's opening quote closes
// it (the empty name, which the grammar refuses later).
func (l *lexer) scanQuotes(q byte, kind Kind) (Kind, KeywordID) {
	start := l.off
	i := start + 1
	for {
		j := indexByte(l.src, i, q)
		if j < 0 {
			return l.illegalEOF(start, string(rune(q)))
		}
		if j+1 < len(l.src) && l.src[j+1] == q && (q == '\'' || j != start+1) {
			i = j + 2
			continue
		}
		return l.closeToken(start, j+1, kind)
	}
}

// closeToken ends the token of kind begun at start at end: its text is
// checked (checkText) and its lines counted.
func (l *lexer) closeToken(start, end int, kind Kind) (Kind, KeywordID) {
	l.off = end
	kind, kw := l.checkText(start, end, kind)
	l.newlines(start, end)
	return kind, kw
}

// illegalEOF ends the input in the token begun at start, which does not
// close, and reports it the way ANTLR does: at the end of the input,
// expecting the closing character.
func (l *lexer) illegalEOF(start int, want string) (Kind, KeywordID) {
	l.newlines(start, len(l.src))
	l.off = len(l.src)
	return l.illegal(len(l.src), "mismatched character '<EOF>' expecting '"+want+"'")
}

// scanLineComment reads -- or // up to the end of the line. A `-- @name`
// comment alone on its line is a directive.
func (l *lexer) scanLineComment(lineStart bool) (Kind, KeywordID) {
	start := l.off
	end := indexByte(l.src, start, '\n')
	if end < 0 {
		end = len(l.src)
	}
	l.off = end
	kind := TokComment
	if lineStart && l.src[start] == '-' && isDirective(l.src[start+2:end]) {
		kind = TokDirective
	}
	return l.checkText(start, end, kind)
}

// isDirective reports whether the text after "--" is ` @name ...`.
func isDirective(s string) bool {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i+1 < len(s) && s[i] == '@' && isLetter(s[i+1])
}

// illegalAt re-reads the Illegal token at start and returns its message and
// the offset the message points at. Illegal tokens do not depend on the
// lexer's state, so nothing needs to be kept for the (rare) tokens reported.
func illegalAt(src string, start int) (string, int) {
	l := newLexer(src)
	l.off = start
	l.scan(false)
	if l.errMsg == "" {
		return "no viable alternative at character '" + src[start:l.off] + "'", l.errOff
	}
	return l.errMsg, l.errOff
}
