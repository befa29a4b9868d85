package layout

import (
	"strconv"
)

// Tree renders the model as an indented text tree for the command line:
// per table its keys, per partition (token order) its token, key, size and
// replicas, then its tombstones, static row, rows and cells in storage
// order. Timestamps are microseconds as writetime() shows them; times of
// deletion and expiry are ISO-8601 instants.
//
//	table cqlplay.users  partition key: (mainland text)  clustering: (state text ASC, uid int ASC)
//	token -6615976270718120401  key 'northamerica'  70 bytes, 2 cells, 1 live row  replicas [1]
//	  row (california, 2)
//	    row marker  ts 1767225600000001
//	    name = bob  0x626f62  ts 1767225600000001
func (m *Model) Tree() string {
	size := 256
	for i := range m.Tables {
		for j := range m.Tables[i].Partitions {
			size += 160 + 2*m.Tables[i].Partitions[j].Bytes
		}
	}
	b := make([]byte, 0, size)
	for i := range m.Tables {
		if i > 0 {
			b = append(b, '\n')
		}
		b = m.Tables[i].appendTree(b, m.Now/1_000_000)
	}
	return string(b)
}

func (t *Table) appendTree(b []byte, now int64) []byte {
	b = append(b, "table "...)
	b = append(b, t.Keyspace...)
	b = append(b, '.')
	b = append(b, t.Name...)
	b = append(b, "  partition key: ("...)
	b = appendColumnList(b, t.PartitionKey, false)
	b = append(b, ')')
	if len(t.Clustering) > 0 {
		b = append(b, "  clustering: ("...)
		b = appendColumnList(b, t.Clustering, true)
		b = append(b, ')')
	}
	if t.Compact {
		b = append(b, "  COMPACT STORAGE"...)
	}
	b = append(b, '\n')
	if len(t.Partitions) == 0 {
		return append(b, "  (no data)\n"...)
	}
	for i := range t.Partitions {
		b = t.Partitions[i].appendTree(b, t)
	}
	return b
}

func appendColumnList(b []byte, cs []Column, order bool) []byte {
	for i, c := range cs {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, c.Name...)
		b = append(b, ' ')
		b = append(b, c.Type...)
		if order {
			if c.Desc {
				b = append(b, " DESC"...)
			} else {
				b = append(b, " ASC"...)
			}
		}
	}
	return b
}

func (p *Partition) appendTree(b []byte, t *Table) []byte {
	b = append(b, "token "...)
	b = strconv.AppendInt(b, p.Token, 10)
	b = append(b, "  key "...)
	b = append(b, keyLiteral(p.Key, t)...)
	b = append(b, "  "...)
	b = strconv.AppendInt(b, int64(p.Bytes), 10)
	b = append(b, " bytes, "...)
	b = plural(b, p.Cells, "cell", "cells")
	b = append(b, ", "...)
	b = plural(b, p.LiveRows, "live row", "live rows")
	b = append(b, "  replicas "...)
	b = appendIntList(b, p.Replicas)
	b = append(b, '\n')
	if p.Deletion != nil {
		b = append(b, "  partition tombstone"...)
		b = appendDeletion(b, p.Deletion)
		b = append(b, '\n')
	}
	for _, rt := range p.Ranges {
		b = append(b, "  range tombstone "...)
		b = appendRange(b, &rt)
		b = appendDeletion(b, &rt.Deletion)
		b = append(b, '\n')
	}
	if p.Static != nil {
		b = append(b, "  static"...)
		b = p.Static.appendTree(b)
	}
	for i := range p.Rows {
		b = append(b, "  row"...)
		if len(p.Rows[i].Clustering) > 0 {
			b = append(b, " ("...)
			b = appendValueTexts(b, p.Rows[i].Clustering)
			b = append(b, ')')
		}
		b = p.Rows[i].appendTree(b)
	}
	return b
}

func (r *Row) appendTree(b []byte) []byte {
	if !r.Live {
		b = append(b, "  (not visible to reads)"...)
	}
	b = append(b, '\n')
	if r.Deletion != nil {
		b = append(b, "    row tombstone"...)
		b = appendDeletion(b, r.Deletion)
		b = append(b, '\n')
	}
	if r.Marker != nil {
		b = append(b, "    row marker  ts "...)
		b = strconv.AppendInt(b, r.Marker.Timestamp, 10)
		b = appendExpiry(b, r.Marker.TTL, r.Marker.ExpiresAt, r.Marker.Expired)
		b = append(b, '\n')
	}
	for i := range r.Cells {
		b = r.Cells[i].appendTree(b)
	}
	return b
}

func (c *Cell) appendTree(b []byte) []byte {
	b = append(b, "    "...)
	b = append(b, c.Column...)
	if c.Path != nil {
		b = append(b, '[')
		b = append(b, c.Path.Text...)
		b = append(b, ']')
	}
	switch c.Kind {
	case CollectionTombstone:
		b = append(b, "  collection tombstone"...)
		return append(appendDeletion(b, &Deletion{MarkedAt: c.Timestamp, LocalTime: c.DeletedAt}), '\n')
	case Tombstone:
		b = append(b, "  tombstone  ts "...)
		b = strconv.AppendInt(b, c.Timestamp, 10)
		b = append(b, ", deleted "...)
		b = append(b, secondsInstant(c.DeletedAt)...)
		return append(b, '\n')
	}
	// A set element's cell has a path and no value: the path is the element.
	if c.Path == nil || len(c.Value.Bytes) > 0 {
		b = append(b, " = "...)
		b = append(b, c.Value.Text...)
		b = append(b, "  0x"...)
		b = appendHex(b, c.Value.Bytes)
	}
	b = append(b, "  ts "...)
	b = strconv.AppendInt(b, c.Timestamp, 10)
	b = appendExpiry(b, c.TTL, c.ExpiresAt, c.Kind == ExpiredCell)
	return append(b, '\n')
}

func appendExpiry(b []byte, ttl int32, at int64, expired bool) []byte {
	if ttl <= 0 {
		return b
	}
	b = append(b, ", ttl "...)
	b = strconv.AppendInt(b, int64(ttl), 10)
	if expired {
		b = append(b, ", EXPIRED at "...)
	} else {
		b = append(b, ", expires "...)
	}
	return append(b, secondsInstant(at)...)
}

func appendDeletion(b []byte, d *Deletion) []byte {
	b = append(b, "  deletes ts <= "...)
	b = strconv.AppendInt(b, d.MarkedAt, 10)
	b = append(b, ", deleted "...)
	return append(b, secondsInstant(d.LocalTime)...)
}

// appendRange writes a range tombstone's slice in interval notation over
// clustering prefixes: [(a) .. (a)] deletes every row starting with a.
func appendRange(b []byte, rt *RangeTombstone) []byte {
	if rt.Start.Inclusive || len(rt.Start.Clustering) == 0 {
		b = append(b, '[')
	} else {
		b = append(b, '(')
	}
	if len(rt.Start.Clustering) == 0 {
		b = append(b, "-inf"...)
	} else {
		b = append(b, '(')
		b = appendValueTexts(b, rt.Start.Clustering)
		b = append(b, ')')
	}
	b = append(b, " .. "...)
	if len(rt.End.Clustering) == 0 {
		b = append(b, "+inf"...)
	} else {
		b = append(b, '(')
		b = appendValueTexts(b, rt.End.Clustering)
		b = append(b, ')')
	}
	if rt.End.Inclusive || len(rt.End.Clustering) == 0 {
		return append(b, ']')
	}
	return append(b, ')')
}

func appendValueTexts(b []byte, vs []Value) []byte {
	for i, v := range vs {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, v.Text...)
	}
	return b
}

func appendIntList(b []byte, xs []int) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

func plural(b []byte, n int, one, many string) []byte {
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, ' ')
	if n == 1 {
		return append(b, one...)
	}
	return append(b, many...)
}
