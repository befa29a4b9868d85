package cqltype

import (
	"encoding/hex"
	"os"
	"strings"
	"testing"
)

// testdata/cqlsh.txt: serialized values with what cqlsh 4.1 prints for
// them, computed by decoding the bytes with the Python driver (Debian's
// python3-cassandra) and formatting with cqlshlib's formatting.py from the
// 4.1.7 tree, with cqlsh's driver hooks installed.
func TestFormatAgainstCqlsh(t *testing.T) {
	data, err := os.ReadFile("testdata/cqlsh.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		p := strings.SplitN(line, "\t", 3)
		if len(p) != 3 {
			t.Fatalf("bad line %q", line)
		}
		typ := mustType(t, p[0])
		v, _ := hex.DecodeString(p[1])
		if got := typ.Format(v); got != p[2] {
			t.Errorf("%s %s: got %q, cqlsh prints %q", p[0], p[1], got, p[2])
		}
		n++
	}
	if n < 1000 {
		t.Fatalf("only %d cases", n)
	}
}
