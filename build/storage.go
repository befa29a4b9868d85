package main

import (
	"encoding/json"
	"html"
	"strconv"
	"strings"
)

// This file draws the Storage view: the engine's "map" layout (the nested
// sorted map token -> partition -> clustering -> cells, engine/layout's
// model JSON) as nested boxes. site/ts/storage.ts draws the same markup in
// the browser; change both together.

// layoutModel is the part of engine/layout's model JSON the view draws.
type layoutModel struct {
	Tables []struct {
		mapTable
		Partitions []struct {
			Token     string      `json:"token"`
			Key       []lvalue    `json:"key"`
			Deletion  *deletion   `json:"deletion"`
			Static    *layoutRow  `json:"static"`
			Rows      []layoutRow `json:"rows"`
			Omitted   int         `json:"omitted"`
			OmittedAt int         `json:"omittedAt"`
			Bytes     int         `json:"bytes"`
			Ranges    []struct {
				Start    bound    `json:"start"`
				End      bound    `json:"end"`
				Deletion deletion `json:"deletion"`
			} `json:"ranges"`
			Replicas []int `json:"replicas"`
		} `json:"partitions"`
		OmittedPartitions int `json:"omittedPartitions"`
	} `json:"tables"`
}

// mapTable is a table of the map layout as the views name it: its
// keyspace, name and columns by kind (the Model view's table box whole, the
// Storage and Sizes views' tables beside their partitions).
type mapTable struct {
	Keyspace     string      `json:"keyspace"`
	Name         string      `json:"name"`
	PartitionKey []keyColumn `json:"partitionKey"`
	Clustering   []keyColumn `json:"clustering"`
	Static       []keyColumn `json:"staticColumns"`
	Regular      []keyColumn `json:"regularColumns"`
}

// decodeMap reads the map layout JSON into m, a view's part of it. A model
// that does not parse is drawn as a note, and decodeMap says false: the
// engine's bug must not break the page.
func decodeMap(b *strings.Builder, mapJSON string, m any) bool {
	if err := json.Unmarshal([]byte(mapJSON), m); err != nil {
		writeNote(b, err.Error())
		return false
	}
	return true
}

type keyColumn struct {
	Name string `json:"name"`
	Type string `json:"type"`
	Desc bool   `json:"desc"`
}

type lvalue struct {
	Text string `json:"text"`
}

type deletion struct {
	MarkedAt int64 `json:"markedAt"`
}

type bound struct {
	Clustering []lvalue `json:"clustering"`
	Inclusive  bool     `json:"inclusive"`
}

type layoutRow struct {
	Clustering []lvalue `json:"clustering"`
	Marker     *struct {
		Timestamp int64 `json:"timestamp"`
		TTL       int   `json:"ttl"`
		Expired   bool  `json:"expired"`
	} `json:"marker"`
	Deletion *deletion `json:"deletion"`
	Live     bool      `json:"live"`
	Cells    []struct {
		Column    string  `json:"column"`
		Kind      string  `json:"kind"`
		Path      *lvalue `json:"path"`
		Value     *lvalue `json:"value"`
		Timestamp int64   `json:"timestamp"`
		TTL       int     `json:"ttl"`
	} `json:"cells"`
}

// maxPartitions bounds the partitions drawn per table, so that a pasted
// script of thousands of writes does not build a page-sized DOM.
const maxPartitions = 100

// keySep joins key values in data attributes; it is printable, so the
// attribute serializes the same from Go and from the browser's DOM.
const keySep = "\u241f"

// writeStorage draws the map layout JSON.
func writeStorage(b *strings.Builder, t *uiText, mapJSON string) {
	var m layoutModel
	if !decodeMap(b, mapJSON, &m) {
		return
	}
	if len(m.Tables) == 0 {
		writeNote(b, t.NoTables)
		return
	}
	for _, tb := range m.Tables {
		name := tb.Keyspace + "." + tb.Name
		b.WriteString(`<section class="lay-table" data-table="` + html.EscapeString(name) + `"><h4 class="lay-name">` +
			html.EscapeString(name) + ` <span class="lay-keys">` + html.EscapeString(keyDesc(t, tb.PartitionKey, tb.Clustering)) + "</span></h4>")
		if len(tb.Partitions) == 0 {
			writeNote(b, t.NoData)
		}
		drawn := min(len(tb.Partitions), maxPartitions)
		for _, p := range tb.Partitions[:drawn] {
			cls := "lay-part"
			if p.Deletion != nil {
				cls += " lay-deleted"
			}
			b.WriteString(`<div class="` + cls + `" data-token="` + p.Token + `" data-key="` + html.EscapeString(join(p.Key)) + `">`)
			b.WriteString(`<div class="lay-phead"><code class="lay-pkey">` + html.EscapeString(strings.Join(texts(p.Key), ":")) +
				`</code><span class="lay-token">` + html.EscapeString(t.Token) + " " + p.Token + `</span>`)
			if len(p.Replicas) > 0 {
				// Which nodes, not how many: "replicas 3" read as a count.
				label := t.Replicas
				if len(p.Replicas) == 1 {
					label = t.ReplicaOne
				}
				b.WriteString(`<span class="lay-rep">` + html.EscapeString(strings.Replace(label, "{nodes}", ints(p.Replicas), 1)) + "</span>")
			}
			b.WriteString("</div>")
			if p.Deletion != nil {
				b.WriteString(`<p class="lay-tomb">` + html.EscapeString(t.PartDeleted) + " @" + i64(p.Deletion.MarkedAt) + "</p>")
			}
			if p.Static != nil {
				writeLayoutRow(b, t, p.Static, true)
			}
			// A summarised partition's gap is between its first and last
			// rows (the build opens none, so none comes after its rows).
			gap := -1
			if p.Omitted > 0 {
				gap = p.OmittedAt
			}
			for i := range p.Rows {
				if i == gap {
					token, _ := strconv.ParseInt(p.Token, 10, 64)
					writeGap(b, t, "div", name, token, p.Omitted, len(p.Rows)+p.Omitted, p.Bytes)
				}
				writeLayoutRow(b, t, &p.Rows[i], false)
			}
			for _, r := range p.Ranges {
				b.WriteString(`<p class="lay-tomb lay-range">` + html.EscapeString(t.RangeTomb) + " " + boundText(r.Start, true) + ", " +
					boundText(r.End, false) + " @" + i64(r.Deletion.MarkedAt) + "</p>")
			}
			b.WriteString("</div>")
		}
		if more := len(tb.Partitions) - drawn + tb.OmittedPartitions; more > 0 {
			writeMore(b, t, more)
		}
		b.WriteString("</section>")
	}
}

func writeLayoutRow(b *strings.Builder, t *uiText, r *layoutRow, static bool) {
	cls := "lay-row"
	if !r.Live {
		cls += " lay-dead"
	}
	ck := strings.Join(texts(r.Clustering), ":")
	if static {
		cls += " lay-static"
		ck = t.Static
	}
	b.WriteString(`<div class="` + cls + `" data-ck="` + html.EscapeString(join(r.Clustering)) + `"><div class="lay-rhead"><code class="lay-ck">` +
		html.EscapeString(ck) + "</code>")
	if r.Marker != nil {
		s := t.Marker + " @" + i64(r.Marker.Timestamp)
		if r.Marker.TTL > 0 {
			s += " TTL " + strconv.Itoa(r.Marker.TTL)
		}
		mc := "lay-marker"
		if r.Marker.Expired {
			mc += " lay-expired"
		}
		b.WriteString(`<span class="` + mc + `">` + html.EscapeString(s) + "</span>")
	}
	if r.Deletion != nil {
		b.WriteString(`<span class="lay-tomb">` + html.EscapeString(t.RowDeleted) + " @" + i64(r.Deletion.MarkedAt) + "</span>")
	}
	b.WriteString(`</div><ul class="lay-cells">`)
	for _, c := range r.Cells {
		b.WriteString(`<li class="lay-cell lay-` + html.EscapeString(c.Kind) + `"><span class="lay-col">` + html.EscapeString(c.Column) + "</span>")
		if c.Path != nil {
			b.WriteString(`<span class="lay-path">[` + html.EscapeString(c.Path.Text) + "]</span>")
		}
		if c.Value != nil {
			b.WriteString(`<span class="lay-val">` + html.EscapeString(c.Value.Text) + "</span>")
		}
		b.WriteString(`<span class="lay-ts">@` + i64(c.Timestamp) + "</span>")
		if c.TTL > 0 {
			b.WriteString(`<span class="lay-ttl">TTL ` + strconv.Itoa(c.TTL) + "</span>")
		}
		b.WriteString("</li>")
	}
	b.WriteString("</ul></div>")
}

func keyDesc(t *uiText, pk, ck []keyColumn) string {
	var p, c []string
	for _, k := range pk {
		p = append(p, k.Name)
	}
	for _, k := range ck {
		s := k.Name
		if k.Desc {
			s += " DESC"
		}
		c = append(c, s)
	}
	s := t.PartitionKey + ": " + strings.Join(p, ", ")
	if len(c) > 0 {
		s += " · " + t.ClusteringKey + ": " + strings.Join(c, ", ")
	}
	return s
}

func boundText(b bound, start bool) string {
	open, close := "(", ")"
	if b.Inclusive {
		open, close = "[", "]"
	}
	v := strings.Join(texts(b.Clustering), ":")
	if v == "" {
		v = "∞"
	}
	if start {
		return open + v
	}
	return v + close
}

func texts(vs []lvalue) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.Text
	}
	return out
}

func join(vs []lvalue) string { return strings.Join(texts(vs), keySep) }

func ints(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

func i64(x int64) string { return strconv.FormatInt(x, 10) }
