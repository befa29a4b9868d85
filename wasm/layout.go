package main

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine"
)

// Every layout call of the bridge is one engine.LayoutRequest answered by
// layoutOf: cqlplay.layout with a request object (request) and, for the
// callers written before it, the documented positional calls (layout,
// layoutAt, layoutBounded, layoutMore), thin wrappers that build the
// request.

// layoutOf answers req for the session as the JSON object of
// engine.LayoutResult.AppendJSON, or {"error":{"code":"InvalidRequest",...}}
// for a request the engine refuses (an unknown form or table, ...).
func (b *bridge) layoutOf(handle int, req engine.LayoutRequest) (out []byte) {
	s := b.sessions[handle]
	if s == nil {
		return errorObjectJSON(engine.ServerError, noSession(handle))
	}
	defer recoverObject(&out)
	res, err := s.Layout(req)
	defer b.collect()
	if err != nil {
		return errorObjectJSON(engine.InvalidRequest, err.Error())
	}
	return res.AppendJSON(make([]byte, 0, len(res.Layout)+128+64*len(res.Changes)+96*len(res.Elided)))
}

// request answers cqlplay.layout(handle, request): the request object's
// JSON,
//
//	{"form": "map", "table": "ks.t", "at": 3, "fill": 70, "bounded": true,
//	 "open": "ks.t 42\nks.t 7\t1000", "partition": "ks.t 42", "more": 1000}
//
// every key but form optional: at travels to the state after outcome at of
// the last rerun, fill to the state after the -- @fill on that line;
// bounded asks for the page's bounds, open (one partition a line, as
// layoutBounded's) opens partitions within them, and partition with more
// asks for what goes in place of that partition's gap (layoutMore); open,
// partition and more imply bounded. An unknown key or a value of the wrong
// type is a ServerError naming it.
func (b *bridge) request(handle int, requestJSON string) []byte {
	fields, err := parseFlatObject(requestJSON)
	var req engine.LayoutRequest
	bounded, open := false, ""
	for _, f := range fields {
		if err != nil {
			break
		}
		var n int
		switch f.key {
		case "form":
			req.Form, err = f.str()
		case "table":
			req.Table, err = f.str()
		case "at":
			n, err = f.whole()
			req.Travel, req.At = true, n
		case "fill":
			req.Fill, err = f.whole()
		case "bounded":
			bounded = f.value == "true"
			if f.isString || !bounded && f.value != "false" {
				err = errBool(f.key)
			}
		case "open":
			open, err = f.str()
			bounded = true
		case "partition":
			req.Partition, err = f.str()
			bounded = true
		case "more":
			req.More, err = f.whole()
			bounded = true
		default:
			err = errUnknown(f.key)
		}
	}
	if err != nil {
		return errorObjectJSON(engine.ServerError, "cqlplay.layout: "+strings.TrimPrefix(err.Error(), "options: "))
	}
	if bounded {
		req.Bounds = engine.ViewBounds(parseOpen(open))
	}
	return b.layoutOf(handle, req)
}

// layout answers cqlplay.layout(handle, form, table?): the present state,
// unbounded.
func (b *bridge) layout(handle int, form, table string) []byte {
	return b.layoutOf(handle, engine.LayoutRequest{Form: form, Table: table})
}

// layoutAt answers cqlplay.layoutAt(handle, form, statement): every table
// as it stood right after the statement that gave outcome statement of the
// last rerun, with what that statement changed. The session and its rerun
// state are left as they were.
func (b *bridge) layoutAt(handle int, form string, statement int) []byte {
	return b.layoutOf(handle, engine.LayoutRequest{Form: form, Travel: true, At: statement})
}

// layoutBounded answers cqlplay.layoutBounded: layout's reply (at < 0) or
// layoutAt's within the page's bounds (engine.ViewBounds), with "elided";
// with fill > 0 (at is then ignored), the state right after the -- @fill
// on line fill of the last rerun's script, with "fill". open names the
// partitions the reader opened, one a line (parseOpen). With rows (from
// 1), it answers cqlplay.layoutMore instead: what the page puts in place
// of that partition's gap when the reader asks for rows more of its rows,
// with "replaces" and "elided".
func (b *bridge) layoutBounded(handle int, form, open string, at, fill int, partition string, rows int) []byte {
	req := engine.LayoutRequest{Form: form, Bounds: engine.ViewBounds(parseOpen(open)), Travel: at >= 0, At: at}
	switch {
	case rows > 0:
		req.Partition, req.More = partition, rows
	case fill > 0:
		req.Fill = fill
	}
	return b.layoutOf(handle, req)
}

// parseOpen reads the partitions a reader opened, one a line:
// engine.PartitionID's "ks.t token", listed in full, or followed by a tab
// and how many of its first rows to list ("ks.t token\t1000").
func parseOpen(open string) map[string]int {
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
	return opened
}
