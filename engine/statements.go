package engine

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// Statement is one statement of a script as a client would send it to a
// cluster (`cqlplay run --cluster`): its text without the ';', its line,
// a syntax error the engine's parser found, and whether it is not CQL at
// all but a cqlsh command or a playground directive, which no server runs.
type Statement struct {
	Text  string
	Line  int
	Err   *Error
	Local bool
	// Directive is set for a playground directive (`-- @advance 2h` on its
	// own line between statements; Local too), which has no Outcome.
	Directive bool
	// Start is the offset of the statement's first byte in the script and
	// End that of the ';' that ends it, or the script's length when none
	// does (for a directive, the end of its line): script[Start:End] is
	// Text and any comment between it and its ';'.
	Start, End int
}

// statements splits a script into its statements (Statements).
func statements(script string) []Statement {
	var out []Statement
	r := cql.NewReader(script)
	var it cql.Item
	// The ';' tokens of the script, in order, for each statement's End:
	// the parser steps over them without saying where (and the engine's
	// WebAssembly module, which never asks, is not made to keep them).
	toks := cql.Lex(script)
	for r.Next(&it) {
		st := Statement{Text: it.Src, Line: it.Pos.Line, Err: it.Err, Start: it.Pos.Offset, End: len(script)}
		switch it.Stmt.(type) {
		case *cql.CqlshCommand:
			st.Local = true
		case *cql.Directive:
			st.Local, st.Directive = true, true
			if nl := strings.IndexByte(script[st.Start:], '\n'); nl >= 0 {
				st.End = st.Start + nl
			}
			out = append(out, st)
			continue
		}
		// The statement ends at the first ';' after its last token: only
		// comments lie between (a failed statement's Src, too, runs to the
		// token before the ';' the parser resumed after).
		for len(toks) > 0 && toks[0].Start < st.Start+len(st.Text) {
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

// comments lexes a script for its comments (Comments).
func comments(script string) []Comment {
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

// Type constructors, for a client that reads a server's type metadata.
var (
	// SimpleType returns the type of a simple kind (nil for a collection,
	// tuple or user type kind).
	SimpleType = cqltype.Simple
	ListOf     = cqltype.ListOf
	SetOf      = cqltype.SetOf
	MapOf      = cqltype.MapOf
	TupleOf    = cqltype.TupleOf
	UserTypeOf = cqltype.UserTypeOf
)
