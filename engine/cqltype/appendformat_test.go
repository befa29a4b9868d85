package cqltype

import (
	"math/big"
	"testing"
)

// TestAppendFormatIsFormat checks that AppendFormat appends exactly what
// Format returns, including the fixed-width integer fast path and null.
func TestAppendFormatIsFormat(t *testing.T) {
	tests := []struct {
		typ  *Type
		v    Value
		want string
	}{
		{IntType, Int32Value(-2147483648), "-2147483648"},
		{IntType, Int32Value(42), "42"},
		{BigintType, Int64Value(1767225600000), "1767225600000"},
		{BigintType, Int64Value(-9223372036854775808), "-9223372036854775808"},
		{VarintType, VarintValue(new(big.Int).Lsh(big.NewInt(1), 70)), "1180591620717411303424"},
		{IntType, Value{1, 2}, "0x0102"}, // malformed width: shown as bytes, as before
		{TextType, Value("it's"), "it's"},
		{DoubleType, DoubleValue(42.216), "42.216"},
		{IntType, nil, "null"},
		{CounterType, Int64Value(-3), "-3"},
		{BigintType, Value{1, 2, 3}, "0x010203"},
		{DoubleType, DoubleValue(-0.000123), "-0.000123"},
		{DoubleType, DoubleValue(100), "100"},
		{DoubleType, DoubleValue(1e-7), "1e-07"},
		{DoubleType, DoubleValue(1234567.5), "1.2346e+06"},
		{DoubleType, Value{1, 2}, "0x0102"},
		{TextType, Value(`a\b`), `a\\b`},
		{TextType, Value("tab\there"), `tab\there`},
		{TextType, Value("été"), "été"},
		{TextType, Value("\x7f"), `\x7f`},
		{TextType, Value{}, ""},
		{TextType, Value{0xff}, "0xff"},
		{AsciiType, Value("plain ascii ~"), "plain ascii ~"},
	}
	for _, tt := range tests {
		if got := tt.typ.Format(tt.v); got != tt.want {
			t.Errorf("%s Format(%x) = %q, want %q", tt.typ, tt.v, got, tt.want)
		}
		if got := string(tt.typ.AppendFormat([]byte("x|"), tt.v)); got != "x|"+tt.want {
			t.Errorf("%s AppendFormat(%x) = %q, want %q", tt.typ, tt.v, got, "x|"+tt.want)
		}
	}
}
