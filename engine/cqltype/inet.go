package cqltype

import (
	"strconv"
	"strings"
)

// ParseInet parses an inet literal as InetAddress.getByName does for the
// forms a simulated cluster can resolve: IPv4 in Java's 1 to 4 part forms
// ("127.0.0.1", "127.1", "2130706433"), IPv6 with or without brackets
// (IPv4-mapped addresses become 4-byte IPv4, as Java converts them), and the
// name localhost. Any other name would need DNS: it fails as an unknown host.
func ParseInet(s string) (Value, bool) {
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") && len(s) > 2 {
		return parseIPv6(s[1 : len(s)-1])
	}
	if strings.EqualFold(s, "localhost") {
		return []byte{127, 0, 0, 1}, true
	}
	if v, ok := parseJavaIPv4(s); ok {
		return v, true
	}
	if strings.Contains(s, ":") {
		return parseIPv6(s)
	}
	return nil, false
}

func parseIPv6(s string) (Value, bool) {
	if i := strings.IndexByte(s, '%'); i >= 0 {
		// A numeric scope id is accepted and not stored (getAddress drops
		// it); a named one would need the host's interfaces.
		if !allDigits(s[i+1:]) {
			return nil, false
		}
		s = s[:i]
	}
	return parseJavaIPv6(s)
}

// parseJavaIPv6 is IPAddressUtil.textToNumericFormatV6 (after the scope id
// is cut off): groups of hex digits whose value fits 16 bits (so "00001" is
// a group, as in Java, where inet_pton would refuse it), one "::", and an
// A.B.C.D tail parsed as textToNumericFormatV4 does. An IPv4-mapped address
// becomes its 4 IPv4 bytes, as Java converts it. Digits are ASCII only (Java's
// Character.digit also takes other scripts' digits, which no reader types).
func parseJavaIPv6(s string) (Value, bool) {
	if len(s) < 2 {
		return nil, false // the shortest address is "::"
	}
	var dst [16]byte
	i, j, gap := 0, 0, -1
	if s[0] == ':' {
		if s[1] != ':' {
			return nil, false
		}
		i = 1
	}
	group, val, sawDigit := i, 0, false
	for i < len(s) {
		c := s[i]
		i++
		if d := hexDigit(c); d >= 0 {
			if val = val<<4 | d; val > 0xffff {
				return nil, false
			}
			sawDigit = true
			continue
		}
		if c == ':' {
			group = i
			if !sawDigit {
				if gap >= 0 {
					return nil, false // a second "::"
				}
				gap = j
				continue
			}
			if i == len(s) || j+2 > 16 {
				return nil, false // a trailing single ':' or a ninth group
			}
			dst[j], dst[j+1] = byte(val>>8), byte(val)
			j += 2
			val, sawDigit = 0, false
			continue
		}
		if c == '.' && j+4 <= 16 {
			tail := s[group:]
			if strings.Count(tail, ".") != 3 {
				return nil, false
			}
			v4, ok := parseJavaIPv4(tail)
			if !ok {
				return nil, false
			}
			j += copy(dst[j:], v4)
			sawDigit = false
			break
		}
		return nil, false
	}
	if sawDigit {
		if j+2 > 16 {
			return nil, false
		}
		dst[j], dst[j+1] = byte(val>>8), byte(val)
		j += 2
	}
	if gap >= 0 {
		if j == 16 {
			return nil, false // "::" standing for no group
		}
		n := j - gap
		copy(dst[16-n:], dst[gap:j])
		clear(dst[gap : 16-n])
		j = 16
	}
	if j != 16 {
		return nil, false
	}
	if [12]byte(dst[:12]) == [12]byte{10: 0xff, 11: 0xff} {
		return Value(dst[12:]), true
	}
	return Value(dst[:]), true
}

// hexDigit is the value of an ASCII hex digit, or -1.
func hexDigit(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// parseJavaIPv4 is IPAddressUtil.textToNumericFormatV4: at most 15
// characters of decimal parts, each but the last a byte, the last filling
// the remaining bytes ("127.1" is 127.0.0.1, "2130706433" too).
func parseJavaIPv4(s string) (Value, bool) {
	if s == "" || len(s) > 15 {
		return nil, false
	}
	out := make([]byte, 4)
	var val int64
	n, newPart := 0, true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '.' {
			if newPart || val > 0xff || n == 3 {
				return nil, false
			}
			out[n] = byte(val)
			n++
			val, newPart = 0, true
			continue
		}
		if c < '0' || c > '9' {
			return nil, false
		}
		val = val*10 + int64(c-'0')
		newPart = false
	}
	if newPart || val >= int64(1)<<(8*(4-n)) {
		return nil, false
	}
	for i := 3; i >= n; i-- {
		out[i] = byte(val)
		val >>= 8
	}
	return out, true
}

// inetNtop prints an address as the Python driver's inet_ntop (glibc) does:
// IPv4 dotted, IPv6 lowercase with the longest run (two or more) of zero
// groups compressed, and ::a.b.c.d / ::ffff:a.b.c.d for embedded IPv4.
func inetNtop(v Value) (string, bool) {
	switch len(v) {
	case 4:
		return dotted(v), true
	case 16:
	default:
		return "", false
	}
	var w [8]int
	for i := range w {
		w[i] = int(v[2*i])<<8 | int(v[2*i+1])
	}
	base, length := -1, 0
	for i := 0; i < 8; {
		if w[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && w[j] == 0 {
			j++
		}
		if j-i > length {
			base, length = i, j-i
		}
		i = j
	}
	if length < 2 {
		base = -1
	}
	var b strings.Builder
	for i := 0; i < 8; i++ {
		if base >= 0 && i >= base && i < base+length {
			if i == base {
				b.WriteByte(':')
			}
			continue
		}
		if i != 0 {
			b.WriteByte(':')
		}
		if i == 6 && base == 0 && (length == 6 || (length == 5 && w[5] == 0xffff)) {
			b.WriteString(dotted(v[12:]))
			break
		}
		b.WriteString(strconv.FormatInt(int64(w[i]), 16))
	}
	if base >= 0 && base+length == 8 {
		b.WriteByte(':')
	}
	return b.String(), true
}

// javaHostAddress prints an address as InetAddress.getHostAddress: IPv4
// dotted, IPv6 as eight uncompressed hex groups.
func javaHostAddress(v Value) (string, bool) {
	switch len(v) {
	case 4:
		return dotted(v), true
	case 16:
		var b strings.Builder
		for i := 0; i < 8; i++ {
			if i > 0 {
				b.WriteByte(':')
			}
			b.WriteString(strconv.FormatInt(int64(v[2*i])<<8|int64(v[2*i+1]), 16))
		}
		return b.String(), true
	}
	return "", false
}

func dotted(v []byte) string {
	return strconv.Itoa(int(v[0])) + "." + strconv.Itoa(int(v[1])) + "." + strconv.Itoa(int(v[2])) + "." + strconv.Itoa(int(v[3]))
}
