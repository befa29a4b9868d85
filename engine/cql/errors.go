package cql

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// Syntax errors read as Cassandra's (ANTLR 3's, through ErrorCollector.java):
//
//	line 1:7 no viable alternative at input 'FROM' (SELECT [FROM]...)
//	line 1:24 mismatched input 'WHERE' expecting EOF (...)
//
// "line L:C" counts from the statement's first token, as cqlsh sends each
// statement on its own, and C is 0-based. The error's Pos is the offending
// token's place in the whole script (1-based), which is what an editor needs.

// tokenText is how ANTLR quotes the offending token: its text (a string's or
// a quoted name's without quotes, as Lexer.g's setText leaves them), or <EOF>.
func (p *parser) tokenText(t lexTok) string {
	s := p.text(t)
	switch t.Kind {
	case TokEOF:
		return "<EOF>"
	case TokString:
		s = unquoteString(s)
	case TokQuotedIdent:
		s, _ = p.identName(t)
	}
	if len(s) > 100 {
		s = s[:100] + "..."
	}
	return s
}

// mismatch fails with "mismatched input 'X' expecting WANT".
func (p *parser) mismatch(want string) {
	p.failToken("mismatched input '" + p.tokenText(p.tok) + "' expecting " + want)
}

// noViable fails with "no viable alternative at input 'X'": the current token
// starts none of the alternatives the grammar allows here.
func (p *parser) noViable() {
	p.failToken("no viable alternative at input '" + p.tokenText(p.tok) + "'")
}

// failToken fails at the current token with an ANTLR message; an Illegal
// token reports the lexer's own error instead.
func (p *parser) failToken(msg string) {
	t := p.tok
	if t.Kind == TokIllegal {
		msg, off := illegalAt(p.src, t.Start)
		pos := p.posOf(t.pos(), off)
		n := 1
		if off >= len(p.src) {
			// Unterminated: underline the whole token.
			pos, n = t.pos(), t.End-t.Start
		}
		panic(&bailout{err: cqlerr.Syntax(pos, n, p.lineCol(p.posOf(t.pos(), off))+" "+msg), end: -1})
	}
	n := t.End - t.Start
	panic(&bailout{err: cqlerr.Syntax(t.pos(), n, p.lineCol(t.pos())+" "+msg), start: t.Start, end: t.End})
}

// noViableAfterName fails for a name in a term (where only a function call
// can start with one) that is not followed by '(' or '.'. ANTLR predicts the
// function alternatives with two tokens of lookahead, so Cassandra reports
// the token after the name: `WHERE name = John;` gives "line 1:37 no viable
// alternative at input ';' (...WHERE name = [John];)". The snippet brackets the
// name and the error's Pos is the name: it is what the reader must fix.
func (p *parser) noViableAfterName(next lexTok) {
	t := p.tok
	if next.Kind == TokEOF {
		p.noViable()
	}
	msg := p.lineCol(next.pos()) + " no viable alternative at input '" + p.tokenText(next) + "'"
	panic(&bailout{err: cqlerr.Syntax(t.pos(), t.End-t.Start, msg), start: t.Start, end: t.End, through: next.End})
}

// fail raises an error that Cassandra reports without position (its parser's
// addRecognitionError), located at pos for the editor.
func (p *parser) fail(pos Pos, n int, msg string) {
	panic(&bailout{err: cqlerr.Syntax(pos, n, msg), end: -1})
}

// posOf returns the Pos of offset off, given the Pos from of an earlier offset.
func (p *parser) posOf(from Pos, off int) Pos {
	pos := from
	for i := from.Offset; i < off && i < len(p.src); i++ {
		if p.src[i] == '\n' {
			pos.Line++
			pos.Col = 0
		}
		pos.Col++
	}
	pos.Offset = off
	return pos
}

// lineCol renders pos as ANTLR does for the statement: "line L:C", with L
// counted from the statement's first line and C 0-based.
func (p *parser) lineCol(pos Pos) string {
	line := pos.Line - p.stmtPos.Line + 1
	col := pos.Col - 1
	if pos.Line == p.stmtPos.Line {
		col = pos.Col - p.stmtPos.Col
	}
	return "line " + itoa(line) + ":" + itoa(col)
}

// finishError appends ANTLR's query snippet to a token error once the
// statement's extent is known (the parser has skipped to its ';'), as
// ErrorCollector.appendSnippet does: from ten tokens before the offending one
// (ANTLR counts whitespace runs and comments as tokens) to the offending
// token, which is bracketed, with "..." where text is left out. ANTLR's
// token buffer ends where its lookahead stopped, which for these errors is
// the offending token. An error at the end of the input has no snippet:
// ANTLR's EOF token has no position.
func (p *parser) finishError(b *bailout) *cqlerr.Error {
	if b.end < 0 || b.start >= len(p.src) {
		return b.err
	}
	stmtEnd := p.prevEnd
	if p.isPunct(';') {
		stmtEnd = p.tok.End // cqlsh sends the statement with its ';'
	}
	stmtEnd = max(stmtEnd, b.end)
	from := p.snippetStart(b.start)
	var sb strings.Builder
	sb.WriteString(b.err.Message)
	sb.WriteString(" (")
	if from > p.stmtStart {
		sb.WriteString("...")
	}
	// Java's snippet joins the statement's lines without their newlines.
	write := func(s string) { sb.WriteString(strings.ReplaceAll(s, "\n", "")) }
	write(p.src[from:b.start])
	sb.WriteByte('[')
	write(p.src[b.start:b.end])
	sb.WriteByte(']')
	end := max(b.end, min(b.through, stmtEnd))
	write(p.src[b.end:end])
	if end < stmtEnd {
		sb.WriteString("...")
	}
	sb.WriteByte(')')
	e := *b.err
	e.Message = sb.String()
	return &e
}

// snippetStart returns where the error snippet starts: ten ANTLR tokens
// before the offending one at off, counting whitespace runs as tokens, or the
// statement's start.
func (p *parser) snippetStart(off int) int {
	var last [10]int
	n := 0
	push := func(start int) {
		last[n%len(last)] = start
		n++
	}
	l := newLexer(p.src[:off])
	l.off = p.stmtStart
	prevEnd := p.stmtStart
	for {
		t := l.next()
		if t.Start > prevEnd {
			push(prevEnd) // the whitespace before t
		}
		if t.Kind == TokEOF || t.Start >= off {
			break
		}
		push(t.Start)
		prevEnd = t.End
	}
	if n < len(last) {
		return p.stmtStart
	}
	return last[n%len(last)]
}
