package query

import (
	"math"
	"math/big"
	"testing"
)

func bigInt(n int64) *big.Int { return big.NewInt(n) }

// TestJavaDecimal: BigDecimal.valueOf(double) takes Java's Double.toString
// digits, whose form sets the scale.
func TestJavaDecimal(t *testing.T) {
	for _, c := range []struct {
		x        float64
		unscaled string
		scale    int32
	}{
		{0, "0", 1}, {123, "1230", 1}, {0.001, "1", 3}, {0.1, "1", 1}, {-2.5, "-25", 1},
		{1e308, "10", -307}, {math.MaxFloat64, "17976931348623157", -292}, {1e7, "10", -6},
		{1234567, "12345670", 1}, {1e-4, "10", 5}, {100, "1000", 1},
	} {
		d := javaDecimal(c.x)
		if d.int().String() != c.unscaled || d.scale != c.scale {
			t.Errorf("javaDecimal(%v) = %s scale %d, want %s scale %d", c.x, d.int(), d.scale, c.unscaled, c.scale)
		}
	}
}

// TestKahan follows AggregateFcts: compensated sums, infinities kept, NaN
// from opposite infinities, and the average's switch to BigDecimal when
// the sum of finite values overflows.
func TestKahan(t *testing.T) {
	sum := func(xs ...float64) float64 {
		var k kahan
		for _, x := range xs {
			k.add(x, false)
		}
		return k.total()
	}
	avg := func(xs ...float64) float64 {
		var k kahan
		for _, x := range xs {
			k.add(x, true)
		}
		return k.mean()
	}
	tenths := make([]float64, 17)
	for i := range tenths {
		tenths[i] = float64(i+1) / 10
	}
	naive := 0.0
	for _, x := range tenths {
		naive += x
	}
	if got := sum(tenths...); got != 15.3 || naive == 15.3 {
		t.Errorf("Kahan sum of 0.1..1.7 = %v (naive %v), want 15.3", got, naive)
	}
	if got := avg(tenths...); got != 0.9 {
		t.Errorf("avg of 0.1..1.7 = %v, want 0.9", got)
	}
	if got := sum(math.Inf(1), math.Inf(1)); !math.IsInf(got, 1) {
		t.Errorf("sum(+Inf, +Inf) = %v", got)
	}
	if got := sum(math.Inf(1), math.Inf(-1)); !math.IsNaN(got) {
		t.Errorf("sum(+Inf, -Inf) = %v, want NaN", got)
	}
	if got := avg(math.MaxFloat64, math.MaxFloat64); got != math.MaxFloat64 {
		t.Errorf("avg(max, max) = %v, want the max: the sum overflowed into BigDecimal", got)
	}
	// The overflowed sum is 2.0E308 (20, scale -307); -1.0E307 (-10, scale
	// -306) makes it 190 at scale -306, and 190 / 3 rounds to 63 at that
	// scale: Java's average is 6.3E307, not 6.33...E307.
	if got := avg(1e308, 1e308, -1e307); got != 6.3e307 {
		t.Errorf("avg(1e308, 1e308, -1e307) = %v, want 6.3e307 (BigDecimal at Double.toString's scale)", got)
	}
	if got := avg(); got != 0 {
		t.Errorf("avg() = %v", got)
	}
}

// TestDecimalAvg: a running mean rounded HALF_EVEN at each step's scale.
func TestDecimalAvg(t *testing.T) {
	dec := func(u int64, s int32) decimal { return decimal{bigInt(u), s} }
	for _, c := range []struct {
		in    []decimal
		want  string
		scale int32
	}{
		{[]decimal{dec(1, 0), dec(2, 0)}, "1", 0},            // 1 + (2-1)/2 = 1 + 0 (0.5 to even)
		{[]decimal{dec(1, 0), dec(4, 0)}, "3", 0},            // 1 + 3/2 = 1 + 2
		{[]decimal{dec(10, 1), dec(20, 1)}, "15", 1},         // 1.0, 2.0 -> 1.5
		{[]decimal{dec(1, 0), dec(2, 0), dec(2, 0)}, "1", 0}, // 1; 1 + 1/2 = 1 (to even); 1 + 1/3 = 1
		{[]decimal{dec(-1, 0), dec(-4, 0)}, "-3", 0},         // -1 + (-3/2 = -2)
	} {
		var a decimalAvg
		for _, d := range c.in {
			a.add(d)
		}
		if a.avg.int().String() != c.want || a.avg.scale != c.scale {
			t.Errorf("avg %v = %s scale %d, want %s scale %d", c.in, a.avg.int(), a.avg.scale, c.want, c.scale)
		}
	}
}
