package cql

import "strings"

// Mark is where a Reader stands between two items, to read the rest of a
// script from there later, in the same script or in an edited one whose
// text agrees up to the mark (engine's Session.Rerun: an edit re-runs the
// statements from the first it changed).
type Mark struct {
	s     scanState
	needs int
}

// markLookahead is how many bytes past the lexer's offset a token's end may
// have depended on (the lexer looks at the byte after a token, two for a
// comment's start): an edit there could have changed the tokens read.
const markLookahead = 8

// Mark returns the Reader's place, or false when it holds tokens read
// ahead, which a mark does not keep (never between items, in practice).
//
// After a statement that ends in ';' the mark is the place on that ';',
// before the token after it was read: the items before it depend on the
// script up to the ';' alone, so typing anywhere after it, even the next
// statement's first word, leaves the mark standing.
func (r *Reader) Mark() (Mark, bool) {
	p := r.p
	if len(p.la) > 0 {
		return Mark{}, false
	}
	m := Mark{s: p.saveScan(), needs: p.lx.off + markLookahead}
	if p.semiNext >= 0 && p.semiNext == p.tok.Start && p.semi.tok.End <= p.tok.Start {
		m = Mark{s: p.semi, needs: p.semi.tok.End}
	}
	// A mark outlives its script (a page's script of megabytes is a new
	// string at every keystroke): it keeps none of it.
	m.s.lx.src = ""
	m.s.lx.errMsg = strings.Clone(m.s.lx.errMsg)
	return m, true
}

// Needs returns how many leading bytes of the script the items before the
// mark, and the mark itself, depend on: a script whose first Needs bytes
// are the same reads the same items up to the mark. It may exceed the
// script's length.
func (m Mark) Needs() int { return m.needs }

// NewReaderAt returns a Reader over script positioned at m, a mark taken in
// a script whose first m.Needs() bytes are script's (or which is script).
func NewReaderAt(script string, m Mark) *Reader {
	p := &parser{src: script, lx: newLexer(script), semiNext: -1}
	p.restoreScan(m.s)
	p.lx.src = script
	return &Reader{p: p}
}
