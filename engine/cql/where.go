package cql

import "strings"

// whereClause parses relations joined by AND.
//
//	whereClause: relation (K_AND relation)*
func (p *parser) whereClause() []*Relation {
	rels := []*Relation{p.relation()}
	for p.got(KwAnd) {
		rels = append(rels, p.relation())
	}
	return rels
}

// relOp parses a comparison operator, or returns 0 when there is none.
//
//	relationType: '=' | '<' | '<=' | '>' | '>=' | '!='
func (p *parser) relOp() Operator {
	if p.tok.Kind != TokOperator {
		return 0
	}
	var op Operator
	switch p.text(p.tok) {
	case "=":
		op = OpEq
	case "<":
		op = OpLt
	case "<=":
		op = OpLte
	case ">":
		op = OpGt
	case ">=":
		op = OpGte
	case "!=":
		op = OpNeq
	default:
		return 0
	}
	p.next()
	return op
}

// relation parses one restriction.
//
//	relation: cident relationType term | cident K_LIKE term | cident K_IS K_NOT K_NULL
//	        | cident K_IN singleColumnInValues | cident K_CONTAINS K_KEY? term
//	        | K_TOKEN tupleOfIdentifiers relationType term
//	        | cident '[' term ']' relationType term
//	        | tupleOfIdentifiers (K_IN multiColumnInValues | relationType multiColumnValue)
func (p *parser) relation() *Relation {
	start := p.tok.Start
	r := &Relation{Pos: p.tok.pos(), Kind: SingleColumn}
	switch {
	case p.isKw(KwToken):
		r.Kind = TokenRelation
		p.next()
		r.Columns = p.tupleOfIdents()
		if r.Op = p.relOp(); r.Op == 0 {
			p.noViable()
		}
		r.Value = p.parseExpr(termCtx)
	case p.isPunct('('):
		r.Kind = MultiColumn
		r.Columns = p.tupleOfIdents()
		if p.got(KwIn) {
			r.Op = OpIn
			p.multiInValues(r)
		} else if r.Op = p.relOp(); r.Op != 0 {
			if p.isTok(TokBindMarker) || p.isPunct(':') {
				r.Value = p.marker()
			} else {
				r.Value = p.tuple(termCtx)
			}
		} else {
			p.noViable()
		}
	default:
		r.Columns = []Ident{p.cident()}
		p.singleRelation(r)
	}
	r.Text = collapseSpace(p.src[start:p.prevEnd])
	return r
}

// singleRelation parses what follows the column of a single-column relation.
func (p *parser) singleRelation(r *Relation) {
	if p.gotPunct('[') {
		r.MapKey = p.parseExpr(termCtx)
		p.expectPunct(']')
		if r.Op = p.relOp(); r.Op == 0 {
			p.noViable()
		}
		r.Value = p.parseExpr(termCtx)
		return
	}
	if r.Op = p.relOp(); r.Op != 0 {
		r.Value = p.parseExpr(termCtx)
		return
	}
	switch {
	case p.got(KwLike):
		r.Op = OpLike
		r.Value = p.parseExpr(termCtx)
	case p.got(KwIs):
		p.expect(KwNot)
		p.expectNull()
		r.Op = OpIsNotNull
	case p.got(KwIn):
		r.Op = OpIn
		r.In, r.Value = p.inValues()
	case p.got(KwContains):
		r.Op = OpContains
		if p.got(KwKey) {
			r.Op = OpContainsKey
		}
		r.Value = p.parseExpr(termCtx)
	default:
		p.noViable()
	}
}

func (p *parser) expectNull() {
	if p.tok.Kind != TokNull {
		p.mismatch("K_NULL")
	}
	p.next()
}

// inValues parses the right side of a single-column IN: a list, or one
// marker (returned as the second result).
//
//	singleColumnInValues: '(' (term (',' term)*)? ')' | inMarker
func (p *parser) inValues() ([]Expr, Expr) {
	if p.isTok(TokBindMarker) || p.isPunct(':') {
		return nil, p.marker()
	}
	p.expectPunct('(')
	list := []Expr{}
	if !p.isPunct(')') {
		list = append(list, p.parseExpr(termCtx))
		for p.gotPunct(',') {
			list = append(list, p.parseExpr(termCtx))
		}
	}
	p.expectPunct(')')
	return list, nil
}

// multiInValues parses the right side of a multi-column IN.
//
//	multiColumnInValues: '(' ')' | inMarker | '(' tupleLiteral (',' tupleLiteral)* ')'
//	                   | '(' marker (',' marker)* ')'
func (p *parser) multiInValues(r *Relation) {
	if p.isTok(TokBindMarker) || p.isPunct(':') {
		r.Value = p.marker()
		return
	}
	p.expectPunct('(')
	r.In = []Expr{}
	if p.gotPunct(')') {
		return
	}
	elem := func() Expr {
		if p.isTok(TokBindMarker) || p.isPunct(':') {
			return p.marker()
		}
		if !p.isPunct('(') {
			p.noViable()
		}
		return p.tuple(termCtx)
	}
	r.In = append(r.In, elem())
	for p.gotPunct(',') {
		r.In = append(r.In, elem())
	}
	p.expectPunct(')')
}

// tupleOfIdents parses (a, b, c).
func (p *parser) tupleOfIdents() []Ident {
	p.expectPunct('(')
	ids := []Ident{p.cident()}
	for p.gotPunct(',') {
		ids = append(ids, p.cident())
	}
	p.expectPunct(')')
	return ids
}

// conditions parses the IF conditions of an UPDATE or DELETE.
//
//	updateConditions: columnCondition (K_AND columnCondition)*
//	columnCondition: cident (relationType term | K_IN singleColumnInValues
//	               | '[' term ']' (relationType term | K_IN singleColumnInValues)
//	               | '.' fident (relationType term | K_IN singleColumnInValues))
func (p *parser) conditions() []*Condition {
	conds := []*Condition{p.condition()}
	for p.got(KwAnd) {
		conds = append(conds, p.condition())
	}
	return conds
}

func (p *parser) condition() *Condition {
	c := &Condition{Pos: p.tok.pos(), Column: p.cident()}
	allowContains := true
	switch {
	case p.gotPunct('['):
		c.Key = p.parseExpr(termCtx)
		p.expectPunct(']')
		allowContains = false
	case p.gotPunct('.'):
		f := p.ident()
		c.Field = &f
		allowContains = false
	}
	if c.Op = p.relOp(); c.Op != 0 {
		c.Value = p.parseExpr(termCtx)
		return c
	}
	switch {
	case p.got(KwIn):
		c.Op = OpIn
		c.In, c.Value = p.inValues()
	case allowContains && p.got(KwContains):
		c.Op = OpContains
		if p.got(KwKey) {
			c.Op = OpContainsKey
		}
		c.Value = p.parseExpr(termCtx)
	default:
		p.noViable()
	}
	return c
}

// collapseSpace returns s with each run of whitespace made one space, as
// Cassandra prints relations in its messages.
func collapseSpace(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '\t' || c == '\n' || c == '\r' || c == ' ' && i+1 < len(s) && s[i+1] == ' ' {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\n', '\r':
			space = true
		default:
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteByte(c)
		}
	}
	return b.String()
}
