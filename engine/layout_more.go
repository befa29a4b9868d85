package engine

import (
	"errors"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/layout"
	"github.com/cqlplay/cqlplay/engine/store"
)

// LayoutMore renders what the page puts in place of a partition's gap when
// the reader asks for more of its rows, so that a click costs what the new
// rows cost rather than a redraw of the whole view: the part of
// LayoutBounded's text (at >= 0: LayoutAtBounded's, the state after
// outcome at) with the partition id (layout.PartitionID) opened to
// open[id]+more rows that starts where its gap was with open as it is,
// through the end of the partition's rows. In the "map" form it is a model
// of the one partition holding only the rows from the gap's index on
// (Omitted and OmittedAt: the new gap, if rows remain), and replaces counts
// the rows listed after the old gap, which the new rows replace (the
// summarised partition's last rows); in the "cli" and "sstabledump" forms
// it is text, from the gap's line after its indentation, and replaces
// counts the lines of the view from the gap's on that it replaces. The
// Elisions are the new gap's, At counted within the page. Joined so, the
// pieces are byte for byte the whole view with the partition opened
// further (TestLayoutMoreJoins).
func (s *Session) LayoutMore(form string, open map[string]int, id string, more, at int) (text string, replaces int, elided []layout.Elision, err error) {
	if form != "map" && form != "cli" && form != "sstabledump" {
		return "", 0, nil, errors.New(`layout form "` + form + `" lists no rows a page at a time: map, cli and sstabledump do`)
	}
	if more <= 0 {
		return "", 0, nil, errors.New("the rows to list, " + strconv.Itoa(more) + ", must be a whole number from 1")
	}
	t := s
	if at >= 0 {
		var runTo func(int) bool
		var end func()
		t, runTo, end = s.resumeAt(at)
		defer end()
		runTo(at + 1)
	}
	cut := strings.LastIndexByte(id, ' ')
	token, perr := strconv.ParseInt(id[cut+1:], 10, 64)
	if cut < 0 || perr != nil {
		return "", 0, nil, errors.New(`partition "` + id + `" is not a table and a token, as "ks.t 1234"`)
	}
	tables, err := t.layoutTables(id[:cut])
	if err != nil {
		return "", 0, nil, err
	}
	tb := tables[0]
	st := t.db.Tables()[tb]
	var p *store.Partition
	if st != nil {
		st.AscendFrom(token, func(q *store.Partition) bool {
			if q.Token == token && !q.IsEmpty() {
				p = q
			}
			return q.Token == token && p == nil
		})
	}
	old := ViewBounds(open)
	from, ok := 0, false
	if p != nil {
		from, ok = old.GapAt(tb.Keyspace+"."+tb.Name, p)
	}
	if !ok {
		return "", 0, nil, errors.New(`partition "` + id + `" has no rows left out to list`)
	}
	if open[id]+more <= from {
		return "", 0, nil, errors.New(`partition "` + id + `" lists ` + strconv.Itoa(from) + " rows before its gap: list more than " + strconv.Itoa(from-open[id]))
	}
	opened := make(map[string]int, len(open)+1)
	for k, v := range open {
		opened[k] = v
	}
	opened[id] = open[id] + more
	render := func(b *layout.Bounds) (string, []layout.Elision, int) {
		b.Page, b.From = id, from
		switch form {
		case "map":
			m, elided := layout.BuildBounded(t.db, tables, b)
			rows := 0
			for _, tm := range m.Tables {
				for _, pm := range tm.Partitions {
					rows += len(pm.Rows)
				}
			}
			return string(m.JSON()), elided, rows
		case "cli":
			text, elided := layout.CLIBounded(tb, st, t.db.NowSeconds(), b)
			return text, elided, strings.Count(text, "\n") + 1
		}
		text, elided := layout.SstabledumpBounded(tb, st, t.db.NowSeconds(), b)
		return text, elided, strings.Count(text, "\n") + 1
	}
	_, _, replaces = render(old)
	text, elided, _ = render(ViewBounds(opened))
	return text, replaces, elided, nil
}

// AppendMoreJSON is LayoutMore's reply: a layout object of AppendLayoutJSON
// with "replaces" and AppendElisionsJSON's "elided" added.
func AppendMoreJSON(dst []byte, form, text string, replaces int, elided []layout.Elision) []byte {
	dst = AppendLayoutJSON(dst, form, "", text)
	dst = append(dst[:len(dst)-1], `,"replaces":`...)
	dst = strconv.AppendInt(dst, int64(replaces), 10)
	return AppendElisionsJSON(append(dst, '}'), elided)
}
