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
	case "ALWAYS":
		return up, nil
	case "NEVER", "NONE":
		return "NEVER", nil
	}
	if p, kind, err := retryPolicy(s, s); kind != 0 {
		return p, err
	}
	// HybridSpeculativeRetryPolicy: ^(MIN|MAX)\(([0-9.]+[a-z]+)\s*,\s*([0-9.]+[a-z]+)\)$, any case;
	// an argument no policy reads makes the whole value invalid.
	if strings.HasPrefix(up, "MIN(") || strings.HasPrefix(up, "MAX(") {
		a1, a2, _ := strings.Cut(strings.TrimSuffix(s[4:], ")"), ",")
		p1, k1, err1 := retryPolicy(s, strings.TrimRight(a1, " \t\n\v\f\r"))
		p2, k2, err2 := retryPolicy(s, strings.TrimLeft(a2, " \t\n\v\f\r"))
		switch {
		case k1 == 0 || k2 == 0 || err1 != nil || err2 != nil || !strings.HasSuffix(s, ")"):
		case k1 == k2 && k1 == 'p':
			return "", errRetryKinds(s, "PERCENTILE")
		case k1 == k2:
			return "", errRetryKinds(s, "FIXED")
		case k1 == 'm':
			return up[:3] + "(" + p2 + "," + p1 + ")", nil
		default:
			return up[:3] + "(" + p1 + "," + p2 + ")", nil
		}
	}
	return "", errRetry(s)
}

// retryPolicy reads arg as PercentileSpeculativeRetryPolicy.fromString (kind
// 'p': [0-9.]+ then p or percentile, between 0 and 100 exclusive, printed as
// DecimalFormat("#.####") and p) or FixedSpeculativeRetryPolicy.fromString
// (kind 'm': [0-9.]+ then ms, the double cast to int, printed %dms) would;
// kind 0 when it is neither form. s is the whole value, for the messages.
func retryPolicy(s, arg string) (string, byte, *cqlerr.Error) {
	num := strings.TrimRight(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
	var kind byte
	switch strings.ToLower(arg[len(num):]) {
	case "p", "percentile":
		kind = 'p'
	case "ms":
		kind = 'm'
	}
	if num == "" || strings.Trim(num, "0123456789.") != "" || kind == 0 {
		return "", 0, nil
	}
	f, err := strconv.ParseFloat(num, 64)
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

// errRetryKinds: MIN() or MAX() of two policies of one kind (HybridSpeculativeRetryPolicy.fromString).
func errRetryKinds(s, kind string) *cqlerr.Error {
	return cqlerr.Config("Invalid value " + s + " for option 'speculative_retry': MIN()/MAX() arguments should be of different types, but both are of type " + kind)
}
