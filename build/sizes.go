package main

import (
	"html"
	"math"
	"sort"
	"strconv"
	"strings"
)

// This file draws the Sizes view from the map layout: how the data spreads
// over the nodes (a hot spot is seen, not told), then each table's largest
// partitions against the guidance for a partition: 100,000 rows, 2 billion
// values (the documentation's Nv = Nr (Nc - Npk - Ns) + Ns) and 100 MB.
// Bars are <meter> elements (a style attribute would need the CSP to allow
// inline styles). site/ts/sizes.ts draws the same markup; change both
// together (TestBrowserMatchesBuild compares them).

// The guidance for one partition, and how many partitions a table lists.
const (
	szMaxRows    = 100_000
	szMaxValues  = 2_000_000_000
	szMaxBytes   = 100 << 20
	szPartitions = 10
)

type sizesModel struct {
	Tables []struct {
		mapTable
		Partitions []struct {
			Key      []lvalue `json:"key"`
			Bytes    int      `json:"bytes"`
			LiveRows int      `json:"liveRows"`
		} `json:"partitions"`
	} `json:"tables"`
	Ring *struct {
		Loads []struct {
			Node       int `json:"node"`
			Partitions int `json:"partitions"`
			Rows       int `json:"rows"`
			Bytes      int `json:"bytes"`
		} `json:"loads"`
		MeanBytes float64 `json:"meanBytes"`
	} `json:"ring"`
}

// szBytes writes a size with one decimal in integer arithmetic, so Go and
// JavaScript round alike: 999 B, 1.2 KB, 3.0 MB.
func szBytes(b int) string {
	units := []string{"B", "KB", "MB", "GB"}
	if b < 1024 {
		return strconv.Itoa(b) + " B"
	}
	u, div := 1, 1024
	for u < len(units)-1 && b >= div*1024 {
		u, div = u+1, div*1024
	}
	tenths := (b*10 + div/2) / div
	return strconv.Itoa(tenths/10) + "." + strconv.Itoa(tenths%10) + " " + units[u]
}

// szLog is x against limit on a log scale, in percent: small lesson data
// still shows, and a partition at the guidance fills its bar.
func szLog(x, limit int) int {
	if x <= 0 {
		return 0
	}
	return min(100, int(math.Round(100*math.Log10(float64(x)+1)/math.Log10(float64(limit)+1))))
}

// szMeter is one bar: low and high make it amber near the guidance and red
// past it.
func szMeter(value int, title string) string {
	return `<meter class="sz-m" min="0" max="100" low="75" high="99" optimum="0" value="` + strconv.Itoa(value) + `" title="` + html.EscapeString(title) + `"></meter>`
}

// writeSizes draws the map layout JSON as the Sizes view.
func writeSizes(b *strings.Builder, t *uiText, mapJSON string) {
	var m sizesModel
	if !decodeMap(b, mapJSON, &m) {
		return
	}
	if len(m.Tables) == 0 {
		writeNote(b, t.NoTables)
		return
	}
	n := strconv.Itoa
	b.WriteString(`<div class="sz">`)
	if m.Ring != nil {
		most := 0
		for _, l := range m.Ring.Loads {
			most = max(most, l.Bytes)
		}
		b.WriteString(`<h4 class="sz-h">` + html.EscapeString(t.SzNodes) + `</h4><ul class="sz-nodes">`)
		for _, l := range m.Ring.Loads {
			cls := "sz-node"
			// A node holding half again the mean is a hot spot.
			if l.Bytes > 0 && float64(l.Bytes) > 1.5*m.Ring.MeanBytes {
				cls += " sz-hot"
			}
			share := 0
			if most > 0 {
				share = l.Bytes * 100 / most
			}
			text := strings.NewReplacer("{node}", n(l.Node), "{p}", n(l.Partitions), "{r}", n(l.Rows), "{b}", szBytes(l.Bytes)).Replace(t.SzNode)
			b.WriteString(`<li class="` + cls + `"><span class="sz-label">` + html.EscapeString(text) + `</span>` +
				`<meter class="sz-m" min="0" max="100" value="` + n(share) + `"></meter></li>`)
		}
		b.WriteString(`</ul>`)
	}
	for _, tb := range m.Tables {
		nc := len(tb.PartitionKey) + len(tb.Clustering) + len(tb.Static) + len(tb.Regular)
		npk, ns := len(tb.PartitionKey)+len(tb.Clustering), len(tb.Static)
		b.WriteString(`<h4 class="sz-h">` + html.EscapeString(tb.Keyspace+"."+tb.Name) + `</h4>`)
		if len(tb.Partitions) == 0 {
			writeNote(b, t.NoData)
			continue
		}
		// Largest first; equal sizes keep token order.
		idx := make([]int, len(tb.Partitions))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(i, j int) bool { return tb.Partitions[idx[i]].Bytes > tb.Partitions[idx[j]].Bytes })
		b.WriteString(`<table class="sz-table"><thead><tr><th scope="col">` + html.EscapeString(t.SzPartition) + `</th><th scope="col">` +
			html.EscapeString(t.SzRows) + `</th><th scope="col">` + html.EscapeString(t.SzValues) + `</th><th scope="col">` +
			html.EscapeString(t.SzBytes) + `</th></tr></thead><tbody>`)
		for _, i := range idx[:min(len(idx), szPartitions)] {
			p := tb.Partitions[i]
			values := p.LiveRows*(nc-npk-ns) + ns
			key := make([]string, len(p.Key))
			for k, v := range p.Key {
				key[k] = v.Text
			}
			b.WriteString(`<tr><th scope="row" class="sz-key">` + html.EscapeString(strings.Join(key, ":")) + `</th>` +
				`<td>` + n(p.LiveRows) + szMeter(szLog(p.LiveRows, szMaxRows), t.SzRowsMax) + `</td>` +
				`<td>` + n(values) + szMeter(szLog(values, szMaxValues), t.SzValuesMax) + `</td>` +
				`<td>` + szBytes(p.Bytes) + szMeter(szLog(p.Bytes, szMaxBytes), t.SzBytesMax) + `</td></tr>`)
		}
		b.WriteString(`</tbody></table>`)
		if len(idx) > szPartitions {
			writeMore(b, t, len(idx)-szPartitions)
		}
	}
	b.WriteString(`<p class="sz-legend">` + html.EscapeString(t.SzLegend) + `</p></div>`)
}
