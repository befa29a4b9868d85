package directive

import (
	"reflect"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
)

// TestFillArguments checks how -- @fill's text is read with CQL's lexer:
// its arguments, a generator's call and its literals.
func TestFillArguments(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"readings 100_000 sensor=seq(40) ts=series('2026-01-01T00:00:00Z', 10s) value=uniform(0, 100)",
			[]string{"readings", "100_000", "sensor=seq(40)", "ts=series('2026-01-01T00:00:00Z', 10s)", "value=uniform(0, 100)"}},
		{"ks.t 10 v=pick('a b', 'c''d') w=-3 x=uuid()", []string{"ks.t", "10", "v=pick('a b', 'c''d')", "w=-3", "x=uuid()"}},
	} {
		if got := splitFillArgs(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("splitFillArgs(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	calls := []struct {
		in   string
		name string
		args []string
		ok   bool
	}{
		{"pick('a, b', 'c''d', 3)", "pick", []string{"'a, b'", "'c''d'", "3"}, true},
		{"uuid()", "uuid", nil, true},
		{"seq(4,)", "seq", []string{"4", ""}, true},
		{"42", "", nil, false},
		{"seq(4", "", nil, false},
	}
	for _, c := range calls {
		name, args, ok := splitCall(c.in)
		if name != c.name || !reflect.DeepEqual(args, c.args) || ok != c.ok {
			t.Errorf("splitCall(%q) = %q, %q, %v", c.in, name, args, ok)
		}
	}
	lits := map[string]cql.Literal{
		"'it''s'": {Kind: cql.StringLit, Text: "it's"},
		"42":      {Kind: cql.IntegerLit, Text: "42"},
		"-3":      {Kind: cql.IntegerLit, Text: "-3"},
		"1.5":     {Kind: cql.FloatLit, Text: "1.5"},
		"TRUE":    {Kind: cql.BooleanLit, Text: "true"},
		"foo":     {Kind: cql.StringLit, Text: "foo"},
	}
	for in, want := range lits {
		if got := literalOf(in); got != want {
			t.Errorf("literalOf(%q) = %+v, want %+v", in, got, want)
		}
	}
}
