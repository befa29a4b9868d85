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
