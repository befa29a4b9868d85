package cqltype

import (
	"math"
	"math/rand"
	"testing"
)

// The fixed-point path must print exactly what the general %g path prints
// wherever it accepts a value, and accept the values results are made of.
func TestCqlshFloatFixedAgreesWithG(t *testing.T) {
	check := func(f float64) bool {
		got, ok := appendCqlshFloatFixed(nil, f)
		if !ok {
			return false
		}
		if want := appendCqlshFloatG(nil, f); string(got) != string(want) {
			t.Fatalf("%v (%x): fixed %q, general %q", f, math.Float64bits(f), got, want)
		}
		return true
	}
	accepted, total := 0, 0
	count := func(ok bool) {
		total++
		if ok {
			accepted++
		}
	}
	// Three decimals, as W1 writes them, both signs.
	for k := 0; k < 300_000; k++ {
		count(check(float64(k) / 1000))
		count(check(-float64(k)/1000 - 0.5))
	}
	rng := rand.New(rand.NewSource(3))
	for range 300_000 {
		f := math.Pow(10, rng.Float64()*11-5.5) // 3e-6 to 3e5
		if rng.Intn(2) == 0 {
			f = -f
		}
		check(f)
		check(float64(float32(f)))
	}
	// Around every power of ten and every rounding tie of the digits kept.
	for e := -6; e <= 6; e++ {
		p := math.Pow(10, float64(e))
		for _, m := range []float64{1, 0.5, 1.5, 9.5, 99999.5, 999999.5} {
			x := m * p
			for i, y := 0, x; i < 40; i, y = i+1, math.Nextafter(y, math.Inf(1)) {
				check(y)
			}
			for i, y := 0, x; i < 40; i, y = i+1, math.Nextafter(y, 0) {
				check(y)
			}
		}
	}
	for _, f := range []float64{1.015625, 0.5, 0.25, 2.5e-5, 12345.678915, 99999.999995, 0.0999995, 0.9999995} {
		check(f)
	}
	if accepted < total*99/100 {
		t.Errorf("fixed path accepted %d of %d three-decimal values", accepted, total)
	}
}

// Values outside (1e-4, 1e5), near a power of ten, or at a tie are the
// general path's.
func TestCqlshFloatFixedDeclines(t *testing.T) {
	for _, f := range []float64{0, math.Copysign(0, -1), 1e-4, 5e-5, 1e5, 123456, 10, 100, 0.1, 0.001, -1000, 1.015625, math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got, ok := appendCqlshFloatFixed(nil, f); ok {
			t.Errorf("%v: fixed path printed %q; want it to decline", f, got)
		}
	}
}
