package query

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// createType is CreateTypeStatement.apply: the keyspace, an existing type,
// duplicate fields, counters and non-frozen user types as fields, then each
// field's type prepared in the keyspace.
func (db *DB) createType(s *cql.CreateType) (*Result, *cqlerr.Error) {
	if ksName := db.keyspaceOf(s.Name); ksName != "" {
		if err := db.authorizeDDL(ksName, "CREATE", "*"); err != nil {
			return nil, err
		}
	}
	ks, err := db.ddlKeyspace(s.Name)
	if err != nil {
		return nil, err
	}
	name := s.Name.Name.Name
	if db.Schema.UserTypes(ks.Name, name) != nil {
		if s.IfNotExists {
			return nil, nil
		}
		return nil, errTypeExists(name)
	}
	// Names are copied out of the script, which the schema must not keep alive.
	ut := &cqltype.Type{Kind: cqltype.UDT, Keyspace: ks.Name, Name: strings.Clone(name)}
	for _, f := range s.Fields {
		if ut.FieldPosition(f.Name.Name) >= 0 {
			return nil, errDuplicateField("'"+f.Name.Name+"'", "'"+name+"'")
		}
		ut.FieldNames = append(ut.FieldNames, strings.Clone(f.Name.Name))
	}
	for _, f := range s.Fields {
		if err := cqltype.CheckUserTypeField(f.Type); err != nil {
			return nil, err
		}
	}
	for _, f := range s.Fields {
		t, err := cqltype.FromRefKeyspace(f.Type, ks.Name, db.Schema.UserTypes)
		if err != nil {
			return nil, err
		}
		ut.Elems = append(ut.Elems, t)
	}
	ks.Types = append(ks.Types, ut)
	return nil, nil
}

// alterType is AlterTypeStatement: ADD a field, RENAME fields, or ALTER a
// field's type (no longer supported). The new definition replaces the old
// one in every type, table and view of the keyspace that uses it.
func (db *DB) alterType(s *cql.AlterTable) (*Result, *cqlerr.Error) {
	ksName := db.keyspaceOf(s.Table)
	if ksName == "" {
		return nil, errNoKeyspace()
	}
	if err := db.authorizeDDL(ksName, "ALTER", "*"); err != nil {
		return nil, err
	}
	name := s.Table.Name.Name
	ut := db.Schema.UserTypes(ksName, name)
	if ut == nil {
		if s.IfExists {
			return nil, nil
		}
		return nil, errNoSuchType(ksName, name)
	}
	cqlName := quoteName(ksName) + "." + quoteName(name)
	nt := *ut
	nt.FieldNames = append([]string(nil), ut.FieldNames...)
	switch s.Kind {
	case cql.AlterAdd:
		f := s.Add[0]
		if ut.FieldPosition(f.Name.Name) >= 0 {
			if s.IfColumnExists {
				return nil, nil
			}
			return nil, errFieldExists(f.Name.Name, cqlName)
		}
		t, err := cqltype.FromRefKeyspace(f.Type, ksName, db.Schema.UserTypes)
		if err != nil {
			return nil, err
		}
		if t.ReferencesUserType(ksName, name) {
			return nil, errCircularField(f.Name.Name, cqltype.RawString(f.Type, ksName), cqlName)
		}
		if users := db.tablesUsing(ksName, name, true); users != "" {
			return nil, errFieldOfKeyType(f.Name.Name, cqltype.RawString(f.Type, ksName), cqlName, users)
		}
		nt.FieldNames = append(nt.FieldNames, strings.Clone(f.Name.Name))
		nt.Elems = append(ut.Elems[:len(ut.Elems):len(ut.Elems)], t)
	case cql.AlterRename:
		for i, from := range s.RenameFrom {
			p := ut.FieldPosition(from.Name)
			if p >= 0 {
				nt.FieldNames[p] = strings.Clone(s.RenameTo[i].Name)
			} else if !s.IfColumnExists {
				return nil, errUnknownTypeField(from.Name, cqlName)
			}
		}
		for i, n := range nt.FieldNames {
			if nt.FieldPosition(n) != i {
				// The format has two %s for three arguments: the keyspace
				// fills the second.
				return nil, errDuplicateField(n, ksName)
			}
		}
	default:
		return nil, errAlterFieldType()
	}
	ks := db.Schema.Keyspaces[ksName]
	for i, t := range ks.Types {
		ks.Types[i] = t.WithUserType(&nt)
	}
	for _, t := range ks.Tables {
		for _, c := range t.Columns {
			c.Type = c.Type.WithUserType(&nt)
		}
	}
	return nil, nil
}

// dropType is DropTypeStatement.apply: refused while another type or a
// table uses the type.
func (db *DB) dropType(s *cql.DropType) (*Result, *cqlerr.Error) {
	ksName := db.keyspaceOf(s.Name)
	if ksName == "" {
		return nil, errNoKeyspace()
	}
	if err := db.authorizeDDL(ksName, "DROP", "*"); err != nil {
		return nil, err
	}
	name := s.Name.Name.Name
	if db.Schema.UserTypes(ksName, name) == nil {
		if s.IfExists {
			return nil, nil
		}
		return nil, errDropNoSuchType(ksName, name)
	}
	ks := db.Schema.Keyspaces[ksName]
	users, rest := "", ks.Types[:0:0]
	for _, t := range ks.Types {
		if t.Name == name {
			continue
		}
		rest = append(rest, t)
		if t.ReferencesUserType(ksName, name) {
			users = listName(users, t.Name)
		}
	}
	if users != "" {
		return nil, errTypeInUse(ksName, name, "user types", users)
	}
	if users = db.tablesUsing(ksName, name, false); users != "" {
		return nil, errTypeInUse(ksName, name, "tables", users)
	}
	ks.Types = rest
	return nil, nil
}

// tablesUsing lists, joined by ", ", the tables of keyspace ks with a column
// of the user type (by name), or the tables and views using it in their
// partition key (as ks.name).
func (db *DB) tablesUsing(ks, name string, inKey bool) string {
	users := ""
	for _, t := range db.Schema.UserTables() {
		cols, n := t.Columns, t.Name
		if inKey {
			cols, n = t.PartitionKey, quoteName(ks)+"."+quoteName(n)
		} else if t.View != nil {
			continue
		}
		for _, c := range cols {
			if t.Keyspace == ks && c.Type.ReferencesUserType(ks, name) {
				users = listName(users, n)
				break
			}
		}
	}
	return users
}

// listName appends n to a list joined by ", ".
func listName(list, n string) string {
	if list == "" {
		return n
	}
	return list + ", " + n
}

// The messages of cql3/statements/schema/{Create,Alter,Drop}TypeStatement.java.

// errTypeExists is CreateTypeStatement.apply's refusal of a type name the
// keyspace already has (without IF NOT EXISTS).
func errTypeExists(name string) *cqlerr.Error {
	return cqlerr.Invalid("A user type with name '" + name + "' already exists")
}

// errDuplicateField: CreateTypeStatement quotes both names, AlterTypeStatement neither.
func errDuplicateField(field, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Duplicate field name " + field + " in type " + typ)
}

// errNoSuchType is AlterTypeStatement.apply's refusal of a type that does
// not exist.
func errNoSuchType(ks, name string) *cqlerr.Error {
	return cqlerr.Invalid("Type " + ks + "." + name + " doesn't exist")
}

// errFieldExists is AlterTypeStatement.AddField's refusal of a field name
// the type already has.
func errFieldExists(field, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot add field " + field + " to type " + typ + ": a field with name " + field + " already exists")
}

// errCircularField is AlterTypeStatement.AddField's refusal of a field whose
// type refers to the type itself.
func errCircularField(field, raw, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot add new field " + field + " of type " + raw + " to user type " + typ + " as it would create a circular reference")
}

// errFieldOfKeyType is AlterTypeStatement.AddField's refusal of a field
// added to a type a partition key uses (4.1).
func errFieldOfKeyType(field, raw, typ, tables string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot add new field " + field + " of type " + raw + " to user type " + typ + " as the type is being used in partition key by the following tables: " + tables)
}

// errUnknownTypeField keeps Cassandra's spelling ("Unkown").
func errUnknownTypeField(field, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Unkown field " + field + " in user type " + typ)
}

// errAlterFieldType is AlterTypeStatement.AlterField's refusal: ALTER TYPE
// ... ALTER field TYPE is no longer supported.
func errAlterFieldType() *cqlerr.Error {
	return cqlerr.Invalid("Altering field types is no longer supported")
}

// errDropNoSuchType is DropTypeStatement.apply's refusal of a type that does
// not exist (without IF EXISTS).
func errDropNoSuchType(ks, name string) *cqlerr.Error {
	return cqlerr.Invalid("Type '" + ks + "." + name + "' doesn't exist")
}

// errTypeInUse: what is "user types" or "tables".
func errTypeInUse(ks, name, what, users string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot drop user type '" + ks + "." + name + "' as it is still used by " + what + " " + users)
}
