package query

import (
	"slices"
	"sort"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// describe prints schema as cqlsh 4.1's DESCRIBE does (server-side describe).
func (db *DB) describe(s *cql.Describe) (*Result, *cqlerr.Error) {
	switch s.Kind {
	case cql.DescribeTables:
		return db.describeTables()
	case cql.DescribeKeyspaces:
		return &Result{Text: strings.Join(quoteNames(db.Schema.KeyspaceNames()), "  ") + "\n"}, nil
	case cql.DescribeKeyspace, cql.DescribeSchema:
		name := s.Name.Name.Name
		if name == "" {
			name = db.Keyspace
		}
		if s.Kind == cql.DescribeSchema {
			var b strings.Builder
			for _, n := range db.Schema.KeyspaceNames() {
				if ks := db.Schema.Keyspaces[n]; !ks.System {
					b.WriteString(describeKeyspace(ks))
				}
			}
			return &Result{Text: b.String()}, nil
		}
		ks := db.Schema.Keyspaces[name]
		if ks == nil {
			return nil, errDescribeNotFound(name)
		}
		return &Result{Text: describeKeyspace(ks)}, nil
	case cql.DescribeTable, cql.DescribeView:
		ksName := db.keyspaceOf(s.Name)
		ks := db.Schema.Keyspaces[ksName]
		if ks == nil {
			return nil, errDescribeNotFound(ksName)
		}
		t := ks.Tables[s.Name.Name.Name]
		if t == nil {
			return nil, errDescribeNotInKeyspace(s.Name.Name.Name, ksName)
		}
		return &Result{Text: DescribeTable(t)}, nil
	case cql.DescribeIndex:
		t, ix := db.Schema.FindIndex(db.keyspaceOf(s.Name), s.Name.Name.Name)
		if ix == nil {
			return nil, errDescribeNotInKeyspace(s.Name.Name.Name, db.keyspaceOf(s.Name))
		}
		return &Result{Text: describeIndex(t, ix) + "\n"}, nil
	case cql.DescribeTypes:
		return db.describeNames((*schema.Keyspace).TypeNames)
	case cql.DescribeType:
		ksName := db.keyspaceOf(s.Name)
		ks := db.Schema.Keyspaces[ksName]
		if ks == nil {
			return nil, errDescribeNotFound(ksName)
		}
		t := db.Schema.UserTypes(ksName, s.Name.Name.Name)
		if t == nil {
			return nil, errDescribeTypeNotFound(s.Name.Name.Name, ksName)
		}
		return &Result{Text: describeType(t) + "\n"}, nil
	}
	return nil, errUnsupportedDescribe()
}

func (db *DB) describeTables() (*Result, *cqlerr.Error) {
	return db.describeNames((*schema.Keyspace).TableNames)
}

// describeNames lists the names of the current keyspace's tables or types,
// or of every keyspace's under a heading each (DescribeStatement.Listing).
func (db *DB) describeNames(names func(*schema.Keyspace) []string) (*Result, *cqlerr.Error) {
	if db.Keyspace != "" {
		return &Result{Text: strings.Join(quoteNames(names(db.Schema.Keyspaces[db.Keyspace])), "  ") + "\n"}, nil
	}
	var b strings.Builder
	for _, n := range db.Schema.KeyspaceNames() {
		ks := db.Schema.Keyspaces[n]
		b.WriteString("\nKeyspace " + quoteName(n) + "\n" + strings.Repeat("-", len("Keyspace "+quoteName(n))) + "\n")
		b.WriteString(strings.Join(quoteNames(names(ks)), "  ") + "\n")
	}
	return &Result{Text: b.String()}, nil
}

func describeKeyspace(ks *schema.Keyspace) string {
	var b strings.Builder
	b.WriteString("CREATE KEYSPACE " + quoteName(ks.Name) + " WITH replication = {")
	for i, kv := range ks.Replication {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("'" + kv[0] + "': '" + kv[1] + "'")
	}
	b.WriteString("}  AND durable_writes = ")
	if ks.DurableWrites {
		b.WriteString("true;\n")
	} else {
		b.WriteString("false;\n")
	}
	// Types.sortedStream: each type after the types it uses.
	done := map[string]bool{}
	var add func(t *cqltype.Type)
	add = func(t *cqltype.Type) {
		for _, e := range t.Elems {
			add(e)
		}
		if t.Kind == cqltype.UDT && !done[t.Name] {
			done[t.Name] = true
			b.WriteString("\n" + describeType(t) + "\n")
		}
	}
	for _, t := range ks.Types {
		add(t)
	}
	names := make([]string, 0, len(ks.Tables))
	for n := range ks.Tables {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		b.WriteString("\n" + DescribeTable(ks.Tables[n]))
	}
	return b.String()
}

// describeType is UserType.toCqlString: each field's name quoted if needed
// (CqlBuilder.appendQuotingIfNeeded), its type as CQL prints it.
func describeType(t *cqltype.Type) string {
	var b strings.Builder
	b.WriteString("CREATE TYPE " + quoteName(t.Keyspace) + "." + quoteName(t.Name) + " (\n")
	for i, f := range t.FieldNames {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString("    " + quoteName(f) + " " + t.Elems[i].String())
	}
	b.WriteString("\n);")
	return b.String()
}

// DescribeTable prints CREATE TABLE (or MATERIALIZED VIEW) for t, with its
// indexes, as DESCRIBE TABLE does.
func DescribeTable(t *schema.Table) string {
	var b strings.Builder
	if t.View != nil {
		// ViewMetadata.toCqlString: * for a view of every column, else its
		// columns in select order.
		sel := "*"
		if !t.View.IncludeAll {
			names := make([]string, len(t.Columns))
			for i, c := range t.Columns {
				names[i] = quoteName(c.Name)
			}
			sel = strings.Join(names, ", ")
		}
		b.WriteString("CREATE MATERIALIZED VIEW " + quoteName(t.Keyspace) + "." + quoteName(t.Name) + " AS\n    SELECT " + sel + "\n    FROM " + quoteName(t.Keyspace) + "." + quoteName(t.View.Base.Name) + "\n    WHERE " + t.View.Where + "\n")
		b.WriteString("    PRIMARY KEY (" + primaryKey(t) + ")")
	} else {
		b.WriteString("CREATE TABLE " + quoteName(t.Keyspace) + "." + quoteName(t.Name) + " (\n")
		inline := len(t.PartitionKey) == 1 && len(t.ClusteringCs) == 0
		for _, c := range createOrder(t) {
			b.WriteString("    " + quoteName(c.Name) + " " + c.Type.String())
			if c.Kind == schema.Static {
				b.WriteString(" static")
			}
			if inline && c.Kind == schema.PartitionKey {
				b.WriteString(" PRIMARY KEY")
			}
			b.WriteString(",\n")
		}
		if inline {
			s := b.String()
			b.Reset()
			b.WriteString(strings.TrimSuffix(s, ",\n") + "\n)")
		} else {
			b.WriteString("    PRIMARY KEY (" + primaryKey(t) + ")\n)")
		}
	}
	b.WriteString(" WITH ")
	var opts []string
	if len(t.ClusteringCs) > 0 {
		var parts []string
		for _, c := range t.ClusteringCs {
			dir := "ASC"
			if c.Desc {
				dir = "DESC"
			}
			parts = append(parts, quoteName(c.Name)+" "+dir)
		}
		opts = append(opts, "CLUSTERING ORDER BY ("+strings.Join(parts, ", ")+")")
	}
	if t.Compact {
		opts = append(opts, "COMPACT STORAGE")
	}
	for _, p := range schema.TableProperties() {
		v := p[1]
		if x, ok := t.Options[p[0]]; ok {
			v = x
		}
		opts = append(opts, p[0]+" = "+v)
	}
	b.WriteString(strings.Join(opts, "\n    AND "))
	b.WriteString(";\n")
	for _, ix := range t.Indexes {
		b.WriteString("\n" + describeIndex(t, ix) + "\n")
	}
	return b.String()
}

func describeIndex(t *schema.Table, ix *schema.Index) string {
	target := quoteName(ix.Column.Name)
	if ix.Target != "values" || ix.Column.Type.MultiCell() {
		target = ix.Target + "(" + target + ")"
	}
	if ix.Custom != "" {
		return "CREATE CUSTOM INDEX " + quoteName(ix.Name) + " ON " + quoteName(t.Keyspace) + "." + quoteName(t.Name) + " (" + target + ") USING '" + ix.Custom + "';"
	}
	return "CREATE INDEX " + quoteName(ix.Name) + " ON " + quoteName(t.Keyspace) + "." + quoteName(t.Name) + " (" + target + ");"
}

func primaryKey(t *schema.Table) string {
	var pk string
	if len(t.PartitionKey) == 1 {
		pk = quoteName(t.PartitionKey[0].Name)
	} else {
		var parts []string
		for _, c := range t.PartitionKey {
			parts = append(parts, quoteName(c.Name))
		}
		pk = "(" + strings.Join(parts, ", ") + ")"
	}
	for _, c := range t.ClusteringCs {
		pk += ", " + quoteName(c.Name)
	}
	return pk
}

// quoteName is ColumnIdentifier.maybeQuote: names that are not plain
// lower-case identifiers are double-quoted.
func quoteName(name string) string {
	plain := name != ""
	// ColumnIdentifier.maybeQuote's unquoted form: [a-z][a-z0-9_]*.
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || i > 0 && (c == '_' || c >= '0' && c <= '9')) {
			plain = false
		}
	}
	if plain && !reservedWords[name] {
		return name
	}
	return "\"" + strings.ReplaceAll(name, "\"", "\"\"") + "\""
}

// reservedWords are CQL's reserved keywords, which must be quoted as names.
var reservedWords = map[string]bool{
	"add": true, "allow": true, "alter": true, "and": true, "apply": true, "asc": true, "authorize": true,
	"batch": true, "begin": true, "by": true, "columnfamily": true, "create": true, "delete": true, "desc": true,
	"describe": true, "drop": true, "entries": true, "execute": true, "from": true, "full": true, "grant": true,
	"if": true, "in": true, "index": true, "infinity": true, "insert": true, "into": true, "is": true, "keyspace": true,
	"limit": true, "materialized": true, "mbean": true, "mbeans": true, "modify": true, "nan": true, "norecursive": true,
	"not": true, "null": true, "of": true, "on": true, "or": true, "order": true, "primary": true, "rename": true,
	"replace": true, "revoke": true, "schema": true, "select": true, "set": true, "table": true, "to": true, "token": true,
	"truncate": true, "unlogged": true, "unset": true, "update": true, "use": true, "using": true, "view": true,
	"where": true, "with": true,
}

// createOrder lists t's columns as TableMetadata.allColumnsInCreateOrder
// does for DESCRIBE: partition key and clustering columns in key order, then
// static and then regular columns, each group in ColumnMetadata's natural
// order, which puts simple columns before non-frozen collections (complex
// columns) and orders by name within each. SELECT * differs: it merges
// simple and complex columns by name.
func createOrder(t *schema.Table) []*schema.Column {
	cols := make([]*schema.Column, 0, len(t.Columns))
	cols = append(cols, t.PartitionKey...)
	cols = append(cols, t.ClusteringCs...)
	for _, group := range [][]*schema.Column{t.Statics, t.Regulars} {
		for _, complex := range []bool{false, true} {
			for _, c := range t.Columns {
				if slices.Contains(group, c) && c.Type.MultiCell() == complex {
					cols = append(cols, c)
				}
			}
		}
	}
	return cols
}

// quoteNames quotes the names that need it, as DescribeStatement's listings
// do (SchemaElement.elementNameQuotedIfNeeded); the order stays that of the
// unquoted names.
func quoteNames(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = quoteName(n)
	}
	return out
}

// The messages of DESCRIBE (cql3/statements/DescribeStatement.java).

func errDescribeNotFound(name string) *cqlerr.Error {
	return cqlerr.Invalid("'" + name + "' not found in keyspaces")
}

// errDescribeTypeNotFound: DescribeStatement.type.
func errDescribeTypeNotFound(name, ks string) *cqlerr.Error {
	return cqlerr.Invalid("User defined type '" + name + "' not found in '" + ks + "'")
}

func errDescribeNotInKeyspace(name, ks string) *cqlerr.Error {
	return cqlerr.Invalid("'" + name + "' not found in keyspace '" + ks + "'")
}

func errUnsupportedDescribe() *cqlerr.Error { return cqlerr.Invalid("Unsupported DESCRIBE") }
