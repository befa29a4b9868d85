package query

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// addNumber adds v to a sum or avg state of type t.
func (st *aggState) addNumber(t *cqltype.Type, v cqltype.Value, avg bool) {
	switch t.Kind {
	case cqltype.Float:
		f, _ := cqltype.FloatOf(v)
		st.kahan.add(float64(f), avg)
	case cqltype.Double:
		f, _ := cqltype.DoubleOf(v)
		st.kahan.add(f, avg)
	case cqltype.Decimal:
		u, scale, ok := cqltype.DecimalOf(v)
		if !ok {
			return
		}
		if avg {
			st.decAvg.add(decimal{u, scale})
		} else {
			st.decSum = st.decSum.add(decimal{u, scale})
		}
	default:
		if st.sum == nil {
			st.sum = new(big.Rat)
		}
		if r := numberRat(t, v); r != nil {
			st.sum.Add(st.sum, r)
		}
	}
}

// number is a sum or avg state's result in type t.
func (st *aggState) number(t *cqltype.Type, avg bool) cqltype.Value {
	switch t.Kind {
	case cqltype.Float, cqltype.Double:
		f := st.kahan.total()
		if avg {
			f = st.kahan.mean()
		}
		if t.Kind == cqltype.Float {
			return cqltype.FloatValue(float32(f))
		}
		return cqltype.DoubleValue(f)
	case cqltype.Decimal:
		d := st.decSum
		if avg {
			d = st.decAvg.avg
		}
		return cqltype.DecimalValue(d.int(), d.scale)
	}
	if avg {
		return ratValue(t, st.sum, st.count)
	}
	return ratValue(t, st.sum, 1)
}

// The sum and avg of floating-point and decimal values, computed as
// Cassandra 4.1's AggregateFcts computes them, so that results agree to the
// last digit: float and double sums in double arithmetic with Kahan's
// compensation (FloatSumAggregate), their averages the same way switching to
// BigDecimal when the sum overflows (FloatAvgAggregate), decimal sums exact
// and decimal averages a running mean rounded HALF_EVEN at the scale of each
// step (avgFunctionForDecimal). Integer types keep the exact sum of
// aggState.sum: wrapping it to the type's width, or truncating its mean,
// gives what Java's long and BigInteger arithmetic gives.

// kahan is FloatSumAggregate and FloatAvgAggregate's state.
type kahan struct {
	sum, compensation, simple float64
	count                     int64
	// overflow: the double sum overflowed while its inputs were finite, and
	// the average goes on in BigDecimal (big, from Double.toString's digits).
	overflow bool
	big      decimal
}

func (k *kahan) add(x float64, avg bool) {
	k.count++
	if k.overflow {
		k.big = k.big.add(javaDecimal(x))
		return
	}
	k.simple += x
	prev := k.sum
	tmp := x - k.compensation
	rounded := k.sum + tmp
	k.compensation = (rounded - k.sum) - tmp
	k.sum = rounded
	if avg && math.IsInf(k.sum, 0) && !math.IsInf(x, 0) {
		k.overflow = true
		k.big = javaDecimal(prev).add(javaDecimal(x))
	}
}

// total is computeInternal's sum: a NaN from adding same-signed infinities
// gives way to the plain sum.
func (k *kahan) total() float64 {
	tmp := k.sum + k.compensation
	if math.IsNaN(tmp) && math.IsInf(k.simple, 0) {
		return k.simple
	}
	return tmp
}

func (k *kahan) mean() float64 {
	switch {
	case k.count == 0:
		return 0
	case k.overflow:
		return k.big.divHalfEven(k.count).float64()
	}
	return k.total() / float64(k.count)
}

// decimal is a BigDecimal: unscaled × 10^-scale.
type decimal struct {
	unscaled *big.Int
	scale    int32
}

func (d decimal) int() *big.Int {
	if d.unscaled == nil {
		return new(big.Int)
	}
	return d.unscaled
}

// align returns a and b at the larger of their scales.
func align(a, b decimal) (x, y *big.Int, scale int32) {
	x, y = a.int(), b.int()
	switch {
	case a.scale < b.scale:
		x = new(big.Int).Mul(x, pow10(b.scale-a.scale))
		return x, y, b.scale
	case b.scale < a.scale:
		y = new(big.Int).Mul(y, pow10(a.scale-b.scale))
	}
	return x, y, a.scale
}

func (d decimal) add(e decimal) decimal {
	x, y, s := align(d, e)
	return decimal{new(big.Int).Add(x, y), s}
}

func (d decimal) sub(e decimal) decimal {
	x, y, s := align(d, e)
	return decimal{new(big.Int).Sub(x, y), s}
}

// divHalfEven is BigDecimal.divide(BigDecimal.valueOf(n), HALF_EVEN): the
// quotient at d's own scale.
func (d decimal) divHalfEven(n int64) decimal {
	den := big.NewInt(n)
	q, r := new(big.Int).QuoRem(d.int(), den, new(big.Int))
	// Compare twice the remainder with the divisor, by magnitude.
	twice := new(big.Int).Abs(r)
	twice.Lsh(twice, 1)
	if c := twice.Cmp(new(big.Int).Abs(den)); c > 0 || c == 0 && q.Bit(0) == 1 {
		if (d.int().Sign() < 0) != (n < 0) {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return decimal{q, d.scale}
}

// float64 is BigDecimal.doubleValue: the nearest double.
func (d decimal) float64() float64 {
	r := new(big.Rat).SetInt(d.int())
	if d.scale > 0 {
		r.Quo(r, new(big.Rat).SetInt(pow10(d.scale)))
	} else if d.scale < 0 {
		r.Mul(r, new(big.Rat).SetInt(pow10(-d.scale)))
	}
	f, _ := new(big.Float).SetPrec(53).SetRat(r).Float64() // not r.Float64(): it links fmt
	return f
}

func pow10(n int32) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}

// javaDecimal is BigDecimal.valueOf(x): the decimal Java's Double.toString
// writes, whose digits set the scale ("1.0E308" is 10 × 10^307, "123.0" is
// 1230 × 10^-1), which the average's rounding then keeps.
func javaDecimal(x float64) decimal {
	if x == 0 {
		return decimal{new(big.Int), 1} // "0.0"
	}
	// The shortest digits that read back as x, and x's decimal exponent.
	s := strconv.FormatFloat(math.Abs(x), 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	digits := strings.Replace(mant, ".", "", 1)
	e, _ := strconv.Atoi(exp)
	n := len(digits)
	// Java writes 1e-3 <= |x| < 1e7 plainly (123.0, 0.001), others as
	// 1.0E308, with at least one digit after the point either way.
	a := math.Abs(x)
	plain := a >= 1e-3 && a < 1e7
	frac := n - 1
	if plain {
		frac = n - 1 - e
	}
	frac = max(1, frac)
	scale := frac
	if !plain {
		scale = frac - e
	}
	// x = digits × 10^(e-(n-1)) = unscaled × 10^-scale.
	u, _ := cqltype.ParseBigInt(digits) // not SetString: its scanner links fmt into the module
	if pad := scale - (n - 1 - e); pad > 0 {
		u.Mul(u, pow10(int32(pad)))
	}
	if x < 0 {
		u.Neg(u)
	}
	return decimal{u, int32(scale)}
}

// decimalAvg is avgFunctionForDecimal's running mean:
// avg = avg + (value - avg) / count, each step rounded HALF_EVEN at the
// scale of value - avg.
type decimalAvg struct {
	avg   decimal
	count int64
}

func (a *decimalAvg) add(v decimal) {
	a.count++
	a.avg = a.avg.add(v.sub(a.avg).divHalfEven(a.count))
}
