package cql

import "strings"

// Statements print on one line; a batch separates its statements with "; ".

func writeSelectors(b *strings.Builder, sels []Selector) {
	if len(sels) == 0 {
		b.WriteByte('*')
		return
	}
	for i, s := range sels {
		if i > 0 {
			b.WriteString(", ")
		}
		writeExpr(b, s.Expr)
		if s.Alias != nil {
			b.WriteString(" AS ")
			b.WriteString(s.Alias.String())
		}
	}
}

func writeOrderings(b *strings.Builder, os []Ordering, always bool) {
	for i, o := range os {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(o.Column.String())
		if o.Desc {
			b.WriteString(" DESC")
		} else if always {
			b.WriteString(" ASC")
		}
	}
}

func (s *Select) String() string {
	var b strings.Builder
	b.WriteString("SELECT ")
	if s.JSON {
		b.WriteString("JSON ")
	}
	if s.Distinct {
		b.WriteString("DISTINCT ")
	}
	writeSelectors(&b, s.Selectors)
	b.WriteString(" FROM ")
	b.WriteString(s.Table.String())
	writeWhere(&b, s.Where)
	if len(s.GroupBy) > 0 {
		b.WriteString(" GROUP BY ")
		writeIdents(&b, s.GroupBy)
	}
	if len(s.OrderBy) > 0 {
		b.WriteString(" ORDER BY ")
		writeOrderings(&b, s.OrderBy, false)
	}
	if s.PerPartitionLimit != nil {
		b.WriteString(" PER PARTITION LIMIT ")
		writeExpr(&b, s.PerPartitionLimit)
	}
	if s.Limit != nil {
		b.WriteString(" LIMIT ")
		writeExpr(&b, s.Limit)
	}
	if s.AllowFiltering {
		b.WriteString(" ALLOW FILTERING")
	}
	return b.String()
}

func (s *Insert) String() string {
	var b strings.Builder
	b.WriteString("INSERT INTO ")
	b.WriteString(s.Table.String())
	if s.JSON != nil {
		b.WriteString(" JSON ")
		writeExpr(&b, s.JSON)
		if !s.DefaultNull {
			b.WriteString(" DEFAULT UNSET")
		}
	} else {
		b.WriteString(" (")
		writeIdents(&b, s.Columns)
		b.WriteString(") VALUES (")
		writeExprs(&b, s.Values)
		b.WriteByte(')')
	}
	if s.IfNotExists {
		b.WriteString(" IF NOT EXISTS")
	}
	writeUsing(&b, s.Using)
	return b.String()
}

func (s *Update) String() string {
	var b strings.Builder
	b.WriteString("UPDATE ")
	b.WriteString(s.Table.String())
	writeUsing(&b, s.Using)
	b.WriteString(" SET ")
	for i, a := range s.Assignments {
		if i > 0 {
			b.WriteString(", ")
		}
		writeAssignment(&b, a)
	}
	writeWhere(&b, s.Where)
	writeIf(&b, s.IfExists, s.Conditions)
	return b.String()
}

func (s *Delete) String() string {
	var b strings.Builder
	b.WriteString("DELETE ")
	for i, t := range s.Targets {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(t.Column.String())
		if t.Key != nil {
			b.WriteByte('[')
			writeExpr(&b, t.Key)
			b.WriteByte(']')
		}
		if t.Field != nil {
			b.WriteByte('.')
			b.WriteString(t.Field.String())
		}
	}
	if len(s.Targets) > 0 {
		b.WriteByte(' ')
	}
	b.WriteString("FROM ")
	b.WriteString(s.Table.String())
	writeUsing(&b, s.Using)
	writeWhere(&b, s.Where)
	writeIf(&b, s.IfExists, s.Conditions)
	return b.String()
}

func (s *Batch) String() string {
	var b strings.Builder
	b.WriteString("BEGIN ")
	switch s.Kind {
	case UnloggedBatch:
		b.WriteString("UNLOGGED ")
	case CounterBatch:
		b.WriteString("COUNTER ")
	}
	b.WriteString("BATCH")
	writeUsing(&b, s.Using)
	for _, st := range s.Statements {
		b.WriteByte(' ')
		b.WriteString(st.String())
		b.WriteByte(';')
	}
	b.WriteString(" APPLY BATCH")
	return b.String()
}

func writeProperties(b *strings.Builder, props []Property, first bool) {
	for _, p := range props {
		if !first {
			b.WriteString(" AND ")
		}
		first = false
		b.WriteString(p.Name.String())
		b.WriteString(" = ")
		writeExpr(b, p.Value)
	}
}

func writeColumnDef(b *strings.Builder, d ColumnDef) {
	b.WriteString(d.Name.String())
	b.WriteByte(' ')
	writeType(b, d.Type)
	if d.Static {
		b.WriteString(" STATIC")
	}
	if d.PrimaryKey {
		b.WriteString(" PRIMARY KEY")
	}
}

func writePrimaryKey(b *strings.Builder, partition, clustering []Ident) {
	b.WriteString("PRIMARY KEY (")
	if len(partition) == 1 {
		b.WriteString(partition[0].String())
	} else {
		b.WriteByte('(')
		writeIdents(b, partition)
		b.WriteByte(')')
	}
	for _, c := range clustering {
		b.WriteString(", ")
		b.WriteString(c.String())
	}
	b.WriteByte(')')
}

// writeTableOptions writes WITH CLUSTERING ORDER BY, COMPACT STORAGE and the
// properties, joined by AND.
func writeTableOptions(b *strings.Builder, order []Ordering, compact bool, props []Property) {
	if len(order) == 0 && !compact && len(props) == 0 {
		return
	}
	b.WriteString(" WITH ")
	first := true
	if len(order) > 0 {
		b.WriteString("CLUSTERING ORDER BY (")
		writeOrderings(b, order, true)
		b.WriteByte(')')
		first = false
	}
	if compact {
		if !first {
			b.WriteString(" AND ")
		}
		b.WriteString("COMPACT STORAGE")
		first = false
	}
	writeProperties(b, props, first)
}

func (s *CreateTable) String() string {
	var b strings.Builder
	b.WriteString("CREATE TABLE ")
	if s.IfNotExists {
		b.WriteString("IF NOT EXISTS ")
	}
	b.WriteString(s.Table.String())
	b.WriteString(" (")
	inline := 0
	for i, d := range s.Columns {
		if i > 0 {
			b.WriteString(", ")
		}
		writeColumnDef(&b, d)
		if d.PrimaryKey {
			inline++
		}
	}
	if len(s.PartitionKey) > 0 {
		for n := s.PrimaryKeys - inline; n > 0; n-- {
			if len(s.Columns) > 0 || n < s.PrimaryKeys-inline {
				b.WriteString(", ")
			}
			writePrimaryKey(&b, s.PartitionKey, s.Clustering)
		}
	}
	b.WriteByte(')')
	writeTableOptions(&b, s.ClusteringOrder, s.CompactStorage, s.Properties)
	return b.String()
}

func (s *AlterTable) String() string {
	var b strings.Builder
	if s.UserType {
		b.WriteString("ALTER TYPE ")
	} else {
		b.WriteString("ALTER TABLE ")
	}
	if s.IfExists {
		b.WriteString("IF EXISTS ")
	}
	b.WriteString(s.Table.String())
	switch s.Kind {
	case AlterAdd:
		b.WriteString(" ADD ")
		if s.IfColumnExists {
			b.WriteString("IF NOT EXISTS ")
		}
		if len(s.Add) > 1 {
			b.WriteByte('(')
		}
		for i, d := range s.Add {
			if i > 0 {
				b.WriteString(", ")
			}
			writeColumnDef(&b, d)
		}
		if len(s.Add) > 1 {
			b.WriteByte(')')
		}
	case AlterDrop:
		b.WriteString(" DROP ")
		if s.IfColumnExists {
			b.WriteString("IF EXISTS ")
		}
		if len(s.Drop) > 1 {
			b.WriteByte('(')
			writeIdents(&b, s.Drop)
			b.WriteByte(')')
		} else {
			writeIdents(&b, s.Drop)
		}
		if s.DropTimestamp != nil {
			b.WriteString(" USING TIMESTAMP ")
			writeExpr(&b, s.DropTimestamp)
		}
	case AlterRename:
		b.WriteString(" RENAME ")
		if s.IfColumnExists {
			b.WriteString("IF EXISTS ")
		}
		for i := range s.RenameFrom {
			if i > 0 {
				b.WriteString(" AND ")
			}
			b.WriteString(s.RenameFrom[i].String())
			b.WriteString(" TO ")
			if i < len(s.RenameTo) {
				b.WriteString(s.RenameTo[i].String())
			}
		}
	case AlterWith:
		b.WriteString(" WITH ")
		writeProperties(&b, s.Properties, true)
	case AlterType:
		b.WriteString(" ALTER ")
		b.WriteString(s.Column.String())
		b.WriteString(" TYPE ")
		if s.NewType != nil {
			writeType(&b, s.NewType)
		}
	case AlterDropCompactStorage:
		b.WriteString(" DROP COMPACT STORAGE")
	}
	return b.String()
}

func ifExistsText(ifExists bool) string {
	if ifExists {
		return "IF EXISTS "
	}
	return ""
}

func ifNotExistsText(ifNotExists bool) string {
	if ifNotExists {
		return "IF NOT EXISTS "
	}
	return ""
}

func (s *DropTable) String() string {
	return "DROP TABLE " + ifExistsText(s.IfExists) + s.Table.String()
}

func (s *Truncate) String() string { return "TRUNCATE " + s.Table.String() }

func (s *CreateKeyspace) String() string {
	var b strings.Builder
	b.WriteString("CREATE KEYSPACE " + ifNotExistsText(s.IfNotExists) + s.Name.String() + " WITH ")
	writeProperties(&b, s.Properties, true)
	return b.String()
}

func (s *AlterKeyspace) String() string {
	var b strings.Builder
	b.WriteString("ALTER KEYSPACE " + ifExistsText(s.IfExists) + s.Name.String() + " WITH ")
	writeProperties(&b, s.Properties, true)
	return b.String()
}

func (s *DropKeyspace) String() string {
	return "DROP KEYSPACE " + ifExistsText(s.IfExists) + s.Name.String()
}

func (s *Use) String() string { return "USE " + s.Keyspace.String() }

var indexTargetText = [...]string{IndexValues: "VALUES", IndexKeys: "KEYS", IndexEntries: "ENTRIES", IndexFull: "FULL"}

func (s *CreateIndex) String() string {
	var b strings.Builder
	b.WriteString("CREATE ")
	if s.Custom {
		b.WriteString("CUSTOM ")
	}
	b.WriteString("INDEX " + ifNotExistsText(s.IfNotExists))
	if s.Name.Name != "" || s.Name.Quoted {
		b.WriteString(s.Name.String() + " ")
	}
	b.WriteString("ON " + s.Table.String() + " (")
	if s.Explicit && int(s.Target) < len(indexTargetText) && s.Target != 0 {
		b.WriteString(indexTargetText[s.Target] + "(" + s.Column.String() + ")")
	} else {
		b.WriteString(s.Column.String())
	}
	b.WriteByte(')')
	if s.Using != "" {
		b.WriteString(" USING ")
		quoteString(&b, s.Using)
	}
	if len(s.Properties) > 0 {
		b.WriteString(" WITH ")
		writeProperties(&b, s.Properties, true)
	}
	return b.String()
}

func (s *DropIndex) String() string {
	return "DROP INDEX " + ifExistsText(s.IfExists) + s.Name.String()
}

func (s *CreateView) String() string {
	var b strings.Builder
	b.WriteString("CREATE MATERIALIZED VIEW " + ifNotExistsText(s.IfNotExists) + s.Name.String() + " AS SELECT ")
	writeSelectors(&b, s.Selectors)
	b.WriteString(" FROM " + s.Base_.String())
	writeWhere(&b, s.Where)
	b.WriteByte(' ')
	writePrimaryKey(&b, s.PartitionKey, s.Clustering)
	writeTableOptions(&b, s.ClusteringOrder, s.CompactStorage, s.Properties)
	return b.String()
}

func (s *AlterView) String() string {
	var b strings.Builder
	b.WriteString("ALTER MATERIALIZED VIEW " + ifExistsText(s.IfExists) + s.Name.String() + " WITH ")
	writeProperties(&b, s.Properties, true)
	return b.String()
}

func (s *DropView) String() string {
	return "DROP MATERIALIZED VIEW " + ifExistsText(s.IfExists) + s.Name.String()
}

func (s *CreateType) String() string {
	var b strings.Builder
	b.WriteString("CREATE TYPE " + ifNotExistsText(s.IfNotExists) + s.Name.String() + " (")
	for i, f := range s.Fields {
		if i > 0 {
			b.WriteString(", ")
		}
		writeColumnDef(&b, f)
	}
	b.WriteByte(')')
	return b.String()
}

func (s *DropType) String() string {
	return "DROP TYPE " + ifExistsText(s.IfExists) + s.Name.String()
}

func (s *Describe) String() string {
	switch s.Kind {
	case DescribeTables:
		return "DESCRIBE TABLES"
	case DescribeKeyspaces:
		return "DESCRIBE KEYSPACES"
	case DescribeKeyspace:
		kw := "DESCRIBE KEYSPACE"
		if s.Only {
			kw = "DESCRIBE ONLY KEYSPACE"
		}
		if s.Name.Name.Name == "" && !s.Name.Name.Quoted {
			return kw
		}
		return kw + " " + s.Name.Name.String()
	case DescribeSchema:
		if s.Full {
			return "DESCRIBE FULL SCHEMA"
		}
		return "DESCRIBE SCHEMA"
	case DescribeIndex:
		return "DESCRIBE INDEX " + s.Name.String()
	case DescribeView:
		return "DESCRIBE MATERIALIZED VIEW " + s.Name.String()
	case DescribeTypes:
		return "DESCRIBE TYPES"
	case DescribeType:
		return "DESCRIBE TYPE " + s.Name.String()
	case DescribeCluster:
		return "DESCRIBE CLUSTER"
	case DescribeFunctions:
		return "DESCRIBE FUNCTIONS"
	case DescribeAggregates:
		return "DESCRIBE AGGREGATES"
	case DescribeFunction:
		return "DESCRIBE FUNCTION " + s.Name.String()
	case DescribeAggregate:
		return "DESCRIBE AGGREGATE " + s.Name.String()
	case DescribeGeneric:
		return "DESCRIBE " + s.Name.String()
	}
	return "DESCRIBE TABLE " + s.Name.String()
}

func (s *Directive) String() string {
	var b strings.Builder
	b.WriteString("-- @")
	b.WriteString(s.Name)
	for _, a := range s.Args {
		b.WriteByte(' ')
		b.WriteString(a)
	}
	return b.String()
}

// The printers of the function statements are single concatenations:
// builder calls cost the WebAssembly module several KB more.

func (s *CreateFunction) String() string {
	args := make([]string, len(s.Args))
	for i, a := range s.Args {
		args[i] = a.Name.String() + " " + a.Type.String()
	}
	null := "RETURNS NULL"
	if s.CalledOnNullInput {
		null = "CALLED"
	}
	body := &Literal{Kind: StringLit, Text: s.Body}
	return createHead("FUNCTION ", s.OrReplace, s.IfNotExists, s.Name) + " (" + strings.Join(args, ", ") + ") " + null +
		" ON NULL INPUT RETURNS " + s.Returns.String() + " LANGUAGE " + s.Language + " AS " + body.String()
}

func (s *CreateAggregate) String() string {
	out := createHead("AGGREGATE ", s.OrReplace, s.IfNotExists, s.Name) + typeList(s.ArgTypes) +
		" SFUNC " + s.StateFunc.String() + " STYPE " + s.StateType.String()
	if s.FinalFunc != nil {
		out += " FINALFUNC " + s.FinalFunc.String()
	}
	if s.InitCond != nil {
		out += " INITCOND " + s.InitCond.String()
	}
	return out
}

func (s *DropFunction) String() string {
	kw := "DROP FUNCTION "
	if s.Aggregate {
		kw = "DROP AGGREGATE "
	}
	out := kw + ifExistsText(s.IfExists) + s.Name.String()
	if s.ArgsGiven {
		out += typeList(s.ArgTypes)
	}
	return out
}

// createHead is "CREATE [OR REPLACE] <kind>[IF NOT EXISTS ]name".
func createHead(kind string, orReplace, ifNotExists bool, name QualifiedName) string {
	head := "CREATE "
	if orReplace {
		head = "CREATE OR REPLACE "
	}
	return head + kind + ifNotExistsText(ifNotExists) + name.String()
}

// typeList is " (type, ...)".
func typeList(types []*TypeRef) string {
	parts := make([]string, len(types))
	for i, t := range types {
		parts[i] = t.String()
	}
	return " (" + strings.Join(parts, ", ") + ")"
}
