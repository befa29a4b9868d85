package cql

import "strings"

// The printer writes each node as canonical CQL: keywords in upper case, one
// space between tokens, identifiers quoted only when they must be. Parsing the
// printed text gives an equal tree (positions and source texts aside), which
// is how the parser is tested.

// quoteIdent returns name as CQL source: bare when it reads back as the same
// unquoted identifier, double-quoted otherwise.
func quoteIdent(name string, quoted bool) string {
	if !quoted && isBareIdent(name) {
		return name
	}
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}

// isBareIdent reports whether name, written unquoted, lexes as an identifier
// with that exact stored name.
func isBareIdent(name string) bool {
	if name == "" || !isLetter(name[0]) {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || isDigit(c) || c == '_') {
			return false
		}
	}
	if eqFold(name, "true") || eqFold(name, "false") {
		return false
	}
	if kw := lookupKeyword(name); kw.Reserved() || kw == KwNan || kw == KwInfinity || kw == KwNull {
		return false
	}
	if uuidEnd(name, 0) == len(name) {
		return false
	}
	return true
}

func (id Ident) String() string { return quoteIdent(id.Name, id.Quoted) }

func (q QualifiedName) String() string {
	if q.Keyspace.Name == "" && !q.Keyspace.Quoted {
		return q.Name.String()
	}
	return q.Keyspace.String() + "." + q.Name.String()
}

func (t *TypeRef) String() string {
	var b strings.Builder
	writeType(&b, t)
	return b.String()
}

func writeType(b *strings.Builder, t *TypeRef) {
	if t.Keyspace != "" {
		b.WriteString(quoteIdent(t.Keyspace, false))
		b.WriteByte('.')
	}
	if t.Quoted || len(t.Params) == 0 && !isBareIdent(t.Name) && !isTypeKeyword(t.Name) {
		b.WriteString(quoteIdent(t.Name, true))
	} else {
		b.WriteString(t.Name)
	}
	if len(t.Params) > 0 {
		b.WriteByte('<')
		for i, p := range t.Params {
			if i > 0 {
				b.WriteString(", ")
			}
			writeType(b, p)
		}
		b.WriteByte('>')
	}
}

// isTypeKeyword reports whether name is a native type's keyword.
func isTypeKeyword(name string) bool { return lookupKeyword(name).isNativeType() }

func (t *TypeRef) Position() Pos { return t.Pos }

// ---------------------------------------------------------------------------
// Expressions

func (e *Literal) Position() Pos    { return e.Pos }
func (e *Collection) Position() Pos { return e.Pos }
func (e *Tuple) Position() Pos      { return e.Pos }
func (e *FuncCall) Position() Pos   { return e.Pos }
func (e *Cast) Position() Pos       { return e.Pos }
func (e *TypeHint) Position() Pos   { return e.Pos }
func (e *ColumnRef) Position() Pos  { return e.Pos }
func (e *Index) Position() Pos      { return e.Pos }
func (e *Slice) Position() Pos      { return e.Pos }
func (e *Field) Position() Pos      { return e.Pos }
func (e *BinaryOp) Position() Pos   { return e.Pos }
func (e *Negate) Position() Pos     { return e.Pos }
func (e *BindMarker) Position() Pos { return e.Pos }
func (e *Star) Position() Pos       { return e.Pos }

func (*Literal) exprNode()    {}
func (*Collection) exprNode() {}
func (*Tuple) exprNode()      {}
func (*FuncCall) exprNode()   {}
func (*Cast) exprNode()       {}
func (*TypeHint) exprNode()   {}
func (*ColumnRef) exprNode()  {}
func (*Index) exprNode()      {}
func (*Slice) exprNode()      {}
func (*Field) exprNode()      {}
func (*BinaryOp) exprNode()   {}
func (*Negate) exprNode()     {}
func (*BindMarker) exprNode() {}
func (*Star) exprNode()       {}

func (e *Literal) String() string    { return exprString(e) }
func (e *Collection) String() string { return exprString(e) }
func (e *Tuple) String() string      { return exprString(e) }
func (e *FuncCall) String() string   { return exprString(e) }
func (e *Cast) String() string       { return exprString(e) }
func (e *TypeHint) String() string   { return exprString(e) }
func (e *ColumnRef) String() string  { return e.Ident.String() }
func (e *Index) String() string      { return exprString(e) }
func (e *Slice) String() string      { return exprString(e) }
func (e *Field) String() string      { return exprString(e) }
func (e *BinaryOp) String() string   { return exprString(e) }
func (e *Negate) String() string     { return exprString(e) }
func (e *BindMarker) String() string { return exprString(e) }
func (e *Star) String() string       { return "*" }

func exprString(e Expr) string {
	var b strings.Builder
	writeExpr(&b, e)
	return b.String()
}

// quoteString writes s as a CQL string literal.
func quoteString(b *strings.Builder, s string) {
	b.WriteByte('\'')
	for {
		i := strings.IndexByte(s, '\'')
		if i < 0 {
			break
		}
		b.WriteString(s[:i+1])
		b.WriteByte('\'')
		s = s[i+1:]
	}
	b.WriteString(s)
	b.WriteByte('\'')
}

func writeExprs(b *strings.Builder, es []Expr) {
	for i, e := range es {
		if i > 0 {
			b.WriteString(", ")
		}
		writeExpr(b, e)
	}
}

func writeExpr(b *strings.Builder, e Expr) {
	switch e := e.(type) {
	case nil:
		b.WriteString("<nil>")
	case *Literal:
		if e.Kind == StringLit {
			quoteString(b, e.Text)
		} else {
			b.WriteString(e.Text)
		}
	case *Collection:
		switch e.Kind {
		case ListColl:
			b.WriteByte('[')
			writeExprs(b, e.Elems)
			b.WriteByte(']')
		case MapColl:
			b.WriteByte('{')
			for i := range e.Elems {
				if i > 0 {
					b.WriteString(", ")
				}
				if i < len(e.Keys) {
					writeExpr(b, e.Keys[i])
				}
				b.WriteString(": ")
				writeExpr(b, e.Elems[i])
			}
			b.WriteByte('}')
		default:
			b.WriteByte('{')
			writeExprs(b, e.Elems)
			b.WriteByte('}')
		}
	case *Tuple:
		b.WriteByte('(')
		writeExprs(b, e.Elems)
		b.WriteByte(')')
	case *FuncCall:
		if e.Keyspace != "" {
			b.WriteString(quoteIdent(e.Keyspace, false))
			b.WriteByte('.')
		}
		// token, count, writetime and ttl are keywords that call functions.
		if kw := lookupKeyword(e.Name); !e.Quoted && (kw == KwToken || kw == KwCount || kw == KwWritetime || kw == KwTtl) {
			b.WriteString(e.Name)
		} else {
			b.WriteString(quoteIdent(e.Name, e.Quoted || kw == KwCast || kw == KwKey || kw == KwJson || kw == KwDistinct))
		}
		b.WriteByte('(')
		if e.Star {
			b.WriteByte('*')
		}
		writeExprs(b, e.Args)
		b.WriteByte(')')
	case *Cast:
		b.WriteString("CAST(")
		writeExpr(b, e.Expr)
		b.WriteString(" AS ")
		writeType(b, e.Type)
		b.WriteByte(')')
	case *TypeHint:
		b.WriteByte('(')
		writeType(b, e.Type)
		b.WriteString(") ")
		writeExpr(b, e.Expr)
	case *ColumnRef:
		b.WriteString(e.Ident.String())
	case *Index:
		writeExpr(b, e.Target)
		b.WriteByte('[')
		writeExpr(b, e.Key)
		b.WriteByte(']')
	case *Slice:
		writeExpr(b, e.Target)
		b.WriteByte('[')
		if e.From != nil {
			writeExpr(b, e.From)
		}
		b.WriteString("..")
		if e.To != nil {
			writeExpr(b, e.To)
		}
		b.WriteByte(']')
	case *Field:
		target := exprString(e.Target)
		b.WriteString(target)
		if isDigit(target[len(target)-1]) {
			b.WriteByte(' ') // "1.f" would lex as the float "1."
		}
		b.WriteByte('.')
		b.WriteString(e.Field.String())
	case *BinaryOp:
		writeExpr(b, e.Left)
		b.WriteByte(' ')
		b.WriteByte(e.Op)
		b.WriteByte(' ')
		writeExpr(b, e.Right)
	case *Negate:
		// Always "- x": "-5", "-P1D" or "-Infinity" would lex as one literal,
		// and "--" would start a comment.
		b.WriteString("- ")
		writeExpr(b, e.Expr)
	case *BindMarker:
		if e.Name == "" {
			b.WriteByte('?')
		} else {
			b.WriteByte(':')
			b.WriteString(quoteIdent(e.Name, false))
		}
	case *Star:
		b.WriteByte('*')
	default:
		b.WriteString(e.String())
	}
}

// ---------------------------------------------------------------------------
// WHERE, IF and SET

var opText = [...]string{
	OpEq: "=", OpNeq: "!=", OpLt: "<", OpLte: "<=", OpGt: ">", OpGte: ">=",
	OpIn: "IN", OpContains: "CONTAINS", OpContainsKey: "CONTAINS KEY", OpLike: "LIKE",
	OpIsNotNull: "IS NOT NULL",
}

func (o Operator) String() string {
	if int(o) < len(opText) {
		return opText[o]
	}
	return "?"
}

func (r *Relation) Position() Pos { return r.Pos }

func (r *Relation) String() string {
	var b strings.Builder
	writeRelation(&b, r)
	return b.String()
}

func writeIdents(b *strings.Builder, ids []Ident) {
	for i, id := range ids {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(id.String())
	}
}

func writeRelation(b *strings.Builder, r *Relation) {
	switch r.Kind {
	case MultiColumn:
		b.WriteByte('(')
		writeIdents(b, r.Columns)
		b.WriteByte(')')
	case TokenRelation:
		b.WriteString("token(")
		writeIdents(b, r.Columns)
		b.WriteByte(')')
	default:
		if len(r.Columns) > 0 {
			writeTarget(b, r.Columns[0], r.MapKey, nil)
		}
	}
	b.WriteByte(' ')
	b.WriteString(r.Op.String())
	writeRightSide(b, r.Op, r.Value, r.In)
}

// writeRightSide writes what follows an operator: a value, an IN list, or
// nothing (IS NOT NULL).
func writeRightSide(b *strings.Builder, op Operator, value Expr, in []Expr) {
	switch {
	case op == OpIsNotNull:
	case op == OpIn && value == nil:
		b.WriteString(" (")
		writeExprs(b, in)
		b.WriteByte(')')
	default:
		b.WriteByte(' ')
		writeExpr(b, value)
	}
}

func (c *Condition) Position() Pos { return c.Pos }

func (c *Condition) String() string {
	var b strings.Builder
	writeCondition(&b, c)
	return b.String()
}

func writeCondition(b *strings.Builder, c *Condition) {
	writeTarget(b, c.Column, c.Key, c.Field)
	b.WriteByte(' ')
	b.WriteString(c.Op.String())
	writeRightSide(b, c.Op, c.Value, c.In)
}

// writeTarget writes what a relation, a condition or an assignment acts on:
// a column, one element of it (c[k]) or one field of it (c.f).
func writeTarget(b *strings.Builder, column Ident, key Expr, field *Ident) {
	b.WriteString(column.String())
	if key != nil {
		b.WriteByte('[')
		writeExpr(b, key)
		b.WriteByte(']')
	}
	if field != nil {
		b.WriteByte('.')
		b.WriteString(field.String())
	}
}

func (a *Assignment) Position() Pos { return a.Pos }

func (a *Assignment) String() string {
	var b strings.Builder
	writeAssignment(&b, a)
	return b.String()
}

func writeAssignment(b *strings.Builder, a *Assignment) {
	writeTarget(b, a.Column, a.Key, a.Field)
	switch {
	case a.Op == AssignPrepend:
		b.WriteString(" = ")
		writeExpr(b, a.Value)
		b.WriteString(" + ")
		b.WriteString(refOf(a).String())
		return
	case (a.Op == AssignAdd || a.Op == AssignSub) && a.Ref != nil:
		b.WriteString(" = ")
		b.WriteString(a.Ref.String())
		if a.Op == AssignAdd {
			b.WriteString(" + ")
		} else {
			b.WriteString(" - ")
		}
	case a.Op == AssignAdd:
		b.WriteString(" += ")
	case a.Op == AssignSub:
		b.WriteString(" -= ")
	default:
		b.WriteString(" = ")
	}
	writeExpr(b, a.Value)
}

func refOf(a *Assignment) Ident {
	if a.Ref != nil {
		return *a.Ref
	}
	return a.Column
}

func writeWhere(b *strings.Builder, rels []*Relation) {
	if len(rels) == 0 {
		return
	}
	b.WriteString(" WHERE ")
	for i, r := range rels {
		if i > 0 {
			b.WriteString(" AND ")
		}
		writeRelation(b, r)
	}
}

func writeIf(b *strings.Builder, exists bool, conds []*Condition) {
	if exists {
		b.WriteString(" IF EXISTS")
		return
	}
	for i, c := range conds {
		if i == 0 {
			b.WriteString(" IF ")
		} else {
			b.WriteString(" AND ")
		}
		writeCondition(b, c)
	}
}

func writeUsing(b *strings.Builder, u Using) {
	switch {
	case u.TTL != nil && u.Timestamp != nil:
		b.WriteString(" USING TTL ")
		writeExpr(b, u.TTL)
		b.WriteString(" AND TIMESTAMP ")
		writeExpr(b, u.Timestamp)
	case u.TTL != nil:
		b.WriteString(" USING TTL ")
		writeExpr(b, u.TTL)
	case u.Timestamp != nil:
		b.WriteString(" USING TIMESTAMP ")
		writeExpr(b, u.Timestamp)
	}
}
