package directive

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/query"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// -- @fill TABLE ROWS COLUMN=GENERATOR ...
//
// fills a table with generated rows, so a lesson can show data in volume
// (hot partitions, wide partitions, time buckets) with one line that cqlsh
// reads as a comment. Row i (from 0) of ROWS gets, for each column:
//
//	seq(n)              i mod n: a number, or for text the column's name, '-' and the number
//	                    zero-padded (sensor-007); seq(n, 'prefix') picks the prefix
//	series(start, step) start + i*step: numbers, or for a timestamp or date an instant
//	                    ('2026-01-01T00:00:00Z') and a duration (10s, 1h, 1d)
//	uniform(lo, hi)     a value drawn uniformly from lo to hi (whole numbers for integer
//	                    columns, two decimals for float, double and decimal)
//	skew(n)             one of n values, value k drawn with weight 1/(k+1): a few hot
//	                    values and a long tail; for text as seq names it
//	pick(a, b, ...)     one of the values given, drawn uniformly
//	uuid()              a random version 4 UUID (version 1 for a timeuuid column)
//	a literal           the same value in every row: 42, 'text'
//
// The draws are a fixed function of the column's name and the row, so a
// script always fills the same rows, whatever ran before. The rows are
// written as INSERTs one microsecond apart (the first through the full
// INSERT path, its checks and messages, the rest bound into it as prepared
// INSERTs are).

// maxFill bounds the rows one directive may generate.
const maxFill = 1_000_000

type fillColumn struct {
	col  *schema.Column
	name string
	args []string
	// Prepared from args for the column's type:
	kind     cql.LiteralKind
	text     bool // a text column: seq and skew name their values
	prefix   string
	n        int64
	lo, hi   float64
	start    int64 // series: a number, or the instant in milliseconds
	step     int64
	picks    []cql.Literal
	constant cql.Literal
	hash     uint64
}

// Fill is what a -- @fill wrote: Rows generated rows into Table.
type Fill struct {
	// Line is the directive's line (1-based) in its script.
	Line int
	// Table is "keyspace.table".
	Table string
	Rows  int
}

// fill runs one -- @fill directive.
func fill(db *query.DB, d *cql.Directive, afterStatement func()) (Fill, *cqlerr.Error) {
	args := splitFillArgs(strings.Join(d.Args, " "))
	if len(args) < 3 {
		return Fill{}, directiveError("-- @fill takes a table, a row count and column=generator pairs, e.g. -- @fill readings 100000 sensor=seq(40) ts=series('2026-01-01T00:00:00Z', 10s) value=uniform(0, 100)")
	}
	n, err := strconv.Atoi(strings.ReplaceAll(args[1], "_", ""))
	if err != nil || n < 1 || n > maxFill {
		return Fill{}, directiveError("-- @fill: the row count must be a whole number from 1 to " + strconv.Itoa(maxFill) + ", not '" + args[1] + "'")
	}
	t, cerr := db.FillTable(args[0])
	if cerr != nil {
		return Fill{}, cerr
	}
	var cols []*fillColumn
	for _, a := range args[2:] {
		name, gen, ok := strings.Cut(a, "=")
		if !ok {
			return Fill{}, directiveError("-- @fill: '" + a + "' is not column=generator")
		}
		c := t.Column(strings.ToLower(strings.TrimSpace(name)))
		if c == nil {
			return Fill{}, directiveError("-- @fill: " + t.Name + " has no column '" + name + "'")
		}
		fc, msg := newFillColumn(c, strings.TrimSpace(gen))
		if msg != "" {
			return Fill{}, directiveError("-- @fill: " + c.Name + ": " + msg)
		}
		cols = append(cols, fc)
	}
	schemaCols := make([]*schema.Column, len(cols))
	for i, c := range cols {
		schemaCols[i] = c.col
	}
	_, cerr = db.Fill(t, schemaCols, n, func(i int, lits []cql.Literal) {
		for j, c := range cols {
			lits[j] = c.value(i)
		}
	}, afterStatement)
	if cerr != nil {
		// The generated text's position means nothing to the reader: the
		// error is the directive's.
		e := *cerr
		e.Pos, e.Len = cqlerr.Pos{}, 0
		return Fill{}, &e
	}
	return Fill{Line: d.Pos.Line, Table: t.Qualified(), Rows: n}, nil
}

// The directive's arguments are read with CQL's own lexer (cql.Lex), so a
// generator's strings, numbers and durations are the tokens a statement
// would have: tokens that touch make one argument (ks.t, v=3, 100_000),
// and an argument that opens a parenthesis runs to the one that closes it.

// splitFillArgs splits the directive's text into its arguments.
func splitFillArgs(s string) []string {
	var out []string
	depth, start, end := 0, -1, 0
	for _, t := range cql.Lex(s) {
		if start >= 0 && depth <= 0 && t.Start > end {
			out = append(out, s[start:end])
			start = -1
		}
		if start < 0 {
			start = t.Start
		}
		depth += parenDepth(s, t)
		end = t.End
	}
	if start >= 0 {
		out = append(out, s[start:end])
	}
	return out
}

// parenDepth is how t changes the depth of parentheses: +1, -1 or 0.
func parenDepth(s string, t cql.Token) int {
	if t.Kind == cql.TokPunct {
		switch s[t.Start] {
		case '(':
			return 1
		case ')':
			return -1
		}
	}
	return 0
}

// splitCall reads gen(a, b) into "gen" and its arguments.
func splitCall(gen string) (name string, args []string, ok bool) {
	toks := cql.Lex(gen)
	open := 0
	for open < len(toks) && parenDepth(gen, toks[open]) != 1 {
		open++
	}
	last := len(toks) - 1
	if open == 0 || open > last || parenDepth(gen, toks[last]) != -1 || toks[last].End != len(gen) {
		return "", nil, false
	}
	name = strings.ToLower(strings.TrimSpace(gen[:toks[open].Start]))
	depth, from := 0, toks[open].End
	for _, t := range toks[open+1 : last] {
		depth += parenDepth(gen, t)
		if depth == 0 && t.Kind == cql.TokPunct && gen[t.Start] == ',' {
			args = append(args, strings.TrimSpace(gen[from:t.Start]))
			from = t.End
		}
	}
	if rest := strings.TrimSpace(gen[from:toks[last].Start]); rest != "" || len(args) > 0 {
		args = append(args, rest)
	}
	return name, args, true
}

// literalOf reads a generator argument as a CQL literal: a string, a
// number or a boolean token as its literal, anything else as text.
func literalOf(a string) cql.Literal {
	toks := cql.Lex(a)
	if len(toks) == 1 && toks[0].Start == 0 && toks[0].End == len(a) {
		switch toks[0].Kind {
		case cql.TokString:
			return cql.Literal{Kind: cql.StringLit, Text: cql.Unquote(a)}
		case cql.TokNumber:
			if _, err := strconv.ParseInt(a, 10, 64); err == nil {
				return cql.Literal{Kind: cql.IntegerLit, Text: a}
			}
			return cql.Literal{Kind: cql.FloatLit, Text: a}
		case cql.TokBoolean:
			return cql.Literal{Kind: cql.BooleanLit, Text: strings.ToLower(a)}
		}
	}
	return cql.Literal{Kind: cql.StringLit, Text: a}
}

func newFillColumn(c *schema.Column, gen string) (*fillColumn, string) {
	fc := &fillColumn{col: c, hash: fnv(c.Name)}
	switch c.Type.Kind {
	case cqltype.Text, cqltype.Ascii:
		fc.kind, fc.text = cql.StringLit, true
	case cqltype.Float, cqltype.Double, cqltype.Decimal:
		fc.kind = cql.FloatLit
	default:
		fc.kind = cql.IntegerLit
	}
	name, args, ok := splitCall(gen)
	if !ok {
		fc.name, fc.constant = "literal", literalOf(gen)
		return fc, ""
	}
	fc.name, fc.args = name, args
	count := func(a string) (int64, bool) {
		v, err := strconv.ParseInt(strings.ReplaceAll(a, "_", ""), 10, 64)
		return v, err == nil && v >= 1
	}
	switch name {
	case "seq", "skew":
		if len(args) < 1 || len(args) > 2 || name == "skew" && len(args) != 1 {
			return nil, name + " takes a count" + map[bool]string{true: " and an optional prefix, e.g. seq(40, 'sensor-')", false: ", e.g. skew(100)"}[name == "seq"]
		}
		n, ok := count(args[0])
		if !ok {
			return nil, name + ": the count must be a whole number from 1, not '" + args[0] + "'"
		}
		fc.n, fc.prefix = n, c.Name+"-"
		if len(args) == 2 {
			fc.prefix = literalOf(args[1]).Text
		}
	case "series":
		if len(args) != 2 {
			return nil, "series takes a start and a step, e.g. series('2026-01-01T00:00:00Z', 10s) or series(1, 1)"
		}
		switch c.Type.Kind {
		case cqltype.Timestamp, cqltype.Date:
			t, ok := ParseInstant(literalOf(args[0]).Text)
			step, ok2 := parseDuration(args[1])
			if !ok || !ok2 || step <= 0 {
				return nil, "series on a " + c.Type.Kind.String() + " takes an instant and a duration, e.g. series('2026-01-01T00:00:00Z', 10s)"
			}
			fc.start, fc.step = t.UnixMilli(), step.Milliseconds()
		default:
			a, err1 := strconv.ParseInt(args[0], 10, 64)
			b, err2 := strconv.ParseInt(args[1], 10, 64)
			if err1 != nil || err2 != nil {
				return nil, "series takes a whole start and step, e.g. series(1, 1)"
			}
			fc.start, fc.step = a, b
		}
	case "uniform":
		if len(args) != 2 {
			return nil, "uniform takes a low and a high bound, e.g. uniform(0, 100)"
		}
		lo, err1 := strconv.ParseFloat(args[0], 64)
		hi, err2 := strconv.ParseFloat(args[1], 64)
		if err1 != nil || err2 != nil || hi < lo {
			return nil, "uniform takes two numbers, the low one first, e.g. uniform(0, 100)"
		}
		fc.lo, fc.hi = lo, hi
	case "pick":
		if len(args) == 0 {
			return nil, "pick takes the values to pick from, e.g. pick('ok', 'warn', 'fail')"
		}
		for _, a := range args {
			fc.picks = append(fc.picks, literalOf(a))
		}
	case "uuid":
		if len(args) != 0 {
			return nil, "uuid takes no arguments: uuid()"
		}
	default:
		return nil, "unknown generator " + name + "() (known: seq, series, uniform, skew, pick, uuid, or a literal)"
	}
	return fc, ""
}

// value is row i's literal.
func (fc *fillColumn) value(i int) cql.Literal {
	switch fc.name {
	case "literal":
		return fc.constant
	case "seq":
		return fc.numbered(int64(i) % fc.n)
	case "skew":
		// Inverse of the CDF of weights 1/(k+1): k = (n+1)^u - 1.
		u := fc.unit(i)
		k := int64(math.Exp(u*math.Log(float64(fc.n)+1))) - 1
		return fc.numbered(min(max(k, 0), fc.n-1))
	case "series":
		v := fc.start + int64(i)*fc.step
		if fc.col.Type.Kind == cqltype.Date {
			return cql.Literal{Kind: cql.StringLit, Text: time.UnixMilli(v).UTC().Format("2006-01-02")}
		}
		return cql.Literal{Kind: cql.IntegerLit, Text: strconv.FormatInt(v, 10)}
	case "uniform":
		x := fc.lo + fc.unit(i)*(fc.hi-fc.lo)
		if fc.kind == cql.FloatLit {
			return cql.Literal{Kind: cql.FloatLit, Text: strconv.FormatFloat(math.Round(x*100)/100, 'f', 2, 64)}
		}
		lo, hi := math.Ceil(fc.lo), math.Floor(fc.hi)
		k := lo + math.Floor(fc.unit(i)*(hi-lo+1))
		return cql.Literal{Kind: cql.IntegerLit, Text: strconv.FormatInt(int64(min(k, hi)), 10)}
	case "pick":
		return fc.picks[int(fc.unit(i)*float64(len(fc.picks)))%len(fc.picks)]
	case "uuid":
		a, b := fc.draw(i, 1), fc.draw(i, 2)
		a = a&^0xF000 | 0x4000 // version 4
		if fc.col.Type.Kind == cqltype.Timeuuid {
			a = a&^0xF000 | 0x1000 // version 1: a timeuuid column takes no other
		}
		b = b&^(0xC<<60) | 0x8<<60 // RFC 4122 variant
		h := strconv.FormatUint(a, 16) + strconv.FormatUint(b, 16)
		h = strings.Repeat("0", 32-len(h)) + h // never shorter in practice
		return cql.Literal{Kind: cql.UUIDLit, Text: h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]}
	}
	return fc.constant
}

// numbered is value k of seq or skew: the number, or for text the name.
func (fc *fillColumn) numbered(k int64) cql.Literal {
	if !fc.text {
		return cql.Literal{Kind: cql.IntegerLit, Text: strconv.FormatInt(k, 10)}
	}
	digits := len(strconv.FormatInt(fc.n-1, 10))
	s := strconv.FormatInt(k, 10)
	return cql.Literal{Kind: cql.StringLit, Text: fc.prefix + strings.Repeat("0", digits-len(s)) + s}
}

// draw is the stream's pseudo-random number for row i (splitmix64 of the
// column's name, the row and the stream).
func (fc *fillColumn) draw(i int, stream uint64) uint64 {
	z := fc.hash ^ uint64(i)*0x9E3779B97F4A7C15 ^ stream*0xD1B54A32D192ED03
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// unit is a draw in [0, 1).
func (fc *fillColumn) unit(i int) float64 { return float64(fc.draw(i, 0)>>11) / (1 << 53) }

func fnv(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}
