package engine

import (
	"errors"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/layout"
)

// layoutMore renders what the page puts in place of a partition's gap when
// the reader asks for more of its rows, so that a click costs about what
// the new rows cost rather than a redraw of the whole view: the partition
// id (layout.PartitionID) as layoutBounded (at >= 0: layoutAt, the
// state after outcome at) lists it opened to open[id]+more rows, from where
// its gap is with open as it is. The rows before the gap are not rendered
// again. In the "map" form it is a model of that one partition whose Rows
// start at the gap's index (Omitted and OmittedAt: the new gap, if rows
// remain), and replaces counts the rows listed after the old gap, which go
// (a summarised partition's last rows); in the "cli" and "sstabledump"
// forms it is text that starts on the gap's line, after its indentation,
// and replaces counts the lines of the view from the gap's on that it
// replaces. The Elisions are the new gap's, At counted within the page;
// open is left with id opened to its new count.
// Joined so, the pieces are byte for byte the whole view opened further
// (TestLayoutMoreJoins); the other partitions in open do not change them
// (they move sstabledump's positions by their whole size, listed or not),
// so a caller may name id alone, and the view of id's table is rendered
// with less.
func (s *Session) layoutMore(form string, open map[string]int, id string, more, at int) (string, int, []layout.Elision, error) {
	cut := strings.LastIndexByte(id, ' ')
	token, perr := strconv.ParseInt(id[cut+1:], 10, 64)
	// The gap is after the rows opened, or after the first rows of a
	// summarised partition, whose last rows go with it.
	bounds := ViewBounds(open)
	from, replaces := open[id], 0
	if from == 0 {
		from, replaces = bounds.Edge, bounds.Edge
	}
	none := errors.New(`no more rows of partition "` + id + `" to list in the ` + form + ` form: name a partition the map, cli or sstabledump form summarises ("ks.t token"), and more rows than it lists`)
	if form != "map" && form != "cli" && form != "sstabledump" || cut < 0 || perr != nil || open[id]+more <= from {
		return "", 0, nil, none
	}
	// render lists the view of id's table, the rows of id before from
	// left out, and id's gap.
	render := func(b *layout.Bounds) (text string, gap []layout.Elision, err error) {
		b.Page, b.PageToken, b.From = id[:cut], token, from
		var elided []layout.Elision
		if at < 0 {
			text, elided, err = s.layoutBounded(form, id[:cut], b)
		} else {
			text, _, elided, err = s.layoutAt(form, id[:cut], at, b)
		}
		for _, e := range elided {
			if e.Partitions == 0 && e.Table == id[:cut] && e.Token == token {
				gap = append(gap, e)
			}
		}
		return text, gap, err
	}
	old, was, err := render(bounds)
	if err == nil && len(was) == 0 {
		err = none
	}
	if err != nil {
		return "", 0, nil, err
	}
	if open == nil {
		open = map[string]int{}
	}
	open[id] += more
	text, gap, err := render(ViewBounds(open))
	if form == "map" || err != nil {
		return text, replaces, gap, err
	}
	page, replaces := layout.TextPage(old, text, was[0].At)
	for i := range gap {
		gap[i].At -= was[0].At
	}
	return page, replaces, gap, nil
}
