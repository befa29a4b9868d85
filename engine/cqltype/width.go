package cqltype

import "unicode"

// DisplayWidth returns how many terminal columns s takes, by the rule cqlsh
// pads its tables with (cqlshlib/wcwidth.py, Markus Kuhn's wcwidth for Unicode
// 5.0): East Asian Wide and Fullwidth characters take two columns, combining
// marks and format characters none, everything else one. cqlsh pads with
// spaces up to this width, so a column of Chinese names lines up in a
// terminal only when the same rule is used here.
//
// Unlike Python's wcswidth, a control character does not make the whole width
// -1: cqlsh escapes control characters in text before measuring it, so a
// value that still holds one is counted a column per character rather than
// breaking the table.
func DisplayWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

func runeWidth(r rune) int {
	switch {
	case r == 0:
		return 0
	case r < 0x20 || (r >= 0x7f && r < 0xa0):
		return 1
	case r == 0xad: // SOFT HYPHEN is visible
		return 1
	case r >= 0x1160 && r <= 0x11ff, r == 0x200b: // Hangul medial vowels and finals, ZERO WIDTH SPACE
		return 0
	case r >= 0x300 && unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	case isWide(r):
		return 2
	}
	return 1
}

// isWide reports the East Asian Wide and Fullwidth ranges wcwidth uses. Emoji
// outside them (U+1F600 and up) count one column, as they do in cqlsh.
func isWide(r rune) bool {
	if r < 0x1100 {
		return false
	}
	return r <= 0x115f || // Hangul Jamo initial consonants
		r == 0x2329 || r == 0x232a ||
		(r >= 0x2e80 && r <= 0xa4cf && r != 0x303f) || // CJK radicals to Yi
		(r >= 0xac00 && r <= 0xd7a3) || // Hangul syllables
		(r >= 0xf900 && r <= 0xfaff) || // CJK compatibility ideographs
		(r >= 0xfe10 && r <= 0xfe19) || // vertical forms
		(r >= 0xfe30 && r <= 0xfe6f) || // CJK compatibility forms
		(r >= 0xff00 && r <= 0xff60) || // fullwidth forms
		(r >= 0xffe0 && r <= 0xffe6) ||
		(r >= 0x20000 && r <= 0x2fffd) ||
		(r >= 0x30000 && r <= 0x3fffd)
}
