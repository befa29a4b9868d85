package cql

import (
	"strings"
	"testing"
)

// lexString renders Lex's tokens as "Kind:text" lines for comparison.
func lexString(src string) string {
	var b strings.Builder
	for _, t := range Lex(src) {
		b.WriteString(t.Kind.String())
		if t.Kind == TokKeyword {
			b.WriteString("(" + t.Kw.String() + ")")
		}
		b.WriteString(":" + src[t.Start:t.End] + "\n")
	}
	return b.String()
}

func TestLex(t *testing.T) {
	tests := []struct {
		src  string
		want string
	}{
		{"SELECT a, \"B\" FROM ks.t;", "Keyword(SELECT):SELECT\nIdent:a\nPunct:,\nQuotedIdent:\"B\"\nKeyword(FROM):FROM\nIdent:ks\nPunct:.\nIdent:t\nPunct:;\n"},
		{"key value Text columnfamily", "Keyword(KEY):key\nIdent:value\nKeyword(TEXT):Text\nKeyword(TABLE):columnfamily\n"},
		{"'it''s' $$a'b$$ 12 -3 1.5 1e10 -2.5E-3 NaN -Infinity", "String:'it''s'\nString:$$a'b$$\nNumber:12\nNumber:-3\nNumber:1.5\nNumber:1e10\nNumber:-2.5E-3\nNumber:NaN\nNumber:-Infinity\n"},
		{"5132b130-ae79-11e4-ab27-0800200c9a66 0xCAFE 1h30m P1DT2H -3d true NULL", "UUID:5132b130-ae79-11e4-ab27-0800200c9a66\nHex:0xCAFE\nDuration:1h30m\nDuration:P1DT2H\nDuration:-3d\nBoolean:true\nNull:NULL\n"},
		{"a=b!=c<=d>=e<f>g+=1-=2", "Ident:a\nOperator:=\nIdent:b\nOperator:!=\nIdent:c\nOperator:<=\nIdent:d\nOperator:>=\nIdent:e\nOperator:<\nIdent:f\nOperator:>\nIdent:g\nOperator:+=\nNumber:1\nOperator:-=\nNumber:2\n"},
		{"c = c - 3 - -3 -x", "Ident:c\nOperator:=\nIdent:c\nOperator:-\nNumber:3\nOperator:-\nNumber:-3\nOperator:-\nIdent:x\n"},
		{"? :name {'k': :v} {k:now()}", "BindMarker:?\nBindMarker::name\nPunct:{\nString:'k'\nPunct::\nPunct::\nIdent:v\nPunct:}\nPunct:{\nIdent:k\nPunct::\nIdent:now\nPunct:(\nPunct:)\nPunct:}\n"},
		{"-- c\n// d\n/* e\nf */ x", "Comment:-- c\nComment:// d\nComment:/* e\nf */\nIdent:x\n"},
		{"-- @advance 2h\n  --@now x\nSELECT 1 -- @no\n-- no @", "Directive:-- @advance 2h\nDirective:--@now x\nKeyword(SELECT):SELECT\nNumber:1\nComment:-- @no\nComment:-- no @\n"},
		{"a @ é 'x", "Ident:a\nIllegal:@\nIllegal:é\nIllegal:'x\n"},
		{"1..2 1.e5 123abc", "Number:1\nPunct:.\nPunct:.\nNumber:2\nNumber:1.e5\nNumber:123\nIdent:abc\n"},
		{"{ ; :k", "Punct:{\nPunct:;\nBindMarker::k\n"},
		{"1mo2ms3µs Pdf P1D", "Duration:1mo2ms3µs\nIdent:Pdf\nDuration:P1D\n"},
	}
	for _, tt := range tests {
		if got := lexString(tt.src); got != tt.want {
			t.Errorf("%q:\n got %q\nwant %q", tt.src, got, tt.want)
		}
	}
}

// checkCoverage checks Lex's contract: ordered, non-overlapping tokens whose
// gaps hold whitespace only.
func checkCoverage(t *testing.T, src string) {
	t.Helper()
	prev := 0
	for _, tok := range Lex(src) {
		if tok.Start < prev || tok.End <= tok.Start || tok.End > len(src) {
			t.Fatalf("%q: bad token %+v after %d", src, tok, prev)
		}
		if gap := src[prev:tok.Start]; strings.Trim(gap, " \t\r\n") != "" {
			t.Fatalf("%q: non-blank gap %q before %+v", src, gap, tok)
		}
		prev = tok.End
	}
	if gap := src[prev:]; strings.Trim(gap, " \t\r\n") != "" {
		t.Fatalf("%q: non-blank tail %q", src, gap)
	}
}

func TestLexCoverage(t *testing.T) {
	for _, src := range []string{
		"", " ", "SELECT * FROM t;\n", "'unterminated", "/* open", "\"open", "$$open", "\xff\x00\x01",
		"x\f y", "-", "--", "-P", "0x", "1e", "1e+", "P", "PT", "é", "::a", "{:a}",
	} {
		checkCoverage(t, src)
	}
}

func TestKeywordTable(t *testing.T) {
	for k, name := range keywordNames {
		if name == "" {
			continue
		}
		if got := lookupKeyword(strings.ToUpper(name)); got != KeywordID(k) {
			t.Errorf("%s: got %v", name, got)
		}
	}
	for _, w := range []string{"columnfamily", "ColumnFamilies", "nothing", "selec", "selects", "x"} {
		got := lookupKeyword(w)
		want := map[string]KeywordID{"columnfamily": KwTable, "ColumnFamilies": KwTables}[w]
		if got != want {
			t.Errorf("%s: got %v want %v", w, got, want)
		}
	}
	// Reserved words per Cassandra's grammar; unreserved ones are identifiers.
	for _, w := range []string{"select", "from", "where", "and", "table", "keyspace", "token", "set", "in", "is", "not", "null", "to", "of", "or"} {
		if !lookupKeyword(w).Reserved() {
			t.Errorf("%s should be reserved", w)
		}
	}
	for _, w := range []string{"key", "keys", "type", "ttl", "writetime", "count", "filtering", "json", "distinct", "text", "date", "time", "timestamp", "values", "as", "exists", "contains", "static", "frozen", "list", "map", "tuple", "custom", "options", "default", "unset", "like", "per", "partition", "group", "cast", "clustering", "compact", "storage", "all"} {
		if kw := lookupKeyword(w); kw == KwNone || kw.Reserved() {
			t.Errorf("%s should be an unreserved keyword", w)
		}
	}
}
