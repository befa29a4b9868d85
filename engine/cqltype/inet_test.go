package cqltype

import (
	"bytes"
	"math/rand/v2"
	"net/netip"
	"strings"
	"testing"
)

// TestParseJavaIPv6 covers where Java's textToNumericFormatV6 differs from
// inet_pton-style parsers, and its edges.
func TestParseJavaIPv6(t *testing.T) {
	for _, c := range []struct{ in, want string }{ // want: hex bytes, or "" for rejected
		{"::", "00000000000000000000000000000000"},
		{"::1", "00000000000000000000000000000001"},
		{"1::", "00010000000000000000000000000000"},
		{"1:2:3:4:5:6:7::", "00010002000300040005000600070000"},
		{"::2:3:4:5:6:7:8", "00000002000300040005000600070008"},
		{"00001::", "00010000000000000000000000000000"}, // Java: five digits whose value fits 16 bits
		{"ffff0::", ""},
		{"::01.02.03.004", "00000000000000000000000001020304"}, // Java's IPv4 takes leading zeros
		{"::ffff:1.2.3.4", "01020304"},
		{"::ffff:0102:0304", "01020304"},
		{"::1.2.3", ""},     // the IPv4 tail needs three dots
		{"::1.2.3.4.5", ""}, // ... and no more
		{"::1.2.3.4:5", ""}, // ... and nothing after it
		{"1:2:3:4:5:6:1.2.3.4", "00010002000300040005000601020304"},
		{"1:2:3:4:5:6:7:1.2.3.4", ""},
		{"1:2:3:4:5:6:7:8", "00010002000300040005000600070008"},
		{"1:2:3:4:5:6:7:8:9", ""},
		{"1:2:3:4:5:6:7:8::", ""}, // "::" standing for no group
		{"1::2::3", ""},
		{":1", ""},
		{"1:", ""},
		{"1:::2", ""},
		{":", ""},
		{"g::", ""},
		{"::1.2.3.0000000004", ""}, // Java's IPv4: at most 15 characters
	} {
		v, ok := parseJavaIPv6(c.in)
		got := ""
		if ok {
			got = bytesHex(v)
		}
		if got != c.want {
			t.Errorf("parseJavaIPv6(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestParseJavaIPv6AgainstNetip compares with net/netip on random strings of
// address characters: every IPv6 address netip accepts, Java accepts with
// the same bytes; Java accepts more only through its two leniencies (a group
// of more than four digits, an IPv4 part with a leading zero).
func TestParseJavaIPv6AgainstNetip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "0123456789abcdefABCDEF:::::.."
	lenient := func(s string) bool {
		for _, g := range strings.Split(s, ":") {
			if !strings.Contains(g, ".") && len(g) > 4 {
				return true
			}
		}
		if i := strings.LastIndexByte(s, ':'); i >= 0 {
			for _, p := range strings.Split(s[i+1:], ".") {
				if len(p) > 1 && p[0] == '0' {
					return true
				}
			}
		}
		return false
	}
	agreed := 0
	for range 300000 {
		n := 2 + r.IntN(20)
		var b strings.Builder
		for range n {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		s := b.String()
		if r.IntN(4) == 0 { // a valid address now and then
			var a [16]byte
			for i := range a {
				if r.IntN(3) > 0 {
					a[i] = byte(r.Uint32())
				}
			}
			s = netip.AddrFrom16(a).String()
		}
		want, err := netip.ParseAddr(s)
		got, ok := parseJavaIPv6(s)
		switch {
		case err == nil && want.Is6():
			w := want.Unmap().AsSlice()
			if !ok || !bytes.Equal(got, w) {
				t.Fatalf("%q: got %x %v, netip %x", s, []byte(got), ok, w)
			}
			agreed++
		case ok && !lenient(s):
			t.Fatalf("%q: accepted as %x; netip: %v", s, []byte(got), err)
		}
	}
	if agreed < 50000 {
		t.Errorf("only %d valid addresses compared", agreed)
	}
}

func bytesHex(v []byte) string {
	const hex = "0123456789abcdef"
	out := make([]byte, 0, 2*len(v))
	for _, c := range v {
		out = append(out, hex[c>>4], hex[c&15])
	}
	return string(out)
}
