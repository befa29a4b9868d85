package lesson

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// An exercise's `---- check` section says what a right model must do, not
// which key it must have, so that every right answer passes and the wrong
// ones a reader is likely to write fail. It holds checks of two kinds, in
// order, each after the lines that belong to it:
//
//	-- Orders 3 and 4 came in the same second with the same total: both stay.
//	SELECT order_id FROM orders WHERE ...; -- rows: 3
//
//	-- @fill orders 2000 status=pick('shipped', 'pending') day=series('2026-01-01T00:00:00Z', 4h) ...
//	-- A day's orders bound a partition, however long the shop runs.
//	-- expect: at most 12 rows per partition in orders
//
// A row check is a SELECT: it must run (so without ALLOW FILTERING) and
// return the rows it returns on the solution's tables. A bound is an
// `-- expect:` line on the shape of a table's partitions after the data:
//
//	-- expect: at most N rows per partition in TABLE   (no partition grows past N live rows)
//	-- expect: at least N partitions in TABLE          (the rows spread over N partitions or more)
//
// Directive lines (`-- @advance 4m59s`, `-- @fill ...`) run just before the
// check they precede, and their effect stays for the checks after it: so a
// TTL is checked just before and just after it expires, and a partition's
// growth over a year of generated data. Any other comment lines before a
// check are its explanation: the property in the reader's words, in the
// page's language, which the page shows beside the verdict and which
// Failure puts first. A check's script (directives and query) is the same in
// both languages; only explanations differ.

// ExerciseCheck is one check of an exercise's `---- check` section.
type ExerciseCheck struct {
	// Script is what runs for the check, and what the page shows: its
	// directives, one a line, then the query with its ';' (a row check) or
	// the `-- expect:` line (a bound).
	Script string
	// Query is the SELECT of a row check, without the ';'; "" for a bound.
	Query string
	// Bound is a bound's limit; nil for a row check.
	Bound *Bound
	// Explain is the property the check proves, in the reader's words ("").
	Explain string
	Line    int // code line (1-based, in the whole fence) of the query or the expect line
	// Rows, when not -1, is the number of rows the query returns on the solution.
	Rows       int
	ExpectLine int
}

// Bound is the limit of an `-- expect:` check on one table's partitions.
type Bound struct {
	Table string
	// MaxRows, when > 0: no partition holds more live rows.
	MaxRows int
	// MinPartitions, when > 0: the table's rows sit in at least this many partitions.
	MinPartitions int
}

var (
	boundMaxRE = regexp.MustCompile(`^at most (\d+) rows? per partition in ([A-Za-z_][\w.]*)$`)
	boundMinRE = regexp.MustCompile(`^at least (\d+) partitions? in ([A-Za-z_][\w.]*)$`)
)

const markExpect = "-- expect:"

// parseBound reads the text after `-- expect:`.
func parseBound(s string) (*Bound, bool) {
	s = strings.Join(strings.Fields(s), " ")
	if m := boundMaxRE.FindStringSubmatch(s); m != nil {
		n, err := strconv.Atoi(m[1])
		return &Bound{Table: m[2], MaxRows: n}, err == nil && n > 0
	}
	if m := boundMinRE.FindStringSubmatch(s); m != nil {
		n, err := strconv.Atoi(m[1])
		return &Bound{Table: m[2], MinPartitions: n}, err == nil && n > 0
	}
	return nil, false
}

// parseChecks reads a `---- check` section whose first line is code line
// first of the fence. Errors are *Error with Line counted in fence lines.
func parseChecks(section string, first int) ([]ExerciseCheck, error) {
	stmts, err := Split(section)
	if err != nil {
		e := err.(*Error)
		return nil, &Error{Line: first + e.Line - 1, Msg: e.Msg}
	}
	// Which lines the statements and their expectations cover.
	starts := map[int]int{} // line -> statement index
	covered := map[int]bool{}
	for i, st := range stmts {
		starts[st.Line] = i
		for l := st.Line; l <= st.Line+strings.Count(st.Text, "\n"); l++ {
			covered[l] = true
		}
		if st.ExpectLine > 0 {
			covered[st.ExpectLine] = true
		}
	}
	var (
		out     []ExerciseCheck
		before  []string // directives for the next check
		explain []string // its explanation
	)
	next := func(c ExerciseCheck) {
		c.Explain = joinLines(explain)
		c.Script = strings.Join(append(before, c.Script), "\n")
		out = append(out, c)
		before, explain = nil, nil
	}
	for i, line := range strings.Split(section, "\n") {
		n := i + 1
		text := strings.TrimSpace(line)
		if idx, ok := starts[n]; ok {
			st := stmts[idx]
			c := ExerciseCheck{Script: st.Text + ";", Query: st.Text, Line: first + n - 1, Rows: st.Rows}
			if st.ExpectLine > 0 {
				c.ExpectLine = first + st.ExpectLine - 1
			}
			if st.Fails != "" {
				return nil, &Error{Line: c.ExpectLine, Msg: "an exercise check cannot expect to fail: it is a query the reader must make work"}
			}
			next(c)
			continue
		}
		if covered[n] || !strings.HasPrefix(text, "--") {
			continue
		}
		switch body := strings.TrimSpace(text[2:]); {
		case strings.HasPrefix(body, "@"):
			before = append(before, text)
		case strings.HasPrefix(text, markExpect):
			b, ok := parseBound(text[len(markExpect):])
			if !ok {
				return nil, &Error{Line: first + n - 1, Msg: "`" + markExpect + "` takes `at most N rows per partition in TABLE` or `at least N partitions in TABLE`, not " + strconv.Quote(text)}
			}
			next(ExerciseCheck{Script: text, Bound: b, Line: first + n - 1, Rows: -1})
		case body != "":
			explain = append(explain, body)
		}
	}
	if len(before) > 0 {
		return nil, &Error{Line: first + len(strings.Split(strings.TrimRight(section, "\n"), "\n")) - 1, Msg: "a directive after the last check changes nothing a check sees: put it before the check it prepares"}
	}
	return out, nil
}

// Measure is the shape of a bound's table after the checks before it.
type Measure struct {
	Partitions int
	// MaxRows is the live rows of the largest partition, MaxKey its key as
	// cqlsh prints it (the components joined by ", ").
	MaxRows int
	MaxKey  string
}

// summary is the part of the summary layout a bound reads.
type summary struct {
	Tables []struct {
		Partitions []struct {
			Key []struct {
				Text string `json:"text"`
			} `json:"key"`
			LiveRows int `json:"liveRows"`
		} `json:"partitions"`
	} `json:"tables"`
}

// MeasureSummary measures the one table of a summary layout's JSON (the
// model of Session.Layout("summary", table)). Mirrored by measure in
// site/ts/exercise.ts.
func MeasureSummary(text string) (*Measure, error) {
	var m summary
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		return nil, err
	}
	out := &Measure{}
	for _, t := range m.Tables {
		for _, p := range t.Partitions {
			out.Partitions++
			if p.LiveRows > out.MaxRows || out.Partitions == 1 {
				keys := make([]string, len(p.Key))
				for i, k := range p.Key {
					keys[i] = k.Text
				}
				out.MaxRows, out.MaxKey = p.LiveRows, strings.Join(keys, ", ")
			}
		}
	}
	return out, nil
}

// Holds reports whether m is within b.
func (b *Bound) Holds(m *Measure) bool {
	if m == nil {
		return false
	}
	return (b.MaxRows == 0 || m.MaxRows <= b.MaxRows) && (b.MinPartitions == 0 || m.Partitions >= b.MinPartitions)
}

// Describe says, in English, what the measure shows against the bound: the
// detail Failure gives (the page words it from its UI strings).
func (b *Bound) Describe(m *Measure) string {
	if b.MaxRows > 0 {
		return "the largest partition of " + b.Table + " (" + m.MaxKey + ") holds " + strconv.Itoa(m.MaxRows) +
			" rows; a right model keeps every partition at or under " + strconv.Itoa(b.MaxRows)
	}
	return "the rows of " + b.Table + " sit in " + strconv.Itoa(m.Partitions) + " partitions; a right model spreads them over at least " +
		strconv.Itoa(b.MinPartitions)
}

// joinLines joins the lines of a comment into one text: with a space, but
// none between two Chinese, Japanese or Korean characters or after their
// full-width punctuation, which take no space between words (a Latin word
// beside them keeps its space).
func joinLines(lines []string) string {
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			prev, _ := utf8.DecodeLastRuneInString(lines[i-1])
			next, _ := utf8.DecodeRuneInString(l)
			if !(cjk(prev) && cjk(next)) && !fullWidth(prev) {
				b.WriteByte(' ')
			}
		}
		b.WriteString(l)
	}
	return b.String()
}

// cjk reports whether r is a CJK character or full-width punctuation.
func cjk(r rune) bool {
	return r >= 0x2E80 && r <= 0x9FFF || r >= 0xF900 && r <= 0xFAFF || fullWidth(r)
}

// fullWidth reports whether r is CJK or full-width punctuation (。，：；、（）).
func fullWidth(r rune) bool {
	return r >= 0x3000 && r <= 0x303F || r >= 0xFF00 && r <= 0xFFEF
}
