package query

import (
	"math/big"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// TestRatValueRoundsAsRat checks that ratValue, which avoids Rat.Float32 and
// Rat.Float64 (they link fmt into the WebAssembly module), rounds sums and
// averages to float and double exactly as they do, and that decimalRat reads
// strconv's output as Rat.SetString does.
func TestRatValueRoundsAsRat(t *testing.T) {
	rats := []string{"0", "1/3", "-2/3", "1/10", "7/2", "123456789/1000", "16777217/1", "9007199254740993/1",
		"1/16777216", "-33554431/2", "1/7", "22/7", "1e40", "-1e300", "3e38", "4e38", "1e-30", "1e-50", "-1e-400"}
	for _, s := range rats {
		r, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatalf("bad test rational %q", s)
		}
		want32, _ := r.Float32()
		if got, _ := cqltype.FloatOf(ratValue(cqltype.FloatType, r, 1)); got != want32 {
			t.Errorf("float of %s: %v, Rat.Float32 gives %v", s, got, want32)
		}
		want64, _ := r.Float64()
		if got, _ := cqltype.DoubleOf(ratValue(cqltype.DoubleType, r, 1)); got != want64 {
			t.Errorf("double of %s: %v, Rat.Float64 gives %v", s, got, want64)
		}
	}
	for _, s := range []string{"0", "-0", "1.5", "-2.25e-07", "1e+21", "123456.789", "5e-324", "1.7976931348623157e+308"} {
		want, _ := new(big.Rat).SetString(s)
		if got := decimalRat(s); got.Cmp(want) != 0 {
			t.Errorf("decimalRat(%q) = %s, want %s", s, got, want)
		}
	}
	for _, s := range []string{"NaN", "+Inf", "-Inf", ""} {
		if got := decimalRat(s); got != nil {
			t.Errorf("decimalRat(%q) = %s, want nil", s, got)
		}
	}
}
