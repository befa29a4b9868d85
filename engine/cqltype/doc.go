// Package cqltype implements the CQL types of Apache Cassandra 4.1 as the
// playground engine needs them: the types themselves (parsed from the syntax
// tree's type references), their values in Cassandra's serialized form,
// literal parsing and validation with Cassandra's exact messages, cqlsh's
// display format, CQL literals and toJSONString, Cassandra's comparators, and
// the Murmur3Partitioner token.
//
// A Value is the serialized form Cassandra stores: nil is null, an empty
// non-nil slice is an empty value (an empty text or blob), and every
// other value is the type's byte encoding (int: 4 bytes big-endian, frozen
// collections: int32 count then int32-length-prefixed elements, ...). Keeping
// the serialized form means a value's size, its token and its unsigned-byte
// reconciliation order are exactly Cassandra's, with no conversion.
//
// What it is not: it does not know tables or columns (receivers are passed
// by name), and it does not evaluate functions: a function call or bind
// marker met while assigning a literal is handed to the caller's Env.
//
// No function here panics on bad bytes: Format, Literal, JSON, Compare and
// Elements fall back to a hex rendering or to byte order when a value does
// not decode, so a corrupt cell can never crash the reader's page.
//
// Where the reference is a runtime rather than a rule, the tests pin its
// answers: testdata/cqlsh.txt holds what cqlsh prints for ~3,800 values
// (the Python driver decoding, cqlshlib formatting), floats.txt, decimals.txt,
// javaparse.txt and durations.txt what the JVM prints and parses, tokens.txt
// what the drivers' Murmur3 gives; testdata/reference says how each was made.
//
// The package avoids fmt, encoding/json and reflection so that the
// WebAssembly build stays small; it uses strconv, math/big and hand-written
// encoders instead.
package cqltype
