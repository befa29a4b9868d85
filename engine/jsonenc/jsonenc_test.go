package jsonenc

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestAppendStringEscapes(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", `""`},
		{"plain", "abc xyz", `"abc xyz"`},
		{"quote", `a"b`, `"a\"b"`},
		{"backslash", `a\b`, `"a\\b"`},
		{"slash stays", "a/b", `"a/b"`},
		{"newline", "a\nb", `"a\nb"`},
		{"carriage return", "a\rb", `"a\rb"`},
		{"tab", "a\tb", `"a\tb"`},
		{"backspace", "a\bb", `"a\bb"`},
		{"form feed", "a\fb", `"a\fb"`},
		{"nul", "a\x00b", `"a\u0000b"`},
		{"unit separator", "\x1f", `"\u001f"`},
		{"escape char", "\x1b[0m", `"\u001b[0m"`},
		{"del stays", "\x7f", "\"\x7f\""},
		{"html", "<a href='x'>&</a>", `"\u003ca href='x'\u003e\u0026\u003c/a\u003e"`},
		{"line separator", "a\u2028b", `"a\u2028b"`},
		{"paragraph separator", "a\u2029b", `"a\u2029b"`},
		{"cjk stays", "北美洲", `"北美洲"`},
		{"emoji stays", "😀", `"😀"`},
		{"latin stays", "é", `"é"`},
		{"invalid byte", "a\xffb", `"a\ufffdb"`},
		{"lone continuation", "\x80", `"\ufffd"`},
		{"truncated rune", "\xe5\x8c", `"\ufffd\ufffd"`},
		{"surrogate half as utf-8", "\xed\xa0\x80", `"\ufffd\ufffd\ufffd"`},
		{"overlong slash", "\xc0\xaf", `"\ufffd\ufffd"`},
		{"valid U+FFFD stays", "\uFFFD", "\"\uFFFD\""},
		{"every short escape", "\"\\\b\f\n\r\t", `"\"\\\b\f\n\r\t"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(AppendString(nil, tt.in))
			if got != tt.want {
				t.Errorf("AppendString(%q) = %s, want %s", tt.in, got, tt.want)
			}
			std, err := json.Marshal(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(std) {
				t.Errorf("AppendString(%q) = %s, encoding/json gives %s", tt.in, got, std)
			}
		})
	}
}

// TestAppendStringEveryByte checks each single byte and each control
// character against encoding/json, so no escape is missed.
func TestAppendStringEveryByte(t *testing.T) {
	for b := 0; b < 256; b++ {
		s := "x" + string([]byte{byte(b)}) + "y"
		std, _ := json.Marshal(s)
		if got := AppendString(nil, s); !bytes.Equal(got, std) {
			t.Errorf("byte %#02x: got %s, encoding/json gives %s", b, got, std)
		}
	}
}
