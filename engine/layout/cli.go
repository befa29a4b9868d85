package layout

import (
	"strconv"

	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// CLI renders a table as the legacy cassandra-cli `list <table>;` printed it
// (Cassandra 1.2, the era of the seed articles, which wrote `column=`):
//
//	[default@cqlplay] list example;
//	-------------------
//	RowKey: partitionVal1:partitionVal2
//	=> (column=clusterVal1:clusterVal2:, value=, timestamp=1374630892473000)
//	=> (column=clusterVal1:clusterVal2:normalfield1, value=6e6f726d616c56616c31, timestamp=1374630892473000)
//
//	1 Row Returned.
//
// One block per partition in token order; the key is the partition key
// columns' values joined by ':'. Each live cell is a column named by the
// CompositeType of the clustering values and the CQL column name (with the
// element's key, in hex, for a non-frozen collection element), in comparator
// order: the row marker, whose last component is empty, then the columns by
// name. Values of CQL3 tables print as hex, as Thrift saw them (BytesType).
// COMPACT STORAGE tables have no row marker; with clustering columns the
// cell is named by the clustering values alone, and their values are
// decoded with the column's type. Tombstones and expired cells are not
// listed, but a partition holding only tombstones still prints its RowKey,
// as the cli did (the "range ghosts" of the era). Counters print as
// `=> (counter=name, value=n)`. The cli's limits (100 rows, 100 cells) and
// its elapsed time are left out.
func CLI(t *schema.Table, st *store.Table, now int64) string {
	var b []byte
	b = append(b, "[default@"...)
	b = append(b, t.Keyspace...)
	b = append(b, "] list "...)
	b = append(b, t.Name...)
	b = append(b, ";\n"...)
	n := 0
	if st != nil {
		st.Ascend(func(p *store.Partition) bool {
			if p.IsEmpty() {
				return true
			}
			n++
			b = cliPartition(b, t, p, now)
			return true
		})
	}
	b = append(b, '\n')
	b = strconv.AppendInt(b, int64(n), 10)
	if n == 1 {
		b = append(b, " Row Returned.\n"...)
	} else {
		b = append(b, " Rows Returned.\n"...)
	}
	return string(b)
}

func cliPartition(b []byte, t *schema.Table, p *store.Partition, now int64) []byte {
	b = append(b, "-------------------\nRowKey: "...)
	for i, v := range keyParts(t, p.Key) {
		if i > 0 {
			b = append(b, ':')
		}
		typ := cqltype.BlobType
		if i < len(t.PartitionKey) {
			typ = t.PartitionKey[i].Type
		}
		b = appendEscaped(b, javaString(typ, v))
	}
	b = append(b, '\n')
	if p.Static != nil {
		b = cliRow(b, t, p.Static, p.Deletion, now, true)
	}
	p.Ascend(store.All, func(r *store.Row) bool {
		b = cliRow(b, t, r, p.DeletionAt(r.Clustering), now, false)
		return true
	})
	return b
}

// cliRow prints a row's live cells. A static row (Cassandra 2.0.6+) has an
// empty component in place of each clustering value; that rendering was not
// verified against a real cli.
func cliRow(b []byte, t *schema.Table, r *store.Row, del store.Deletion, now int64, static bool) []byte {
	del = del.Max(r.Deletion)
	var prefix []byte
	if static {
		for range t.ClusteringCs {
			prefix = append(prefix, ':')
		}
	} else {
		for i, v := range r.Clustering {
			typ := cqltype.BlobType
			if i < len(t.ClusteringCs) {
				typ = t.ClusteringCs[i].Type
			}
			prefix = appendEscaped(prefix, javaString(typ, v))
			prefix = append(prefix, ':')
		}
	}
	if t.Compact {
		return cliCompactRow(b, t, r, del, now, prefix)
	}
	if !static && r.Marker.IsLive(now) && !del.Deletes(r.Marker.TS) {
		b = append(b, "=> (column="...)
		b = append(b, prefix...)
		b = append(b, ", value=, timestamp="...)
		b = strconv.AppendInt(b, r.Marker.TS, 10)
		b = appendTTL(b, r.Marker.TTL)
		b = append(b, ")\n"...)
	}
	for _, cd := range columnsOf(nil, t, r, false) {
		for i := range cd.cells {
			c := &cd.cells[i]
			if !c.IsLive(now) || del.Deletes(c.TS) {
				continue
			}
			name := append(append([]byte(nil), prefix...), cd.col.Name...)
			if c.Path != nil {
				name = append(name, ':')
				name = appendHex(name, c.Path)
			}
			b = cliCell(b, cd.col, name, c, appendHex(nil, c.Value))
		}
	}
	return b
}

// cliCompactRow prints a COMPACT STORAGE row: no marker; a dense table's
// cell is named by its clustering values, a table without clustering
// columns by the column name; values decoded with their types.
func cliCompactRow(b []byte, t *schema.Table, r *store.Row, del store.Deletion, now int64, prefix []byte) []byte {
	for _, cd := range columnsOf(nil, t, r, false) {
		for i := range cd.cells {
			c := &cd.cells[i]
			if !c.IsLive(now) || del.Deletes(c.TS) {
				continue
			}
			var name []byte
			if t.Dense {
				name = append(name, prefix...)
				if len(name) > 0 {
					name = name[:len(name)-1] // c1:c2, no empty last component
				}
			} else {
				name = append(name, cd.col.Name...)
			}
			b = cliCell(b, cd.col, name, c, []byte(javaString(cd.col.Type, c.Value)))
		}
	}
	return b
}

func cliCell(b []byte, col *schema.Column, name []byte, c *store.Cell, value []byte) []byte {
	if col.Type.Kind == cqltype.Counter {
		n, _ := cqltype.Int64Of(c.Value)
		b = append(b, "=> (counter="...)
		b = append(b, name...)
		b = append(b, ", value="...)
		b = strconv.AppendInt(b, n, 10)
		return append(b, ")\n"...)
	}
	b = append(b, "=> (column="...)
	b = append(b, name...)
	b = append(b, ", value="...)
	b = append(b, value...)
	b = append(b, ", timestamp="...)
	b = strconv.AppendInt(b, c.TS, 10)
	b = appendTTL(b, c.TTL)
	return append(b, ")\n"...)
}

func appendTTL(b []byte, ttl int32) []byte {
	if ttl > 0 {
		b = append(b, ", ttl="...)
		b = strconv.AppendInt(b, int64(ttl), 10)
	}
	return b
}

// appendEscaped writes one CompositeType component: ':' inside a value is
// escaped as "\:" so the components can be told apart.
func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			b = append(b, '\\')
		}
		b = append(b, s[i])
	}
	return b
}
