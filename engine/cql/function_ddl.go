package cql

// The DDL of user-defined functions and aggregates, as Parser.g (4.1)
// writes it. The engine parses them fully so that their errors are
// Cassandra's (user_defined_functions_enabled is false by default), not
// a syntax error at FUNCTION.

// functionName parses [keyspace.]name of a function or aggregate.
//
//	functionName: (keyspaceName '.')? allowedFunctionName
func (p *parser) functionName() QualifiedName {
	if isIdentTok(p.tok) && isPunctTok(p.src, p.peek(1), '.') {
		ks := p.keyspaceName()
		p.next()
		return QualifiedName{Keyspace: ks, Name: p.allowedFunctionName()}
	}
	return QualifiedName{Name: p.allowedFunctionName()}
}

// allowedFunctionName parses a function's own name: an identifier, an
// unreserved keyword that can name a function, or token and count.
//
//	allowedFunctionName: IDENT | QUOTED_NAME | unreserved_function_keyword | K_TOKEN | K_COUNT
func (p *parser) allowedFunctionName() Ident {
	t := p.tok
	switch {
	case t.Kind == TokKeyword && (t.Kw == KwToken || t.Kw == KwCount):
	case t.Kind == TokKeyword && (t.Kw.Reserved() || !allowedFuncKw(t.Kw)):
		p.noViable()
	case !isIdentTok(t):
		p.noViable()
	}
	name, quoted := p.identName(t)
	p.next()
	return Ident{Pos: t.pos(), Name: name, Quoted: quoted}
}

// typeList parses '(' (comparatorType (',' comparatorType)*)? ')'.
func (p *parser) typeList() []*TypeRef {
	p.expectPunct('(')
	var out []*TypeRef
	if !p.isPunct(')') {
		out = append(out, p.parseType())
		for p.gotPunct(',') {
			out = append(out, p.parseType())
		}
	}
	p.expectPunct(')')
	return out
}

// createFunction parses the rest of CREATE [OR REPLACE] FUNCTION.
//
//	K_FUNCTION (K_IF K_NOT K_EXISTS)? functionName
//	'(' (noncol_ident comparatorType (',' noncol_ident comparatorType)*)? ')'
//	((K_RETURNS K_NULL) | K_CALLED) K_ON K_NULL K_INPUT
//	K_RETURNS comparatorType K_LANGUAGE IDENT K_AS STRING_LITERAL
func (p *parser) createFunction(orReplace bool) *CreateFunction {
	s := &CreateFunction{OrReplace: orReplace, IfNotExists: p.ifNotExists(), Name: p.functionName()}
	p.expectPunct('(')
	if !p.isPunct(')') {
		for {
			s.Args = append(s.Args, ColumnDef{Name: p.ident(), Type: p.parseType()})
			if !p.gotPunct(',') {
				break
			}
		}
	}
	p.expectPunct(')')
	switch {
	case p.got(KwReturns):
		p.expectNull()
	case p.got(KwCalled):
		s.CalledOnNullInput = true
	default:
		p.noViable()
	}
	p.expect(KwOn)
	p.expectNull()
	p.expect(KwInput)
	p.expect(KwReturns)
	s.Returns = p.parseType()
	p.expect(KwLanguage)
	if !p.isTok(TokIdent) {
		p.mismatch("IDENT")
	}
	s.Language = lowerASCII(p.text(p.tok))
	p.next()
	p.expect(KwAs)
	if !p.isTok(TokString) {
		p.mismatch("STRING_LITERAL")
	}
	s.Body = unquoteString(p.text(p.tok))
	p.next()
	return s
}

// createAggregate parses the rest of CREATE [OR REPLACE] AGGREGATE.
//
//	K_AGGREGATE (K_IF K_NOT K_EXISTS)? functionName
//	'(' (comparatorType (',' comparatorType)*)? ')'
//	K_SFUNC allowedFunctionName K_STYPE comparatorType
//	(K_FINALFUNC allowedFunctionName)? (K_INITCOND term)?
func (p *parser) createAggregate(orReplace bool) *CreateAggregate {
	s := &CreateAggregate{OrReplace: orReplace, IfNotExists: p.ifNotExists(), Name: p.functionName()}
	s.ArgTypes = p.typeList()
	p.expect(KwSfunc)
	s.StateFunc = p.allowedFunctionName()
	p.expect(KwStype)
	s.StateType = p.parseType()
	if p.got(KwFinalfunc) {
		f := p.allowedFunctionName()
		s.FinalFunc = &f
	}
	if p.got(KwInitcond) {
		s.InitCond = p.parseExpr(termCtx)
	}
	return s
}

// dropFunction parses the rest of DROP FUNCTION or DROP AGGREGATE.
//
//	(K_IF K_EXISTS)? functionName ('(' (comparatorType (',' comparatorType)*)? ')')?
func (p *parser) dropFunction(aggregate bool) *DropFunction {
	s := &DropFunction{Aggregate: aggregate, IfExists: p.ifExists(), Name: p.functionName()}
	if p.isPunct('(') {
		s.ArgsGiven = true
		s.ArgTypes = p.typeList()
	}
	return s
}
