package cql

import (
	"strings"
	"testing"
	"time"
)

// TestHugeInputs parses large inputs that a quadratic step would make
// unbearably slow; each must finish in well under a second on an idle machine (the
// bound is loose because the test machine is shared).
func TestHugeInputs(t *testing.T) {
	mb := 1 << 20
	tests := []struct {
		name  string
		src   string
		items int
	}{
		{"1 MB string", "INSERT INTO t (a) VALUES ('" + strings.Repeat("x''y", mb/4) + "')", 1},
		{"1 MB $$ string", "INSERT INTO t (a) VALUES ($$" + strings.Repeat("é", mb/2) + "$$)", 1},
		{"1 MB identifier", "SELECT " + strings.Repeat("a", mb) + " FROM t", 1},
		{"1 MB selectors", "SELECT a" + strings.Repeat(", a", mb/3) + " FROM t", 1},
		{"1 MB IN list", "SELECT * FROM t WHERE k IN (1" + strings.Repeat(", 1", mb/3) + ")", 1},
		{"1 MB comment", "/*" + strings.Repeat("*", mb) + "*/ SELECT * FROM t", 1},
		{"1 MB of semicolons", strings.Repeat(";", mb), 0},
		{"1 MB of bad bytes", strings.Repeat("\xff", mb), 1},
		{"100,000 errors", strings.Repeat("x;", 100000), 100000},
		{"1 MB unterminated batch", "BEGIN BATCH " + strings.Repeat("INSERT INTO t (a) VALUES (1); ", mb/30), 1},
		{"1 MB statement failing at its end", "SELECT a" + strings.Repeat(", a", mb/3) + " FROM", 1},
		{"directives", strings.Repeat("-- @advance 1s\n", mb/15), mb / 15},
	}
	for _, tt := range tests {
		start := time.Now()
		items := Parse(tt.src)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: %v", tt.name, d)
		}
		if len(items) != tt.items {
			t.Errorf("%s: %d items, want %d", tt.name, len(items), tt.items)
		}
		start = time.Now()
		Lex(tt.src)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: Lex took %v", tt.name, d)
		}
	}
}

// TestW1Script parses the 100,000-row benchmark script (11 MB).
func TestW1Script(t *testing.T) {
	if testing.Short() {
		t.Skip("11 MB script")
	}
	script := w1Script(100000)
	start := time.Now()
	items := Parse(script)
	d := time.Since(start)
	if len(items) != 100003 {
		t.Fatalf("%d items", len(items))
	}
	for _, it := range items {
		if it.Err != nil {
			t.Fatalf("%q: %s", it.Src, it.Err.Message)
		}
	}
	t.Logf("%d bytes in %v", len(script), d)
	if d > 3*time.Second {
		t.Errorf("took %v", d)
	}
}
