package cql

// parseSelect parses a SELECT.
//
//	selectStatement: K_SELECT K_JSON? selectClause K_FROM columnFamilyName
//	    (K_WHERE whereClause)? (K_GROUP K_BY cident (',' cident)*)?
//	    (K_ORDER K_BY orderByClause (',' orderByClause)*)?
//	    (K_PER K_PARTITION K_LIMIT intValue)? (K_LIMIT intValue)? (K_ALLOW K_FILTERING)?
func (p *parser) parseSelect() *Select {
	s := &Select{}
	p.expect(KwSelect)
	// json and distinct are also column names: they are keywords only when a
	// selector follows (Parser.g's syntactic predicates).
	if p.isKw(KwJson) && p.selectorFollows() {
		p.next()
		s.JSON = true
	}
	if p.isKw(KwDistinct) && p.selectorFollows() {
		p.next()
		s.Distinct = true
	}
	s.Selectors = p.selectors()
	p.expect(KwFrom)
	s.Table = p.qualifiedName("table")
	if p.got(KwWhere) {
		s.Where = p.whereClause()
	}
	if p.isKw(KwGroup) {
		p.next()
		p.expect(KwBy)
		s.GroupBy = append(s.GroupBy, p.cident())
		for p.gotPunct(',') {
			s.GroupBy = append(s.GroupBy, p.cident())
		}
	}
	if p.got(KwOrder) {
		p.expect(KwBy)
		s.OrderBy = append(s.OrderBy, p.ordering(false))
		for p.gotPunct(',') {
			s.OrderBy = append(s.OrderBy, p.ordering(false))
		}
	}
	if p.isKw(KwPer) {
		p.next()
		p.expect(KwPartition)
		p.expect(KwLimit)
		s.PerPartitionLimit = p.intValue()
	}
	if p.got(KwLimit) {
		s.Limit = p.intValue()
	}
	if p.got(KwAllow) {
		p.expect(KwFiltering)
		s.AllowFiltering = true
	}
	return s
}

// selectorFollows reports whether the token after the current one can start
// a select clause.
func (p *parser) selectorFollows() bool {
	t := p.peek(1)
	switch t.Kind {
	case TokString, TokNumber, TokBoolean, TokUUID, TokHex, TokDuration, TokNull, TokBindMarker,
		TokIdent, TokQuotedIdent:
		return true
	case TokKeyword:
		return !t.Kw.Reserved() || t.Kw == KwToken
	case TokPunct:
		switch p.src[t.Start] {
		case '(', '[', '{', ':':
			return true
		}
	case TokOperator:
		s := p.src[t.Start:t.End]
		return s == "*" || s == "-"
	}
	return false
}

// selectors parses the select list; * gives an empty list.
//
//	selectors: selector (',' selector)* | '*'
//	selector: unaliasedSelector (K_AS noncol_ident)?
func (p *parser) selectors() []Selector {
	if p.isOp("*") {
		p.next()
		return nil
	}
	sels := []Selector{p.selector()}
	for p.gotPunct(',') {
		sels = append(sels, p.selector())
	}
	return sels
}

func (p *parser) selector() Selector {
	s := Selector{Expr: p.parseExpr(selCtx)}
	if p.got(KwAs) {
		id := p.ident()
		s.Alias = &id
	}
	return s
}

// ordering parses `column [ASC|DESC]`; in CLUSTERING ORDER BY the direction
// is required.
func (p *parser) ordering(required bool) Ordering {
	o := Ordering{Column: p.cident()}
	switch {
	case p.got(KwAsc):
	case p.got(KwDesc):
		o.Desc = true
	case required:
		p.noViable()
	}
	return o
}

// intValue parses an integer or a bind marker (LIMIT, TTL, TIMESTAMP).
//
//	intValue: INTEGER | marker
func (p *parser) intValue() Expr {
	if p.isTok(TokBindMarker) || p.isPunct(':') {
		return p.marker()
	}
	if !p.isTok(TokNumber) || numberKind(p.text(p.tok)) != IntegerLit {
		p.noViable()
	}
	return p.literal()
}

// parseInsert parses an INSERT.
//
//	insertStatement: K_INSERT K_INTO columnFamilyName
//	    ( '(' cident (',' cident)* ')' K_VALUES '(' term (',' term)* ')'
//	    | K_JSON jsonValue (K_DEFAULT (K_NULL | K_UNSET))? )
//	    (K_IF K_NOT K_EXISTS)? usingClause?
func (p *parser) parseInsert() *Insert {
	s := &Insert{DefaultNull: true}
	p.expect(KwInsert)
	p.expect(KwInto)
	s.Table = p.qualifiedName("table")
	if p.got(KwJson) {
		if p.isTok(TokString) {
			s.JSON = p.literal()
		} else if p.isTok(TokBindMarker) || p.isPunct(':') {
			s.JSON = p.marker()
		} else {
			p.noViable()
		}
		if p.got(KwDefault) {
			switch {
			case p.isTok(TokNull):
				p.next()
			case p.got(KwUnset):
				s.DefaultNull = false
			default:
				p.noViable()
			}
		}
	} else {
		p.expectPunct('(')
		// Scripts repeat the same INSERT shape: size the slices like the last one.
		s.Columns = make([]Ident, 0, max(p.lastCols, 1))
		s.Columns = append(s.Columns, p.cident())
		for p.gotPunct(',') {
			s.Columns = append(s.Columns, p.cident())
		}
		p.lastCols = len(s.Columns)
		p.expectPunct(')')
		p.expect(KwValues)
		p.expectPunct('(')
		s.Values = make([]Expr, 0, len(s.Columns))
		s.Values = append(s.Values, p.parseExpr(termCtx))
		for p.gotPunct(',') {
			s.Values = append(s.Values, p.parseExpr(termCtx))
		}
		p.expectPunct(')')
	}
	if p.got(KwIf) {
		p.expect(KwNot)
		p.expect(KwExists)
		s.IfNotExists = true
	}
	if p.isKw(KwUsing) {
		p.usingClause(&s.Using, false)
	}
	return s
}

// usingClause parses USING TTL n / TIMESTAMP n joined by AND; DELETE allows
// only TIMESTAMP.
//
//	usingClause: K_USING usingClauseObjective (K_AND usingClauseObjective)*
//	usingClauseObjective: K_TIMESTAMP intValue | K_TTL intValue
func (p *parser) usingClause(u *Using, timestampOnly bool) {
	p.expect(KwUsing)
	for {
		switch {
		case p.got(KwTimestamp):
			u.Timestamp = p.intValue()
		case !timestampOnly && p.got(KwTtl):
			u.TTL = p.intValue()
		default:
			if timestampOnly {
				p.mismatch("K_TIMESTAMP")
			}
			p.noViable()
		}
		if timestampOnly || !p.got(KwAnd) {
			return
		}
	}
}

// parseUpdate parses an UPDATE.
//
//	updateStatement: K_UPDATE columnFamilyName usingClause?
//	    K_SET columnOperation (',' columnOperation)*
//	    K_WHERE whereClause (K_IF (K_EXISTS | updateConditions))?
func (p *parser) parseUpdate() *Update {
	s := &Update{}
	p.expect(KwUpdate)
	s.Table = p.qualifiedName("table")
	if p.isKw(KwUsing) {
		p.usingClause(&s.Using, false)
	}
	p.expect(KwSet)
	s.Assignments = append(s.Assignments, p.assignment())
	for p.gotPunct(',') {
		s.Assignments = append(s.Assignments, p.assignment())
	}
	p.expect(KwWhere)
	s.Where = p.whereClause()
	s.IfExists, s.Conditions = p.ifClause()
	return s
}

// ifClause parses an optional IF EXISTS or IF condition [AND condition ...]
// of UPDATE and DELETE.
func (p *parser) ifClause() (exists bool, conds []*Condition) {
	if !p.got(KwIf) {
		return false, nil
	}
	if p.isKw(KwExists) && !p.conditionFollows() {
		p.next()
		return true, nil
	}
	return false, p.conditions()
}

// conditionFollows tells IF EXISTS from a condition on a column named
// "exists" (exists is an unreserved keyword).
func (p *parser) conditionFollows() bool {
	t := p.peek(1)
	switch t.Kind {
	case TokOperator:
		return true
	case TokKeyword:
		return t.Kw == KwIn || t.Kw == KwContains
	case TokPunct:
		c := p.src[t.Start]
		return c == '[' || c == '.'
	}
	return false
}

// assignment parses one SET item.
//
//	columnOperation: cident ( '=' normalColumnOperation | ('+=' | '-=') term
//	               | '[' term ']' '=' term | '.' fident '=' term )
//	normalColumnOperation: term ('+' cident)? | cident ('+' | '-') term | cident INTEGER
func (p *parser) assignment() *Assignment {
	start := p.tok.Start
	a := &Assignment{Pos: p.tok.pos(), Column: p.cident(), Op: AssignSet}
	switch {
	case p.gotPunct('['):
		a.Key = p.parseExpr(termCtx)
		p.expectPunct(']')
		p.expectOp("=")
		a.Value = p.parseExpr(termCtx)
	case p.gotPunct('.'):
		f := p.ident()
		a.Field = &f
		p.expectOp("=")
		a.Value = p.parseExpr(termCtx)
	case p.isOp("+=") || p.isOp("-="):
		a.Op = AssignAdd
		if p.isOp("-=") {
			a.Op = AssignSub
		}
		p.next()
		a.Value = p.parseExpr(termCtx)
	case p.isOp("="):
		p.next()
		p.assignValue(a)
	default:
		p.noViable()
	}
	a.Text = collapseSpace(p.src[start:p.prevEnd])
	return a
}

// assignValue parses the right side of `c = ...`.
func (p *parser) assignValue(a *Assignment) {
	if isIdentTok(p.tok) {
		// c = c + v, c = c - v, or c = c -3 (lexed as c, -3)
		n := p.peek(1)
		isSign := isOpTok(p.src, n, "+") || isOpTok(p.src, n, "-")
		if isSign || n.Kind == TokNumber && p.src[n.Start] == '-' && numberKind(p.text(n)) == IntegerLit {
			ref := p.cident()
			a.Ref = &ref
			if isSign {
				a.Op = AssignAdd
				if p.isOp("-") {
					a.Op = AssignSub
				}
				p.next()
				a.Value = p.parseExpr(termCtx)
				p.checkRef(a, "Only expressions of the form X = X "+p.signText(a)+"<value> are supported.")
				return
			}
			// c = c -3: Cassandra adds the negative integer; the tree says
			// what was meant, c = c - 3.
			lit := p.literal().(*Literal)
			lit.Text = lit.Text[1:]
			lit.Pos.Offset++
			lit.Pos.Col++
			a.Op, a.Value = AssignSub, lit
			p.checkRef(a, "Only expressions of the form X = X - <value> are supported.")
			return
		}
	}
	a.Value = p.parseExpr(termCtx)
	if p.isOp("+") {
		p.next()
		ref := p.cident()
		a.Ref = &ref
		a.Op = AssignPrepend
		p.checkRef(a, "Only expressions of the form X = <value> + X are supported.")
	}
}

func (p *parser) signText(a *Assignment) string {
	if a.Op == AssignSub {
		return "-"
	}
	return "+"
}

// checkRef rejects `a = b + 1`, as Cassandra's parser does (without a position
// in the message).
func (p *parser) checkRef(a *Assignment, msg string) {
	if a.Ref.Name != a.Column.Name {
		p.fail(a.Ref.Pos, len(a.Ref.Name), msg)
	}
}

// parseDelete parses a DELETE.
//
//	deleteStatement: K_DELETE deleteSelection? K_FROM columnFamilyName
//	    (K_USING K_TIMESTAMP intValue)? K_WHERE whereClause
//	    (K_IF (K_EXISTS | updateConditions))?
//	deleteOp: cident | cident '[' term ']' | cident '.' fident
func (p *parser) parseDelete() *Delete {
	s := &Delete{}
	p.expect(KwDelete)
	if !p.isKw(KwFrom) {
		s.Targets = append(s.Targets, p.deleteTarget())
		for p.gotPunct(',') {
			s.Targets = append(s.Targets, p.deleteTarget())
		}
	}
	p.expect(KwFrom)
	s.Table = p.qualifiedName("table")
	if p.isKw(KwUsing) {
		p.usingClause(&s.Using, true)
	}
	p.expect(KwWhere)
	s.Where = p.whereClause()
	s.IfExists, s.Conditions = p.ifClause()
	return s
}

func (p *parser) deleteTarget() DeleteTarget {
	t := DeleteTarget{Column: p.cident()}
	switch {
	case p.gotPunct('['):
		t.Key = p.parseExpr(termCtx)
		p.expectPunct(']')
	case p.gotPunct('.'):
		f := p.ident()
		t.Field = &f
	}
	return t
}

// parseBatch parses a batch; its statements may end in ';'.
//
//	batchStatement: K_BEGIN (K_UNLOGGED | K_COUNTER)? K_BATCH usingClause?
//	    (batchStatementObjective ';'?)* K_APPLY K_BATCH
func (p *parser) parseBatch() *Batch {
	s := &Batch{Kind: LoggedBatch}
	p.expect(KwBegin)
	p.inBatch = true
	switch {
	case p.got(KwUnlogged):
		s.Kind = UnloggedBatch
	case p.got(KwCounter):
		s.Kind = CounterBatch
	}
	p.expect(KwBatch)
	if p.isKw(KwUsing) {
		p.usingClause(&s.Using, false)
	}
	for !p.isKw(KwApply) {
		start, pos := p.tok.Start, p.tok.pos()
		var st Statement
		switch {
		case p.isKw(KwInsert):
			st = p.parseInsert()
		case p.isKw(KwUpdate):
			st = p.parseUpdate()
		case p.isKw(KwDelete):
			st = p.parseDelete()
		default:
			p.noViable()
		}
		setBase(st, pos, p.src[start:p.prevEnd])
		s.Statements = append(s.Statements, st)
		p.gotPunct(';')
	}
	p.expect(KwApply)
	p.expect(KwBatch)
	p.inBatch = false
	return s
}
