package schema

import (
	"math"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// retryPolicy reads speculative_retry or additional_write_policy as
// SpeculativeRetryPolicy.fromString does (service/reads/*SpeculativeRetryPolicy)
// and returns it as its toString prints it, unquoted: ALWAYS, NEVER (also
// written NONE), a percentile ("99.5PERCENTILE" prints 99.5p), a fixed delay
// ("50.7ms" prints 50ms), or MIN or MAX of one of each ("min(99p, 50ms)"
// prints MIN(99p,50ms)), whose values must read for it to.
func retryPolicy(s string) (string, *cqlerr.Error) {
	up := strings.ToUpper(s)
	if up == "NONE" {
		up = "NEVER"
	}
	if up == "ALWAYS" || up == "NEVER" {
		return up, nil
	}
	n := len(up) - len(strings.TrimLeft(up, "0123456789."))
	f, err := strconv.ParseFloat(up[:n], 64)
	switch up[n:] {
	case "MS":
		if n > 0 && err == nil {
			return strconv.Itoa(int(math.Min(f, math.MaxInt32))) + "ms", nil // (int) of a double
		}
	case "P", "PERCENTILE":
		if n > 0 && err == nil && (f <= 0 || f >= 100) {
			return "", errOption(mPercentile, s, "")
		}
		if n > 0 && err == nil { // DecimalFormat("#.####")
			return strings.TrimRight(strings.TrimRight(strconv.FormatFloat(f, 'f', 4, 64), "0"), ".") + "p", nil
		}
	}
	// HybridSpeculativeRetryPolicy: MIN|MAX(val\s*,\s*val).
	a, b, ok := strings.Cut(up, ",")
	if !ok || len(a) < 5 || a[:4] != "MIN(" && a[:4] != "MAX(" || !strings.HasSuffix(b, ")") {
		return "", errOption(mRetryValue, s, "")
	}
	x, errX := retryPolicy(strings.TrimRight(a[4:], " \t\n\v\f\r"))
	y, errY := retryPolicy(strings.TrimLeft(b[:len(b)-1], " \t\n\v\f\r"))
	px, py := strings.HasSuffix(x, "p"), strings.HasSuffix(y, "p")
	switch {
	case errX != nil || errY != nil || !px && !strings.HasSuffix(x, "ms") || !py && !strings.HasSuffix(y, "ms"):
		return "", errOption(mRetryValue, s, "")
	case px == py && px:
		return "", errOption(mRetryKinds, s, "PERCENTILE")
	case px == py:
		return "", errOption(mRetryKinds, s, "FIXED")
	case py:
		x, y = y, x
	}
	return a[:3] + "(" + x + "," + y + ")", nil
}
