package cqltype

import (
	"math/big"
	"strconv"
)

// ParseBigInt parses s as (*big.Int).SetString(s, 10) does: an optional sign
// and one or more decimal digits, nothing else.
//
// It exists for the WebAssembly module's size: SetString (and Rat.SetString)
// go through math/big's scanner, whose error path calls fmt.Sprintf, and that
// one call links fmt's printer into the module (about 100 KB of code).
// Reading 18 digits at a time with strconv costs the same multiplications the
// scanner does.
func ParseBigInt(s string) (*big.Int, bool) {
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return nil, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return nil, false
		}
	}
	const chunk = 18 // 10^18 < 2^63: every chunk fits a uint64
	first := len(s) % chunk
	if first == 0 {
		first = chunk
	}
	u, _ := strconv.ParseUint(s[:first], 10, 64)
	z := new(big.Int).SetUint64(u)
	if len(s) > first {
		pow := new(big.Int).SetUint64(1e18)
		var c big.Int
		for i := first; i < len(s); i += chunk {
			u, _ = strconv.ParseUint(s[i:i+chunk], 10, 64)
			z.Mul(z, pow).Add(z, c.SetUint64(u))
		}
	}
	if neg {
		z.Neg(z)
	}
	return z, true
}
