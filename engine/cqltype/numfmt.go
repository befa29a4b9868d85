package cqltype

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Number renderings of the three audiences: cqlsh (Python), Cassandra's
// Java toString (JSON, CAST, toJSONString), and CQL literals.

// appendCqlshFloat appends a float or double as cqlsh's
// format_floating_point_type formats it with its default precision of 5: %g
// with the precision widened by the digits left of the point when the
// exponent is in [-4, precision). It appends in place, without a string per
// value (a W2 reply formats 50 doubles).
func appendCqlshFloat(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, "NaN"...)
	case math.IsInf(f, 1):
		return append(b, "Infinity"...)
	case math.IsInf(f, -1):
		return append(b, "-Infinity"...)
	}
	if out, ok := appendCqlshFloatFixed(b, f); ok {
		return out
	}
	return appendCqlshFloatG(b, f)
}

// appendCqlshFloatG is the general path: the truncated decimal logarithm
// sets the precision of strconv's %g.
func appendCqlshFloatG(b []byte, f float64) []byte {
	const precision = 5
	p := precision
	if math.Abs(f) > 2.220446049250313e-16 {
		exp := int(math.Log10(math.Abs(f))) // Python int() truncates toward zero
		if exp >= -4 && exp < precision {
			p = precision + exp + 1
		}
	}
	return strconv.AppendFloat(b, f, 'g', p, 64)
}

// appendCqlshFloatFixed is appendCqlshFloat's common case without
// math.Log10 and strconv's 128-bit arithmetic (slow in WebAssembly, where a
// 50-row reply of doubles spent a third of its time here). Inside
// (1e-4, 1e5), precision 5 widened by the exponent always asks for the digits
// down to 1e-5 (at or above 1) or 1e-6 (below), so %g there is %.5f or %.6f
// with the trailing zeros dropped: the value is scaled by 10^5 or 10^6 with
// one float multiplication and rounded to the nearest integer. It declines
// (ok false) whatever it cannot decide exactly as the general path does:
// values near a power of ten (where the truncated logarithm may fall either
// side) and products near a rounding tie (within far more than the one
// rounding the multiplication adds).
func appendCqlshFloatFixed(b []byte, f float64) ([]byte, bool) {
	const margin = 1e-12
	a := math.Abs(f)
	if !(a > 1e-4*(1+margin) && a < 1e5*(1-margin)) {
		return b, false
	}
	for _, p := range [...]float64{1e-3, 1e-2, 1e-1, 10, 100, 1e3, 1e4} {
		if a > p*(1-margin) && a < p*(1+margin) {
			return b, false
		}
	}
	scale, digits := 1e5, 5
	if a < 1 {
		scale, digits = 1e6, 6
	}
	y := a * scale
	n := math.Floor(y)
	if frac := y - n; frac > 0.5-1e-4 && frac < 0.5+1e-4 {
		return b, false
	}
	if y-n > 0.5 {
		n++
	}
	// A rounding that carries (9.999999 to 10) needs no care: the digits are
	// then 1 and zeros, which print as the power of ten %g prints.
	u, pow := uint64(n), uint64(scale)
	if f < 0 {
		b = append(b, '-')
	}
	b = strconv.AppendUint(b, u/pow, 10)
	frac := u % pow
	if frac == 0 {
		return b, true
	}
	var d [6]byte
	for i := digits - 1; i >= 0; i-- {
		d[i] = byte('0' + frac%10)
		frac /= 10
	}
	end := digits
	for d[end-1] == '0' {
		end--
	}
	return append(append(b, '.'), d[:end]...), true
}

// javaFloat formats as Java's Float.toString (bitSize 32) or
// Double.toString (64), FloatingDecimal's digits included (javafloat.go).
func javaFloat(f float64, bitSize int) string { return javaFloatString(f, bitSize) }

// JavaDouble formats f as Java's Double.toString: how Cassandra prints a
// double table option (bloom_filter_fp_chance, crc_check_chance) in DESCRIBE
// and in its messages.
func JavaDouble(f float64) string { return javaFloatString(f, 64) }

// javaDecimal formats unscaled×10^-scale as Java's BigDecimal.toString.
func javaDecimal(unscaled *big.Int, scale int32) string {
	digits := new(big.Int).Abs(unscaled).String()
	sign := ""
	if unscaled.Sign() < 0 {
		sign = "-"
	}
	n := int64(len(digits))
	adjusted := -int64(scale) + n - 1
	if scale >= 0 && adjusted >= -6 {
		s := int64(scale)
		switch {
		case s == 0:
			return sign + digits
		case n > s:
			return sign + digits[:n-s] + "." + digits[n-s:]
		default:
			return sign + "0." + strings.Repeat("0", int(s-n)) + digits
		}
	}
	out := sign + digits[:1]
	if n > 1 {
		out += "." + digits[1:]
	}
	out += "E"
	if adjusted > 0 {
		out += "+"
	}
	return out + strconv.FormatInt(adjusted, 10)
}

// pythonDecimal formats unscaled×10^-scale as str(decimal.Decimal) does,
// which is how the Python driver hands decimals to cqlsh.
func pythonDecimal(unscaled *big.Int, scale int32) string {
	digits := new(big.Int).Abs(unscaled).String()
	sign := ""
	if unscaled.Sign() < 0 {
		sign = "-"
	}
	exp := -int64(scale)
	n := int64(len(digits))
	left := exp + n
	dot := int64(1)
	if exp <= 0 && left > -6 {
		dot = left
	}
	var intPart, frac string
	switch {
	case dot <= 0:
		intPart, frac = "0", "."+strings.Repeat("0", int(-dot))+digits
	case dot >= n:
		intPart = digits + strings.Repeat("0", int(dot-n))
	default:
		intPart, frac = digits[:dot], "."+digits[dot:]
	}
	e := ""
	if left != dot {
		e = "E" + signed(left-dot)
	}
	return sign + intPart + frac + e
}

func signed(n int64) string {
	if n >= 0 {
		return "+" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

// ParseDecimal parses a decimal as Java's new BigDecimal(String): optional
// sign, digits with an optional point, optional exponent.
func ParseDecimal(s string) (*big.Int, int32, bool) {
	body := s
	neg := false
	if body != "" && (body[0] == '+' || body[0] == '-') {
		neg = body[0] == '-'
		body = body[1:]
	}
	mant, expPart, hasExp := strings.Cut(body, "e")
	if !hasExp {
		mant, expPart, hasExp = strings.Cut(body, "E")
	}
	var exp int64
	if hasExp {
		e := expPart
		if e != "" && (e[0] == '+' || e[0] == '-') {
			e = e[1:]
		}
		if !allDigits(e) {
			return nil, 0, false
		}
		var err error
		if exp, err = strconv.ParseInt(expPart, 10, 32); err != nil {
			return nil, 0, false // BigDecimal's exponent is an int
		}
	}
	ip, fp, _ := strings.Cut(mant, ".")
	if ip+fp == "" || (ip != "" && !allDigits(ip)) || (fp != "" && !allDigits(fp)) {
		return nil, 0, false
	}
	n, ok := ParseBigInt(ip + fp)
	if !ok {
		return nil, 0, false
	}
	if neg {
		n.Neg(n)
	}
	scale := int64(len(fp)) - exp
	if scale != int64(int32(scale)) {
		return nil, 0, false
	}
	return n, int32(scale), true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// compareDecimal orders two decimals numerically without materialising
// 10^scale (a corrupt scale can be two billion): by sign, then by the
// position of the leading digit, then digit by digit.
func compareDecimal(ua *big.Int, sa int32, ub *big.Int, sb int32) int {
	if c := cmpInt(ua.Sign(), ub.Sign()); c != 0 || ua.Sign() == 0 {
		return c
	}
	da, db := new(big.Int).Abs(ua).String(), new(big.Int).Abs(ub).String()
	adjA, adjB := int64(len(da))-int64(sa), int64(len(db))-int64(sb)
	c := cmpInt64(adjA, adjB)
	if c == 0 {
		c = compareDigits(da, db)
	}
	return c * ua.Sign()
}

// cmpInt and cmpInt64 are cmp.Compare for the two types the comparisons
// use: the generic one, not inlined in the WebAssembly build (-l), adds
// 1.5 KB to the module.
func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// compareDigits compares two digit strings as if the shorter were padded
// with trailing zeros.
func compareDigits(a, b string) int {
	n := len(a)
	if len(b) < n {
		n = len(b)
	}
	if c := strings.Compare(a[:n], b[:n]); c != 0 {
		return c
	}
	if strings.TrimRight(a[n:], "0") != "" {
		return 1
	}
	if strings.TrimRight(b[n:], "0") != "" {
		return -1
	}
	return 0
}
