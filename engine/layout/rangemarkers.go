package layout

import (
	"sort"

	"github.com/cqlplay/cqlplay/engine/store"
)

// An sstable does not store range tombstones as the overlapping slices
// DELETE statements write: it stores the sequence of bound markers a merge of
// them gives (RangeTombstoneList), where a deletion opens, changes or closes.
// rangeMarkers computes that sequence.

// rtPos is a position between clustering keys: just before (side -1) or just
// after (side +1) every key starting with prefix. An empty prefix with side
// -1 is the bottom of the partition; with side +1, its top.
type rtPos struct {
	prefix [][]byte
	side   int
}

// comparePos orders positions; a full row key (side 0) sits between the
// positions before and after its own prefix.
func comparePos(cmp store.Clustering, a, b rtPos) int {
	n := min(len(a.prefix), len(b.prefix))
	for i := 0; i < n; i++ {
		if r := cmp[i].Compare(a.prefix[i], b.prefix[i]); r != 0 {
			return r
		}
	}
	switch {
	case len(a.prefix) == len(b.prefix):
		return sign(a.side - b.side)
	case len(a.prefix) < len(b.prefix):
		return a.side
	}
	return -b.side
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

func startPos(b store.Bound) rtPos {
	if len(b.Prefix) == 0 || b.Inclusive {
		return rtPos{prefix: b.Prefix, side: -1}
	}
	return rtPos{prefix: b.Prefix, side: 1}
}

func endPos(b store.Bound) rtPos {
	if len(b.Prefix) == 0 || b.Inclusive {
		return rtPos{prefix: b.Prefix, side: 1}
	}
	return rtPos{prefix: b.Prefix, side: -1}
}

// rtMarker is one marker: a bound opening (isStart) or closing a deletion,
// or a boundary closing one deletion and opening another.
type rtMarker struct {
	at                 rtPos
	isStart, boundary  bool
	startIncl, endIncl bool
	open, close        store.Deletion
}

func rangeMarkers(cmp store.Clustering, ranges []store.RangeTombstone) []rtMarker {
	if len(ranges) == 0 {
		return nil
	}
	type span struct{ from, to rtPos }
	spans := make([]span, len(ranges))
	var pos []rtPos
	for i, rt := range ranges {
		spans[i] = span{startPos(rt.Start), endPos(rt.End)}
		pos = append(pos, spans[i].from, spans[i].to)
	}
	sort.SliceStable(pos, func(i, j int) bool { return comparePos(cmp, pos[i], pos[j]) < 0 })
	uniq := pos[:1]
	for _, p := range pos[1:] {
		if comparePos(cmp, p, uniq[len(uniq)-1]) != 0 {
			uniq = append(uniq, p)
		}
	}
	// gap[i] is the deletion between uniq[i] and uniq[i+1].
	gap := make([]store.Deletion, len(uniq))
	for i := 0; i+1 < len(uniq); i++ {
		gap[i] = store.Live
		for k, s := range spans {
			if comparePos(cmp, s.from, uniq[i]) <= 0 && comparePos(cmp, s.to, uniq[i+1]) >= 0 {
				gap[i] = gap[i].Max(ranges[k].Deletion)
			}
		}
	}
	gap[len(uniq)-1] = store.Live
	var out []rtMarker
	before := store.Live
	for i, p := range uniq {
		after := gap[i]
		if after != before {
			m := rtMarker{at: p, startIncl: p.side < 0, endIncl: p.side > 0, open: after, close: before}
			switch {
			case before.IsLive():
				m.isStart = true
			case after.IsLive():
			default:
				m.boundary = true
			}
			out = append(out, m)
		}
		before = after
	}
	return out
}
