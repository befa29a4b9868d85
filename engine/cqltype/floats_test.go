package cqltype

import (
	"bufio"
	"encoding/hex"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"
)

// testdata/floats.txt holds 800+ doubles (fixed cases, random bit patterns,
// random magnitudes) with their renderings computed by the reference
// implementations themselves: cqlsh's format_floating_point_type run under
// Python 3 with precision 5, and Double.toString, Float.toString and
// BigDecimal.valueOf(double).toString run under OpenJDK 17 (whose
// FloatingDecimal is the one Cassandra 4.1 runs on Java 8/11).
func TestFloatRenderingsAgainstReferences(t *testing.T) {
	f, err := os.Open("testdata/floats.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		p := strings.Split(line, " ")
		if len(p) != 8 {
			t.Fatalf("bad line %q", line)
		}
		d, _ := hex.DecodeString(p[0])
		fl, _ := hex.DecodeString(p[2])
		check := func(what, got, want string) {
			if got != want {
				t.Errorf("%s of %s: got %s, want %s", what, p[0], got, want)
			}
		}
		check("cqlsh double", DoubleType.Format(d), p[1])
		check("cqlsh float", FloatType.Format(fl), p[3])
		check("Double.toString", DoubleType.JSON(d), jsonNumber(p[4]))
		check("Float.toString", FloatType.JSON(fl), jsonNumber(p[5]))
		if dv, err := Cast(DoubleType, DecimalType, d); err == nil {
			check("cast double as decimal", DecimalType.Literal(dv), p[6])
		}
		if fv, err := Cast(FloatType, DecimalType, fl); err == nil {
			check("cast float as decimal", DecimalType.Literal(fv), p[7])
		}
		n++
	}
	if n < 800 {
		t.Fatalf("only %d cases read", n)
	}
}

func jsonNumber(java string) string {
	if java == "NaN" || strings.HasSuffix(java, "Infinity") {
		return "null"
	}
	return java
}

// testdata/decimals.txt: decimals as Python's Decimal prints them (cqlsh)
// and as BigDecimal.toString does, both computed by the real runtimes.
func TestDecimalRenderingsAgainstReferences(t *testing.T) {
	data, err := os.ReadFile("testdata/decimals.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		p := strings.Split(line, " ")
		u, _ := new(big.Int).SetString(p[0], 10)
		s, _ := strconv.ParseInt(p[1], 10, 32)
		v := DecimalValue(u, int32(s))
		if got := DecimalType.Format(v); got != p[2] {
			t.Errorf("cqlsh %s×10^-%s: got %s, want %s", p[0], p[1], got, p[2])
		}
		if got := DecimalType.JSON(v); got != p[3] {
			t.Errorf("Java %s×10^-%s: got %s, want %s", p[0], p[1], got, p[3])
		}
	}
}
