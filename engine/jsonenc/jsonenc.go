// Package jsonenc writes JSON strings for the engine's replies (the Outcome
// contract, the layout model) without encoding/json, whose reflection would
// cost the WebAssembly module about 136 KB brotli. Its escaping matches
// encoding/json byte for byte.
//
// Cassandra's own JSON (SELECT JSON, sstabledump) follows Jackson's rules
// instead: see cqltype.AppendJSONString.
package jsonenc

import "unicode/utf8"

// verbatim[b] is true for the ASCII bytes a JSON string may hold as they
// are. Besides what JSON requires (control characters, '"' and '\\'), '<', '>'
// and '&' are escaped as encoding/json does, so the text can sit inside an HTML
// <script> element (the site pre-renders results into pages) and MarshalJSON
// agrees with encoding/json byte for byte.
var verbatim = func() (t [utf8.RuneSelf]bool) {
	for b := 0x20; b < utf8.RuneSelf; b++ {
		t[b] = true
	}
	for _, b := range `"\<>&` {
		t[b] = false
	}
	return t
}()

const lowerHex = "0123456789abcdef"

// AppendString appends s as a JSON string. strconv.Quote is not JSON (it
// writes \x.. and \U........); this writes only escapes JSON defines. Invalid
// UTF-8 becomes U+FFFD, and U+2028/U+2029, which JSON allows raw but older
// JavaScript parsers treat as line ends, are escaped.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	dst = AppendStringContent(dst, s)
	return append(dst, '"')
}

// AppendStringContent appends s as AppendString does, without the quotes: a
// caller writing a string between constant text puts the quotes in its
// constants, one append fewer each side (in WebAssembly every append of
// bytes is a memory.copy, a call into the engine).
func AppendStringContent(dst []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if verbatim[b] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			dst = appendASCIIEscape(dst, b)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		var esc string
		switch {
		case r == utf8.RuneError && size == 1:
			esc = `\ufffd`
		case r == '\u2028':
			esc = `\u2028`
		case r == '\u2029':
			esc = `\u2029`
		default:
			i += size
			continue
		}
		dst = append(dst, s[start:i]...)
		dst = append(dst, esc...)
		i += size
		start = i
	}
	return append(dst, s[start:]...)
}

// appendASCIIEscape writes the escape for one ASCII byte that may not appear
// verbatim, using the short forms JSON has and \u00XX for the rest.
func appendASCIIEscape(dst []byte, b byte) []byte {
	switch b {
	case '"', '\\':
		return append(dst, '\\', b)
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	return append(dst, '\\', 'u', '0', '0', lowerHex[b>>4], lowerHex[b&0xF])
}
