package explain

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
)

// TestSyntaxHint: each kind of the parser's syntax errors, as Parse words
// them, gets a reason and a suggestion; a keyword nearly typed is named.
func TestSyntax(t *testing.T) {
	tests := []struct {
		src, why, fix string // parts of the English why and fix
	}{
		{"SELECT * FORM t", "expected the keyword FROM here and found 'FORM'", "Did you mean FROM?"},
		{"INSERT INTO t (k) VALUE (1)", "keyword VALUES", "Did you mean VALUES?"},
		{"SELEC * FROM t", "'SELEC' does not start any CQL statement", "Did you mean SELECT?"},
		{"UPDTE t SET v = 1 WHERE k = 1", "'UPDTE' does not start", "Did you mean UPDATE?"},
		{"FROB t", "'FROB' does not start", "Start with a statement's keyword"},
		{"SELECT * FROM t WHERE", "ends before it is complete", "Finish the statement"},
		{"SELECT * FROM t WHERE k = ;", "ends before it is complete", "Finish the statement"},
		{"SELECT * FROM t WHERE k = 1 x", "expected the end of the statement here and found 'x'", "a word too many"},
		{"SELECT * FROM t LIMIT 'x';", "cannot read 'x'", "single quotes"},
	}
	for _, tt := range tests {
		items := cql.Parse(tt.src)
		if len(items) == 0 || items[0].Err == nil {
			t.Errorf("%s: parses; the test wants a syntax error", tt.src)
			continue
		}
		err := items[0].Err
		why, fix := Syntax(err.Message, "en")
		if !strings.Contains(why, tt.why) || !strings.Contains(fix, tt.fix) {
			t.Errorf("%s (%s):\n why %q, want it to hold %q\n fix %q, want it to hold %q", tt.src, err.Message, why, tt.why, fix, tt.fix)
		}
		zwhy, zfix := Syntax(err.Message, "zh")
		if zwhy == why || zfix == fix || zwhy == "" || zfix == "" {
			t.Errorf("%s: no Chinese explanation (%q, %q)", tt.src, zwhy, zfix)
		}
	}
}

func TestNear(t *testing.T) {
	for _, tt := range []struct {
		s, w string
		near bool
	}{
		{"FORM", "FROM", true}, {"form", "FROM", true}, {"FROM", "FROM", false}, {"VALUE", "VALUES", true},
		{"SELEC", "SELECT", true}, {"SLECT", "SELECT", true}, {"SELECTED", "SELECT", true}, {"X", "FROM", false},
		{"USE", "USING", false}, {"KEY", "KEYS", true}, {"", "FROM", false},
	} {
		if got := near(tt.s, tt.w); got != tt.near {
			t.Errorf("near(%q, %q) = %v", tt.s, tt.w, got)
		}
	}
}
