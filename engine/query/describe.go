package query

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// describe prints schema as cqlsh 4.1's DESCRIBE does: the server builds
// the rows (cql3/statements/DescribeStatement.java) and cqlsh prints them
// (do_describe: a listing columnized, each element's CREATE statement after
// a blank line). cqlsh prints a DESCRIBE's error as its message alone.
func (db *DB) describe(s *cql.Describe) (*Result, *cqlerr.Error) {
	res, err := db.describeStmt(s)
	if err != nil {
		err.Bare = true
	}
	return res, err
}

func (db *DB) describeStmt(s *cql.Describe) (*Result, *cqlerr.Error) {
	switch s.Kind {
	case cql.DescribeKeyspaces:
		return listing(quoteNames(sortedNames(db.Schema.KeyspaceNames()))), nil
	case cql.DescribeTables:
		return db.describeNames(describedTableNames)
	case cql.DescribeTypes:
		return db.describeNames((*schema.Keyspace).TypeNames)
	case cql.DescribeFunctions, cql.DescribeAggregates:
		// No user-defined functions or aggregates: an empty listing, of
		// which cqlsh prints nothing.
		if db.Keyspace != "" && db.Schema.Keyspaces[db.Keyspace] == nil {
			return nil, errDescribeNotFound(db.Keyspace)
		}
		return &Result{}, nil
	case cql.DescribeCluster:
		return db.describeCluster(), nil
	case cql.DescribeSchema:
		var elems []string
		for _, n := range sortedNames(db.Schema.KeyspaceNames()) {
			if ks := db.Schema.Keyspaces[n]; !ks.System || s.Full {
				elems = append(elems, keyspaceElements(ks, false)...)
			}
		}
		return elements(elems), nil
	}
	// An element: in the keyspace named, else the current one.
	ksName := s.Name.Keyspace.Name
	name := s.Name.Name.Name
	if s.Kind == cql.DescribeKeyspace {
		ksName = name
	}
	if s.Kind == cql.DescribeGeneric && ksName == "" {
		// DescribeStatement.generic: a keyspace first, then a table, an
		// index or a view of the current keyspace.
		if ks := db.Schema.Keyspaces[name]; ks != nil {
			return elements(keyspaceElements(ks, false)), nil
		}
		if ksName = db.Keyspace; ksName == "" {
			ksName = name
		}
	}
	if ksName == "" {
		if ksName = db.Keyspace; ksName == "" {
			return nil, errDescribeNoKeyspace()
		}
	}
	ks := db.Schema.Keyspaces[ksName]
	if ks == nil {
		return nil, errDescribeNotFound(ksName)
	}
	t := describedTable(ks, name)
	switch s.Kind {
	case cql.DescribeKeyspace:
		return elements(keyspaceElements(ks, s.Only)), nil
	case cql.DescribeTable:
		if t == nil {
			return nil, errDescribeTableNotFound(name, ksName)
		}
		return elements(tableElements(t)), nil
	case cql.DescribeIndex:
		if t, ix := db.Schema.FindIndex(ksName, name); ix != nil {
			return elements([]string{describeIndex(t, ix)}), nil
		}
		return nil, errDescribeIndexNotFound(name, ksName)
	case cql.DescribeView:
		if t == nil || t.View == nil {
			return nil, errDescribeViewNotFound(name, ksName)
		}
		return elements([]string{describeCreate(t)}), nil
	case cql.DescribeFunction:
		return nil, errDescribeFunctionNotFound("function", name, ksName)
	case cql.DescribeAggregate:
		return nil, errDescribeFunctionNotFound("aggregate", name, ksName)
	case cql.DescribeGeneric:
		if t != nil && t.View == nil {
			return elements(tableElements(t)), nil
		}
		if t, ix := db.Schema.FindIndex(ksName, name); ix != nil {
			return elements([]string{describeIndex(t, ix)}), nil
		}
		if t != nil {
			return elements([]string{describeCreate(t)}), nil
		}
		return nil, errDescribeNotInKeyspace(name, ksName)
	case cql.DescribeType:
		ut := db.Schema.UserTypes(ksName, name)
		if ut == nil {
			return nil, errDescribeTypeNotFound(name, ksName)
		}
		return elements([]string{describeType(ut)}), nil
	}
	return nil, errUnsupportedDescribe()
}

// elements is the text of DESCRIBE rows with a create_statement: cqlsh
// prints a blank line, then each statement (the page and cqlplay run
// print the first blank line themselves).
func elements(stmts []string) *Result {
	if len(stmts) == 0 {
		return &Result{}
	}
	return &Result{Text: strings.Join(stmts, "\n\n") + "\n"}
}

// listing is DESCRIBE KEYSPACES' text: the names columnized (cqlsh's
// blank lines around it are printed by cqlplay run and the page).
func listing(names []string) *Result {
	if len(names) == 0 {
		return &Result{}
	}
	return &Result{Text: columnize(names, 80)}
}

// sortedNames sorts names as SchemaElement.NAME_COMPARATOR does: ignoring
// case.
func sortedNames(names []string) []string {
	out := slices.Clone(names)
	sort.SliceStable(out, func(i, j int) bool { return compareIgnoreCase(out[i], out[j]) < 0 })
	return out
}

// compareIgnoreCase is Java's String.compareToIgnoreCase for ASCII letters.
func compareIgnoreCase(a, b string) int {
	return strings.Compare(strings.ToLower(a), strings.ToLower(b))
}

// keyspaceElements are DESCRIBE KEYSPACE's statements
// (DescribeStatement.getKeyspaceElements): the keyspace, then (unless only)
// each table by name with its indexes and then its views, each by name.
// Of Cassandra's own keyspaces, those whose every table cqlplay models
// (system_schema, system_traces) list their tables, the others none.
func keyspaceElements(ks *schema.Keyspace, only bool) []string {
	out := []string{describeKeyspace(ks)}
	if only || ks.System && !completeSystemKeyspaces[ks.Name] {
		return out
	}
	if ks.System {
		for _, n := range describedTableNames(ks) {
			out = append(out, describeCreate(describedTable(ks, n)))
		}
		return out
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
			out = append(out, describeType(t))
		}
	}
	for _, t := range ks.Types {
		add(t)
	}
	for _, n := range sortedNames(ks.TableNames()) {
		t := ks.Tables[n]
		out = append(out, tableElements(t)...)
		views := make([]string, 0, len(t.Views))
		for _, v := range t.Views {
			views = append(views, v.Name)
		}
		for _, v := range sortedNames(views) {
			out = append(out, describeCreate(ks.Tables[v]))
		}
	}
	return out
}

// tableElements are DESCRIBE TABLE's: the table (or view) and its indexes
// by name.
func tableElements(t *schema.Table) []string {
	out := []string{describeCreate(t)}
	ixs := slices.Clone(t.Indexes)
	sort.SliceStable(ixs, func(i, j int) bool { return compareIgnoreCase(ixs[i].Name, ixs[j].Name) < 0 })
	for _, ix := range ixs {
		out = append(out, describeIndex(t, ix))
	}
	return out
}

// describeNames is DESCRIBE TABLES or TYPES (DescribeStatement.Listing):
// the names of the current keyspace's tables or types, columnized.
func (db *DB) describeNames(names func(*schema.Keyspace) []string) (*Result, *cqlerr.Error) {
	if db.Keyspace != "" {
		ks := db.Schema.Keyspaces[db.Keyspace]
		if ks == nil {
			return nil, errDescribeNotFound(db.Keyspace)
		}
		return listing(quoteNames(sortedNames(names(ks)))), nil
	}
	// cqlsh's describe_list without a current keyspace: each keyspace that
	// has any under its name.
	var blocks []string
	for _, n := range sortedNames(db.Schema.KeyspaceNames()) {
		names := names(db.Schema.Keyspaces[n])
		if len(names) == 0 {
			continue
		}
		q := quoteName(n)
		blocks = append(blocks, "Keyspace "+q+"\n---------"+strings.Repeat("-", len(q))+"\n"+columnize(quoteNames(sortedNames(names)), 80))
	}
	return &Result{Text: strings.Join(blocks, "\n")}, nil
}

// columnize is Python's cmd.Cmd.columnize, as cqlsh lists names: as few
// rows as fit the width, names down each column, columns two spaces apart
// and each padded to its widest name (the last one too).
func columnize(list []string, width int) string {
	if len(list) == 1 {
		return list[0] + "\n"
	}
	size := len(list)
	nrows, ncols := size, 1
	var widths []int
	for rows := 1; rows < size; rows++ {
		cols := (size + rows - 1) / rows
		ws := make([]int, 0, cols)
		total := -2
		for c := 0; c < cols; c++ {
			w := 0
			for r := 0; r < rows; r++ {
				if i := r + rows*c; i < size {
					w = max(w, len(list[i]))
				}
			}
			ws = append(ws, w)
			total += w + 2
			if total > width {
				break
			}
		}
		if total <= width {
			nrows, ncols, widths = rows, cols, ws
			break
		}
	}
	if widths == nil {
		widths = []int{0}
	}
	var b strings.Builder
	for r := 0; r < nrows; r++ {
		var texts []string
		for c := 0; c < ncols; c++ {
			if i := r + nrows*c; i < size {
				texts = append(texts, list[i])
			} else {
				texts = append(texts, "")
			}
		}
		for len(texts) > 0 && texts[len(texts)-1] == "" {
			texts = texts[:len(texts)-1]
		}
		for c := range texts {
			texts[c] += strings.Repeat(" ", widths[c]-len(texts[c]))
		}
		b.WriteString(strings.Join(texts, "  ") + "\n")
	}
	return b.String()
}

// describeKeyspace is KeyspaceMetadata.toCqlString: a virtual keyspace as a
// comment.
func describeKeyspace(ks *schema.Keyspace) string {
	if virtualKeyspaces[ks.Name] {
		return "/*\nWarning: Keyspace " + quoteName(ks.Name) + " is a virtual keyspace and cannot be recreated with CQL.\nStructure, for reference:\nVIRTUAL KEYSPACE " + quoteName(ks.Name) + ";\n*/"
	}
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
		b.WriteString("true;")
	} else {
		b.WriteString("false;")
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

// describeCreate is TableMetadata.toCqlString (ViewMetadata's for a view):
// CREATE TABLE or CREATE MATERIALIZED VIEW, its options (a view has no
// default_time_to_live), ending with ';'.
func describeCreate(t *schema.Table) string {
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
		// appendPrimaryKey ends its line: the options start on the next.
		b.WriteString("    PRIMARY KEY (" + primaryKey(t) + ")\n")
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
		if t.View != nil && p[0] == "default_time_to_live" {
			continue // TableParams.appendCqlTo for a view
		}
		v := p[1]
		if x, ok := t.Options[p[0]]; ok {
			v = x
		}
		opts = append(opts, p[0]+" = "+v)
	}
	b.WriteString(strings.Join(opts, "\n    AND "))
	b.WriteString(";")
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

// errDescribeNotFound is DescribeStatement's refusal of DESCRIBE of a
// keyspace that does not exist, the current one or one named.
func errDescribeNotFound(name string) *cqlerr.Error {
	return cqlerr.Invalid("'" + name + "' not found in keyspaces")
}

// errDescribeNotInKeyspace is DescribeStatement's refusal of DESCRIBE
// ks.name when ks has nothing of that name.
func errDescribeNotInKeyspace(name, ks string) *cqlerr.Error {
	return cqlerr.Invalid("'" + name + "' not found in keyspace '" + ks + "'")
}

// errDescribeNoKeyspace: an element named without keyspace, none in use.
func errDescribeNoKeyspace() *cqlerr.Error {
	return cqlerr.Invalid("No keyspace specified and no current keyspace")
}

// errDescribeTableNotFound: DescribeStatement.table.
func errDescribeTableNotFound(name, ks string) *cqlerr.Error {
	return cqlerr.Invalid("Table '" + name + "' not found in keyspace '" + ks + "'")
}

// errDescribeIndexNotFound: DescribeStatement.index, no table has the index.
func errDescribeIndexNotFound(name, ks string) *cqlerr.Error {
	return cqlerr.Invalid("Table for existing index '" + name + "' not found in '" + ks + "'")
}

// errDescribeViewNotFound: DescribeStatement.view.
func errDescribeViewNotFound(name, ks string) *cqlerr.Error {
	return cqlerr.Invalid("Materialized view '" + name + "' not found in '" + ks + "'")
}

// errDescribeFunctionNotFound: DescribeStatement.function and .aggregate
// (cqlplay has no user-defined functions or aggregates).
func errDescribeFunctionNotFound(what, name, ks string) *cqlerr.Error {
	return cqlerr.Invalid("User defined " + what + " '" + name + "' not found in '" + ks + "'")
}

// describeCluster is DescribeStatement.cluster as cqlsh's describe_cluster
// prints it: the cluster's name, its partitioner and snitch (a stock
// cassandra.yaml's SimpleSnitch, wrapped by DynamicEndpointSnitch), and, with
// a keyspace other than Cassandra's own in use, the ring's ranges: each
// range's end token (right-aligned in 39 columns) with its replicas under the
// keyspace's replication, in the order of the HashMap Collectors.toMap
// fills from the ranges sorted (the wrap-around range first).
func (db *DB) describeCluster() *Result {
	text := "Cluster: Test Cluster\nPartitioner: Murmur3Partitioner\nSnitch: DynamicEndpointSnitch\n\n"
	ks := db.Schema.Keyspaces[db.Keyspace]
	if ks == nil || ks.System {
		return &Result{Text: text}
	}
	rf := 0
	for _, kv := range ks.Replication {
		if kv[0] != "class" {
			n, _ := strconv.Atoi(strings.SplitN(kv[1], "/", 2)[0])
			rf += n
		}
	}
	var keys []string
	tokens, _ := db.Ring.TokenRanges()
	for _, t := range tokens {
		keys = append(keys, strconv.FormatInt(t, 10))
	}
	text += "Range ownership:\n"
	for _, k := range schema.HashMapOrder(keys, schema.JavaStringHash, schema.DefaultCapacity(len(keys))) {
		t, _ := strconv.ParseInt(k, 10, 64)
		hosts := ""
		for i, n := range db.Ring.ReplicasOf(t, rf) {
			if i > 0 {
				hosts += ", "
			}
			hosts += "/" + nodeAddress(n) + ":7000"
		}
		text += strings.Repeat(" ", max(40-len(k), 1)) + k + "  [" + hosts + "]\n"
	}
	return &Result{Text: text + "\n"}
}

// nodeAddress is the simulated node n's address.
func nodeAddress(n int) string { return "127.0.0." + strconv.Itoa(n) }

// errUnsupportedDescribe is cqlplay's own refusal of a DESCRIBE form the
// parser accepts and the executor does not print.
func errUnsupportedDescribe() *cqlerr.Error { return cqlerr.Invalid("Unsupported DESCRIBE") }

// errDescribeTypeNotFound: DescribeStatement.type.
func errDescribeTypeNotFound(name, ks string) *cqlerr.Error {
	return cqlerr.Invalid("User defined type '" + name + "' not found in '" + ks + "'")
}
