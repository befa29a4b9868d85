package cql

import (
	"math/rand"
	"os"
	"testing"
)

// TestMutations is a deterministic cousin of FuzzParse that runs on every
// `go test`: it splices CQL fragments into the seed statements and checks that
// whatever parses prints back to an equal tree.
func TestMutations(t *testing.T) {
	seeds := fuzzSeeds(t)
	fragments := []string{"(", ")", "[", "]", "{", "}", ",", ";", ".", ":", "?", "-", "+", "=", "<", ">", "'", "\"",
		"$$", "--", "/*", "*/", "\n", " ", "a", "int", "frozen", "SELECT", "FROM", "BEGIN", "BATCH", "APPLY", "1",
		"P1D", "-1", "@", "AND", "IN", "(int)", "token", "IF", "WHERE", "SET", "UPDATE", "INSERT", "INTO", "VALUES",
		"x", "key", "json", "DISTINCT", "count(*)", "CAST(", " AS ", "NaN", "-", "\"Q\"\"q\"", "0x1", "1.", "e5",
		"{}", " IS NOT NULL", " CONTAINS KEY ", "+=", "m['k']", " USING TTL 5", "writetime(", " PRIMARY KEY", ":n", "u.f", "-- @a b\n", "static", "DESC", "(a, b)", "1h"}
	seed := int64(1)
	r := rand.New(rand.NewSource(seed))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for i := 0; i < n; i++ {
		s := []byte(seeds[r.Intn(len(seeds))])
		for k := r.Intn(4); k >= 0; k-- {
			pos := r.Intn(len(s) + 1)
			switch r.Intn(3) {
			case 0:
				s = append(s[:pos:pos], append([]byte(fragments[r.Intn(len(fragments))]), s[pos:]...)...)
			case 1:
				s = append(s[:pos:pos], s[min(len(s), pos+r.Intn(6)+1):]...)
			default:
				if pos < len(s) {
					s[pos] = byte(r.Intn(128))
				}
			}
		}
		for _, it := range Parse(string(s)) {
			if it.Err == nil {
				checkRoundTrip(t, it.Stmt)
			}
		}
		if t.Failed() {
			t.Fatalf("input %q", s)
		}
	}
}

// TestTypingPrefixes parses every prefix of a lesson-shaped script, as the
// editor does while the reader types: no panic, errors inside the input, and
// whatever parses prints back to an equal tree.
func TestTypingPrefixes(t *testing.T) {
	src, err := os.ReadFile("testdata/script.cql")
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n <= len(src); n++ {
		prefix := string(src[:n])
		for _, it := range Parse(prefix) {
			if it.Err != nil {
				if it.Err.Pos.Offset+it.Err.Len > len(prefix) {
					t.Fatalf("prefix %d: error span %v+%d past the input", n, it.Err.Pos, it.Err.Len)
				}
				continue
			}
			checkRoundTrip(t, it.Stmt)
		}
		if t.Failed() {
			t.Fatalf("prefix %q", prefix)
		}
	}
}
