package schema

import (
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
	switch up {
	case "ALWAYS", "NEVER":
		return up, nil
	case "NONE":
		return "NEVER", nil
	}
	if p, kind, err := retryPolicy(s, up); kind != 0 {
		return p, err
	}
	// HybridSpeculativeRetryPolicy: ^(MIN|MAX)\(([0-9.]+[a-z]+)\s*,\s*([0-9.]+[a-z]+)\)$, any case;
	// an argument no policy reads makes the whole value invalid.
	if len(up) > 5 && (up[:4] == "MIN(" || up[:4] == "MAX(") && up[len(up)-1] == ')' {
		a1, a2, _ := strings.Cut(up[4:len(up)-1], ",")
		p1, k1, err1 := retryPolicy(s, strings.TrimRight(a1, " \t\n\v\f\r"))
		p2, k2, err2 := retryPolicy(s, strings.TrimLeft(a2, " \t\n\v\f\r"))
		if k1 != 0 && k2 != 0 && err1 == nil && err2 == nil {
			if k1 == k2 {
				return "", errRetryKinds(s, k1)
			}
			if k1 == 'm' {
				p1, p2 = p2, p1
			}
			return up[:3] + "(" + p1 + "," + p2 + ")", nil
		}
	}
	return "", errRetry(s)
}

// retryPolicy reads arg (upper case) as PercentileSpeculativeRetryPolicy.fromString
// (kind 'p': [0-9.]+ then P or PERCENTILE, between 0 and 100 exclusive,
// printed as DecimalFormat("#.####") and p) or FixedSpeculativeRetryPolicy.fromString
// (kind 'm': [0-9.]+ then MS, the double cast to int, printed %dms) would;
// kind 0 when it is neither form. s is the whole value, for the messages.
func retryPolicy(s, arg string) (string, byte, *cqlerr.Error) {
	i := 0
	for i < len(arg) && (arg[i] >= '0' && arg[i] <= '9' || arg[i] == '.') {
		i++
	}
	var kind byte
	switch arg[i:] {
	case "P", "PERCENTILE":
		kind = 'p'
	case "MS":
		kind = 'm'
	}
	if i == 0 || kind == 0 {
		return "", 0, nil
	}
	f, err := strconv.ParseFloat(arg[:i], 64)
	switch {
	case err != nil:
		return "", kind, errRetry(s)
	case kind == 'm': // Java's (int) narrowing
		return strconv.Itoa(int(min(f, 1<<31-1))) + "ms", kind, nil
	case f <= 0 || f >= 100:
		return "", kind, errRetryPercentile(s)
	}
	t := strings.TrimRight(strconv.FormatFloat(f, 'f', 4, 64), "0")
	return strings.TrimSuffix(t, ".") + "p", kind, nil
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

// errRetryKinds: MIN() or MAX() of two policies of one kind, 'p' or 'm'
// (HybridSpeculativeRetryPolicy.fromString).
func errRetryKinds(s string, kind byte) *cqlerr.Error {
	name := "PERCENTILE"
	if kind == 'm' {
		name = "FIXED"
	}
	return cqlerr.Config("Invalid value " + s + " for option 'speculative_retry': MIN()/MAX() arguments should be of different types, but both are of type " + name)
}
