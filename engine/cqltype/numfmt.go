package cqltype

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Number renderings of the three audiences: cqlsh (Python), Cassandra's
// Java toString (JSON, CAST, toJSONString), and CQL literals.

// cqlshFloat formats a float or double as cqlsh's format_floating_point_type
// does with its default precision of 5: %g with the precision widened by the
// digits left of the point when the exponent is in [-4, precision).
func cqlshFloat(f float64) string {
	const precision = 5
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	p := precision
	if math.Abs(f) > 2.220446049250313e-16 {
		exp := int(math.Log10(math.Abs(f))) // Python int() truncates toward zero
		if exp >= -4 && exp < precision {
			p = precision + exp + 1
		}
	}
	return strconv.FormatFloat(f, 'g', p, 64)
}

// javaFloat formats as Java's Float.toString (bitSize 32) or
// Double.toString (64), FloatingDecimal's digits included (javafloat.go).
func javaFloat(f float64, bitSize int) string { return javaFloatString(f, bitSize) }

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
