package query

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// keyspaceOf returns the keyspace a name refers to: its own or the current one.
func (db *DB) keyspaceOf(q cql.QualifiedName) string {
	if q.Keyspace.Name != "" {
		return q.Keyspace.Name
	}
	return db.Keyspace
}

// lookupTable resolves a table or view for DML and SELECT, with the messages
// of Schema.validateTable (4.x) or the 3.11 wording.
func (db *DB) lookupTable(q cql.QualifiedName) (*schema.Table, *cqlerr.Error) {
	ksName := db.keyspaceOf(q)
	if ksName == "" {
		return nil, errNoKeyspace()
	}
	ks := db.Schema.Keyspaces[ksName]
	if ks == nil {
		if db.Version.Before(4, 0) {
			return nil, errKeyspaceMissing("Keyspace "+ksName).At(q.Keyspace.Pos, len(ksName))
		}
		return nil, errKeyspaceMissing("keyspace "+ksName).At(q.Keyspace.Pos, len(ksName))
	}
	t := ks.Tables[q.Name.Name]
	if ks.System {
		// system.local is made on first use, system_schema's tables are
		// rebuilt at every read: both change the schema (Fork).
		db.schemaChanged = true
	}
	switch {
	case ks.Name == "system" && q.Name.Name == "local":
		t = db.systemLocal(ks)
	case ks.Name == "system" && (q.Name.Name == "peers" || q.Name.Name == "peers_v2"):
		t = systemPeers(ks, q.Name.Name)
	case ks.Name == "system_schema":
		if st := db.systemSchemaTable(ks, q.Name.Name); st != nil {
			t = st
		}
	case ks.Name == "system_traces":
		if st := db.systemTracesTable(ks, q.Name.Name); st != nil {
			t = st
		}
	}
	if t == nil {
		if q.Name.Name == "" {
			return nil, errEmptyTableName()
		}
		if db.Version.Before(4, 0) {
			return nil, errUnconfiguredTable(q.Name.Name).At(q.Name.Pos, len(q.Name.Name))
		}
		return nil, errTableMissing(q.Name.Name).At(q.Name.Pos, len(q.Name.Name))
	}
	db.recv = t
	return t, nil
}

// undefinedColumn is TableMetadata.getExistingColumn's message: 4.x names
// the column and the table as CQL writes them (ColumnIdentifier.maybeQuote:
// "Mixed" quoted, mixed plain), 3.11 the column as it is.
func (db *DB) undefinedColumn(t *schema.Table, id cql.Ident) *cqlerr.Error {
	msg := "Undefined column name " + id.Name
	if db.Version.AtLeast(4, 0) {
		msg = "Undefined column name " + quoteName(id.Name) + " in table " + quoteName(t.Keyspace) + "." + quoteName(t.Name)
	}
	return errUndefinedColumn(msg, id.Name).At(id.Pos, len(id.Name))
}

// Rules of name resolution the playground explains: a table the statement
// names does not exist (Schema.validateTable, "unconfigured table" in 3.11),
// a column it names is not in the table (TableMetadata.getExistingColumn).
const (
	RuleUnknownTable    cqlerr.Rule = "schema.unknown-table"
	RuleUndefinedColumn cqlerr.Rule = "schema.undefined-column"
)

func (db *DB) createKeyspace(s *cql.CreateKeyspace) (*Result, *cqlerr.Error) {
	name := strings.Clone(s.Name.Name) // the schema must not keep the script alive
	// AlterSchemaStatement.execute checks the keyspace first (4.0+): not a
	// system or virtual one, and a valid name (3.11's validate checks the
	// name alone). Then CreateKeyspaceStatement.apply: the attributes, then
	// existence, then the replication strategy.
	if db.Version.AtLeast(4, 0) {
		if err := checkSchemaKeyspace(name); err != nil {
			return nil, err
		}
	} else if !validSchemaName(name) {
		return nil, errInvalidKeyspaceName(name)
	}
	ks := &schema.Keyspace{Name: name, Tables: map[string]*schema.Table{}, DurableWrites: true}
	if err := applyKeyspaceProperties(ks, s.Properties); err != nil {
		return nil, err
	}
	if len(ks.Replication) > 0 && replicationOption(ks.Replication, "class") == "" {
		return nil, errNoStrategyClass()
	}
	if len(ks.Replication) == 0 {
		return nil, errNoReplication()
	}
	if db.Schema.Keyspaces[name] != nil {
		if s.IfNotExists {
			return &Result{}, nil
		}
		return nil, errKeyspaceExists(name)
	}
	repl, err := prepareReplication(name, ks.Replication, nil)
	if err != nil {
		return nil, err
	}
	ks.Replication = repl
	db.Schema.Keyspaces[name] = ks
	return &Result{}, nil
}

func (db *DB) alterKeyspace(s *cql.AlterKeyspace) (*Result, *cqlerr.Error) {
	if err := db.authorizeDDL(s.Name.Name, "ALTER", ""); err != nil {
		return nil, err
	}
	ks := db.Schema.Keyspaces[s.Name.Name]
	if ks == nil {
		return nil, errNoSuchKeyspace(s.Name.Name)
	}
	if ks.System && db.Version.Before(4, 0) {
		return nil, errAlterSystemKeyspace(ks.Name)
	}
	// AlterKeyspaceStatement.apply: the new replication is prepared from the
	// keyspace's previous options (asAlteredKeyspaceParams) and validated
	// before anything changes.
	altered := &schema.Keyspace{DurableWrites: ks.DurableWrites}
	if err := applyKeyspaceProperties(altered, s.Properties); err != nil {
		return nil, err
	}
	if len(altered.Replication) > 0 {
		if replicationOption(altered.Replication, "class") == "" {
			return nil, errNoStrategyClass()
		}
		repl, err := prepareReplication(ks.Name, altered.Replication, ks.Replication)
		if err != nil {
			return nil, err
		}
		ks.Replication = repl
	}
	ks.DurableWrites = altered.DurableWrites
	return &Result{}, nil
}

// applyKeyspaceProperties records replication and durable_writes; the
// simulated ring reads the replication factor from `-- @nodes N rf R`.
func applyKeyspaceProperties(ks *schema.Keyspace, props []cql.Property) *cqlerr.Error {
	for _, p := range props {
		switch p.Name.Name {
		case "replication":
			coll, ok := p.Value.(*cql.Collection)
			if !ok {
				return errReplicationNotMap()
			}
			ks.Replication = nil
			for i := range coll.Keys {
				k, _ := coll.Keys[i].(*cql.Literal)
				v, _ := coll.Elems[i].(*cql.Literal)
				if k == nil || v == nil {
					continue
				}
				ks.Replication = append(ks.Replication, [2]string{k.Text, v.Text})
			}
		case "durable_writes":
			v, _ := p.Value.(*cql.Literal)
			ks.DurableWrites = v == nil || v.Text == "true" || v.Text == "1" || v.Text == "yes"
		default:
			return schema.ErrUnknownProperty(p.Name.Pos, p.Name.Name)
		}
	}
	return nil
}

func (db *DB) dropKeyspace(s *cql.DropKeyspace) (*Result, *cqlerr.Error) {
	if err := db.authorizeDDL(s.Name.Name, "DROP", ""); err != nil {
		return nil, err
	}
	ks := db.Schema.Keyspaces[s.Name.Name]
	if ks == nil {
		if s.IfExists {
			return &Result{}, nil
		}
		return nil, errNoSuchKeyspace(s.Name.Name)
	}
	if ks.System {
		return nil, errDropSystemKeyspace(ks.Name)
	}
	for _, t := range ks.Tables {
		delete(db.data, t)
	}
	delete(db.Schema.Keyspaces, s.Name.Name)
	if db.Keyspace == s.Name.Name {
		db.Keyspace = ""
	}
	return &Result{}, nil
}

func (db *DB) use(s *cql.Use) (*Result, *cqlerr.Error) {
	if db.Schema.Keyspaces[s.Keyspace.Name] == nil {
		return nil, errKeyspaceMissing("Keyspace '"+s.Keyspace.Name+"'").At(s.Keyspace.Pos, len(s.Keyspace.Name))
	}
	db.Keyspace = db.Schema.Keyspaces[s.Keyspace.Name].Name // the schema's copy, not the script's
	return &Result{}, nil
}

// ddlKeyspace resolves the keyspace of a DDL statement with the DDL wording.
func (db *DB) ddlKeyspace(q cql.QualifiedName) (*schema.Keyspace, *cqlerr.Error) {
	name := db.keyspaceOf(q)
	if name == "" {
		return nil, errNoKeyspace()
	}
	ks := db.Schema.Keyspaces[name]
	if ks == nil {
		return nil, errNoSuchKeyspace(name)
	}
	return ks, nil
}

func (db *DB) createTable(s *cql.CreateTable) (*Result, *cqlerr.Error) {
	if ksName := db.keyspaceOf(s.Table); ksName != "" {
		if err := db.authorizeDDL(ksName, "CREATE", "*"); err != nil {
			return nil, err
		}
	}
	ks, err := db.ddlKeyspace(s.Table)
	if err != nil {
		return nil, err
	}
	if ks.System {
		return nil, errCreateInSystem(ks.Name, s.Table.Name.Name)
	}
	// 3.11's RawStatement.prepare checks the table's name before anything
	// else of it; 4.0+ builds the table first (below).
	if db.Version.Before(4, 0) {
		if err := tableName311(s.Table.Name); err != nil {
			return nil, err
		}
	}
	// CreateTableStatement.apply: an existing table wins over every check
	// but the parser's.
	if err := schema.CheckRaw(s); err != nil {
		return nil, err
	}
	if name := s.Table.Name.Name; ks.Tables[name] != nil {
		if s.IfNotExists {
			return &Result{}, nil
		}
		return nil, errTableExists(name, ks.Name)
	}
	t, err := schema.NewTable(ks.Name, s, db.Schema.UserTypes)
	if err != nil {
		return nil, err
	}
	// TableMetadata.validate, once the table is built: its name first.
	if !validSchemaName(t.Name) {
		return nil, errTableName(ks.Name, t.Name).At(s.Table.Name.Pos, len(s.Table.Name.Name))
	}
	t.Created = db.Clock
	ks.Tables[t.Name] = t
	db.advise(db.tableAdvice(t)...)
	return &Result{}, nil
}

func (db *DB) alterTable(s *cql.AlterTable) (*Result, *cqlerr.Error) {
	if s.UserType {
		return db.alterType(s)
	}
	ksName := db.keyspaceOf(s.Table)
	if err := db.authorizeDDL(ksName, "ALTER", s.Table.Name.Name); err != nil {
		return nil, err
	}
	ks := db.Schema.Keyspaces[ksName]
	var t *schema.Table
	if ks != nil {
		t = ks.Tables[s.Table.Name.Name]
	}
	if t == nil {
		if s.IfExists {
			return &Result{}, nil
		}
		return nil, errNoSuchTable(ksName, s.Table.Name.Name)
	}
	if t.View != nil {
		return nil, errAlterTableOnView()
	}
	switch s.Kind {
	case cql.AlterAdd:
		return &Result{}, db.addColumns(t, s)
	case cql.AlterDrop:
		return &Result{}, db.dropColumns(t, s)
	case cql.AlterRename:
		return &Result{}, renameColumns(t, s)
	case cql.AlterWith:
		return &Result{}, t.AlterProperties(s.Properties)
	case cql.AlterType:
		return nil, errAlterType()
	case cql.AlterDropCompactStorage:
		return nil, errDropCompactDisabled()
	}
	return nil, errUnsupportedAlter()
}

func (db *DB) addColumns(t *schema.Table, s *cql.AlterTable) *cqlerr.Error {
	for _, def := range s.Add {
		typ, err := cqltype.FromRefKeyspace(def.Type, t.Keyspace, db.Schema.UserTypes)
		if err != nil {
			return err
		}
		if t.Column(def.Name.Name) != nil {
			if s.IfColumnExists {
				continue
			}
			return errColumnExists(def.Name.Name)
		}
		if t.Compact {
			return errAddToCompact()
		}
		if def.Static && !t.HasClustering() {
			return schema.ErrStaticWithoutClustering()
		}
		if old := t.Dropped[def.Name.Name]; old != nil {
			// After CASSANDRA-8099 a dropped column may come back only with
			// a type that reads its old cells.
			if !serializationCompatible(typ, old.Type) {
				return errReAddType(def.Name.Name, typ.String(), old.Type.String())
			}
			if (old.Kind == schema.Static) != def.Static {
				return errReAddKind(def.Name.Name, def.Static)
			}
			if t.Counter {
				return errReAddCounter(def.Name.Name)
			}
		}
		isCounter := typ.Kind == cqltype.Counter
		if isCounter && !t.Counter && len(t.Statics)+len(t.Regulars) > 0 {
			return errAddCounter(def.Name.Name)
		}
		if !isCounter && t.Counter {
			return errAddNonCounter(def.Name.Name)
		}
		kind := schema.Regular
		if def.Static {
			kind = schema.Static
		}
		c := &schema.Column{Name: def.Name.Name, Type: typ, Kind: kind}
		if old := t.Dropped[def.Name.Name]; old != nil {
			// The name's cells written before the drop's timestamp stay
			// hidden; later ones are read again.
			t.ReAddColumn(c, old)
			db.Data(t).PurgeDropped(int32(c.ID), c.DroppedAt)
		} else {
			t.AddColumn(c)
		}
		if isCounter {
			t.Counter = true
		}
		// AlterTableStatement.AddColumns: a view defined with SELECT *
		// gains the new regular column too.
		if kind == schema.Regular {
			for _, v := range t.Views {
				if v.View != nil && v.View.IncludeAll && v.Column(def.Name.Name) == nil {
					v.AddColumn(&schema.Column{Name: def.Name.Name, Type: typ, Kind: schema.Regular})
				}
			}
		}
	}
	return nil
}

func (db *DB) dropColumns(t *schema.Table, s *cql.AlterTable) *cqlerr.Error {
	// AlterTableStatement.DropColumns records the drop at USING TIMESTAMP's
	// value (the grammar takes an INTEGER), or at the client's timestamp.
	at := db.Clock
	if lit, ok := s.DropTimestamp.(*cql.Literal); ok {
		if n, err := strconv.ParseInt(lit.Text, 10, 64); err == nil {
			at = n
		}
	}
	for _, id := range s.Drop {
		c := t.Column(id.Name)
		if c == nil {
			if s.IfColumnExists {
				continue
			}
			return errDropUnknownColumn(id.Name, t.Qualified())
		}
		if c.IsPrimaryKey() {
			return errDropKeyColumn(id.Name)
		}
		if deps := dependentIndexes(t, c); len(deps) > 0 {
			return errDropIndexed(id.Name, deps)
		}
		if len(t.Views) > 0 {
			return errDropWithViews(id.Name, t.Name)
		}
		t.DropColumn(c, at)
	}
	return nil
}

// renameColumns is AlterTableStatement.RenameColumns: the renames, a HashMap
// of the old names, are checked in that map's order against the table as it
// was, then made together, in the table and in every view that includes the
// column (ViewMetadata.withRenamedPrimaryKeyColumn, its WHERE clause too).
func renameColumns(t *schema.Table, s *cql.AlterTable) *cqlerr.Error {
	froms := make([]string, len(s.RenameFrom))
	for i, f := range s.RenameFrom {
		froms[i] = f.Name
	}
	// tos[i] is the new name of the column renames[i]: the map's value, the
	// last rename of a column.
	var renames []*schema.Column
	var tos []string
	for _, from := range javaHashOrder(froms) {
		to := ""
		for i, f := range froms {
			if f == from {
				to = s.RenameTo[i].Name
			}
		}
		c := t.Column(from)
		switch {
		case c == nil && s.IfColumnExists:
			continue
		case c == nil:
			return errRenameUnknown(from, t.Qualified())
		case !c.IsPrimaryKey():
			return errRenameRegular(from)
		case t.Column(to) != nil:
			return errRenameTaken(from, to, t.Qualified())
		}
		if deps := dependentIndexes(t, c); deps != nil {
			return errRenameIndexed(from, deps)
		}
		renames, tos = append(renames, c), append(tos, to)
	}
	for i, c := range renames {
		for _, v := range t.Views {
			if vc := v.Column(c.Name); vc != nil && v.View != nil {
				v.View.Where = renameInWhere(v.View.Where, c.Name, tos[i])
				v.RenameColumn(vc, tos[i])
			}
		}
		t.RenameColumn(c, tos[i])
	}
	return nil
}

// dependentIndexes are the names of t's indexes on c.
func dependentIndexes(t *schema.Table, c *schema.Column) []string {
	var deps []string
	for _, ix := range t.Indexes {
		if ix.Column == c {
			deps = append(deps, ix.Name)
		}
	}
	return deps
}

// renameInWhere renames column from to to in a view's WHERE clause, as
// WhereClause.renameIdentifier does, printing the new name as
// ColumnIdentifier.toCQLString does: it skips string literals and reserved
// words, and reads "quoted" and plain identifiers.
func renameInWhere(where, from, to string) string {
	out := ""
	last := 0
	for i := 0; i < len(where); {
		c, j, name := where[i], i+1, ""
		switch {
		case c == '\'' || c == '"':
			for j < len(where) && (where[j] != c || j+1 < len(where) && where[j+1] == c) {
				if where[j] == c {
					j++
				}
				j++
			}
			j++
			if c == '"' {
				name = strings.ReplaceAll(where[i+1:j-1], `""`, `"`)
			}
		case wordChar(c):
			for j < len(where) && wordChar(where[j]) {
				j++
			}
			if c > '9' {
				name = strings.ToLower(where[i:j])
				if reservedWords[name] {
					name = ""
				}
			}
		}
		j = min(j, len(where))
		if name == from {
			out += where[last:i] + quoteName(to)
			last = j
		}
		i = j
	}
	return out + where[last:]
}

func wordChar(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func (db *DB) dropTable(s *cql.DropTable) (*Result, *cqlerr.Error) {
	ksName := db.keyspaceOf(s.Table)
	if err := db.authorizeDDL(ksName, "DROP", s.Table.Name.Name); err != nil {
		return nil, err
	}
	ks := db.Schema.Keyspaces[ksName]
	var t *schema.Table
	if ks != nil {
		t = ks.Tables[s.Table.Name.Name]
	}
	if t == nil || t.View != nil {
		if s.IfExists && t == nil {
			return &Result{}, nil
		}
		if t != nil {
			return nil, errDropTableOnView()
		}
		return nil, errNoSuchTable(ksName, s.Table.Name.Name)
	}
	if len(t.Views) > 0 {
		names := make([]string, len(t.Views))
		for i, v := range t.Views {
			names[i] = v.Name
		}
		return nil, errDropWithDependentViews(ksName, names)
	}
	delete(ks.Tables, t.Name)
	delete(db.data, t)
	return &Result{}, nil
}

func (db *DB) truncate(s *cql.Truncate) (*Result, *cqlerr.Error) {
	t, err := db.lookupTable(s.Table)
	if err != nil {
		return nil, err
	}
	if t.View != nil {
		return nil, errTruncateView()
	}
	db.Data(t).Truncate()
	for _, v := range t.Views {
		db.Data(v).Truncate()
		if st := db.views[v]; st != nil {
			st.derived = map[string][]viewRow{}
		}
	}
	return &Result{}, nil
}

func join(parts []string, sep string) string {
	n := 0
	for _, p := range parts {
		n += len(p) + len(sep)
	}
	b := make([]byte, 0, n)
	for i, p := range parts {
		if i > 0 {
			b = append(b, sep...)
		}
		b = append(b, p...)
	}
	return string(b)
}

func itoa(n int) string { return strconv.Itoa(n) }

// serializationCompatible is AbstractType.isSerializationCompatibleWith for
// the engine's types: the same type; text reading ascii; or blob, which reads
// any value, replacing a variable-length simple type (a fixed-length one
// differs in valueLengthIfFixed).
func serializationCompatible(typ, old *cqltype.Type) bool {
	switch {
	case typ.Equal(old):
		return true
	case typ.Kind == cqltype.Text && old.Kind == cqltype.Ascii:
		return true
	case typ.Kind == cqltype.Blob && !old.MultiCell():
		switch old.Kind {
		case cqltype.Ascii, cqltype.Text, cqltype.Varint, cqltype.Decimal, cqltype.Inet, cqltype.Duration,
			cqltype.List, cqltype.Set, cqltype.Map, cqltype.Tuple:
			return true
		}
	}
	return false
}

func replicationOption(repl [][2]string, key string) string {
	for _, kv := range repl {
		if kv[0] == key {
			return kv[1]
		}
	}
	return ""
}

// prepareReplication completes a keyspace's replication options from the
// options it had before (nil for CREATE), as schema.PrepareReplication does, and
// validates the result (validateReplication).
func prepareReplication(ks string, repl, previous [][2]string) ([][2]string, *cqlerr.Error) {
	out := schema.PrepareReplication(repl, previous)
	if err := validateReplication(ks, out); err != nil {
		return nil, err
	}
	return out, nil
}

// validateReplication checks a keyspace's replication strategy as
// AbstractReplicationStrategy.validateReplicationStrategy does for the
// strategies Cassandra 4.1 ships: the class must exist (short names live in
// org.apache.cassandra.locator), LocalStrategy is internal, SimpleStrategy
// accepts replication_factor alone and NetworkTopologyStrategy data centre names.
func validateReplication(ks string, repl [][2]string) *cqlerr.Error {
	cls := replicationOption(repl, "class")
	className := cls
	if !strings.Contains(cls, ".") {
		className = "org.apache.cassandra.locator." + cls
	}
	switch strings.TrimPrefix(className, "org.apache.cassandra.locator.") {
	case "OldNetworkTopologyStrategy":
		return errOldNetworkTopology()
	case "LocalStrategy":
		return errLocalStrategy()
	case "SimpleStrategy":
		// The constructor reads replication_factor (ReplicationFactor.fromString)
		// before validateExpectedOptions looks at the other options.
		if err := checkReplicationFactor(replicationOption(repl, "replication_factor")); err != nil {
			return err
		}
		for _, kv := range repl {
			if kv[0] != "class" && kv[0] != "replication_factor" {
				return errSimpleOption(kv[0], ks)
			}
		}
	case "NetworkTopologyStrategy":
		// The constructor reads every option as a data centre's factor, then
		// validateExpectedOptions: only data centre names remain after prepareNTS.
		for _, kv := range repl[1:] {
			if strings.EqualFold(kv[0], "replication_factor") {
				return errNTSReplicationFactor()
			}
			if err := checkReplicationFactor(kv[1]); err != nil {
				return err
			}
		}
		for _, kv := range repl {
			if kv[0] != "class" && !slices.Contains(schema.Datacenters, kv[0]) {
				return errUnrecognizedOption(kv[0], "NetworkTopologyStrategy", ks)
			}
		}
	default:
		return schema.ErrUnknownClass("replication strategy", className)
	}
	return nil
}

// The messages of the DDL statements and of name resolution, in
// cql3/statements/schema/{Create,Alter,Drop}{Keyspace,Table}Statement.java,
// schema/Schema.java and locator/*Strategy.java unless noted.

// errNoKeyspace is ClientState.getKeyspace's refusal of an unqualified name
// when no USE has chosen a keyspace.
func errNoKeyspace() *cqlerr.Error {
	return cqlerr.Invalid("No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename")
}

// errKeyspaceMissing: a keyspace a statement names does not exist; what is
// "Keyspace ks", "keyspace ks" (3.11) or "Keyspace 'ks'" (USE).
func errKeyspaceMissing(what string) *cqlerr.Error {
	return cqlerr.Invalid(what + " does not exist")
}

// errEmptyTableName is Schema.validateTable's refusal (3.11:
// ThriftValidation.validateColumnFamily) of an empty table name, as quoted ""
// gives.
func errEmptyTableName() *cqlerr.Error { return cqlerr.Invalid("non-empty table is required") }

// errUnconfiguredTable breaks RuleUnknownTable in 3.11's words.
func errUnconfiguredTable(table string) *cqlerr.Error {
	return cqlerr.Invalid("unconfigured table "+table).For(RuleUnknownTable, table)
}

// errTableMissing breaks RuleUnknownTable (Schema.validateTable).
func errTableMissing(table string) *cqlerr.Error {
	return cqlerr.Invalid("table "+table+" does not exist").For(RuleUnknownTable, table)
}

// errUndefinedColumn breaks RuleUndefinedColumn; msg is the version's wording.
func errUndefinedColumn(msg, col string) *cqlerr.Error {
	return cqlerr.Invalid(msg).For(RuleUndefinedColumn, col)
}

// errNoStrategyClass is KeyspaceAttributes' ConfigurationException
// (asNewKeyspaceParams, and ALTER KEYSPACE's) for a replication map without
// 'class'.
func errNoStrategyClass() *cqlerr.Error { return cqlerr.Config("Missing replication strategy class") }

// errNoReplication is KeyspaceAttributes.asNewKeyspaceParams' refusal of
// CREATE KEYSPACE without WITH replication.
func errNoReplication() *cqlerr.Error {
	return cqlerr.Invalid("Missing mandatory option 'replication'")
}

// errKeyspaceExists is CreateKeyspaceStatement.apply's AlreadyExists for a
// keyspace that exists (without IF NOT EXISTS).
func errKeyspaceExists(ks string) *cqlerr.Error {
	return cqlerr.New(cqlerr.AlreadyExists, "Cannot add existing keyspace \""+ks+"\"")
}

// errNoSuchKeyspace is the refusal of a statement naming a keyspace that
// does not exist: ALTER KEYSPACE (AlterKeyspaceStatement.apply), CREATE
// MATERIALIZED VIEW and the others that say "doesn't exist".
func errNoSuchKeyspace(ks string) *cqlerr.Error {
	return cqlerr.Invalid("Keyspace '" + ks + "' doesn't exist")
}

// errAlterSystemKeyspace is 3.11's AlterKeyspaceStatement.validate refusing
// to alter a system keyspace (Unauthorized).
func errAlterSystemKeyspace(ks string) *cqlerr.Error {
	return cqlerr.New(cqlerr.Unauthorized, "Cannot alter system keyspace "+ks)
}

// errReplicationNotMap is the parser's refusal (PropertyDefinitions.getMap)
// of a replication property that is not a map.
func errReplicationNotMap() *cqlerr.Error {
	return cqlerr.New(cqlerr.SyntaxException, "Invalid value for property 'replication'. It should be a map.")
}

// errDropSystemKeyspace is the Unauthorized refusal of DROP KEYSPACE of a
// system keyspace (ClientState.ensurePermission).
func errDropSystemKeyspace(ks string) *cqlerr.Error {
	return cqlerr.New(cqlerr.Unauthorized, "Cannot DROP <keyspace "+ks+">")
}

// errCreateInSystem is the Unauthorized refusal of CREATE TABLE in a system
// keyspace (ClientState.ensurePermission).
func errCreateInSystem(ks, table string) *cqlerr.Error {
	return cqlerr.New(cqlerr.Unauthorized, "Cannot CREATE <table "+ks+"."+table+">")
}

// errTableExists is CreateTableStatement.apply's AlreadyExists for a table
// that exists (without IF NOT EXISTS).
func errTableExists(table, ks string) *cqlerr.Error {
	return cqlerr.New(cqlerr.AlreadyExists, "Cannot add already existing table \""+table+"\" to keyspace \""+ks+"\"")
}

// errTableName: TableMetadata.validate (4.0+), a ConfigurationException
// that its except prefixes with the table's full name.
func errTableName(ks, table string) *cqlerr.Error {
	return cqlerr.Config(ks + "." + table + ": Table name must not be empty, more than 48 characters long, or contain non-alphanumeric-underscore characters (got \"" + table + "\")")
}

// tableName311 is 3.11's CreateTableStatement.RawStatement.prepare on the
// table's name: word characters first, then at most 48 of them.
func tableName311(id cql.Ident) *cqlerr.Error {
	if !wordChars(id.Name) {
		return errTableNameChars311(id.Name).At(id.Pos, len(id.Name))
	}
	if len(id.Name) > 48 {
		return errTableNameLength311(id.Name).At(id.Pos, len(id.Name))
	}
	return nil
}

// errTableNameChars311 is 3.11's CreateTableStatement.RawStatement.prepare
// refusing a table name not matching [a-zA-Z_0-9]+.
func errTableNameChars311(table string) *cqlerr.Error {
	return cqlerr.Invalid("\"" + table + "\" is not a valid table name (must be alphanumeric character or underscore only: [a-zA-Z_0-9]+)")
}

// errTableNameLength311 is 3.11's CreateTableStatement.RawStatement.prepare
// refusing a table name longer than 48 characters.
func errTableNameLength311(table string) *cqlerr.Error {
	return cqlerr.Invalid("Table names shouldn't be more than 48 characters long (got \"" + table + "\")")
}

// errNoSuchTable is the refusal of ALTER or DROP TABLE of a table that does
// not exist (AlterTableStatement, DropTableStatement).
func errNoSuchTable(ks, table string) *cqlerr.Error {
	return cqlerr.Invalid("Table '" + ks + "." + table + "' doesn't exist")
}

// errAlterTableOnView is AlterTableStatement.apply's refusal of ALTER TABLE
// naming a materialized view.
func errAlterTableOnView() *cqlerr.Error {
	return cqlerr.Invalid("Cannot use ALTER TABLE on a materialized view; use ALTER MATERIALIZED VIEW instead")
}

// errAlterType: ALTER ... TYPE, removed in 3.0.11 and 3.10 (CASSANDRA-12443).
func errAlterType() *cqlerr.Error {
	return cqlerr.Invalid("Altering column types is no longer supported")
}

// errDropCompactDisabled: drop_compact_storage_enabled is false by default in 4.1.
func errDropCompactDisabled() *cqlerr.Error {
	return cqlerr.Invalid("DROP COMPACT STORAGE is disabled. Enable in cassandra.yaml to use.")
}

// errUnsupportedAlter is cqlplay's own refusal of an ALTER TABLE form the
// parser accepts and the executor does not model.
func errUnsupportedAlter() *cqlerr.Error { return cqlerr.Invalid("Unsupported ALTER TABLE") }

// errColumnExists is AlterTableStatement.AddColumns' refusal of a column
// name the table already has.
func errColumnExists(col string) *cqlerr.Error {
	return cqlerr.Invalid("Column with name '" + col + "' already exists")
}

// errAddToCompact is AlterTableStatement.AddColumns' refusal of a new column
// on a COMPACT STORAGE table.
func errAddToCompact() *cqlerr.Error {
	return cqlerr.Invalid("Cannot add new column to a COMPACT STORAGE table")
}

// errReAddType is AlterTableStatement.AddColumns' refusal of re-adding a
// dropped column with a type incompatible with its old one.
func errReAddType(col, typ, old string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot re-add previously dropped column '" + col + "' of type " + typ + ", incompatible with previous type " + old)
}

// errReAddKind: a dropped column added back as static where it was regular, or the reverse.
func errReAddKind(col string, static bool) *cqlerr.Error {
	kind, old := "REGULAR", "STATIC"
	if static {
		kind, old = old, kind
	}
	return cqlerr.Invalid("Cannot re-add previously dropped column '" + col + "' of kind " + kind + ", incompatible with previous kind " + old)
}

// errReAddCounter is AlterTableStatement.AddColumns' refusal of re-adding a
// dropped counter column.
func errReAddCounter(col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot re-add previously dropped counter column " + col)
}

// errAddCounter is AlterTableStatement.AddColumns' refusal of a counter
// column in a table of non-counters.
func errAddCounter(col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot add a counter column (" + col + ") in a non counter column family")
}

// errAddNonCounter is AlterTableStatement.AddColumns' refusal of a
// non-counter column in a counter table.
func errAddNonCounter(col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot add a non counter column (" + col + ") in a counter column family")
}

// errDropUnknownColumn is AlterTableStatement.DropColumns' refusal of a
// column the table does not have.
func errDropUnknownColumn(col, table string) *cqlerr.Error {
	return cqlerr.Invalid("Column " + col + " was not found in table '" + table + "'")
}

// errDropKeyColumn is AlterTableStatement.DropColumns' refusal of dropping a
// primary key column.
func errDropKeyColumn(col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot drop PRIMARY KEY column " + col)
}

// errDropIndexed is AlterTableStatement.DropColumns' refusal of dropping a
// column that secondary indexes depend on.
func errDropIndexed(col string, indexes []string) *cqlerr.Error {
	return errDependentIndexes("Cannot drop column ", col, indexes)
}

// errDependentIndexes words DROP's and RENAME's refusal of a column indexes depend on.
func errDependentIndexes(prefix, col string, indexes []string) *cqlerr.Error {
	return cqlerr.Invalid(prefix + col + " because it has dependent secondary indexes (" + strings.Join(indexes, ", ") + ")")
}

// errDropWithViews is AlterTableStatement.DropColumns' refusal of dropping a
// column of a table with materialized views.
func errDropWithViews(col, table string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot drop column " + col + " on base table " + table + " with materialized views")
}

// errRenameUnknown is AlterTableStatement.RenameColumns' refusal of renaming
// a column the table does not have.
func errRenameUnknown(col, table string) *cqlerr.Error {
	return cqlerr.Invalid("Column " + col + " was not found in table " + table)
}

// errRenameRegular is AlterTableStatement.RenameColumns' refusal of renaming
// a column outside the primary key.
func errRenameRegular(col string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot rename non PRIMARY KEY column " + col)
}

// errRenameIndexed: RENAME of a column a secondary index depends on (AlterTableStatement.RenameColumns).
func errRenameIndexed(col string, indexes []string) *cqlerr.Error {
	return errDependentIndexes("Can't rename column ", col, indexes)
}

// errRenameTaken is AlterTableStatement.RenameColumns' refusal of a new name
// another column has.
func errRenameTaken(from, to, table string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot rename column " + from + " to " + to + " in table '" + table + "'; another column with that name already exists")
}

// errDropTableOnView is DropTableStatement.apply's refusal of DROP TABLE
// naming a materialized view.
func errDropTableOnView() *cqlerr.Error {
	return cqlerr.Invalid("Cannot use DROP TABLE on a materialized view. Please use DROP MATERIALIZED VIEW instead.")
}

// errDropWithDependentViews is DropTableStatement.apply's refusal of
// dropping a table that materialized views still read.
func errDropWithDependentViews(ks string, views []string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot drop a table when materialized views still depend on it (" + ks + ".{" + join(views, ",") + "})")
}

// errTruncateView is TruncateStatement's refusal of TRUNCATE of a
// materialized view.
func errTruncateView() *cqlerr.Error {
	return cqlerr.Invalid("Cannot TRUNCATE materialized view directly; must truncate base table instead")
}

// errOldNetworkTopology is AbstractReplicationStrategy's
// ConfigurationException for OldNetworkTopologyStrategy, removed in 4.0.
func errOldNetworkTopology() *cqlerr.Error {
	return cqlerr.Config("The support for the OldNetworkTopologyStrategy has been removed in C* version 4.0. The keyspace strategy should be switch to NetworkTopologyStrategy")
}

// errLocalStrategy is KeyspaceParams.Replication's refusal
// (CreateKeyspaceStatement) of LocalStrategy, which system keyspaces alone
// use.
func errLocalStrategy() *cqlerr.Error {
	return cqlerr.Invalid("Unable to use given strategy class: LocalStrategy is reserved for internal use.")
}

// errSimpleOption is SimpleStrategy.validateOptions' refusal of an option
// other than replication_factor.
func errSimpleOption(option, ks string) *cqlerr.Error {
	return errUnrecognizedOption(option, "SimpleStrategy", ks)
}

// errUnrecognizedOption: an option a strategy does not know (AbstractReplicationStrategy.validateExpectedOptions).
func errUnrecognizedOption(option, strategy, ks string) *cqlerr.Error {
	return cqlerr.Config("Unrecognized strategy option {" + option + "} passed to " + strategy + " for keyspace " + ks)
}

// checkReplicationFactor parses a factor as ReplicationFactor.fromString does
// (Integer.valueOf, then ReplicationFactor.validate); a transient factor
// ("3/1") is left alone.
func checkReplicationFactor(rf string) *cqlerr.Error {
	if strings.Contains(rf, "/") {
		return nil
	}
	n, err := strconv.ParseInt(rf, 10, 32)
	if err != nil {
		return errFactorNotInt(rf)
	}
	if n < 0 {
		return errFactorNegative(rf)
	}
	return nil
}

// errFactorNotInt is ReplicationFactor.fromString's ConfigurationException
// (Integer.parseInt's NumberFormatException message) for a factor that is no
// integer.
func errFactorNotInt(rf string) *cqlerr.Error {
	return cqlerr.Config("For input string: \"" + rf + "\"")
}

// errFactorNegative is ReplicationFactor.validate's ConfigurationException
// for a negative replication factor.
func errFactorNegative(rf string) *cqlerr.Error {
	return cqlerr.Config("Replication factor must be non-negative, found " + rf)
}

// errNTSReplicationFactor is NetworkTopologyStrategy.maybePrepareForCreate's
// refusal of replication_factor at CREATE KEYSPACE.
func errNTSReplicationFactor() *cqlerr.Error {
	return cqlerr.Config("replication_factor should not appear as an option at creation time for NetworkTopologyStrategy")
}
