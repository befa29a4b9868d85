package cql

import "strings"

// InsertText returns the rest of the script from the next statement on when
// that statement starts with INSERT, and "" otherwise: the engine looks up
// its prepared INSERTs by the text (see PeekValues).
func (r *Reader) InsertText() string {
	if p := r.p; p.tok.Kind == TokKeyword && p.tok.Kw == KwInsert && len(p.la) == 0 {
		return p.src[p.tok.Start:]
	}
	return ""
}

// PeekValues is the reading half of prepared INSERTs (see query.DB's insert
// template): a script of many INSERTs of one shape, such as
//
//	INSERT INTO readings (sensor, day, ts, value) VALUES ('s000', '2026-01-01', 1767225600000, 42.216);
//
// repeated with other values, is parsed once; for the statements after it
// only the values are read. PeekValues reports whether the next statement's
// text starts with prefix (the text of an earlier INSERT up to its first
// value, on one line) followed by exactly len(lits) plain literals
// (strings, numbers, booleans, UUIDs, blobs, durations; not null, not
// expressions), separated by commas, then ')' and ';' or the end of the
// script. If so it fills lits and it (Src and Pos; Stmt is nil) and keeps
// the position after the statement for SkipPeeked. Either way the reader
// stays where it was: Next still parses the statement in full, which is
// what the engine does when a value does not fit its column.
func (r *Reader) PeekValues(prefix string, lits []Literal, it *Item) (ok bool) {
	p := r.p
	r.peeked = false
	if len(lits) == 0 || p.tok.Kind != TokKeyword || p.tok.Kw != KwInsert || len(p.la) > 0 ||
		!strings.HasPrefix(p.src[p.tok.Start:], prefix) || strings.IndexByte(prefix, '\n') >= 0 {
		return false
	}
	saved := p.saveScan()
	defer func() { r.after, r.peeked = p.saveScan(), ok; p.restoreScan(saved) }()
	start, pos := p.tok.Start, p.tok.pos()
	// Resume lexing after the prefix: it lies on the statement's first line,
	// after the INSERT keyword, outside any braces.
	p.lx.off, p.lx.onlySpace, p.lx.braces = start+len(prefix), false, 0
	p.wantDirective = false
	p.next()
	for i := range lits {
		switch p.tok.Kind {
		case TokString, TokNumber, TokBoolean, TokUUID, TokHex, TokDuration:
		default:
			return false
		}
		p.literalInto(&lits[i])
		want := byte(',')
		if i == len(lits)-1 {
			want = ')'
		}
		if !p.isPunct(want) {
			return false
		}
		p.next()
	}
	if !p.isPunct(';') && p.tok.Kind != TokEOF {
		return false
	}
	*it = Item{Pos: pos, Src: p.src[start:p.prevEnd]}
	p.endStatement()
	if len(p.la) > 0 {
		return false
	}
	return true
}

// scanState is what reading a statement's values changes in the parser:
// the lexer and the current token. With no token read ahead (PeekValues
// requires none), saving it saves the parser's position.
type scanState struct {
	lx            lexer
	tok           lexTok
	prevEnd       int
	wantDirective bool
}

func (p *parser) saveScan() scanState {
	return scanState{lx: p.lx, tok: p.tok, prevEnd: p.prevEnd, wantDirective: p.wantDirective}
}

func (p *parser) restoreScan(s scanState) {
	p.lx, p.tok, p.prevEnd, p.wantDirective = s.lx, s.tok, s.prevEnd, s.wantDirective
}

// SkipPeeked moves the reader past the statement the last successful
// PeekValues read.
func (r *Reader) SkipPeeked() {
	if r.peeked {
		r.p.restoreScan(r.after)
		r.peeked = false
	}
}
