// Package function is the one home of Cassandra 4.1's native scalar
// functions: the table of every function (name, parameter types, return
// type, implementation), the resolution of a call against it as
// cql3/functions/FunctionResolver.java does, and the call itself.
//
// Every caller goes through it: the SELECT clause (a selector's function),
// term evaluation (INSERT and UPDATE values, WHERE terms, nested calls) and
// anything else that meets a function call. The conversions that CAST shares
// with the functions (toDate, toTimestamp, toUnixTimestamp, blobAsX) live in
// cqltype, next to the types' serialized forms, and are called from here and
// from cqltype.Cast alike, so CAST(x AS date) and toDate(x) cannot disagree.
//
// token (token.go) is made per table, as toJson and fromJson are made per
// type (json.go). What it is not: the selection-only functions that read a
// cell rather than values (writetime, ttl, the aggregates
// count/min/max/sum/avg) stay
// with the selection in query, since they are not scalar functions of
// values. Arithmetic operators (OperationFcts) and CAST are not here either.
//
// # Adding a function
//
// Add one entry to natives (table.go) — or one line to its generator, as the
// blob conversions are generated per type — naming the function in lower
// case, its parameter and return types, and an implementation in the file of
// its family (time.go for TimeFcts, bytes.go for BytesConversionFcts, ...).
// Resolution, the "Invalid number of arguments"/"Type error" messages, null
// handling and every caller pick it up from there; add its cases to the
// table-driven test in function_test.go, with the values read from
// Cassandra's source or unit tests.
package function
