package cql

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// Item is one statement of a script: its tree, or the error that stopped
// its parse. Parsing resumes after the next ';', so one bad statement does
// not hide the rest of the script, as with cqlsh running a file.
type Item struct {
	Stmt Statement     // nil when Err is set
	Err  *cqlerr.Error // a SyntaxException, located
	Pos  Pos           // where the statement text starts
	Src  string        // the statement text as written, without its ';'
	// Markers counts the bind markers (? and :name) in the statement, so the
	// engine can reject them without walking the tree.
	Markers int
}

// maxDepth bounds the nesting of brackets, parentheses and function calls, so
// a hostile script cannot overflow the stack.
const maxDepth = 100

// Parse splits script into statements and parses each. Statements are
// separated by ';' (the last may lack one); a BEGIN BATCH ... APPLY BATCH is
// one statement even though its parts end in ';'. A `-- @name args` comment on
// its own line between statements becomes a *Directive item. Parse never
// panics and never fails as a whole: a bad statement yields an Item with Err
// set, and parsing resumes after its ';'.
func Parse(script string) []Item {
	// Statements end in ';' and take at least a few bytes: a good first guess.
	items := make([]Item, 0, min(strings.Count(script, ";"), len(script)/6)+1)
	r := NewReader(script)
	var it Item
	for r.Next(&it) {
		items = append(items, it)
	}
	return items
}

// Reader yields the items of a script one at a time, as Parse would list
// them. A session executes each statement before parsing the next, so a
// script of a hundred thousand INSERTs never holds a hundred thousand trees.
type Reader struct {
	p *parser
	// after is the parser's state after the statement PeekValues read, and
	// peeked whether it is current.
	after  scanState
	peeked bool
}

// NewReader returns a Reader positioned before the first item of script.
func NewReader(script string) *Reader {
	p := &parser{src: script, lx: newLexer(script), semiNext: -1}
	p.wantDirective = true
	p.next()
	return &Reader{p: p}
}

// Next parses the next item into it and reports whether there was one.
func (r *Reader) Next(it *Item) bool {
	p := r.p
	for p.tok.Kind != TokEOF {
		switch {
		case p.tok.Kind == TokDirective:
			*it = p.directive()
			p.next()
			return true
		case p.isPunct(';'):
			p.next()
		default:
			*it = p.statementItem()
			return true
		}
	}
	return false
}

// lexTok is a token with what the parser needs to know about it.
type lexTok struct {
	Token
	line, col int32
}

// pos returns where t starts.
func (t *lexTok) pos() Pos { return Pos{Offset: t.Start, Line: int(t.line), Col: int(t.col)} }

// parser is a recursive-descent parser over the lexer's tokens with one token
// of lookahead (tok) and, where CQL's grammar needs it, a few more (peek).
// Errors are raised by panicking with a *bailout, recovered per statement.
type parser struct {
	src string
	lx  lexer
	tok lexTok   // the current token
	la  []lexTok // tokens read ahead by peek, comments and directives included

	labuf [8]lexTok // la's usual backing array

	prevEnd int // end offset of the token before tok

	// wantDirective makes next return directives instead of skipping them:
	// true only between statements.
	wantDirective bool

	stmtStart int // offset and position where the current statement starts
	stmtPos   Pos
	depth     int
	markers   int
	inBatch   bool // inside BEGIN BATCH, before APPLY BATCH

	lits []Literal // slab for literals (newLiteral)
	slab int       // the size of the last slab

	lastCols int // column count of the last INSERT, to size the next one's slices

	// semi is the scan state on the ';' that ended the last statement, and
	// semiNext where the token after it starts (-1: none yet), for Mark.
	semi     scanState
	semiNext int
}

// bailout is the panic value of a syntax error; statementItem recovers it.
type bailout struct {
	err *cqlerr.Error
	// For ANTLR-style messages: the offending token's span (for the snippet),
	// or end < 0 when the message takes no snippet; through, when set, is how
	// far ANTLR's lookahead read past it.
	start, end, through int
}

// next advances to the next significant token.
func (p *parser) next() {
	p.prevEnd = p.tok.End
	for {
		if len(p.la) > 0 {
			p.tok = p.la[0]
			p.la = p.la[1:]
			if len(p.la) == 0 {
				p.la = p.labuf[:0] // reuse the buffer rather than grow a new one
			}
		} else {
			p.lx.scanInto(&p.tok)
		}
		if k := p.tok.Kind; k == TokComment || k == TokDirective && !p.wantDirective {
			continue
		}
		return
	}
}

// peek returns the n-th significant token after the current one (n >= 1).
func (p *parser) peek(n int) lexTok {
	seen := 0
	for i := 0; ; i++ {
		if i == len(p.la) {
			if i > 0 && p.la[i-1].Kind == TokEOF {
				return p.la[i-1]
			}
			p.la = append(p.la, lexTok{})
			p.lx.scanInto(&p.la[i])
		}
		t := p.la[i]
		if t.Kind == TokComment || t.Kind == TokDirective {
			continue
		}
		seen++
		if seen == n || t.Kind == TokEOF {
			return t
		}
	}
}

// text returns the source text of t.
func (p *parser) text(t lexTok) string { return p.src[t.Start:t.End] }

func (p *parser) isPunct(c byte) bool {
	return p.tok.Kind == TokPunct && p.tok.End-p.tok.Start == 1 && p.src[p.tok.Start] == c
}

func (p *parser) isOp(op string) bool {
	return p.tok.Kind == TokOperator && p.src[p.tok.Start:p.tok.End] == op
}

func (p *parser) isKw(kw KeywordID) bool { return p.tok.Kind == TokKeyword && p.tok.Kw == kw }

func isPunctTok(src string, t lexTok, c byte) bool {
	return t.Kind == TokPunct && t.End-t.Start == 1 && src[t.Start] == c
}

func isKwTok(t lexTok, kw KeywordID) bool { return t.Kind == TokKeyword && t.Kw == kw }

// got consumes the current token if it is keyword kw.
func (p *parser) got(kw KeywordID) bool {
	if p.isKw(kw) {
		p.next()
		return true
	}
	return false
}

// gotPunct consumes the current token if it is the punctuation c.
func (p *parser) gotPunct(c byte) bool {
	if p.isPunct(c) {
		p.next()
		return true
	}
	return false
}

// expect consumes keyword kw or fails with ANTLR's "mismatched input".
func (p *parser) expect(kw KeywordID) Pos {
	pos := p.tok.pos()
	if !p.isKw(kw) {
		p.mismatch(tokenName(kw))
	}
	p.next()
	return pos
}

// expectPunct consumes the punctuation c or fails.
func (p *parser) expectPunct(c byte) Pos {
	pos := p.tok.pos()
	if !p.isPunct(c) {
		p.mismatch("'" + string(c) + "'")
	}
	p.next()
	return pos
}

// expectOp consumes the operator op or fails.
func (p *parser) expectOp(op string) {
	if !p.isOp(op) {
		p.mismatch("'" + op + "'")
	}
	p.next()
}

// tokenName is ANTLR's name for a keyword token, e.g. K_FROM.
func tokenName(kw KeywordID) string {
	if kw == KwTable {
		return "K_COLUMNFAMILY"
	}
	return "K_" + kw.String()
}

// ---------------------------------------------------------------------------
// Statements of the script

// statementItem parses one statement and the ';' (or end of input) after it.
func (p *parser) statementItem() (item Item) {
	p.wantDirective = false
	p.stmtStart, p.stmtPos = p.tok.Start, p.tok.pos()
	p.markers, p.depth, p.inBatch = 0, 0, false
	item.Pos = p.tok.pos()
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		b, ok := r.(*bailout)
		if !ok {
			panic(r)
		}
		p.recover()
		item.Stmt = nil
		item.Err = p.finishError(b)
		item.Src = strings.TrimRight(p.src[p.stmtStart:max(p.prevEnd, p.stmtStart)], " \t\r\n")
		p.endStatement()
	}()
	stmt := p.parseStatement()
	if !p.isPunct(';') && p.tok.Kind != TokEOF {
		p.mismatch("EOF")
	}
	item.Src = p.src[p.stmtStart:p.prevEnd]
	setBase(stmt, item.Pos, item.Src)
	item.Stmt = stmt
	item.Markers = p.markers
	p.endStatement()
	return item
}

// endStatement steps over the ';' that ends a statement, with directives
// visible again.
func (p *parser) endStatement() {
	p.wantDirective = true
	if p.isPunct(';') {
		p.semi = p.saveScan()
		p.next()
		p.semiNext = p.tok.Start
	}
}

// recover skips to the ';' that ends the failed statement: the next one at
// top level, or, inside a batch, the one after APPLY BATCH (as cqlsh splits).
func (p *parser) recover() {
	for p.tok.Kind != TokEOF {
		if p.inBatch {
			if p.isKw(KwApply) && isKwTok(p.peek(1), KwBatch) {
				p.next()
				p.inBatch = false
			}
		} else if p.isPunct(';') {
			return
		}
		p.next()
	}
}

// setBase fills the Base every statement embeds.
func setBase(s Statement, pos Pos, src string) {
	if b, ok := s.(interface{ base() *Base }); ok {
		bb := b.base()
		bb.Pos, bb.Src = pos, src
	}
}

func (b *Base) base() *Base { return b }

// directive turns the current TokDirective into an Item.
func (p *parser) directive() Item {
	text := p.text(p.tok)
	pos := p.tok.pos()
	body := strings.TrimLeft(text[2:], " \t")[1:] // after "@"
	fields := strings.Fields(body)
	d := &Directive{Name: strings.ToLower(fields[0]), Args: fields[1:]}
	src := strings.TrimRight(text, " \t\r")
	d.Pos, d.Src = pos, src
	if len(d.Args) == 0 {
		d.Args = nil
	}
	return Item{Stmt: d, Pos: pos, Src: src}
}

// parseStatement dispatches on the statement's first keyword.
//
//	cqlStatement: selectStatement | insertStatement | updateStatement | ...
func (p *parser) parseStatement() Statement {
	switch p.tok.Kw {
	case KwSelect:
		if p.tok.Kind == TokKeyword {
			return p.parseSelect()
		}
	case KwInsert:
		return p.parseInsert()
	case KwUpdate:
		return p.parseUpdate()
	case KwDelete:
		return p.parseDelete()
	case KwBegin:
		return p.parseBatch()
	case KwUse:
		return p.parseUse()
	case KwTruncate:
		return p.parseTruncate()
	case KwCreate:
		return p.parseCreate()
	case KwAlter:
		return p.parseAlter()
	case KwDrop:
		return p.parseDrop()
	case KwDescribe, KwDesc:
		return p.parseDescribe()
	}
	if p.isCqlshCommand() {
		return p.parseCqlsh()
	}
	p.noViable()
	return nil
}

// snapshot is the parser state speculation restores.
type snapshot struct {
	lx      lexer
	tok     lexTok
	la      []lexTok
	prevEnd int
	depth   int
	markers int
}

func (p *parser) save() snapshot {
	// la is copied: next reuses labuf once la drains, which would overwrite it.
	return snapshot{p.lx, p.tok, append([]lexTok(nil), p.la...), p.prevEnd, p.depth, p.markers}
}

func (p *parser) restore(s snapshot) {
	p.lx, p.tok, p.la, p.prevEnd, p.depth, p.markers = s.lx, s.tok, s.la, s.prevEnd, s.depth, s.markers
}

// speculate runs f and reports whether it finished without a syntax error.
func (p *parser) speculate(f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, isBail := r.(*bailout); !isBail {
				panic(r)
			}
			ok = false
		}
	}()
	f()
	return true
}
