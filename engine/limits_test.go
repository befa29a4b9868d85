package engine

import (
	"strings"
	"testing"
)

// TestKeyLength checks Cassandra's 65535-byte limits on keys (docs/engine.md),
// with literals too long for a scenario file.
func TestKeyLength(t *testing.T) {
	s := NewSession(Options{})
	mustRun(t, s, "CREATE TABLE big (k text, c text, v int, PRIMARY KEY (k, c)); CREATE TABLE big2 (a text, b text, c text, v int, PRIMARY KEY ((a, b), c));")
	lit := func(n int) string { return "'" + strings.Repeat("k", n) + "'" }
	tests := []struct {
		stmt, want string
	}{
		{"INSERT INTO big (k, c, v) VALUES (" + lit(65535) + ", 'c', 1)", ""},
		{"INSERT INTO big (k, c, v) VALUES (" + lit(65536) + ", 'c', 1)", "Key length of 65536 is longer than maximum of 65535"},
		{"UPDATE big SET v = 1 WHERE k = " + lit(70000) + " AND c = 'c'", "Key length of 70000 is longer than maximum of 65535"},
		{"DELETE FROM big WHERE k = " + lit(65536), "Key length of 65536 is longer than maximum of 65535"},
		{"SELECT v FROM big WHERE k = " + lit(65536), "Key length of 65536 is longer than maximum of 65535"},
		// A composite key adds 3 bytes per component: 2 x (32765 + 3) = 65536.
		{"INSERT INTO big2 (a, b, c, v) VALUES (" + lit(32765) + ", " + lit(32765) + ", 'c', 1)", "Key length of 65536 is longer than maximum of 65535"},
		{"INSERT INTO big2 (a, b, c, v) VALUES (" + lit(32764) + ", " + lit(32765) + ", 'c', 1)", ""},
		{"INSERT INTO big (k, c, v) VALUES ('k', " + lit(65535) + ", 1)", ""},
		{"INSERT INTO big (k, c, v) VALUES ('k', " + lit(65536) + ", 1)", "Key length of 65536 is longer than maximum of 65535"},
	}
	for _, tt := range tests {
		outs := s.Run(tt.stmt)
		got := ""
		if outs[0].Error != nil {
			got = outs[0].Error.Message
		}
		if got != tt.want {
			t.Errorf("%.60s...: error %q, want %q", tt.stmt, got, tt.want)
		}
		checkStore(t, s, "key length", 0)
	}
	if outs := mustRun(t, s, "SELECT count(*) FROM big;"); outs[0].Rows[0][0] != "2" {
		t.Errorf("big holds %s rows, want 2", outs[0].Rows[0][0])
	}
}
