package layout

import (
	"github.com/cqlplay/cqlplay/engine/jsonenc"
	"strconv"
)

// The map model's JSON, written by hand (no encoding/json in the engine; see
// the package doc). The shape, keys always in this order, optional keys only
// when set:
//
//	{"now":1767225600000000,
//	 "tables":[{"keyspace":"ks","name":"t",
//	   "partitionKey":[{"name":"k","type":"text"}],
//	   "clustering":[{"name":"c","type":"int","desc":true}],
//	   "staticColumns":[{"name":"s","type":"int"}],
//	   "regularColumns":[{"name":"v","type":"text"}],
//	   "compact":false,
//	   "partitions":[{"token":"-4069959284402364209",
//	     "key":[{"text":"a","hex":"0x61"}],
//	     "deletion":{"markedAt":..,"localTime":..},      optional
//	     "static":{row},                                  optional
//	     "rows":[{"clustering":[value...],
//	              "marker":{"timestamp":..,"ttl":..,"expiresAt":..,"expired":false},  optional; ttl.. only when set
//	              "deletion":{...},                       optional
//	              "live":true,
//	              "cells":[{"column":"v","kind":"live","path":{value},"value":{value},
//	                        "timestamp":..,"ttl":..,"expiresAt":..,"deletedAt":..,"counter":true}]}],
//	     "ranges":[{"start":{"clustering":[..],"inclusive":true},"end":{..},"deletion":{..}}],
//	     "bytes":120,"cells":3,"liveRows":1,"replicas":[2]}]}],
//	 "ring":{"nodes":3,"vnodes":16,"rf":1,
//	   "ranges":[{"start":"..","end":"..","node":1}],
//	   "loads":[{"node":1,"vnodes":16,"ownership":0.33,"partitions":1,"rows":1,"bytes":120}],
//	   "partitions":[{"table":"ks.t","key":"'a'","token":"..","replicas":[2],"rows":1,"bytes":120}],
//	   "meanBytes":40,"mostLoaded":2,"hot":[placement...]}}
//
// Tokens are JSON strings of the decimal token: a Murmur3 token is a full
// 64-bit integer, which JavaScript's JSON.parse would round. Timestamps are
// microseconds and times (expiresAt, localTime, deletedAt) seconds since the
// epoch, as numbers.

// AppendJSON appends m as one compact JSON object.
func (m *Model) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"now":`...)
	dst = strconv.AppendInt(dst, m.Now, 10)
	dst = append(dst, `,"tables":[`...)
	for i := range m.Tables {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = m.Tables[i].appendJSON(dst)
	}
	dst = append(dst, ']')
	if m.Ring != nil {
		dst = append(dst, `,"ring":`...)
		dst = m.Ring.AppendJSON(dst)
	}
	return append(dst, '}')
}

// JSON returns m's JSON with its buffer sized up front.
func (m *Model) JSON() []byte {
	size := 256
	for i := range m.Tables {
		for j := range m.Tables[i].Partitions {
			p := &m.Tables[i].Partitions[j]
			bytes := p.Bytes
			switch {
			case len(p.Rows) == 0:
				// The summary form lists no rows (it zeroed 24 MB a
				// call for lesson 08's 100,000 rows, sized as whole).
				bytes = 0
			case p.Omitted > 0:
				// A summarised partition's JSON holds the rows listed only.
				bytes = bytes * len(p.Rows) / (len(p.Rows) + p.Omitted)
			}
			size += 160 + 12*len(p.Key) + bytes*6
		}
	}
	return m.AppendJSON(make([]byte, 0, size))
}

func (t *Table) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"keyspace":`...)
	dst = jsonenc.AppendString(dst, t.Keyspace)
	dst = append(dst, `,"name":`...)
	dst = jsonenc.AppendString(dst, t.Name)
	dst = append(dst, `,"partitionKey":`...)
	dst = appendColumns(dst, t.PartitionKey)
	dst = append(dst, `,"clustering":`...)
	dst = appendColumns(dst, t.Clustering)
	dst = append(dst, `,"staticColumns":`...)
	dst = appendColumns(dst, t.Static)
	dst = append(dst, `,"regularColumns":`...)
	dst = appendColumns(dst, t.Regular)
	dst = append(dst, `,"compact":`...)
	dst = strconv.AppendBool(dst, t.Compact)
	dst = append(dst, `,"partitions":[`...)
	for i := range t.Partitions {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = t.Partitions[i].appendJSON(dst)
	}
	dst = append(dst, ']')
	if t.OmittedPartitions > 0 {
		dst = append(dst, `,"omittedPartitions":`...)
		dst = strconv.AppendInt(dst, int64(t.OmittedPartitions), 10)
	}
	return append(dst, '}')
}

func appendColumns(dst []byte, cs []Column) []byte {
	dst = append(dst, '[')
	for i, c := range cs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"name":`...)
		dst = jsonenc.AppendString(dst, c.Name)
		dst = append(dst, `,"type":`...)
		dst = jsonenc.AppendString(dst, c.Type)
		if c.Desc {
			dst = append(dst, `,"desc":true`...)
		}
		dst = append(dst, '}')
	}
	return append(dst, ']')
}

func (p *Partition) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"token":`...)
	dst = appendToken(dst, p.Token)
	dst = append(dst, `,"key":`...)
	dst = appendValues(dst, p.Key)
	if p.Deletion != nil {
		dst = append(dst, `,"deletion":`...)
		dst = p.Deletion.appendJSON(dst)
	}
	if p.Static != nil {
		dst = append(dst, `,"static":`...)
		dst = p.Static.appendJSON(dst)
	}
	dst = append(dst, `,"rows":[`...)
	for i := range p.Rows {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = p.Rows[i].appendJSON(dst)
	}
	dst = append(dst, ']')
	if p.Omitted > 0 {
		dst = append(dst, `,"omitted":`...)
		dst = strconv.AppendInt(dst, int64(p.Omitted), 10)
		dst = append(dst, `,"omittedAt":`...)
		dst = strconv.AppendInt(dst, int64(p.OmittedAt), 10)
	}
	dst = append(dst, `,"ranges":[`...)
	for i, rt := range p.Ranges {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"start":`...)
		dst = rt.Start.appendJSON(dst)
		dst = append(dst, `,"end":`...)
		dst = rt.End.appendJSON(dst)
		dst = append(dst, `,"deletion":`...)
		dst = rt.Deletion.appendJSON(dst)
		dst = append(dst, '}')
	}
	dst = append(dst, `],"bytes":`...)
	dst = strconv.AppendInt(dst, int64(p.Bytes), 10)
	dst = append(dst, `,"cells":`...)
	dst = strconv.AppendInt(dst, int64(p.Cells), 10)
	dst = append(dst, `,"liveRows":`...)
	dst = strconv.AppendInt(dst, int64(p.LiveRows), 10)
	dst = append(dst, `,"replicas":`...)
	dst = appendInts(dst, p.Replicas)
	return append(dst, '}')
}

func (b *Bound) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"clustering":`...)
	dst = appendValues(dst, b.Clustering)
	dst = append(dst, `,"inclusive":`...)
	dst = strconv.AppendBool(dst, b.Inclusive)
	return append(dst, '}')
}

func (d *Deletion) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"markedAt":`...)
	dst = strconv.AppendInt(dst, d.MarkedAt, 10)
	dst = append(dst, `,"localTime":`...)
	dst = strconv.AppendInt(dst, d.LocalTime, 10)
	return append(dst, '}')
}

func (r *Row) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"clustering":`...)
	dst = appendValues(dst, r.Clustering)
	if r.Marker != nil {
		dst = append(dst, `,"marker":{"timestamp":`...)
		dst = strconv.AppendInt(dst, r.Marker.Timestamp, 10)
		if r.Marker.TTL > 0 {
			dst = append(dst, `,"ttl":`...)
			dst = strconv.AppendInt(dst, int64(r.Marker.TTL), 10)
			dst = append(dst, `,"expiresAt":`...)
			dst = strconv.AppendInt(dst, r.Marker.ExpiresAt, 10)
			dst = append(dst, `,"expired":`...)
			dst = strconv.AppendBool(dst, r.Marker.Expired)
		}
		dst = append(dst, '}')
	}
	if r.Deletion != nil {
		dst = append(dst, `,"deletion":`...)
		dst = r.Deletion.appendJSON(dst)
	}
	dst = append(dst, `,"live":`...)
	dst = strconv.AppendBool(dst, r.Live)
	dst = append(dst, `,"cells":[`...)
	for i := range r.Cells {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = r.Cells[i].appendJSON(dst)
	}
	return append(dst, "]}"...)
}

func (c *Cell) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"column":`...)
	dst = jsonenc.AppendString(dst, c.Column)
	dst = append(dst, `,"kind":"`...)
	dst = append(dst, c.Kind.String()...)
	dst = append(dst, '"')
	if c.Path != nil {
		dst = append(dst, `,"path":`...)
		dst = c.Path.appendJSON(dst)
	}
	if c.Value != nil {
		dst = append(dst, `,"value":`...)
		dst = c.Value.appendJSON(dst)
	}
	dst = append(dst, `,"timestamp":`...)
	dst = strconv.AppendInt(dst, c.Timestamp, 10)
	if c.TTL > 0 {
		dst = append(dst, `,"ttl":`...)
		dst = strconv.AppendInt(dst, int64(c.TTL), 10)
		dst = append(dst, `,"expiresAt":`...)
		dst = strconv.AppendInt(dst, c.ExpiresAt, 10)
	}
	if c.Kind == Tombstone || c.Kind == CollectionTombstone {
		dst = append(dst, `,"deletedAt":`...)
		dst = strconv.AppendInt(dst, c.DeletedAt, 10)
	}
	if c.Counter {
		dst = append(dst, `,"counter":true`...)
	}
	return append(dst, '}')
}

func (v *Value) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"text":`...)
	dst = jsonenc.AppendString(dst, v.Text)
	dst = append(dst, `,"hex":"0x`...)
	dst = appendHex(dst, v.Bytes)
	return append(dst, `"}`...)
}

func appendValues(dst []byte, vs []Value) []byte {
	dst = append(dst, '[')
	for i := range vs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = vs[i].appendJSON(dst)
	}
	return append(dst, ']')
}

// AppendJSON appends the ring as one compact JSON object (see the shape above).
func (r *Ring) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"nodes":`...)
	dst = strconv.AppendInt(dst, int64(r.Nodes), 10)
	dst = append(dst, `,"vnodes":`...)
	dst = strconv.AppendInt(dst, int64(r.VNodes), 10)
	dst = append(dst, `,"rf":`...)
	dst = strconv.AppendInt(dst, int64(r.RF), 10)
	dst = append(dst, `,"ranges":[`...)
	for i, tr := range r.Ranges {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"start":`...)
		dst = appendToken(dst, tr.Start)
		dst = append(dst, `,"end":`...)
		dst = appendToken(dst, tr.End)
		dst = append(dst, `,"node":`...)
		dst = strconv.AppendInt(dst, int64(tr.Node), 10)
		dst = append(dst, '}')
	}
	dst = append(dst, `],"loads":[`...)
	for i, l := range r.Loads {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"node":`...)
		dst = strconv.AppendInt(dst, int64(l.Node), 10)
		dst = append(dst, `,"vnodes":`...)
		dst = strconv.AppendInt(dst, int64(l.VNodes), 10)
		dst = append(dst, `,"ownership":`...)
		dst = strconv.AppendFloat(dst, l.Ownership, 'g', 6, 64)
		dst = append(dst, `,"partitions":`...)
		dst = strconv.AppendInt(dst, int64(l.Partitions), 10)
		dst = append(dst, `,"rows":`...)
		dst = strconv.AppendInt(dst, int64(l.Rows), 10)
		dst = append(dst, `,"bytes":`...)
		dst = strconv.AppendInt(dst, int64(l.Bytes), 10)
		dst = append(dst, '}')
	}
	dst = append(dst, `],"partitions":`...)
	dst = appendPlacements(dst, r.Partitions)
	dst = append(dst, `,"meanBytes":`...)
	dst = strconv.AppendFloat(dst, r.MeanBytes, 'f', -1, 64)
	dst = append(dst, `,"mostLoaded":`...)
	dst = strconv.AppendInt(dst, int64(r.MostLoaded), 10)
	dst = append(dst, `,"hot":`...)
	dst = appendPlacements(dst, r.Hot)
	return append(dst, '}')
}

func appendPlacements(dst []byte, ps []Placement) []byte {
	dst = append(dst, '[')
	for i, p := range ps {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"table":`...)
		dst = jsonenc.AppendString(dst, p.Table)
		dst = append(dst, `,"key":`...)
		dst = jsonenc.AppendString(dst, p.Key)
		dst = append(dst, `,"token":`...)
		dst = appendToken(dst, p.Token)
		dst = append(dst, `,"replicas":`...)
		dst = appendInts(dst, p.Replicas)
		dst = append(dst, `,"rows":`...)
		dst = strconv.AppendInt(dst, int64(p.Rows), 10)
		dst = append(dst, `,"bytes":`...)
		dst = strconv.AppendInt(dst, int64(p.Bytes), 10)
		dst = append(dst, '}')
	}
	return append(dst, ']')
}

func appendToken(dst []byte, t int64) []byte {
	dst = append(dst, '"')
	dst = strconv.AppendInt(dst, t, 10)
	return append(dst, '"')
}

func appendInts(dst []byte, xs []int) []byte {
	dst = append(dst, '[')
	for i, x := range xs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(x), 10)
	}
	return append(dst, ']')
}
