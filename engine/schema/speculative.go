package schema

import (
	"math"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// speculativeRetry reads speculative_retry or additional_write_policy as
// SpeculativeRetryPolicy.fromString does (service/reads: Always, Never,
// Percentile, Fixed, then Hybrid policies) and returns the policy as its
// toString prints it: ALWAYS, NEVER, 99.5p, 50ms, MIN(99p,50ms).
func speculativeRetry(s string) (string, *cqlerr.Error) {
	up := strings.ToUpper(s)
	switch {
	case up == "ALWAYS":
		return "ALWAYS", nil
	case up == "NEVER" || up == "NONE":
		return "NEVER", nil
	}
	if v, kind := retryValue(s); kind != 0 {
		p, err := retryPolicy(s, v, kind)
		return p, err
	}
	// HybridSpeculativeRetryPolicy: ^(MIN|MAX)\(([0-9.]+[a-z]+)\s*,\s*([0-9.]+[a-z]+)\)$, any case.
	if len(up) > 5 && (up[:4] == "MIN(" || up[:4] == "MAX(") && up[len(up)-1] == ')' {
		args := strings.Split(s[4:len(s)-1], ",")
		if len(args) == 2 {
			a1, a2 := strings.TrimRight(args[0], javaSpace), strings.TrimLeft(args[1], javaSpace)
			if hybridArg(a1) && hybridArg(a2) {
				p1, err1 := speculativeRetry(a1)
				p2, err2 := speculativeRetry(a2)
				if err1 != nil || err2 != nil {
					return "", errRetry(s)
				}
				if p1[len(p1)-1] == p2[len(p2)-1] {
					kind := "PERCENTILE"
					if p1[len(p1)-1] == 's' {
						kind = "FIXED"
					}
					return "", errRetryKinds(s, kind)
				}
				if p1[len(p1)-1] == 's' {
					p1, p2 = p2, p1
				}
				return up[:3] + "(" + p1 + "," + p2 + ")", nil
			}
		}
	}
	return "", errRetry(s)
}

// javaSpace is what Java's \s matches.
const javaSpace = " \t\n\x0b\f\r"

// retryValue splits [0-9.]+ followed by p or percentile (kind 'p') or ms
// (kind 'm'), in any case; kind 0 when s is neither.
func retryValue(s string) (string, byte) {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 {
		return "", 0
	}
	switch strings.ToLower(s[i:]) {
	case "p", "percentile":
		return s[:i], 'p'
	case "ms":
		return s[:i], 'm'
	}
	return "", 0
}

// hybridArg is [0-9.]+[a-z]+ in any case.
func hybridArg(s string) bool {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 || i == len(s) {
		return false
	}
	for _, c := range strings.ToLower(s[i:]) {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// retryPolicy is PercentileSpeculativeRetryPolicy.fromString (kind 'p':
// between 0 and 100 exclusive, printed as DecimalFormat("#.####") and p) or
// FixedSpeculativeRetryPolicy.fromString (kind 'm': the double cast to int,
// printed %dms).
func retryPolicy(s, v string, kind byte) (string, *cqlerr.Error) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return "", errRetry(s)
	}
	if kind == 'm' {
		n := int64(math.Min(math.Max(f, math.MinInt32), math.MaxInt32)) // Java's (int) narrowing
		return strconv.FormatInt(n, 10) + "ms", nil
	}
	if f <= 0 || f >= 100 {
		return "", errRetryPercentile(s)
	}
	t := strings.TrimRight(strconv.FormatFloat(f, 'f', 4, 64), "0")
	return strings.TrimSuffix(t, ".") + "p", nil
}

// errRetry: a value no SpeculativeRetryPolicy reads (SpeculativeRetryPolicy.fromString
// and each policy's fromString; the message names speculative_retry for
// additional_write_policy too).
func errRetry(s string) *cqlerr.Error {
	return cqlerr.Config("Invalid value " + s + " for option 'speculative_retry'")
}

// errRetryPercentile: a percentile outside (0, 100) (PercentileSpeculativeRetryPolicy.fromString).
func errRetryPercentile(s string) *cqlerr.Error {
	return cqlerr.Config("Invalid value " + s + " for PERCENTILE option 'speculative_retry': must be between (0.0 and 100.0)")
}

// errRetryKinds: MIN() or MAX() of two policies of one kind (HybridSpeculativeRetryPolicy.fromString).
func errRetryKinds(s, kind string) *cqlerr.Error {
	return cqlerr.Config("Invalid value " + s + " for option 'speculative_retry': MIN()/MAX() arguments should be of different types, but both are of type " + kind)
}
