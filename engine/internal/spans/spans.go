// Package spans says where a script's statements and comments lie, for the
// facade's Statements and Comments (lesson.Split, cqlplay run --cluster).
// The engine's WebAssembly module never asks, and keeps none of it.
package spans

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
)

// Statement is one item of a script as cql.Reader reads it, with its span:
// Start is the offset of its first byte, End that of the ';' that ends it,
// or the script's length when none does (a directive's end of line).
type Statement struct {
	Item       cql.Item
	Start, End int
}

// Statements reads script's statements with their spans.
func Statements(script string) []Statement {
	var out []Statement
	r := cql.NewReader(script)
	var it cql.Item
	// The ';' tokens of the script, in order, for each statement's End:
	// the parser steps over them without saying where.
	toks := cql.Lex(script)
	for r.Next(&it) {
		st := Statement{Item: it, Start: it.Pos.Offset, End: len(script)}
		if _, ok := it.Stmt.(*cql.Directive); ok {
			if nl := strings.IndexByte(script[st.Start:], '\n'); nl >= 0 {
				st.End = st.Start + nl
			}
			out = append(out, st)
			continue
		}
		// The statement ends at the first ';' after its last token: only
		// comments lie between (a failed statement's Src, too, runs to the
		// token before the ';' the parser resumed after).
		for len(toks) > 0 && toks[0].Start < st.Start+len(it.Src) {
			toks = toks[1:]
		}
		for len(toks) > 0 && !(toks[0].Kind == cql.TokPunct && script[toks[0].Start:toks[0].End] == ";") {
			toks = toks[1:]
		}
		if len(toks) > 0 {
			st.End = toks[0].Start
		}
		out = append(out, st)
	}
	return out
}

// Comment is a comment of a script as the engine's lexer reads it: `--` or
// `//` to the end of its line, or `/* */`. A directive's line is one too.
type Comment struct {
	Text  string // as written, from its -- // or /*
	Line  int    // where it starts, 1-based
	Start int    // its offset in the script
	// Open is set for a /* comment with no */, which runs to the end of the
	// script (a syntax error to the engine).
	Open bool
}

// Comments returns a script's comments in order: what looks like one in a
// string or a quoted name is not.
func Comments(script string) []Comment {
	var out []Comment
	line, at := 1, 0
	for _, t := range cql.Lex(script) {
		text := script[t.Start:t.End]
		open := t.Kind == cql.TokIllegal && strings.HasPrefix(text, "/*")
		if t.Kind != cql.TokComment && t.Kind != cql.TokDirective && !open {
			continue
		}
		line += strings.Count(script[at:t.Start], "\n")
		at = t.Start
		out = append(out, Comment{Text: text, Line: line, Start: t.Start, Open: open})
	}
	return out
}
