package cql

import (
	"testing"

	"github.com/cqlplay/cqlplay/engine/workload"
)

// w1Script is the W1 workload (docs/performance.md): a keyspace, a table
// and n INSERTs, from its one definition in engine/workload.
func w1Script(n int) string { return workload.W1(workload.CQL, n) }

func BenchmarkParseW1(b *testing.B) {
	script := w1Script(10000)
	b.SetBytes(int64(len(script)))
	b.ReportAllocs()
	for b.Loop() {
		items := Parse(script)
		if len(items) != 10003 || items[10002].Err != nil {
			b.Fatalf("got %d items", len(items))
		}
	}
}

func BenchmarkLexW1(b *testing.B) {
	script := w1Script(10000)
	b.SetBytes(int64(len(script)))
	b.ReportAllocs()
	for b.Loop() {
		Lex(script)
	}
}
