package cqltype

import (
	"math/big"
	"strings"
	"testing"
)

// TestParseBigIntMatchesSetString checks ParseBigInt against the
// (*big.Int).SetString it replaces in the engine, on valid and invalid text.
func TestParseBigIntMatchesSetString(t *testing.T) {
	long := strings.Repeat("9876543210", 7) // 70 digits: several 18-digit chunks
	inputs := []string{
		"0", "-0", "+0", "7", "-7", "+7", "007", "123456789012345678", "1234567890123456789",
		"999999999999999999", "1000000000000000000", "18446744073709551615", "18446744073709551616",
		"-9223372036854775808", "-9223372036854775809", long, "-" + long, "1" + strings.Repeat("0", 36),
		"", "+", "-", "--1", "+-1", "1_000", "0x10", "1.5", "1e3", " 1", "1 ", "١", "12a",
	}
	for _, s := range inputs {
		want, wantOK := new(big.Int).SetString(s, 10)
		got, ok := ParseBigInt(s)
		if ok != wantOK {
			t.Errorf("ParseBigInt(%q) ok = %v, SetString says %v", s, ok, wantOK)
			continue
		}
		if ok && got.Cmp(want) != 0 {
			t.Errorf("ParseBigInt(%q) = %s, want %s", s, got, want)
		}
		if !ok && got != nil {
			t.Errorf("ParseBigInt(%q) = %s on failure, want nil", s, got)
		}
	}
}

func FuzzParseBigInt(f *testing.F) {
	for _, s := range []string{"0", "-12", "+1234567890123456789012345", "1x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, wantOK := new(big.Int).SetString(s, 10)
		got, ok := ParseBigInt(s)
		if ok != wantOK || ok && got.Cmp(want) != 0 {
			t.Fatalf("ParseBigInt(%q) = %v, %v; SetString: %v, %v", s, got, ok, want, wantOK)
		}
	})
}
