// Package cql reads CQL scripts: a lexer, a recursive-descent parser and a
// canonical printer for the statements cqlplay's engine runs.
//
// Parse splits a script into statements and parses each into the syntax tree
// of ast.go. It follows Cassandra 4.1's grammar (src/antlr/Lexer.g and
// Parser.g): keywords are case-insensitive, and the many unreserved keywords
// (key, type, ttl, writetime, count, json, text, date, time, ...) remain valid
// identifiers where Cassandra accepts them. Syntax errors read as Cassandra's
// do (`line 1:7 no viable alternative at input 'FROM' (SELECT [FROM]...)`),
// carry the offending token's exact position in the script, and do not stop
// the script: parsing resumes after the next ';' as cqlsh does with a file.
//
// Lex returns the tokens of any text for syntax highlighting; it never fails.
//
// What the package is not: it does no semantic checks (unknown tables, type
// errors, restriction rules): those belong to the engine, which has the
// schema. The few errors Cassandra's own parser raises without a position
// ("Only expressions of the form X = X +<value> are supported.", bind markers
// as names, COMPACT STORAGE on views) are raised here too.
//
// Invariants: Parse never panics (its internal bailout panic is recovered per
// statement, as go/parser does); nesting deeper than 100 levels is a syntax
// error; the work is linear in the input, with one token of lookahead and a
// few more only where CQL's grammar is ambiguous. Every tree prints, with
// String, as CQL that parses back to an equal tree: the tests use that as
// the oracle.
package cql
