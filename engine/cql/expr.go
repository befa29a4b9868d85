package cql

// exprCtx tells Parser.g's two expression grammars apart.
type exprCtx uint8

const (
	// termCtx is `term`: literals, collections, tuples, function calls, casts,
	// type hints and bind markers; no column references.
	termCtx exprCtx = iota
	// selCtx is `unaliasedSelector`: terms plus columns, field and element
	// selection, count(*), writetime(c) and ttl(c).
	selCtx
)

// parseExpr parses a term or a selector.
//
//	termAddition: termMultiplication (('+' | '-') termMultiplication)*
func (p *parser) parseExpr(ctx exprCtx) Expr {
	p.enter()
	e := p.parseMul(ctx)
	for p.isOp("+") || p.isOp("-") {
		// In `c = [1] + c` the '+' ends the term: what follows is a column.
		if ctx == termCtx && !p.termAfterOp() {
			break
		}
		op := p.src[p.tok.Start]
		p.next()
		r := p.parseMul(ctx)
		e = &BinaryOp{Pos: e.Position(), Op: op, Left: e, Right: r}
	}
	p.leave()
	return e
}

// termAfterOp reports whether the token after the current operator can start
// a term: an identifier only can when it calls a function.
func (p *parser) termAfterOp() bool {
	t := p.peek(1)
	if !isIdentTok(t) {
		return true
	}
	n := p.peek(2)
	return isPunctTok(p.src, n, '(') || isPunctTok(p.src, n, '.') && isPunctTok(p.src, p.peek(4), '(')
}

// parseMul parses products.
//
//	termMultiplication: termGroup (('*' | '/' | '%') termGroup)*
func (p *parser) parseMul(ctx exprCtx) Expr {
	e := p.parseGroup(ctx)
	for p.isOp("*") || p.isOp("/") || p.isOp("%") {
		op := p.src[p.tok.Start]
		p.next()
		r := p.parseGroup(ctx)
		e = &BinaryOp{Pos: e.Position(), Op: op, Left: e, Right: r}
	}
	return e
}

// parseGroup parses an operand with its optional minus sign and, for
// selectors, its field and element selections.
//
//	termGroup: simpleTerm | '-' simpleTerm
//	selectionGroup: selectionGroupWithoutField selectorModifier | '-' selectionGroup
func (p *parser) parseGroup(ctx exprCtx) Expr {
	if p.isOp("-") {
		pos := p.tok.pos()
		p.next()
		var x Expr
		if ctx == selCtx {
			p.enter()
			x = p.parseGroup(ctx)
			p.leave()
		} else {
			x = p.parseSimple(ctx)
		}
		if lit, ok := x.(*Literal); ok && (lit.Kind == IntegerLit || lit.Kind == FloatLit) && lit.Text[0] != '-' &&
			lit.Text != "NaN" && lit.Text != "Infinity" {
			lit.Pos = pos
			lit.Text = "-" + lit.Text
			return lit
		}
		return &Negate{Pos: pos, Expr: x}
	}
	e := p.parseSimple(ctx)
	if ctx == selCtx {
		e = p.selectorModifiers(e)
	}
	return e
}

// selectorModifiers parses .field, [key] and [from..to] after a selector.
//
//	selectorModifier: '.' fident selectorModifier | '[' collectionSubSelection ']' selectorModifier | ε
//	collectionSubSelection: term ( '..' term? )? | '..' term
func (p *parser) selectorModifiers(e Expr) Expr {
	for {
		switch {
		case p.isPunct('.'):
			p.next()
			e = &Field{Pos: e.Position(), Target: e, Field: p.ident()}
		case p.isPunct('['):
			p.next()
			if p.isRange() {
				p.next()
				p.next()
				to := p.parseExpr(termCtx)
				p.expectPunct(']')
				e = &Slice{Pos: e.Position(), Target: e, To: to}
				continue
			}
			k := p.parseExpr(termCtx)
			if p.isRange() {
				p.next()
				p.next()
				var to Expr
				if !p.isPunct(']') {
					to = p.parseExpr(termCtx)
				}
				p.expectPunct(']')
				e = &Slice{Pos: e.Position(), Target: e, From: k, To: to}
				continue
			}
			p.expectPunct(']')
			e = &Index{Pos: e.Position(), Target: e, Key: k}
		default:
			return e
		}
	}
}

// isRange reports whether the next tokens are '..' (the lexer reads it as
// two '.' punctuation tokens, with nothing between them).
func (p *parser) isRange() bool {
	if !p.isPunct('.') {
		return false
	}
	next := p.peek(1)
	return isPunctTok(p.src, next, '.') && next.Start == p.tok.Start+1
}

// parseSimple parses one operand.
//
//	simpleTerm: value | function | '(' comparatorType ')' simpleTerm
//	          | K_CAST '(' simpleTerm K_AS native_type ')'
//	value: constant | collectionLiteral | usertypeLiteral | tupleLiteral | K_NULL | marker
func (p *parser) parseSimple(ctx exprCtx) Expr {
	switch p.tok.Kind {
	case TokString, TokNumber, TokBoolean, TokUUID, TokHex, TokDuration, TokNull:
		return p.literal()
	case TokBindMarker:
		return p.marker()
	case TokPunct:
		switch p.src[p.tok.Start] {
		case '[':
			return p.listLiteral(ctx)
		case '{':
			return p.braces(ctx)
		case '(':
			if h := p.tryTypeHint(ctx); h != nil {
				return h
			}
			return p.tuple(ctx)
		case ':':
			if isIdentTok(p.peek(1)) {
				return p.marker()
			}
		}
	case TokKeyword, TokIdent, TokQuotedIdent:
		return p.nameExpr(ctx)
	}
	p.noViable()
	return nil
}

// literal parses a constant.
func (p *parser) literal() Expr {
	lit := p.newLiteral()
	p.literalInto(lit)
	return lit
}

// literalInto reads the current token, a literal, into lit and moves past it.
func (p *parser) literalInto(lit *Literal) {
	t := p.tok
	lit.Pos = t.pos()
	text := p.src[t.Start:t.End]
	switch t.Kind {
	case TokString:
		lit.Kind, lit.Text = StringLit, unquoteString(text)
	case TokNumber:
		lit.Kind, lit.Text = numberKind(text), text
		switch t.Kw {
		case KwNan:
			lit.Text = "NaN"
		case KwInfinity:
			lit.Text = "Infinity"
			if text[0] == '-' {
				lit.Text = "-Infinity"
			}
		}
	case TokBoolean:
		lit.Kind, lit.Text = BooleanLit, text
	case TokUUID:
		lit.Kind, lit.Text = UUIDLit, text
	case TokHex:
		lit.Kind, lit.Text = HexLit, text
	case TokDuration:
		lit.Kind, lit.Text = DurationLit, text
	case TokNull:
		lit.Kind, lit.Text = NullLit, "null"
	}
	p.next()
}

// newLiteral hands out literals from a slab: a 100,000-row INSERT script
// holds half a million of them. Slabs start small and double up to 64
// literals, so a one-line query does not pay for a script's slab.
func (p *parser) newLiteral() *Literal {
	if len(p.lits) == 0 {
		p.slab = min(max(2*p.slab, 8), 64)
		p.lits = make([]Literal, p.slab)
	}
	lit := &p.lits[0]
	p.lits = p.lits[1:]
	return lit
}

// numberKind tells an integer from a float by its text.
func numberKind(s string) LiteralKind {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.', 'e', 'E', 'N', 'n', 'I', 'i':
			return FloatLit
		}
	}
	return IntegerLit
}

// unquoteString returns the content of a string token: 'it”s' → it's, $$x$$ → x.
// Unquote is the text of a string token ('it”s' or $$it's$$): it's.
func Unquote(s string) string { return unquoteString(s) }

func unquoteString(s string) string {
	if s[0] == '$' {
		return s[2 : len(s)-2]
	}
	s = s[1 : len(s)-1]
	if indexByte(s, 0, '\'') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		b = append(b, s[i])
		if s[i] == '\'' {
			i++
		}
	}
	return string(b)
}

// marker parses ? or :name.
//
//	marker: ':' noncol_ident | QMARK
func (p *parser) marker() Expr {
	m := &BindMarker{Pos: p.tok.pos(), Index: p.markers}
	p.markers++
	if p.tok.Kind == TokBindMarker {
		if text := p.text(p.tok); text != "?" {
			m.Name = lowerASCII(text[1:])
		}
		p.next()
		return m
	}
	p.expectPunct(':')
	id := p.ident()
	m.Name = id.Name
	return m
}

// listLiteral parses [a, b].
func (p *parser) listLiteral(ctx exprCtx) Expr {
	c := &Collection{Pos: p.tok.pos(), Kind: ListColl}
	p.next()
	if !p.isPunct(']') {
		c.Elems = append(c.Elems, p.parseExpr(ctx))
		for p.gotPunct(',') {
			c.Elems = append(c.Elems, p.parseExpr(ctx))
		}
	}
	p.expectPunct(']')
	return c
}

// braces parses {}, {a, b} (a set), {k: v} (a map) or {field: v} (a user type
// value, which is a map whose keys are identifiers, as ColumnRefs).
func (p *parser) braces(ctx exprCtx) Expr {
	c := &Collection{Pos: p.tok.pos()}
	p.next()
	if p.gotPunct('}') {
		c.Kind = EmptyBraces
		return c
	}
	first := p.mapKey(ctx)
	if p.isPunct(':') {
		c.Kind = MapColl
		p.next()
		c.Keys = append(c.Keys, first)
		c.Elems = append(c.Elems, p.parseExpr(ctx))
		for p.gotPunct(',') {
			c.Keys = append(c.Keys, p.mapKey(ctx))
			p.expectPunct(':')
			c.Elems = append(c.Elems, p.parseExpr(ctx))
		}
	} else {
		c.Kind = SetColl
		c.Elems = append(c.Elems, first)
		for p.gotPunct(',') {
			c.Elems = append(c.Elems, p.parseExpr(ctx))
		}
	}
	p.expectPunct('}')
	return c
}

// mapKey parses a map key, or a user type's field name (an identifier
// followed by ':').
func (p *parser) mapKey(ctx exprCtx) Expr {
	if ctx == termCtx && isIdentTok(p.tok) && isPunctTok(p.src, p.peek(1), ':') {
		id := p.ident()
		return &ColumnRef{Ident: id}
	}
	return p.parseExpr(ctx)
}

// tuple parses (a, b): a tuple literal, or in selectors a parenthesised
// selector or tuple.
//
//	tupleLiteral: '(' term (',' term)* ')'
func (p *parser) tuple(ctx exprCtx) Expr {
	t := &Tuple{Pos: p.tok.pos()}
	p.expectPunct('(')
	t.Elems = append(t.Elems, p.parseExpr(ctx))
	for p.gotPunct(',') {
		t.Elems = append(t.Elems, p.parseExpr(ctx))
	}
	p.expectPunct(')')
	return t
}

// tryTypeHint parses `(type) operand` when the input is one; otherwise it
// leaves the parser where it was and returns nil.
//
//	'(' comparatorType ')' simpleTerm
func (p *parser) tryTypeHint(ctx exprCtx) (e Expr) {
	t1 := p.peek(1)
	if !isIdentTok(t1) && !isKwTok(t1, KwSet) {
		return nil
	}
	saved := p.save()
	pos := p.tok.pos()
	var typ *TypeRef
	ok := p.speculate(func() {
		p.next()
		typ = p.parseType()
		p.expectPunct(')')
		if !p.startsOperand() {
			p.noViable()
		}
	})
	if !ok {
		p.restore(saved)
		return nil
	}
	h := &TypeHint{Pos: pos, Type: typ}
	p.enter()
	h.Expr = p.parseSimple(ctx)
	p.leave()
	return h
}

// startsOperand reports whether the current token can start a simpleTerm.
func (p *parser) startsOperand() bool {
	switch p.tok.Kind {
	case TokString, TokNumber, TokBoolean, TokUUID, TokHex, TokDuration, TokNull, TokBindMarker, TokIdent, TokQuotedIdent:
		return true
	case TokKeyword:
		return !p.tok.Kw.Reserved() || p.tok.Kw == KwToken
	case TokPunct:
		switch p.src[p.tok.Start] {
		case '[', '{', '(', ':':
			return true
		}
	}
	return false
}

// nameExpr parses what starts with a name: a function call, CAST, count(*),
// writetime(c), ttl(c), or (in selectors) a column.
func (p *parser) nameExpr(ctx exprCtx) Expr {
	t := p.tok
	next := p.peek(1)
	call := isPunctTok(p.src, next, '(')
	if t.Kind == TokKeyword && call {
		switch t.Kw {
		case KwCast:
			return p.cast(ctx)
		case KwCount:
			if ctx == selCtx && isOpTok(p.src, p.peek(2), "*") {
				f := &FuncCall{Pos: t.pos(), Name: "count", Star: true}
				p.next()
				p.next()
				p.next()
				p.expectPunct(')')
				return f
			}
		case KwWritetime, KwTtl:
			if ctx != selCtx {
				p.noViable()
			}
			// K_WRITETIME '(' c=sident ')' and K_TTL likewise (4.1): a
			// field or an element (ttl(a.zip)) is a syntax error at '.'
			// or '['; 5.0 added selectorModifier here.
			f := &FuncCall{Pos: t.pos(), Name: keywordNames[t.Kw]}
			p.next()
			p.next()
			f.Args = []Expr{&ColumnRef{Ident: p.cident()}}
			p.expectPunct(')')
			return f
		}
	}
	if t.Kind == TokKeyword && t.Kw.Reserved() && t.Kw != KwToken {
		p.noViable()
	}
	if call {
		return p.funcCall(ctx, "")
	}
	if isPunctTok(p.src, next, '.') && isFuncNameTok(p.peek(2)) && isPunctTok(p.src, p.peek(3), '(') {
		ks := p.ident()
		p.next()
		return p.funcCall(ctx, ks.Name)
	}
	if ctx != selCtx || t.Kw == KwToken {
		if t.Kind != TokKeyword || t.Kw == KwToken || t.Kw == KwCount || t.Kw.isNativeType() || !t.Kw.Reserved() && allowedFuncKw(t.Kw) {
			p.noViableAfterName(next)
		}
		p.noViable()
	}
	return &ColumnRef{Ident: p.ident()}
}

// isFuncNameTok reports whether t may name a function after its keyspace:
// an identifier, or token and count, which allowedFunctionName lists
// although they are reserved (system.token(1)).
func isFuncNameTok(t lexTok) bool {
	return isIdentTok(t) || t.Kind == TokKeyword && (t.Kw == KwToken || t.Kw == KwCount)
}

// allowedFuncKw reports whether the unreserved keyword kw can name a function
// (Parser.g's allowedFunctionName: not ttl, writetime, key, cast, json, distinct).
func allowedFuncKw(kw KeywordID) bool {
	switch kw {
	case KwTtl, KwWritetime, KwKey, KwCast, KwJson, KwDistinct:
		return false
	}
	return true
}

// funcCall parses name(args) with the current token as the name.
//
//	function: functionName '(' functionArgs? ')'
func (p *parser) funcCall(ctx exprCtx, keyspace string) Expr {
	t := p.tok
	switch {
	case t.Kind == TokKeyword && t.Kw == KwToken, t.Kind == TokKeyword && t.Kw == KwCount:
	case t.Kind == TokKeyword && (t.Kw == KwTtl || t.Kw == KwWritetime || t.Kw == KwKey ||
		t.Kw == KwCast || t.Kw == KwJson || t.Kw == KwDistinct || t.Kw.Reserved()):
		p.noViable() // not an allowedFunctionName
	case !isIdentTok(t):
		p.noViable()
	}
	name, quoted := p.identName(t)
	f := &FuncCall{Pos: t.pos(), Keyspace: keyspace, Name: name, Quoted: quoted}
	p.next()
	p.expectPunct('(')
	p.enter()
	if !p.isPunct(')') {
		f.Args = append(f.Args, p.parseExpr(ctx))
		for p.gotPunct(',') {
			f.Args = append(f.Args, p.parseExpr(ctx))
		}
	}
	p.leave()
	p.expectPunct(')')
	return f
}

// cast parses CAST(x AS type).
//
//	K_CAST '(' simpleTerm K_AS native_type ')'
func (p *parser) cast(ctx exprCtx) Expr {
	c := &Cast{Pos: p.tok.pos()}
	p.next()
	p.expectPunct('(')
	p.enter()
	if ctx == selCtx {
		c.Expr = p.parseExpr(ctx)
	} else {
		c.Expr = p.parseSimple(ctx)
	}
	p.leave()
	p.expect(KwAs)
	if !(p.tok.Kind == TokKeyword && p.tok.Kw.isNativeType()) {
		p.noViable()
	}
	c.Type = &TypeRef{Pos: p.tok.pos(), Name: keywordNames[p.tok.Kw]}
	p.next()
	p.expectPunct(')')
	return c
}
