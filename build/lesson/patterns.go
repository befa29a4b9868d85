package lesson

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine"
)

// Access patterns are the application's queries, listed by the reader in a
// comment block of a playground's script, so that cqlsh (and the script's
// own run) ignore them:
//
//	-- access patterns
//	-- Q1 a user's videos, newest first: SELECT * FROM videos WHERE user_id = 7 ORDER BY added DESC
//	-- Q2: SELECT * FROM users WHERE email = 'a@b.c'
//
// The playground runs each after the script, as an exercise runs its checks,
// and its Model view checks it against the schema (PatternRun.Verdicts):
// it runs, without ALLOW FILTERING, from one partition, in the order it
// asks for. site/ts/patterns.ts parses the same block for the page; change
// both together (TestParsePatterns and its twin under node).

// Pattern is one listed query: its name (the text before the SELECT, or
// "A1", "A2"... when there is none) and the query.
type Pattern struct {
	Name  string
	Query string
}

var (
	patternsHead = regexp.MustCompile(`(?i)^--\s*(access patterns?|访问模式)\s*[:：]?\s*$`)
	selectWord   = regexp.MustCompile(`(?i)\bSELECT\b`)
)

// ParsePatterns finds the first access-pattern block of a script: the
// comment lines after its heading, up to the first line that is not a
// comment. A comment line without a SELECT is a note and is skipped.
func ParsePatterns(script string) []Pattern {
	var ps []Pattern
	in := false
	for _, line := range strings.Split(script, "\n") {
		line = strings.TrimSpace(line)
		if !in {
			in = patternsHead.MatchString(line)
			continue
		}
		body, ok := strings.CutPrefix(line, "--")
		if !ok {
			break
		}
		loc := selectWord.FindStringIndex(body)
		if loc == nil {
			continue
		}
		name := strings.TrimRight(strings.TrimSpace(body[:loc[0]]), ":：")
		if name = strings.TrimSpace(name); name == "" {
			name = "A" + strconv.Itoa(len(ps)+1)
		}
		// One statement: a ';' ends it, so a listed query never runs a second one.
		query, _, _ := strings.Cut(body[loc[0]:], ";")
		query = strings.TrimSpace(query)
		ps = append(ps, Pattern{Name: name, Query: query})
	}
	return ps
}

// PatternRun is a pattern with the outcome of its query.
type PatternRun struct {
	Pattern
	Got *engine.Outcome // nil when the query produced no outcome
}

// Verdict is one line of the checklist: true, false, or not asked (an
// order, when the query has no ORDER BY).
type Verdict int

const (
	Fails Verdict = iota
	Holds
	NotAsked
)

var (
	allowFiltering = regexp.MustCompile(`(?i)\bALLOW\s+FILTERING\b`)
	orderBy        = regexp.MustCompile(`(?i)\bORDER\s+BY\b`)
)

// Verdicts checks the query's outcome: it runs; without ALLOW FILTERING
// (written or needed); from one partition; in the order it asks for (a query
// with ORDER BY runs only when the clustering order serves it).
func (p PatternRun) Verdicts() (runs, noFiltering, onePartition, order Verdict) {
	ok := p.Got != nil && p.Got.Error == nil
	v := func(b bool) Verdict {
		if b {
			return Holds
		}
		return Fails
	}
	plan := p.Got != nil && p.Got.Plan != nil
	order = NotAsked
	if orderBy.MatchString(p.Query) {
		order = v(ok)
	}
	return v(ok), v(ok && !allowFiltering.MatchString(p.Query) && plan && !p.Got.Plan.Filtering),
		v(ok && plan && p.Got.Plan.Kind == "single-partition"), order
}

// Answered is whether no line of the checklist fails: the schema answers
// the query as it should.
func (p PatternRun) Answered() bool {
	a, b, c, d := p.Verdicts()
	return a != Fails && b != Fails && c != Fails && d != Fails
}

// RunPatterns runs the patterns' queries in s, after the script.
func RunPatterns(s *engine.Session, ps []Pattern) []PatternRun {
	runs := make([]PatternRun, len(ps))
	for i, p := range ps {
		runs[i].Pattern = p
		if outs := s.Run(p.Query + ";"); len(outs) > 0 {
			runs[i].Got = &outs[0]
		}
	}
	return runs
}
