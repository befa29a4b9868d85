package workload

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

// TestSHA256 pins the CQL texts to the sha256 values that define the
// workloads (docs/performance.md), so every benchmark measures these bytes.
func TestSHA256(t *testing.T) {
	sum := func(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }
	tests := []struct {
		name, text, want string
	}{
		{"W1 10000", W1(CQL, 10000), "f51c4259586c16e901f97a68dc383e0216005cc3043bed0a2c20dcd8917cf143"},
		{"W1 100000", W1(CQL, 100000), "40d6cc7e16d8db484532f002e0e2c3228ab2a077b78327e9ddbfcd7275200913"},
		{"W2 2000", strings.Join(W2(2000), "\n") + "\n", "1c50346871e9af5f1844d4b77ac765b21a6b01dd8d5a92a01043626cb28ac158"},
		{"W3", W3(CQL), "f28b2825ea68f5a8c5421775aac0ca2e5e81cdb45402cbfb31e8a41d50eed652"},
	}
	for _, tt := range tests {
		if got := sum(tt.text); got != tt.want {
			t.Errorf("%s: sha256 %s, want %s", tt.name, got, tt.want)
		}
	}
}

// TestDialects: the dialects differ only in their schema lines, so the
// peers parse the very rows and queries the engine parses.
func TestDialects(t *testing.T) {
	rows := func(s string) string { _, after, _ := strings.Cut(s, "INSERT"); return after }
	for _, d := range Dialects {
		if rows(W1(d, 1000)) != rows(W1(CQL, 1000)) || rows(W3(d)) != rows(W3(CQL)) {
			t.Errorf("%s: the rows differ from CQL's", d)
		}
	}
	for d, want := range map[Dialect]string{
		CQL:    "CREATE KEYSPACE IF NOT EXISTS bench",
		SQL:    "CREATE TABLE readings (sensor TEXT, day TEXT, ts BIGINT, value DOUBLE PRECISION, note TEXT, PRIMARY KEY (sensor, day, ts));\nINSERT",
		SQLite: "CREATE TABLE readings (sensor TEXT, day TEXT, ts BIGINT, value DOUBLE PRECISION, note TEXT, PRIMARY KEY (sensor, day, ts)) WITHOUT ROWID;\nINSERT",
	} {
		if got := W1(d, 1); !strings.HasPrefix(got, want) {
			t.Errorf("W1(%s) starts %q, want %q", d, got[:min(len(got), 120)], want)
		}
	}
	if got := W1(CQL, 2); !strings.HasSuffix(got, "INSERT INTO readings (sensor, day, ts, value, note) VALUES ('s000', '2026-01-01', 1767225600000, 42.216, 'cold');\n"+
		"INSERT INTO readings (sensor, day, ts, value, note) VALUES ('s000', '2026-01-02', 1767312000000, 1.715, 'snow');\n") {
		t.Errorf("W1's first rows:\n%s", got)
	}
}

// TestW2 checks every query's window: W2RowsPerQuery consecutive steps inside
// a partition of W1's data.
func TestW2(t *testing.T) {
	qs := W2(2000)
	if qs[0] != "SELECT ts, value FROM readings WHERE sensor = 's000' AND day = '2026-01-01' AND ts >= 1767226570000 AND ts < 1767227070000;" {
		t.Errorf("first query %q", qs[0])
	}
	for _, q := range qs {
		if !strings.HasPrefix(q, "SELECT ts, value FROM readings WHERE sensor = 's") || !strings.HasSuffix(q, ";") {
			t.Fatalf("query %q", q)
		}
	}
}

func TestMulberry32(t *testing.T) {
	r := mulberry32{w1Seed}
	for i, want := range []uint32{1099142216, 2546506997, 3458901715, 4155710030} {
		if got := r.next(); got != want {
			t.Errorf("draw %d = %d, want %d", i, got, want)
		}
	}
}
