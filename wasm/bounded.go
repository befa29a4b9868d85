package main

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine"
)

// layoutBounded answers cqlplay.layoutBounded: layout's reply (at < 0) or
// layoutAt's (the state after outcome at of the last rerun) within the
// page's bounds (engine.ViewBounds), with "elided" listing the partitions
// summarised; with fill > 0 (at is then ignored), the state right after
// the -- @fill on line fill of the last rerun's script, with "fill"
// saying what it wrote (engine.AppendLayoutFillJSON). open names the partitions the reader opened, one a line:
// layout.PartitionID's "ks.t token", listed in full, or followed by a tab
// and how many of its first rows to list ("ks.t token\t1000").
//
// With rows (from 1), it answers cqlplay.layoutMore instead: what the page
// puts in place of that partition's gap in the view when the reader asks
// for rows more of its rows (engine.Session.LayoutMore): layout's object
// with the page ("map" or "text"), "replaces" (the rows after the gap, or
// the lines from the gap's on, that go) and "elided" (the new gap, if rows
// remain, "at" counted within the page).
func (b *bridge) layoutBounded(handle int, form, open string, at, fill int, partition string, rows int) (out []byte) {
	s := b.sessions[handle]
	if s == nil {
		return errorObjectJSON(engine.ServerError, noSession(handle))
	}
	defer recoverObject(&out)
	opened := map[string]int{}
	for _, line := range strings.Split(open, "\n") {
		id, rows, paged := strings.Cut(line, "\t")
		n, err := strconv.Atoi(rows)
		switch {
		case id == "":
		case !paged || err != nil || n <= 0:
			opened[id] = 1 << 30 // listed in full
		default:
			opened[id] = n
		}
	}
	bounds := engine.ViewBounds(opened)
	defer b.collect()
	if rows > 0 {
		text, replaces, elided, err := s.LayoutMore(form, opened, partition, rows, at)
		if err != nil {
			return errorObjectJSON(engine.InvalidRequest, err.Error())
		}
		return engine.AppendMoreJSON(make([]byte, 0, len(text)+96), form, text, replaces, elided)
	}
	if fill > 0 {
		text, f, elided, err := s.LayoutAfterFill(form, "", fill, bounds)
		if err != nil {
			return errorObjectJSON(engine.InvalidRequest, err.Error())
		}
		out = engine.AppendLayoutFillJSON(make([]byte, 0, len(text)+128+96*len(elided)), form, "", text, f)
		return engine.AppendElisionsJSON(out, elided)
	}
	if at < 0 {
		text, elided, err := s.LayoutBounded(form, "", bounds)
		if err != nil {
			return errorObjectJSON(engine.InvalidRequest, err.Error())
		}
		out = engine.AppendLayoutJSON(make([]byte, 0, len(text)+64+96*len(elided)), form, "", text)
		return engine.AppendElisionsJSON(out, elided)
	}
	text, changes, elided, err := s.LayoutAtBounded(form, "", at, bounds)
	if err != nil {
		return errorObjectJSON(engine.InvalidRequest, err.Error())
	}
	out = engine.AppendLayoutAtJSON(make([]byte, 0, len(text)+64+64*len(changes)+96*len(elided)), form, "", text, at, changes)
	return engine.AppendElisionsJSON(out, elided)
}
