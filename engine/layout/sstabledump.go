package layout

import (
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// Sstabledump renders a table as `sstabledump` prints the sstable a flush of
// its memtable would write now (Cassandra 3.x/4.x JSON, without -t: times as
// ISO-8601 instants). Each function below replays one method of
// JsonTransformer.java, in its order, so the text is the tool's byte for
// byte. Positions are offsets computed with the size estimate of size.go,
// standing in for file offsets. now is the virtual clock in seconds (for
// "expired"). A table with no data prints `[ ]`. A COMPACT STORAGE table
// without clustering columns dumps its rows as static blocks, as Cassandra
// 3.0+ stores them (its columns are static there).
func Sstabledump(t *schema.Table, st *store.Table, now int64) string {
	text, _ := SstabledumpBounded(t, st, now, nil)
	return text
}

// SstabledumpBounded is Sstabledump within bounds: a summarised partition
// prints a line (gapText) among its rows in place of those it leaves out,
// which its Elision's At gives; positions still count every row.
func SstabledumpBounded(t *schema.Table, st *store.Table, now int64, bounds *Bounds) (string, []Elision) {
	d := dumper{t: t, now: now, cmp: store.Clustering(t.ClusteringCs), bounds: bounds}
	d.g.b = make([]byte, 0, textSizeHint(t, st, 200, 60, bounds))
	d.g.startArray()
	n := 0
	if st != nil {
		st.Ascend(func(p *store.Partition) bool {
			if !p.IsEmpty() {
				if bounds.listed(n) {
					d.partition(p)
				}
				n++
			}
			return true
		})
	}
	if left := n - bounds.partitionsOr(n); left > 0 {
		d.gap(Elision{Table: t.Keyspace + "." + t.Name, Partitions: left}, moreText(left))
		// The array closes on a line of its own after it.
		d.g.ctx[len(d.g.ctx)-1].entries = 1
	}
	d.g.endArray()
	return string(append(d.g.b, '\n')), d.elided
}

type dumper struct {
	g   jsonGen
	t   *schema.Table
	cmp store.Clustering
	now int64
	pos int
	// cols is columnsOf's scratch, reused row after row.
	cols   []colData
	bounds *Bounds
	elided []Elision
}

// partition is serializePartition.
func (d *dumper) partition(p *store.Partition) {
	g := &d.g
	g.startObject()
	g.field("partition")
	g.startObject()
	g.field("key")
	d.partitionKey(p.Key)
	g.field("position")
	g.num(int64(d.pos))
	if !p.Deletion.IsLive() {
		d.deletion(p.Deletion)
	}
	g.endObject()
	g.field("rows")
	g.startArray()
	d.pos += partitionHeaderSize(p)
	if p.Static != nil && !p.Static.IsEmpty() {
		d.row(p.Static, true)
		d.pos += rowSize(p.Static)
	}
	markers := rangeMarkers(d.cmp, p.Ranges)
	head, tail, bounded := d.bounds.span(d.t.Keyspace+"."+d.t.Name, p)
	from, _ := d.bounds.page(d.t.Keyspace, d.t.Name, p.Token)
	// listed is the size of the rows listed so far, to place the rows
	// after a gap.
	listed := 0
	// row lists a row (skipped: a page's row before From, which only moves
	// the positions on), after the range tombstone markers before it.
	row := func(r *store.Row, skipped bool) {
		for len(markers) > 0 && comparePos(d.cmp, rtPos{prefix: r.Clustering}, markers[0].at) > 0 {
			if skipped {
				d.pos += rangeMarkerSize(markers[0].at.prefix)
			} else {
				d.marker(&markers[0])
			}
			markers = markers[1:]
		}
		if !skipped {
			d.row(r, d.staticCompact())
		}
		size := rowSize(r)
		d.pos += size
		listed += size
	}
	listedRows(p, head, tail, bounded, from, func(r *store.Row) { row(r, true) }, func(r *store.Row) { row(r, false) }, func(after []*store.Row) {
		d.gap(elision(d.t, p, d.now, head, tail), gapText(tail-head))
		left := totalsOf(p, d.now).rowBytes - listed
		for _, r := range after {
			left -= rowSize(r)
		}
		d.pos += left
	})
	for i := range markers {
		d.marker(&markers[i])
	}
	g.endArray()
	g.endObject()
}

// gap prints the line standing for the rows a summarised partition leaves
// out, as an entry of its rows array on a line of its own (the next row
// starts without a comma).
func (d *dumper) gap(e Elision, text string) {
	g := &d.g
	c := &g.ctx[len(g.ctx)-1]
	if c.entries > 0 {
		g.b = append(g.b, ',')
	}
	g.indent(false)
	e.At = lineCount(g.b)
	d.elided = append(d.elided, e)
	g.b = append(g.b, text...)
	c.entries = 0
}

// staticCompact reports whether t is a COMPACT STORAGE table without
// clustering columns (a Thrift "static" column family). Cassandra 3.0+
// stores its columns as static columns, so its one row per partition is
// dumped as the partition's static_block.
func (d *dumper) staticCompact() bool { return d.t.Compact && len(d.t.ClusteringCs) == 0 }

// partitionKey is serializePartitionKey: one string per key column, each
// as its type's getString.
func (d *dumper) partitionKey(key []byte) {
	g := &d.g
	g.objCompact = true
	g.arrCompact = true
	g.startArray()
	for i, v := range keyParts(d.t, key) {
		typ := cqltype.BlobType
		if i < len(d.t.PartitionKey) {
			typ = d.t.PartitionKey[i].Type
		}
		g.str(javaString(typ, v))
	}
	g.endArray()
	g.objCompact = false
	g.arrCompact = false
}

// row is serializeRow.
func (d *dumper) row(r *store.Row, static bool) {
	g := &d.g
	g.startObject()
	g.field("type")
	if static {
		g.str("static_block")
	} else {
		g.str("row")
	}
	g.field("position")
	g.num(int64(d.pos))
	if !static {
		d.clustering(r.Clustering)
	}
	mk := r.Marker
	if mk.TS != store.NoTimestamp {
		g.objCompact = false
		g.field("liveness_info")
		g.objCompact = true
		g.startObject()
		g.field("tstamp")
		g.micros(mk.TS)
		if mk.TTL > 0 {
			g.field("ttl")
			g.num(int64(mk.TTL))
			g.field("expires_at")
			g.seconds(int64(mk.Expires))
			g.field("expired")
			g.boolean(int64(mk.Expires) < d.now)
		}
		g.endObject()
		g.objCompact = false
	}
	if !r.Deletion().IsLive() {
		d.deletion(r.Deletion())
	}
	g.field("cells")
	g.startArray()
	d.cols = columnsOf(d.cols[:0], d.t, r, true)
	for i := range d.cols {
		d.columnData(&d.cols[i], mk)
	}
	g.endArray()
	g.endObject()
}

// clustering is serializeClustering: JSON-typed values, "*" for the
// components a bound leaves out.
func (d *dumper) clustering(prefix [][]byte) {
	if len(prefix) == 0 {
		return
	}
	g := &d.g
	g.field("clustering")
	g.objCompact = true
	g.startArray()
	g.arrCompact = true
	for i, c := range d.t.ClusteringCs {
		if i >= len(prefix) {
			g.str("*")
		} else {
			g.value(c.Type, prefix[i])
		}
	}
	g.endArray()
	g.objCompact = false
	g.arrCompact = false
}

// deletion is serializeDeletion.
func (d *dumper) deletion(del store.Deletion) {
	g := &d.g
	g.field("deletion_info")
	g.objCompact = true
	g.startObject()
	g.field("marked_deleted")
	g.micros(del.MarkedAt)
	g.field("local_delete_time")
	g.seconds(del.LocalTime)
	g.endObject()
	g.objCompact = false
}

// columnData is serializeColumnData: a collection's tombstone first, then
// its cells.
func (d *dumper) columnData(cd *colData, mk store.Liveness) {
	g := &d.g
	if !cd.col.Type.MultiCell() {
		for i := range cd.cells {
			d.cell(cd.col, &cd.cells[i], mk)
		}
		return
	}
	if !cd.complex.IsLive() {
		g.objCompact = true
		g.startObject()
		g.field("name")
		g.str(cqlIdent(cd.col.Name))
		d.deletion(cd.complex)
		g.objCompact = true
		g.endObject()
		g.objCompact = false
	}
	for i := range cd.cells {
		d.cell(cd.col, &cd.cells[i], mk)
	}
}

// cell is serializeCell: tstamp only when it differs from the row's
// liveness, ttl only when it differs from the liveness TTL.
func (d *dumper) cell(col *schema.Column, c *store.Cell, mk store.Liveness) {
	g := &d.g
	g.startObject()
	g.objCompact = true
	g.field("name")
	g.str(cqlIdent(col.Name))
	valueType := col.Type
	if col.Type.MultiCell() {
		g.field("path")
		g.arrCompact = true
		g.startArray()
		kt, vt := elementTypes(col.Type)
		if col.Type.Kind == cqltype.UDT {
			var name string
			name, vt = udtField(col.Type, c.Path())
			g.str(name)
		} else {
			g.str(javaString(kt, c.Path()))
		}
		g.endArray()
		g.arrCompact = false
		valueType = vt
	}
	if c.Tombstone {
		g.field("deletion_info")
		g.objCompact = true
		g.startObject()
		g.field("local_delete_time")
		g.seconds(int64(c.LocalTime))
		g.endObject()
		g.objCompact = false
	} else {
		g.field("value")
		if valueType == nil {
			g.raw(`""`) // a set element's cell: EmptyType
		} else {
			g.value(valueType, c.Value)
		}
	}
	noLiveness := mk.TS == store.NoTimestamp
	if noLiveness || c.TS != mk.TS {
		g.field("tstamp")
		g.micros(c.TS)
	}
	if !c.Tombstone && c.TTL > 0 && (noLiveness || c.TTL != mk.TTL) {
		g.field("ttl")
		g.num(int64(c.TTL))
		g.field("expires_at")
		g.seconds(int64(c.LocalTime))
		g.field("expired")
		g.boolean(d.now >= int64(c.LocalTime))
	}
	g.endObject()
	g.objCompact = false
}

// marker is serializeTombstone.
func (d *dumper) marker(m *rtMarker) {
	g := &d.g
	g.startObject()
	g.field("type")
	if m.boundary {
		g.str("range_tombstone_boundary")
		d.bound(true, m.startIncl, m.at.prefix, m.open)
		d.bound(false, m.endIncl, m.at.prefix, m.close)
	} else {
		g.str("range_tombstone_bound")
		if m.isStart {
			d.bound(true, m.startIncl, m.at.prefix, m.open)
		} else {
			d.bound(false, m.endIncl, m.at.prefix, m.close)
		}
	}
	g.endObject()
	g.objCompact = false
	d.pos += rangeMarkerSize(m.at.prefix)
}

// bound is serializeBound.
func (d *dumper) bound(start, inclusive bool, prefix [][]byte, del store.Deletion) {
	g := &d.g
	if start {
		g.field("start")
	} else {
		g.field("end")
	}
	g.startObject()
	g.field("type")
	if inclusive {
		g.str("inclusive")
	} else {
		g.str("exclusive")
	}
	d.clustering(prefix)
	d.deletion(del)
	g.endObject()
}

// cqlIdent is ColumnIdentifier.toCQLString: names that are not plain
// lower-case identifiers are double-quoted.
func cqlIdent(name string) string {
	plain := name != ""
	for i := 0; i < len(name) && plain; i++ {
		c := name[i]
		plain = c >= 'a' && c <= 'z' || c == '_' || i > 0 && c >= '0' && c <= '9'
	}
	if plain {
		return name
	}
	b := []byte{'"'}
	for i := 0; i < len(name); i++ {
		if name[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, name[i])
	}
	return string(append(b, '"'))
}
