package cqltype

import (
	"net/netip"
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
	a, err := netip.ParseAddr(s)
	if err != nil || !a.Is6() {
		return nil, false
	}
	if a.Is4In6() {
		b := a.Unmap().As4()
		return b[:], true
	}
	b := a.As16()
	return b[:], true
}

// parseJavaIPv4 is IPAddressUtil.textToNumericFormatV4: decimal parts, the
// last part filling the remaining bytes.
func parseJavaIPv4(s string) (Value, bool) {
	parts := strings.Split(s, ".")
	if len(parts) > 4 || s == "" {
		return nil, false
	}
	vals := make([]int64, len(parts))
	for i, p := range parts {
		if !allDigits(p) || len(p) > 10 {
			return nil, false
		}
		vals[i], _ = strconv.ParseInt(p, 10, 64)
	}
	out := make([]byte, 4)
	for i := 0; i < len(vals)-1; i++ {
		if vals[i] > 0xff {
			return nil, false
		}
		out[i] = byte(vals[i])
	}
	last := vals[len(vals)-1]
	restBytes := 4 - (len(vals) - 1)
	if last >= int64(1)<<(8*restBytes) {
		return nil, false
	}
	for i := 3; i >= len(vals)-1; i-- {
		out[i] = byte(last)
		last >>= 8
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
