package query

import (
	"sort"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// createType is CreateTypeStatement.apply: the keyspace, an existing type,
// duplicate fields, counters and non-frozen user types as fields, then each
// field's type prepared in the keyspace.
func (db *DB) createType(s *cql.CreateType) (*Result, *cqlerr.Error) {
	ks, err := db.ddlKeyspace(s.Name)
	if err != nil {
		return nil, err
	}
	name := strings.Clone(s.Name.Name.Name)
	if ks.Types[name] != nil {
		if s.IfNotExists {
			return &Result{}, nil
		}
		return nil, errTypeExists(name)
	}
	seen := map[string]bool{}
	for _, f := range s.Fields {
		if seen[f.Name.Name] {
			return nil, errDuplicateField("'"+f.Name.Name+"'", "'"+name+"'")
		}
		seen[f.Name.Name] = true
	}
	for _, f := range s.Fields {
		_, counter, nonFrozen := cqltype.RawInfo(f.Type, ks.Name)
		if counter {
			return nil, errTypeWithCounter()
		}
		if nonFrozen {
			return nil, errTypeWithNonFrozenUDT()
		}
	}
	names := make([]string, len(s.Fields))
	types := make([]*cqltype.Type, len(s.Fields))
	for i, f := range s.Fields {
		t, err := cqltype.FromRefKeyspace(f.Type, ks.Name, db.Schema.UserTypes)
		if err != nil {
			return nil, err
		}
		names[i], types[i] = strings.Clone(f.Name.Name), t
	}
	if ks.Types == nil {
		ks.Types = map[string]*cqltype.Type{}
	}
	ks.Types[name] = cqltype.UserTypeOf(ks.Name, name, names, types, false)
	return &Result{}, nil
}

// alterType is AlterTypeStatement: ADD a field, RENAME fields, or ALTER a
// field's type (no longer supported). The new definition replaces the old
// one in every table, view and type of the keyspace that uses it.
func (db *DB) alterType(s *cql.AlterTable) (*Result, *cqlerr.Error) {
	ksName := db.keyspaceOf(s.Table)
	if ksName == "" {
		return nil, errNoKeyspace()
	}
	name := s.Table.Name.Name
	ks := db.Schema.Keyspaces[ksName]
	var ut *cqltype.Type
	if ks != nil {
		ut = ks.Types[name]
	}
	if ut == nil {
		if s.IfExists {
			return &Result{}, nil
		}
		return nil, errNoSuchType(ksName, name)
	}
	cqlName := quoteName(ksName) + "." + quoteName(name)
	names := append([]string(nil), ut.FieldNames...)
	types := ut.Elems
	switch s.Kind {
	case cql.AlterAdd:
		f := s.Add[0]
		if ut.FieldPosition(f.Name.Name) >= 0 {
			if s.IfColumnExists {
				return &Result{}, nil
			}
			return nil, errFieldExists(f.Name.Name, cqlName)
		}
		t, err := cqltype.FromRefKeyspace(f.Type, ksName, db.Schema.UserTypes)
		if err != nil {
			return nil, err
		}
		raw, _, _ := cqltype.RawInfo(f.Type, ksName)
		if t.ReferencesUserType(ksName, name) {
			return nil, errCircularField(f.Name.Name, raw, cqlName)
		}
		var inKey []string
		for _, tn := range sortedTables(ks) {
			for _, c := range ks.Tables[tn].PartitionKey {
				if c.Type.ReferencesUserType(ksName, name) {
					inKey = append(inKey, quoteName(ksName)+"."+quoteName(tn))
					break
				}
			}
		}
		if len(inKey) > 0 {
			return nil, errFieldOfKeyType(f.Name.Name, raw, cqlName, join(inKey, ", "))
		}
		names = append(names, strings.Clone(f.Name.Name))
		types = append(append([]*cqltype.Type(nil), types...), t)
	case cql.AlterRename:
		for i, from := range s.RenameFrom {
			p := ut.FieldPosition(from.Name)
			if p < 0 {
				if !s.IfColumnExists {
					return nil, errUnknownTypeField(from.Name, cqlName)
				}
				continue
			}
			names[p] = strings.Clone(s.RenameTo[i].Name)
		}
		for i, n := range names {
			for _, m := range names[i+1:] {
				if n == m {
					// The format has two %s for three arguments: the
					// keyspace fills the second.
					return nil, errDuplicateField(n, ksName)
				}
			}
		}
	default:
		return nil, errAlterFieldType()
	}
	nt := cqltype.UserTypeOf(ksName, ut.Name, names, types, false)
	ks.Types[name] = nt
	for n, t := range ks.Types {
		ks.Types[n] = t.WithUserType(nt)
	}
	for _, t := range ks.Tables {
		for _, c := range t.Columns {
			c.Type = c.Type.WithUserType(nt)
		}
	}
	return &Result{}, nil
}

// dropType is DropTypeStatement.apply: refused while another type or a
// table uses the type.
func (db *DB) dropType(s *cql.DropType) (*Result, *cqlerr.Error) {
	ksName := db.keyspaceOf(s.Name)
	if ksName == "" {
		return nil, errNoKeyspace()
	}
	name := s.Name.Name.Name
	ks := db.Schema.Keyspaces[ksName]
	if ks == nil || ks.Types[name] == nil {
		if s.IfExists {
			return &Result{}, nil
		}
		return nil, errDropNoSuchType(ksName, name)
	}
	var users []string
	for _, n := range ks.TypeNames() {
		if n != name && ks.Types[n].ReferencesUserType(ksName, name) {
			users = append(users, n)
		}
	}
	if len(users) > 0 {
		return nil, errTypeInUse(ksName, name, "user types", users)
	}
	for _, tn := range sortedTables(ks) {
		if t := ks.Tables[tn]; t.View == nil && usesType(t, ksName, name) {
			users = append(users, tn)
		}
	}
	if len(users) > 0 {
		return nil, errTypeInUse(ksName, name, "tables", users)
	}
	delete(ks.Types, name)
	return &Result{}, nil
}

func usesType(t *schema.Table, ks, name string) bool {
	for _, c := range t.Columns {
		if c.Type.ReferencesUserType(ks, name) {
			return true
		}
	}
	return false
}

func sortedTables(ks *schema.Keyspace) []string {
	names := make([]string, 0, len(ks.Tables))
	for n := range ks.Tables {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// The messages of cql3/statements/schema/{Create,Alter,Drop}TypeStatement.java.

func errTypeExists(name string) *cqlerr.Error {
	return cqlerr.Invalid("A user type with name '" + name + "' already exists")
}

// errDuplicateField: CreateTypeStatement quotes both names, AlterTypeStatement neither.
func errDuplicateField(field, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Duplicate field name " + field + " in type " + typ)
}

func errTypeWithCounter() *cqlerr.Error {
	return cqlerr.Invalid("A user type cannot contain counters")
}

func errTypeWithNonFrozenUDT() *cqlerr.Error {
	return cqlerr.Invalid("A user type cannot contain non-frozen UDTs")
}

func errNoSuchType(ks, name string) *cqlerr.Error {
	return cqlerr.Invalid("Type " + ks + "." + name + " doesn't exist")
}

func errFieldExists(field, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot add field " + field + " to type " + typ + ": a field with name " + field + " already exists")
}

func errCircularField(field, raw, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot add new field " + field + " of type " + raw + " to user type " + typ + " as it would create a circular reference")
}

func errFieldOfKeyType(field, raw, typ, tables string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot add new field " + field + " of type " + raw + " to user type " + typ + " as the type is being used in partition key by the following tables: " + tables)
}

// errUnknownTypeField keeps Cassandra's spelling ("Unkown").
func errUnknownTypeField(field, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Unkown field " + field + " in user type " + typ)
}

func errAlterFieldType() *cqlerr.Error {
	return cqlerr.Invalid("Altering field types is no longer supported")
}

func errDropNoSuchType(ks, name string) *cqlerr.Error {
	return cqlerr.Invalid("Type '" + ks + "." + name + "' doesn't exist")
}

// errTypeInUse: what is "user types" or "tables".
func errTypeInUse(ks, name, what string, users []string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot drop user type '" + ks + "." + name + "' as it is still used by " + what + " " + join(users, ", "))
}
