package cql

import "strings"

// This file holds CQL's identifier rule in one place: an unquoted identifier
// is lower-cased; a double-quoted one is exact, with "" standing for ".

// isIdentTok reports whether t can be an identifier: an unquoted name, a
// quoted one, or an unreserved keyword (Parser.g's ident / noncol_ident).
func isIdentTok(t lexTok) bool {
	switch t.Kind {
	case TokIdent, TokQuotedIdent:
		return true
	case TokKeyword:
		return !t.Kw.Reserved()
	}
	return false
}

// identName returns the stored name of an identifier token.
func (p *parser) identName(t lexTok) (string, bool) {
	s := p.text(t)
	if t.Kind == TokQuotedIdent {
		s = s[1 : len(s)-1]
		if strings.Contains(s, `""`) {
			s = strings.ReplaceAll(s, `""`, `"`)
		}
		return s, true
	}
	return lowerASCII(s), false
}

// lowerASCII lower-cases s, without allocating when it already is.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			if kw := lookupKeyword(s); kw != KwNone && len(keywordNames[kw]) == len(s) {
				return keywordNames[kw] // interned
			}
			return strings.ToLower(s)
		}
	}
	return s
}

// ident parses an identifier (ident, noncol_ident, fident): never the empty "".
func (p *parser) ident() Ident {
	if !isIdentTok(p.tok) || p.tok.Kind == TokQuotedIdent && p.tok.End-p.tok.Start == 2 {
		p.noViable()
	}
	name, quoted := p.identName(p.tok)
	id := Ident{Pos: p.tok.pos(), Name: name, Quoted: quoted}
	p.next()
	return id
}

// cident parses a column name, which may also be the empty quoted name "".
func (p *parser) cident() Ident {
	if !isIdentTok(p.tok) {
		p.noViable()
	}
	name, quoted := p.identName(p.tok)
	id := Ident{Pos: p.tok.pos(), Name: name, Quoted: quoted}
	p.next()
	return id
}

// qualifiedName parses [keyspace.]name (columnFamilyName, indexName, ...).
// what names the object for Cassandra's bind-marker message.
//
//	columnFamilyName: (ksName '.')? cfName
func (p *parser) qualifiedName(what string) QualifiedName {
	p.noMarker(what)
	first := p.ident()
	if !p.isPunct('.') {
		return QualifiedName{Name: first}
	}
	p.next()
	p.noMarker(what)
	return QualifiedName{Keyspace: first, Name: p.ident()}
}

// keyspaceName parses a keyspace name.
func (p *parser) keyspaceName() Ident {
	p.noMarker("keyspace")
	return p.ident()
}

// noMarker rejects a bind marker where a name is needed, with Parser.g's text.
func (p *parser) noMarker(what string) {
	if p.tok.Kind == TokBindMarker && p.tok.End-p.tok.Start == 1 { // '?', as Parser.g's QMARK alternatives
		p.fail(p.tok.pos(), p.tok.End-p.tok.Start, "Bind variables cannot be used for "+what+" names")
	}
}

// ---------------------------------------------------------------------------
// Types

// parseType parses a CQL type.
//
//	comparatorType: native_type | collection_type | tuple_type | userTypeName
//	              | K_FROZEN '<' comparatorType '>'
func (p *parser) parseType() *TypeRef {
	p.enter()
	defer p.leave()
	t := &TypeRef{Pos: p.tok.pos()}
	if !p.isTok(TokKeyword) {
		if isIdentTok(p.tok) {
			return p.userType(t)
		}
		p.noViable()
	}
	kw := p.tok.Kw
	switch {
	case kw.isNativeType():
		t.Name = keywordNames[kw]
		p.next()
		return t
	case kw == KwFrozen || kw == KwTuple || kw == KwMap || kw == KwList || kw == KwSet:
		if kw != KwSet && !isOpTok(p.src, p.peek(1), "<") {
			return p.userType(t) // frozen, tuple, map, list can name a user type
		}
		t.Name = keywordNames[kw]
		p.next()
		p.expectOp("<")
		t.Params = append(t.Params, p.parseType())
		switch kw {
		case KwMap:
			p.expectPunct(',')
			t.Params = append(t.Params, p.parseType())
		case KwTuple:
			for p.gotPunct(',') {
				t.Params = append(t.Params, p.parseType())
			}
		}
		p.expectOp(">")
		return t
	case isIdentTok(p.tok):
		return p.userType(t)
	}
	p.noViable()
	return nil
}

// userType parses a user type name: [keyspace.]name.
//
//	userTypeName: (noncol_ident '.')? non_type_ident
func (p *parser) userType(t *TypeRef) *TypeRef {
	id := p.ident()
	if p.isPunct('.') {
		p.next()
		t.Keyspace = id.Name
		id = p.ident()
	}
	t.Name, t.Quoted = id.Name, id.Quoted
	return t
}

func (p *parser) isTok(k Kind) bool { return p.tok.Kind == k }

func isOpTok(src string, t lexTok, op string) bool {
	return t.Kind == TokOperator && src[t.Start:t.End] == op
}

// enter and leave bound the parser's recursion.
func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.failToken("too deeply nested (more than " + itoa(maxDepth) + " levels)")
	}
}

func (p *parser) leave() { p.depth-- }
