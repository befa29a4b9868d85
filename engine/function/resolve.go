package function

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// Match is AssignmentTestable.TestResult: how well an argument fits a
// parameter type.
type Match uint8

const (
	NotAssignable Match = iota
	WeaklyAssignable
	ExactMatch
)

// Arg is a provided argument as the resolver sees it: a term of an INSERT
// or WHERE, or a selector of a SELECT clause.
type Arg interface {
	// TestAssignment is AssignmentTestable.testAssignment against a
	// parameter of type t.
	TestAssignment(t *cqltype.Type) Match
	// String is the argument as Cassandra prints it in "Type error: x
	// cannot be passed as argument 0 ...".
	String() string
}

// TypeMatch is AbstractType.testAssignment: how a value of type got fits a
// receiver of type want (exact when equal, weak when want reads got's
// bytes), for arguments whose type is known (columns, function results,
// type hints).
func TypeMatch(want, got *cqltype.Type) Match {
	switch {
	case want.Equal(got):
		return ExactMatch
	case want.IsValueCompatibleWith(got):
		return WeaklyAssignable
	}
	return NotAssignable
}

// Resolve picks the overload of the native function called name (as
// written: lower case, "system." or no keyspace) for args, as
// FunctionResolver.get does: a single overload is validated argument by
// argument, with its precise messages; among several, those whose return
// type fits receiver (nil when unknown, as in a SELECT clause) are tested,
// an exact match wins, a single weak match wins, none or several are
// errors. It returns nil and no error for an unknown function, whose
// message the caller words (selectors and terms word it differently).
func Resolve(name string, args []Arg, receiver *cqltype.Type) (*Native, *cqlerr.Error) {
	cands := Lookup(strings.TrimPrefix(name, "system."))
	switch len(cands) {
	case 0:
		return nil, nil
	case 1:
		return cands[0], validate(cands[0], args)
	}
	var compatibles []*Native
	for _, f := range cands {
		if receiver != nil && TypeMatch(receiver, f.Result) == NotAssignable {
			continue
		}
		switch matchArgs(f, args) {
		case ExactMatch:
			return f, nil
		case WeaklyAssignable:
			compatibles = append(compatibles, f)
		}
	}
	switch len(compatibles) {
	case 0:
		return nil, errNoSignatureMatches(name, signatures(cands))
	case 1:
		return compatibles[0], nil
	}
	return nil, errAmbiguousCall(name, signatures(compatibles))
}

// ArgReceiver is FunctionResolver.makeArgSpec's receiver name for
// argument i of f, which literal errors name: arg0(system.mintimeuuid).
func ArgReceiver(f *Native, i int) string {
	return "arg" + strconv.Itoa(i) + "(" + f.QualifiedName() + ")"
}

// Validate is FunctionResolver.validateTypes, for a function made for its
// call (fromJson) rather than resolved.
func Validate(f *Native, args []Arg) *cqlerr.Error { return validate(f, args) }

// validate is FunctionResolver.validateTypes.
func validate(f *Native, args []Arg) *cqlerr.Error {
	if len(args) != len(f.Params) {
		return errArgCount(f.QualifiedName(), len(f.Params), len(args))
	}
	for i, a := range args {
		if a.TestAssignment(f.Params[i]) == NotAssignable {
			return errArgType(a.String(), i, f.QualifiedName(), f.Params[i].String())
		}
	}
	return nil
}

// matchArgs is FunctionResolver.matchAguments: exact if every argument is,
// not assignable as soon as one is not.
func matchArgs(f *Native, args []Arg) Match {
	if len(args) != len(f.Params) {
		return NotAssignable
	}
	res := ExactMatch
	for i, a := range args {
		switch a.TestAssignment(f.Params[i]) {
		case NotAssignable:
			return NotAssignable
		case WeaklyAssignable:
			res = WeaklyAssignable
		}
	}
	return res
}

func signatures(fs []*Native) string {
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = f.String()
	}
	return strings.Join(s, ", ")
}

// The messages of FunctionResolver.get and validateTypes. fn is the
// function's name as written (todate) for the first two, qualified
// (system.todate) for the last two, as Cassandra formats them.

// errNoSignatureMatches is FunctionResolver.get's refusal of a call that no
// overload of fn accepts; known lists the signatures.
func errNoSignatureMatches(fn, known string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid call to function " + fn + ", none of its type signatures match (known type signatures: " + known + ")")
}

// errAmbiguousCall is FunctionResolver.get's refusal of a call that more
// than one overload of fn accepts.
func errAmbiguousCall(fn, matching string) *cqlerr.Error {
	return cqlerr.Invalid("Ambiguous call to function " + fn + " (can be matched by following signatures: " + matching + "): use type casts to disambiguate")
}

// errArgCount is FunctionCall.Raw's validateTypes refusal of a call with the
// wrong number of arguments.
func errArgCount(fn string, want, got int) *cqlerr.Error {
	return cqlerr.Invalid("Invalid number of arguments in call to function " + fn + ": " + strconv.Itoa(want) + " required but " + strconv.Itoa(got) + " provided")
}

// errArgType is FunctionResolver.validateTypes' refusal of an argument not
// assignable to the parameter's type.
func errArgType(arg string, i int, fn, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Type error: " + arg + " cannot be passed as argument " + strconv.Itoa(i) + " of function " + fn + " of type " + typ)
}
