package schema

import (
	"math"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// retryPolicy reads speculative_retry or additional_write_policy as
// SpeculativeRetryPolicy.fromString does (service/reads/*SpeculativeRetryPolicy)
// and returns it quoted, as its toString prints it: ALWAYS, NEVER (also
// written NONE), a percentile ("99p", "99.5PERCENTILE" prints 99.5p), a fixed
// delay ("50ms"), or MIN or MAX of one of each ("min(99p, 50ms)" prints
// MIN(99p,50ms)). Case does not matter.
func retryPolicy(s string) (string, *cqlerr.Error) {
	up := strings.ToUpper(s)
	text, kind, err := retryTerm(s, up)
	if kind == "" && len(up) > 5 && (up[:4] == "MIN(" || up[:4] == "MAX(") && up[len(up)-1] == ')' {
		// HybridSpeculativeRetryPolicy: MIN|MAX(val\s*,\s*val), each val [0-9.]+[a-z]+.
		a, b, ok := strings.Cut(up[4:len(up)-1], ",")
		a, b = strings.TrimRight(a, " \t\n\f\r\v"), strings.TrimLeft(b, " \t\n\f\r\v")
		if ok && hybridTerm(a) && hybridTerm(b) {
			ta, ka, ea := retryTerm(a, a)
			tb, kb, eb := retryTerm(b, b)
			switch {
			case ka == "" || kb == "" || ea != nil || eb != nil:
				return "", errRetryValue(s)
			case ka == kb:
				return "", errRetrySameKind(s, ka)
			case ka != "PERCENTILE":
				ta, tb = tb, ta
			}
			return "'" + up[:4] + ta + "," + tb + ")'", nil
		}
	}
	if kind == "" && err == nil {
		err = errRetryValue(s)
	}
	return "'" + text + "'", err
}

// retryTerm reads one policy other than MIN/MAX: its text, its kind (""
// when up, s in upper case, is none of them) or the error of one that does not
// read.
func retryTerm(s, up string) (string, string, *cqlerr.Error) {
	switch up {
	case "ALWAYS":
		return up, up, nil
	case "NEVER", "NONE":
		return "NEVER", "NEVER", nil
	}
	i := strings.IndexFunc(up, func(r rune) bool { return r != '.' && (r < '0' || r > '9') })
	if i <= 0 {
		return "", "", nil
	}
	f, perr := strconv.ParseFloat(up[:i], 64)
	switch up[i:] {
	case "P", "PERCENTILE":
		if perr != nil {
			return "", "PERCENTILE", errRetryValue(s)
		}
		if f <= 0 || f >= 100 {
			return "", "PERCENTILE", errRetryPercentile(s)
		}
		// DecimalFormat("#.####")
		p := strings.TrimRight(strings.TrimRight(strconv.FormatFloat(f, 'f', 4, 64), "0"), ".")
		return p + "p", "PERCENTILE", nil
	case "MS":
		if perr != nil {
			return "", "FIXED", errRetryValue(s)
		}
		return strconv.Itoa(int(math.Min(f, math.MaxInt32))) + "ms", "FIXED", nil // (int) of a double
	}
	return "", "", nil
}

// hybridTerm: s matches [0-9.]+[A-Z]+.
func hybridTerm(s string) bool {
	i := strings.TrimLeft(s, "0123456789.")
	return i != "" && len(i) < len(s) && strings.Trim(i, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
}

// The messages of SpeculativeRetryPolicy.fromString and its policies, which
// name speculative_retry whichever option was read.

func errRetryValue(s string) *cqlerr.Error {
	return cqlerr.Config("Invalid value " + s + " for option 'speculative_retry'")
}

func errRetryPercentile(s string) *cqlerr.Error {
	return cqlerr.Config("Invalid value " + s + " for PERCENTILE option 'speculative_retry': must be between (0.0 and 100.0)")
}

func errRetrySameKind(s, kind string) *cqlerr.Error {
	return cqlerr.Config("Invalid value " + s + " for option 'speculative_retry': MIN()/MAX() arguments should be of different types, but both are of type " + kind)
}
