package query

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// User-defined functions and aggregates. Cassandra 4.1's default
// cassandra.yaml has user_defined_functions_enabled: false, so CREATE
// FUNCTION fails (UDFunction.assertUdfsEnabled), no function ever exists,
// CREATE AGGREGATE fails on its state function, and DROP FUNCTION and DROP
// AGGREGATE find nothing to drop. Each statement runs its checks in
// Cassandra's order: the keyspace (Raw.prepare's ClientState.getKeyspace,
// then AlterSchemaStatement.execute's), then its apply.

// alterSchemaKeyspace is the keyspace a function statement names, checked
// as AlterSchemaStatement.execute checks it before apply.
func (db *DB) alterSchemaKeyspace(q cql.QualifiedName) (string, *cqlerr.Error) {
	name := db.keyspaceOf(q)
	if name == "" {
		return "", errNoKeyspace()
	}
	return name, checkSchemaKeyspace(name)
}

// checkSchemaKeyspace is AlterSchemaStatement.execute's check of the
// keyspace a schema statement changes, before the statement's own apply:
// not a local system keyspace, not a virtual one, a valid name.
func checkSchemaKeyspace(name string) *cqlerr.Error {
	switch name {
	case "system", "system_schema": // SchemaConstants.isLocalSystemKeyspace
		return errSystemKeyspaceNotModifiable(name)
	}
	if virtualKeyspaces[name] {
		return errVirtualKeyspaceNotModifiable(name)
	}
	if !validSchemaName(name) {
		return errInvalidKeyspaceName(name)
	}
	return nil
}

// authorizeDDL is what a schema statement's authorize and then
// AlterSchemaStatement.execute check of the keyspace it changes, before
// anything else: ClientState.preventSystemKSSchemaModification refuses
// DDL on the local system keyspaces, and on the replicated ones all but
// ALTER KEYSPACE, as Unauthorized; then a virtual keyspace or an invalid
// name is refused (checkSchemaKeyspace). perm is the statement's
// Permission and table names its DataResource: "*" all the keyspace's
// tables, "" the keyspace, else that table. 3.11 keeps the engine's older
// wording.
func (db *DB) authorizeDDL(ks, perm, table string) *cqlerr.Error {
	if db.Version.Before(4, 0) || ks == "" && table != "" {
		return nil // no keyspace: the statement's own message says so
	}
	switch ks {
	case "system", "system_schema": // SchemaConstants.isLocalSystemKeyspace
		return errNotUserModifiable(ks)
	case "system_auth", "system_distributed", "system_traces": // isReplicatedSystemKeyspace
		if perm != "ALTER" || table != "" {
			return errSystemDDL(perm, ks, table)
		}
	}
	return checkSchemaKeyspace(ks)
}

// validSchemaName is SchemaConstants.isValidName: 1 to 48 word characters.
func validSchemaName(name string) bool {
	return name != "" && len(name) <= 48 && wordChars(name)
}

// wordChars reports whether name is made of word characters only
// (SchemaConstants.PATTERN_WORD_CHARS, \w+ but for its emptiness).
func wordChars(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// createFunction is CreateFunctionStatement.apply up to
// UDFunction.assertUdfsEnabled, which refuses every function.
func (db *DB) createFunction(s *cql.CreateFunction) (*Result, *cqlerr.Error) {
	if _, err := db.alterSchemaKeyspace(s.Name); err != nil {
		return nil, err
	}
	if s.IfNotExists && s.OrReplace {
		return nil, errOrReplaceAndIfNotExists()
	}
	return nil, errUDFsDisabled()
}

// createAggregate is CreateAggregateStatement.apply: its state function
// cannot exist.
func (db *DB) createAggregate(s *cql.CreateAggregate) (*Result, *cqlerr.Error) {
	ksName, err := db.alterSchemaKeyspace(s.Name)
	if err != nil {
		return nil, err
	}
	if s.IfNotExists && s.OrReplace {
		return nil, errOrReplaceAndIfNotExists()
	}
	if err := frozenArgument(s.ArgTypes); err != nil {
		return nil, err
	}
	if frozenNotTuple(s.StateType) {
		return nil, errFrozenStateType(cqltype.RawString(s.StateType, ""))
	}
	if db.Schema.Keyspaces[ksName] == nil {
		return nil, errNoSuchKeyspace(ksName)
	}
	// The state type, then the argument types, prepared (an unknown one
	// fails) and printed with user types qualified.
	names, err := db.prepareTypes(append([]*cql.TypeRef{s.StateType}, s.ArgTypes...), ksName)
	if err != nil {
		return nil, err
	}
	return nil, errNoStateFunction(ksName + "." + s.StateFunc.Name + "(" + names + ")")
}

// dropFunction is DropFunctionStatement.apply (DropAggregateStatement's
// for DROP AGGREGATE): there is nothing to drop, so IF EXISTS succeeds
// and otherwise the function "doesn't exist", once its argument types
// have been checked.
func (db *DB) dropFunction(s *cql.DropFunction) (*Result, *cqlerr.Error) {
	ksName, err := db.alterSchemaKeyspace(s.Name)
	if err != nil {
		return nil, err
	}
	name := ksName + "." + s.Name.Name.Name
	if s.ArgsGiven {
		args, _ := db.prepareTypes(s.ArgTypes, "")
		name += "(" + args + ")"
	}
	if db.Schema.Keyspaces[ksName] != nil {
		if err := frozenArgument(s.ArgTypes); err != nil {
			return nil, err
		}
		if _, err := db.prepareTypes(s.ArgTypes, ksName); err != nil {
			return nil, err
		}
	}
	if s.IfExists {
		return &Result{}, nil
	}
	if s.Aggregate {
		return nil, errAggregateMissing(name)
	}
	return nil, errFunctionMissing(name)
}

// prepareTypes returns types as CQL3Type.Raw prints them, joined by ", ".
// With a keyspace ks it prepares them there first, as Raw.prepare does (an
// unknown type fails), which qualifies their user types.
func (db *DB) prepareTypes(types []*cql.TypeRef, ks string) (string, *cqlerr.Error) {
	names := make([]string, len(types))
	for i, t := range types {
		if ks != "" {
			if _, err := cqltype.FromRefKeyspace(t, ks, db.Schema.UserTypes); err != nil {
				return "", err
			}
		}
		names[i] = cqltype.RawString(t, ks)
	}
	return strings.Join(names, ", "), nil
}

// frozenArgument is the check that no argument type is written frozen<>
// (but a tuple).
func frozenArgument(types []*cql.TypeRef) *cqlerr.Error {
	for _, t := range types {
		if frozenNotTuple(t) {
			return errFrozenArgument(cqltype.RawString(t, ""))
		}
	}
	return nil
}

// frozenNotTuple is CQL3Type.Raw's `!isTuple() && isFrozen()`: a type
// written frozen<...> around anything but a tuple.
func frozenNotTuple(t *cql.TypeRef) bool {
	return t.Name == "frozen" && len(t.Params) == 1 && t.Params[0].Name != "tuple"
}

// The messages of the function statements.

// errSystemKeyspaceNotModifiable: AlterSchemaStatement.execute, a local
// system keyspace.
func errSystemKeyspaceNotModifiable(ks string) *cqlerr.Error {
	return cqlerr.Invalid("System keyspace '" + ks + "' is not user-modifiable")
}

// errVirtualKeyspaceNotModifiable: AlterSchemaStatement.execute, a virtual
// keyspace.
func errVirtualKeyspaceNotModifiable(ks string) *cqlerr.Error {
	return cqlerr.Invalid("Virtual keyspace '" + ks + "' is not user-modifiable")
}

// errInvalidKeyspaceName: AlterSchemaStatement.validateKeyspaceName.
func errInvalidKeyspaceName(ks string) *cqlerr.Error {
	return cqlerr.Invalid("Keyspace name must not be empty, more than 48 characters long, or contain non-alphanumeric-underscore characters (got '" + ks + "')")
}

// errOrReplaceAndIfNotExists: CreateFunctionStatement and
// CreateAggregateStatement.apply.
func errOrReplaceAndIfNotExists() *cqlerr.Error {
	return cqlerr.Invalid("Cannot use both 'OR REPLACE' and 'IF NOT EXISTS' directives")
}

// errUDFsDisabled: UDFunction.assertUdfsEnabled with 4.1's default
// user_defined_functions_enabled: false.
func errUDFsDisabled() *cqlerr.Error {
	return cqlerr.Invalid("User-defined functions are disabled in cassandra.yaml - set user_defined_functions_enabled=true to enable")
}

// errFrozenArgument: CreateAggregateStatement, DropFunctionStatement and
// DropAggregateStatement, an argument type written frozen<>.
func errFrozenArgument(t string) *cqlerr.Error {
	return cqlerr.Invalid("Argument '" + t + "' cannot be frozen; remove frozen<> modifier from '" + t + "'")
}

// errFrozenStateType: CreateAggregateStatement, STYPE written frozen<>.
func errFrozenStateType(t string) *cqlerr.Error {
	return cqlerr.Invalid("State type '" + t + "' cannot be frozen; remove frozen<> modifier from '" + t + "'")
}

// errNoStateFunction: CreateAggregateStatement, the state function (named
// with the state type and then the argument types) does not exist.
func errNoStateFunction(f string) *cqlerr.Error {
	return cqlerr.Invalid("State function " + f + " doesn't exist")
}

// errFunctionMissing: DropFunctionStatement.
func errFunctionMissing(name string) *cqlerr.Error {
	return cqlerr.Invalid("Function '" + name + "' doesn't exist")
}

// errAggregateMissing: DropAggregateStatement.
func errAggregateMissing(name string) *cqlerr.Error {
	return cqlerr.Invalid("Aggregate '" + name + "' doesn't exist")
}

// errNotUserModifiable: ClientState.preventSystemKSSchemaModification, DDL
// on a local system keyspace.
func errNotUserModifiable(ks string) *cqlerr.Error {
	return cqlerr.New(cqlerr.Unauthorized, ks+" keyspace is not user-modifiable.")
}

// errSystemDDL: ClientState.preventSystemKSSchemaModification, DDL on a
// replicated system keyspace, naming the DataResource (authorizeDDL's
// table).
func errSystemDDL(perm, ks, table string) *cqlerr.Error {
	resource := "<keyspace " + ks + ">"
	switch table {
	case "*":
		resource = "<all tables in " + ks + ">"
	case "":
	default:
		resource = "<table " + ks + "." + table + ">"
	}
	return cqlerr.New(cqlerr.Unauthorized, "Cannot "+perm+" "+resource)
}
