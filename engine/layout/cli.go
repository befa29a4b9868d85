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
	text, _ := CLIBounded(t, st, now, nil)
	return text
}

// CLIBounded is CLI within bounds: a summarised partition prints a line
// (gapText) in place of the rows it leaves out, which its Elision's At
// gives.
func CLIBounded(t *schema.Table, st *store.Table, now int64, bounds *Bounds) (string, []Elision) {
	l := lister{t: t, now: now, bounds: bounds, b: make([]byte, 0, textSizeHint(t, st, 40, 90, bounds))}
	l.b = append(l.b, "[default@"...)
	l.b = append(l.b, t.Keyspace...)
	l.b = append(l.b, "] list "...)
	l.b = append(l.b, t.Name...)
	l.b = append(l.b, ";\n"...)
	n := 0
	if st != nil {
		st.Ascend(func(p *store.Partition) bool {
			if !p.IsEmpty() {
				if bounds.listed(n) {
					l.partition(p)
				}
				n++
			}
			return true
		})
	}
	if left := n - bounds.partitionsOr(n); left > 0 {
		l.elided = append(l.elided, Elision{Table: t.Keyspace + "." + t.Name, Partitions: left, At: lineCount(l.b)})
		l.b = append(l.b, moreText(left)...)
		l.b = append(l.b, '\n')
	}
	l.b = append(l.b, '\n')
	l.b = strconv.AppendInt(l.b, int64(n), 10)
	if n == 1 {
		l.b = append(l.b, " Row Returned.\n"...)
	} else {
		l.b = append(l.b, " Rows Returned.\n"...)
	}
	return string(l.b), l.elided
}

// lister writes a cli listing; its scratch buffers are reused row after row.
type lister struct {
	t           *schema.Table
	now         int64
	b           []byte
	prefix      []byte // the row's clustering components, each ending in ':'
	name, value []byte
	cols        []colData
	bounds      *Bounds
	elided      []Elision
}

func (l *lister) partition(p *store.Partition) {
	l.b = append(l.b, "-------------------\nRowKey: "...)
	for i, v := range keyParts(l.t, p.Key) {
		if i > 0 {
			l.b = append(l.b, ':')
		}
		l.b = appendEscaped(l.b, javaString(partitionKeyType(l.t, i), v))
	}
	l.b = append(l.b, '\n')
	if p.Static != nil {
		l.row(p.Static, p.Deletion, true)
	}
	head, tail, bounded := l.bounds.span(l.t.Keyspace+"."+l.t.Name, p)
	from, _ := l.bounds.page(l.t.Keyspace, l.t.Name, p.Token)
	listedRows(p, head, tail, bounded, from, nil, func(r *store.Row) {
		l.row(r, p.DeletionAt(r.Clustering), false)
	}, func([]*store.Row) {
		e := elision(l.t, p, l.now, head, tail)
		e.At = lineCount(l.b)
		l.elided = append(l.elided, e)
		l.b = append(l.b, gapText(e.Left)...)
		l.b = append(l.b, '\n')
	})
}

// row prints a row's live cells. A static row (Cassandra 2.0.6+) has an
// empty component in place of each clustering value; that rendering was not
// verified against a real cli.
func (l *lister) row(r *store.Row, del store.Deletion, static bool) {
	del = del.Max(r.Deletion())
	l.prefix = l.prefix[:0]
	if static {
		for range l.t.ClusteringCs {
			l.prefix = append(l.prefix, ':')
		}
	} else {
		for i, v := range r.Clustering {
			l.prefix = appendEscaped(l.prefix, javaString(clusteringType(l.t, i), v))
			l.prefix = append(l.prefix, ':')
		}
	}
	if !static && !l.t.Compact && r.Marker.IsLive(l.now) && !del.Deletes(r.Marker.TS) {
		l.b = append(l.b, "=> (column="...)
		l.b = append(l.b, l.prefix...)
		l.b = append(l.b, ", value=, timestamp="...)
		l.b = strconv.AppendInt(l.b, r.Marker.TS, 10)
		l.b = appendTTL(l.b, r.Marker.TTL)
		l.b = append(l.b, ")\n"...)
	}
	l.cols = columnsOf(l.cols[:0], l.t, r, false)
	for k := range l.cols {
		cd := &l.cols[k]
		for i := range cd.cells {
			c := &cd.cells[i]
			if c.IsLive(l.now) && !del.Deletes(c.TS) {
				l.cell(cd.col, c)
			}
		}
	}
}

// cell prints one live cell. In a CQL3 table it is named by the clustering
// prefix, the column and, for a collection element, the element's key in
// hex (ColumnToCollectionType.getString); its value is hex. A COMPACT
// STORAGE table has no such composite: a dense table's cell is named by its
// clustering values (c1:c2, no empty last component), one without
// clustering columns by the column; values are decoded with their types.
func (l *lister) cell(col *schema.Column, c *store.Cell) {
	l.name, l.value = l.name[:0], l.value[:0]
	switch {
	case l.t.Compact && l.t.Dense:
		l.name = append(l.name, l.prefix...)
		if len(l.name) > 0 {
			l.name = l.name[:len(l.name)-1]
		}
	case l.t.Compact:
		l.name = append(l.name, col.Name...)
	default:
		l.name = append(l.name, l.prefix...)
		l.name = append(l.name, col.Name...)
		if c.Path() != nil {
			l.name = append(l.name, ':')
			l.name = appendHex(l.name, c.Path())
		}
	}
	if l.t.Compact {
		l.value = append(l.value, javaString(col.Type, c.Value)...)
	} else {
		l.value = appendHex(l.value, c.Value)
	}
	if col.Type.Kind == cqltype.Counter {
		n, _ := cqltype.Int64Of(c.Value)
		l.b = append(l.b, "=> (counter="...)
		l.b = append(l.b, l.name...)
		l.b = append(l.b, ", value="...)
		l.b = strconv.AppendInt(l.b, n, 10)
		l.b = append(l.b, ")\n"...)
		return
	}
	l.b = append(l.b, "=> (column="...)
	l.b = append(l.b, l.name...)
	l.b = append(l.b, ", value="...)
	l.b = append(l.b, l.value...)
	l.b = append(l.b, ", timestamp="...)
	l.b = strconv.AppendInt(l.b, c.TS, 10)
	l.b = appendTTL(l.b, c.TTL)
	l.b = append(l.b, ")\n"...)
}

func appendTTL(b []byte, ttl int32) []byte {
	if ttl > 0 {
		b = append(b, ", ttl="...)
		b = strconv.AppendInt(b, int64(ttl), 10)
	}
	return b
}

// appendEscaped writes one CompositeType component: ':' inside a value is
// escaped as `\:` so the components can be told apart.
func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			b = append(b, '\\')
		}
		b = append(b, s[i])
	}
	return b
}
