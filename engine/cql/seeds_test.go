package cql

import (
	"os"
	"testing"
)

// TestSeeds parses every statement of the lesson seeds: all are valid CQL.
func TestSeeds(t *testing.T) {
	src, err := os.ReadFile("testdata/seeds.cql")
	if err != nil {
		t.Fatal(err)
	}
	items := Parse(string(src))
	if len(items) != 29 {
		t.Errorf("got %d statements, want 29", len(items))
	}
	for _, it := range items {
		if it.Err != nil {
			t.Errorf("%v: %q: %s", it.Pos, it.Src, it.Err.Message)
			continue
		}
		checkRoundTrip(t, it.Stmt)
	}
}
