package golden

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFirstDifference(t *testing.T) {
	tests := []struct {
		got, want string
		line      int
		g, w      string
		differ    bool
	}{
		{"a\nb\n", "a\nb\n", 0, "", "", false},
		{"a\nb\n", "a\nc\n", 2, `"b"`, `"c"`, true},
		{"x", "y", 1, `"x"`, `"y"`, true},
		{"a\n", "a\n\n", 3, "(end of text)", `""`, true},
		{"a\n\n", "a\n", 3, `""`, "(end of text)", true},
		{"a\nb", "a", 2, `"b"`, "(end of text)", true},
		{"a", "a\n", 2, "(end of text)", `""`, true},
	}
	for _, tt := range tests {
		line, g, w, differ := firstDifference(tt.got, tt.want)
		if line != tt.line || g != tt.g || w != tt.w || differ != tt.differ {
			t.Errorf("firstDifference(%q, %q) = %d, %q, %q, %v; want %d, %q, %q, %v",
				tt.got, tt.want, line, g, w, differ, tt.line, tt.g, tt.w, tt.differ)
		}
	}
}

// TestCheckUpdate: -update writes the file, its directory included, and
// Check then agrees with it.
func TestCheckUpdate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "out.golden")
	*update = true
	Check(t, path, "text\n")
	*update = false
	Check(t, path, "text\n")
	if b, err := os.ReadFile(path); err != nil || string(b) != "text\n" {
		t.Errorf("the golden file holds %q (%v)", b, err)
	}
}
