package cql

// parseUse parses USE ks.
func (p *parser) parseUse() *Use {
	p.expect(KwUse)
	return &Use{Keyspace: p.keyspaceName()}
}

// parseTruncate parses TRUNCATE [TABLE] t.
func (p *parser) parseTruncate() *Truncate {
	p.expect(KwTruncate)
	p.got(KwTable)
	return &Truncate{Table: p.qualifiedName("table")}
}

// ifNotExists parses an optional IF NOT EXISTS.
func (p *parser) ifNotExists() bool {
	if p.got(KwIf) {
		p.expect(KwNot)
		p.expect(KwExists)
		return true
	}
	return false
}

// ifExists parses an optional IF EXISTS.
func (p *parser) ifExists() bool {
	if p.got(KwIf) {
		p.expect(KwExists)
		return true
	}
	return false
}

// parseCreate dispatches CREATE statements.
func (p *parser) parseCreate() Statement {
	p.expect(KwCreate)
	if p.got(KwOr) {
		p.expect(KwReplace)
		switch {
		case p.got(KwFunction):
			return p.createFunction(true)
		case p.got(KwAggregate):
			return p.createAggregate(true)
		}
		p.noViable()
	}
	switch {
	case p.got(KwFunction):
		return p.createFunction(false)
	case p.got(KwAggregate):
		return p.createAggregate(false)
	case p.isKw(KwKeyspace) || p.isKw(KwSchema):
		p.next()
		s := &CreateKeyspace{IfNotExists: p.ifNotExists(), Name: p.keyspaceName()}
		p.expect(KwWith)
		s.Properties = p.properties()
		return s
	case p.isKw(KwTable):
		p.next()
		return p.createTable()
	case p.isKw(KwIndex) || p.isKw(KwCustom):
		return p.createIndex()
	case p.isKw(KwMaterialized):
		p.next()
		p.expect(KwView)
		return p.createView()
	case p.isKw(KwType):
		p.next()
		return p.createType()
	}
	p.noViable()
	return nil
}

// createTable parses the rest of CREATE TABLE.
//
//	createTableStatement: K_CREATE K_COLUMNFAMILY (K_IF K_NOT K_EXISTS)? columnFamilyName
//	    '(' tableColumns (',' tableColumns?)* ')' (K_WITH tableProperty (K_AND tableProperty)*)?
//	tableColumns: ident comparatorType K_STATIC? (K_PRIMARY K_KEY)?
//	            | K_PRIMARY K_KEY '(' tablePartitionKey (',' ident)* ')'
func (p *parser) createTable() *CreateTable {
	s := &CreateTable{IfNotExists: p.ifNotExists(), Table: p.qualifiedName("table")}
	p.expectPunct('(')
	for {
		if p.isKw(KwPrimary) {
			p.next()
			p.expect(KwKey)
			s.PrimaryKeys++
			s.PartitionKey, s.Clustering = p.primaryKey()
		} else {
			def := ColumnDef{Name: p.ident(), Type: p.parseType()}
			def.Static = p.got(KwStatic)
			if p.got(KwPrimary) {
				p.expect(KwKey)
				def.PrimaryKey = true
				s.PrimaryKeys++
				s.PartitionKey, s.Clustering = []Ident{def.Name}, nil
			}
			s.Columns = append(s.Columns, def)
		}
		if !p.gotPunct(',') {
			break
		}
		for p.gotPunct(',') {
			// (',' tableColumns?)*: empty entries are allowed, so are trailing commas
		}
		if p.isPunct(')') {
			break
		}
	}
	p.expectPunct(')')
	if p.got(KwWith) {
		p.tableProperties(&s.Properties, &s.ClusteringOrder, &s.CompactStorage, false)
	}
	return s
}

// primaryKey parses '(' partitionKey (',' clustering)* ')'.
//
//	tablePartitionKey: ident | '(' ident (',' ident)* ')'
func (p *parser) primaryKey() (partition, clustering []Ident) {
	p.expectPunct('(')
	if p.gotPunct('(') {
		partition = append(partition, p.ident())
		for p.gotPunct(',') {
			partition = append(partition, p.ident())
		}
		p.expectPunct(')')
	} else {
		partition = []Ident{p.ident()}
	}
	for p.gotPunct(',') {
		clustering = append(clustering, p.ident())
	}
	p.expectPunct(')')
	return partition, clustering
}

// tableProperties parses WITH's items for tables and views.
//
//	tableProperty: property | K_COMPACT K_STORAGE
//	             | K_CLUSTERING K_ORDER K_BY '(' ident (K_ASC | K_DESC) (',' ...)* ')'
func (p *parser) tableProperties(props *[]Property, order *[]Ordering, compact *bool, view bool) {
	for {
		switch {
		case p.isKw(KwCompact) && isKwTok(p.peek(1), KwStorage):
			if view {
				p.fail(p.tok.pos(), p.tok.End-p.tok.Start, "COMPACT STORAGE tables are not allowed starting with version 4.0")
			}
			p.next()
			p.next()
			*compact = true
		case p.isKw(KwClustering) && isKwTok(p.peek(1), KwOrder):
			p.next()
			p.next()
			p.expect(KwBy)
			p.expectPunct('(')
			*order = append(*order, p.ordering(true))
			for p.gotPunct(',') {
				*order = append(*order, p.ordering(true))
			}
			p.expectPunct(')')
		default:
			*props = append(*props, p.property())
		}
		if !p.got(KwAnd) {
			return
		}
	}
}

// properties parses property (K_AND property)*.
func (p *parser) properties() []Property {
	props := []Property{p.property()}
	for p.got(KwAnd) {
		props = append(props, p.property())
	}
	return props
}

// property parses `name = value`.
//
//	property: noncol_ident '=' (propertyValue | fullMapLiteral)
//	propertyValue: constant | unreserved_keyword
func (p *parser) property() Property {
	prop := Property{Name: p.ident()}
	p.expectOp("=")
	switch {
	case p.isPunct('{'):
		p.enter()
		prop.Value = p.propertyMap()
		p.leave()
	case p.isTok(TokKeyword) && !p.tok.Kw.Reserved():
		prop.Value = &ColumnRef{Ident: p.ident()}
	case p.isTok(TokString), p.isTok(TokNumber), p.isTok(TokBoolean), p.isTok(TokUUID),
		p.isTok(TokHex), p.isTok(TokDuration):
		prop.Value = p.literal()
	default:
		p.noViable()
	}
	return prop
}

// propertyMap parses a map literal of terms.
//
//	fullMapLiteral: '{' (term ':' term (',' term ':' term)*)? '}'
func (p *parser) propertyMap() Expr {
	c := &Collection{Pos: p.tok.pos(), Kind: MapColl}
	p.expectPunct('{')
	if p.gotPunct('}') {
		c.Kind = EmptyBraces
		return c
	}
	seen := map[string]bool{}
	for {
		k := p.parseExpr(termCtx)
		c.Keys = append(c.Keys, k)
		p.expectPunct(':')
		c.Elems = append(c.Elems, p.parseExpr(termCtx))
		// convertPropertyMap: a sub-option given twice is a recognition error.
		if lit, ok := k.(*Literal); ok {
			if seen[lit.Text] {
				p.fail(lit.Pos, len(lit.Text), "Multiple definition for property "+lit.Text)
			}
			seen[lit.Text] = true
		}
		if !p.gotPunct(',') {
			break
		}
	}
	p.expectPunct('}')
	return c
}

// createIndex parses CREATE [CUSTOM] INDEX.
//
//	createIndexStatement: K_CREATE K_CUSTOM? K_INDEX (K_IF K_NOT K_EXISTS)? idxName?
//	    K_ON columnFamilyName '(' indexIdent ')' (K_USING STRING_LITERAL)? (K_WITH properties)?
//	indexIdent: cident | K_VALUES '(' cident ')' | K_KEYS '(' cident ')'
//	          | K_ENTRIES '(' cident ')' | K_FULL '(' cident ')'
func (p *parser) createIndex() *CreateIndex {
	s := &CreateIndex{Target: IndexValues}
	if p.got(KwCustom) {
		s.Custom = true
	}
	p.expect(KwIndex)
	s.IfNotExists = p.ifNotExists()
	if !p.isKw(KwOn) {
		p.noMarker("index")
		s.Name = p.ident()
	}
	p.expect(KwOn)
	s.Table = p.qualifiedName("table")
	p.expectPunct('(')
	target := KwNone
	if p.isTok(TokKeyword) && isPunctTok(p.src, p.peek(1), '(') {
		switch p.tok.Kw {
		case KwValues, KwKeys, KwEntries, KwFull:
			target = p.tok.Kw
		}
	}
	if target != KwNone {
		p.next()
		p.next()
		s.Column = p.cident()
		p.expectPunct(')')
		s.Explicit = true
		switch target {
		case KwKeys:
			s.Target = IndexKeys
		case KwEntries:
			s.Target = IndexEntries
		case KwFull:
			s.Target = IndexFull
		}
	} else {
		s.Column = p.cident()
	}
	p.expectPunct(')')
	if p.got(KwUsing) {
		if !p.isTok(TokString) {
			p.mismatch("STRING_LITERAL")
		}
		s.Using = unquoteString(p.text(p.tok))
		p.next()
	}
	if p.got(KwWith) {
		s.Properties = p.properties()
	}
	return s
}

// createView parses the rest of CREATE MATERIALIZED VIEW.
//
//	K_CREATE K_MATERIALIZED K_VIEW (K_IF K_NOT K_EXISTS)? columnFamilyName K_AS
//	    K_SELECT selectors K_FROM columnFamilyName (K_WHERE whereClause)?
//	    K_PRIMARY K_KEY '(' viewPartitionKey (',' ident)* ')' (K_WITH viewProperty (K_AND viewProperty)*)?
func (p *parser) createView() *CreateView {
	s := &CreateView{IfNotExists: p.ifNotExists(), Name: p.qualifiedName("table")}
	p.expect(KwAs)
	p.expect(KwSelect)
	s.Selectors = p.selectors()
	p.expect(KwFrom)
	s.Base_ = p.qualifiedName("table")
	if p.got(KwWhere) {
		s.Where = p.whereClause()
	}
	p.expect(KwPrimary)
	p.expect(KwKey)
	s.PrimaryKeys = 1
	s.PartitionKey, s.Clustering = p.primaryKey()
	if p.got(KwWith) {
		p.tableProperties(&s.Properties, &s.ClusteringOrder, &s.CompactStorage, true)
	}
	return s
}

// createType parses the rest of CREATE TYPE.
//
//	K_CREATE K_TYPE (K_IF K_NOT K_EXISTS)? userTypeName '(' fident comparatorType (',' (fident comparatorType)?)* ')'
func (p *parser) createType() *CreateType {
	s := &CreateType{IfNotExists: p.ifNotExists(), Name: p.qualifiedName("type")}
	p.expectPunct('(')
	for {
		s.Fields = append(s.Fields, ColumnDef{Name: p.ident(), Type: p.parseType()})
		if !p.gotPunct(',') || p.isPunct(')') {
			break
		}
	}
	p.expectPunct(')')
	return s
}

// parseAlter dispatches ALTER statements.
func (p *parser) parseAlter() Statement {
	p.expect(KwAlter)
	switch {
	case p.isKw(KwKeyspace) || p.isKw(KwSchema):
		p.next()
		s := &AlterKeyspace{IfExists: p.ifExists(), Name: p.keyspaceName()}
		p.expect(KwWith)
		s.Properties = p.properties()
		return s
	case p.isKw(KwTable):
		p.next()
		return p.alterTable(false)
	case p.isKw(KwType):
		p.next()
		return p.alterTable(true)
	case p.got(KwMaterialized):
		// alterMaterializedViewStatement: K_ALTER K_MATERIALIZED K_VIEW
		// (K_IF K_EXISTS)? columnFamilyName K_WITH properties
		p.expect(KwView)
		s := &AlterView{IfExists: p.ifExists(), Name: p.qualifiedName("table")}
		p.expect(KwWith)
		s.Properties = p.properties()
		return s
	}
	p.noViable()
	return nil
}

// alterTable parses the rest of ALTER TABLE.
//
//	alterTableStatement: K_ALTER K_COLUMNFAMILY (K_IF K_EXISTS)? columnFamilyName
//	    ( K_ALTER cident K_TYPE comparatorType
//	    | K_ADD (K_IF K_NOT K_EXISTS)? (ident comparatorType K_STATIC? | '(' ... ')')
//	    | K_DROP (K_IF K_EXISTS)? (ident | '(' ident (',' ident)* ')') (K_USING K_TIMESTAMP INTEGER)?
//	    | K_RENAME (K_IF K_EXISTS)? ident K_TO ident (K_AND ident K_TO ident)*
//	    | K_DROP K_COMPACT K_STORAGE
//	    | K_WITH properties )
//
// With userType it parses the rest of ALTER TYPE, whose ADD takes one field
// and which has no DROP or WITH:
//
//	alterTypeStatement: K_ALTER K_TYPE (K_IF K_EXISTS)? userTypeName
//	    ( K_ALTER fident K_TYPE comparatorType
//	    | K_ADD (K_IF K_NOT K_EXISTS)? fident comparatorType
//	    | K_RENAME (K_IF K_EXISTS)? fident K_TO fident (K_AND fident K_TO fident)* )
func (p *parser) alterTable(userType bool) *AlterTable {
	what := "table"
	if userType {
		what = "type"
	}
	s := &AlterTable{UserType: userType, IfExists: p.ifExists(), Table: p.qualifiedName(what)}
	switch {
	case p.got(KwAlter):
		s.Kind = AlterType
		s.Column = p.cident()
		p.expect(KwType)
		s.NewType = p.parseType()
	case p.got(KwAdd):
		s.Kind = AlterAdd
		s.IfColumnExists = p.ifNotExists()
		col := func() ColumnDef {
			d := ColumnDef{Name: p.ident(), Type: p.parseType()}
			d.Static = !userType && p.got(KwStatic)
			return d
		}
		if !userType && p.gotPunct('(') {
			s.Add = append(s.Add, col())
			for p.gotPunct(',') {
				s.Add = append(s.Add, col())
			}
			p.expectPunct(')')
		} else {
			s.Add = append(s.Add, col())
		}
	case userType && !p.isKw(KwRename):
		p.noViable()
	case p.isKw(KwDrop) && isKwTok(p.peek(1), KwCompact) && isKwTok(p.peek(2), KwStorage):
		p.next()
		p.next()
		p.next()
		s.Kind = AlterDropCompactStorage
	case p.got(KwDrop):
		s.Kind = AlterDrop
		s.IfColumnExists = p.ifExists()
		if p.gotPunct('(') {
			s.Drop = append(s.Drop, p.ident())
			for p.gotPunct(',') {
				s.Drop = append(s.Drop, p.ident())
			}
			p.expectPunct(')')
		} else {
			s.Drop = append(s.Drop, p.ident())
		}
		if p.got(KwUsing) {
			p.expect(KwTimestamp)
			if !p.isTok(TokNumber) || numberKind(p.text(p.tok)) != IntegerLit {
				p.mismatch("INTEGER")
			}
			s.DropTimestamp = p.literal()
		}
	case p.got(KwRename):
		s.Kind = AlterRename
		s.IfColumnExists = p.ifExists()
		for {
			s.RenameFrom = append(s.RenameFrom, p.ident())
			p.expect(KwTo)
			s.RenameTo = append(s.RenameTo, p.ident())
			if !p.got(KwAnd) {
				break
			}
		}
	case p.got(KwWith):
		s.Kind = AlterWith
		s.Properties = p.properties()
	default:
		p.noViable()
	}
	return s
}

// parseDrop dispatches DROP statements.
func (p *parser) parseDrop() Statement {
	p.expect(KwDrop)
	switch {
	case p.isKw(KwKeyspace) || p.isKw(KwSchema):
		p.next()
		return &DropKeyspace{IfExists: p.ifExists(), Name: p.keyspaceName()}
	case p.got(KwTable):
		return &DropTable{IfExists: p.ifExists(), Table: p.qualifiedName("table")}
	case p.got(KwIndex):
		return &DropIndex{IfExists: p.ifExists(), Name: p.qualifiedName("index")}
	case p.got(KwMaterialized):
		p.expect(KwView)
		return &DropView{IfExists: p.ifExists(), Name: p.qualifiedName("table")}
	case p.got(KwType):
		return &DropType{IfExists: p.ifExists(), Name: p.qualifiedName("type")}
	case p.got(KwFunction):
		return p.dropFunction(false)
	case p.got(KwAggregate):
		return p.dropFunction(true)
	}
	p.noViable()
	return nil
}

// parseDescribe parses DESCRIBE / DESC.
//
//	describeStatement: (K_DESCRIBE | K_DESC) ( K_CLUSTER | K_FULL? K_SCHEMA | K_KEYSPACES
//	    | K_ONLY? K_KEYSPACE keyspaceName? | K_TABLES | K_COLUMNFAMILY columnFamilyName
//	    | K_INDEX columnFamilyName | K_MATERIALIZED K_VIEW columnFamilyName
//	    | K_TYPES | K_TYPE userTypeName | K_FUNCTIONS | K_FUNCTION functionName
//	    | K_AGGREGATES | K_AGGREGATE functionName | (ks '.')? name )
func (p *parser) parseDescribe() *Describe {
	p.next()
	s := &Describe{}
	// The plural keywords and CLUSTER are also names: they are the keyword
	// unless a '.' follows (DESCRIBE tables.t names a table).
	alone := !isPunctTok(p.src, p.peek(1), '.')
	switch {
	case p.isKw(KwCluster) && alone:
		p.next()
		s.Kind = DescribeCluster
	case p.isKw(KwSchema) || p.isKw(KwFull) && isKwTok(p.peek(1), KwSchema):
		s.Full = p.got(KwFull)
		p.next()
		s.Kind = DescribeSchema
	case p.isKw(KwKeyspaces) && alone:
		p.next()
		s.Kind = DescribeKeyspaces
	case p.isKw(KwKeyspace) || p.isKw(KwOnly) && isKwTok(p.peek(1), KwKeyspace):
		s.Only = p.got(KwOnly)
		p.next()
		s.Kind = DescribeKeyspace
		if isIdentTok(p.tok) {
			s.Name.Name = p.keyspaceName()
		}
	case p.isKw(KwTables) && alone:
		p.next()
		s.Kind = DescribeTables
	case p.got(KwTable):
		s.Kind = DescribeTable
		s.Name = p.qualifiedName("table")
	case p.got(KwIndex):
		s.Kind = DescribeIndex
		s.Name = p.qualifiedName("index")
	case p.got(KwMaterialized):
		p.expect(KwView)
		s.Kind = DescribeView
		s.Name = p.qualifiedName("table")
	case p.isKw(KwTypes) && alone:
		p.next()
		s.Kind = DescribeTypes
	case p.isKw(KwType) && isIdentTok(p.peek(1)):
		p.next()
		s.Kind = DescribeType
		s.Name = p.qualifiedName("type")
	case p.isKw(KwFunctions) && alone:
		p.next()
		s.Kind = DescribeFunctions
	case p.isKw(KwAggregates) && alone:
		p.next()
		s.Kind = DescribeAggregates
	case p.isKw(KwFunction) && isIdentTok(p.peek(1)):
		p.next()
		s.Kind = DescribeFunction
		s.Name = p.qualifiedName("function")
	case p.isKw(KwAggregate) && isIdentTok(p.peek(1)):
		p.next()
		s.Kind = DescribeAggregate
		s.Name = p.qualifiedName("function")
	default:
		s.Kind = DescribeGeneric
		s.Name = p.qualifiedName("table")
	}
	return s
}
