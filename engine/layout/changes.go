package layout

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// What a statement changed in the storage, for the page's time travel:
// the engine runs a copy of the cluster to just before a statement and to
// just after it, and these functions compare the two States. They compare
// the storage entries (cells, row markers, row, partition and range
// tombstones) of the two map models: new or different entries are
// "written" (or "tombstone"), the entries they replaced or removed
// "shadowed".

// Change is one thing a statement changed in the storage, for the page to
// mark: a cell or row marker written, a cell or marker that write or
// deletion replaced (shadowed), or a tombstone laid.
type Change struct {
	// Kind is "written", "shadowed" or "tombstone".
	Kind string `json:"kind"`
	// Table is "keyspace.table".
	Table string `json:"table"`
	// Partition is the partition key's values, as cqlsh prints them,
	// joined with ", ".
	Partition string `json:"partition"`
	// Clustering is the clustering values the same way ("" for the static
	// row and for partition-level entries).
	Clustering string `json:"clustering"`
	// Static marks the static row.
	Static bool `json:"static,omitempty"`
	// Column is the cell's column, or one of "@marker" (the row marker),
	// "@row" (a row tombstone), "@partition" (a partition tombstone),
	// "@range" (a range tombstone).
	Column string `json:"column"`
	// Path is a collection element's key, or a range tombstone's bounds.
	Path string `json:"path,omitempty"`
}

// ListedRows counts the rows (a partition of none as one) of tables that a
// view listing every row would list, up to just past limit: what decides
// whether such a view is too large to draw.
func ListedRows(st State, tables []*schema.Table, limit int) int {
	n := 0
	for _, t := range tables {
		if d := st.Data[t]; d != nil {
			d.Ascend(func(p *store.Partition) bool {
				n += max(p.Len(), 1)
				return n <= limit
			})
		}
	}
	return n
}

// Changes compares every entry of tables in before (beforeTables: the same
// tables as that state's schema holds them) with those in after.
func Changes(before State, beforeTables []*schema.Table, after State, afterTables []*schema.Table) []Change {
	return diffEntries(entriesOf(Build(before, beforeTables)), Build(after, afterTables))
}

// ChangesBounded is Changes for views within bounds, so that a step
// through a script of 100,000 rows builds a few partitions rather than
// every row twice: it compares only the partitions that may differ, those
// written between the states (copy on write gives each a new
// *store.Partition, so an unchanged one is the same object in both) and
// every partition the view lists whole (small enough, among the partitions
// a table lists), where a TTL that ran out between the two states shows
// too, as Changes shows it. With narrow, a written partition too large to
// list whole is compared on the rows the two states do not share (see
// narrowed), not on its thousands of others; without it, whole (the tests
// compare the two).
func ChangesBounded(before State, beforeTables []*schema.Table, after State, afterTables []*schema.Table, bounds *Bounds, narrow bool) []Change {
	// The partitions to compare, by table and key: the written ones and the
	// small ones, of either state.
	pick := map[string]bool{}
	// A small partition past the partitions a table lists is not shown:
	// only a write of it counts.
	small := func(i int, p *store.Partition) bool {
		return p.Len() <= bounds.Rows && (bounds.Partitions <= 0 || i < bounds.Partitions)
	}
	byName := map[string]*schema.Table{}
	for _, bt := range beforeTables {
		byName[bt.Qualified()] = bt
	}
	var nw narrowed
	sameClock := before.NowSeconds() == after.NowSeconds()
	for _, at := range afterTables {
		name := at.Qualified()
		bt := byName[name]
		bs, as := before.Data[bt], after.Data[at]
		if as != nil {
			i := 0
			as.Ascend(func(p *store.Partition) bool {
				var bp *store.Partition
				if bs != nil {
					bp = bs.Partition(p.Key)
				}
				i++
				if bp != p || small(i-1, p) {
					pick[name+"\x00"+string(p.Key)] = true
				}
				if narrow && bp != nil && bp != p && !small(i-1, p) && sameClock && len(bt.Columns) == len(at.Columns) {
					nw.narrow(bp, p)
				}
				return true
			})
		}
		if bs != nil {
			i := 0
			bs.Ascend(func(p *store.Partition) bool {
				i++
				if as == nil || as.Partition(p.Key) != p || small(i-1, p) {
					pick[name+"\x00"+string(p.Key)] = true
				}
				return true
			})
		}
	}
	keep := func(tb *schema.Table, p *store.Partition) bool { return pick[tb.Qualified()+"\x00"+string(p.Key)] }
	prior := entriesOf(BuildOnly(before, beforeTables, keep, nw.keep))
	return diffEntries(prior, BuildOnly(after, afterTables, keep, nw.keep))
}

// narrowed is the written partitions time travel compares on their
// unshared rows only. Copy on write gives every row a statement writes,
// or purges, a new *store.Row, and a row both states share prints the
// same in both while the clock (in seconds: what has expired) and the
// table's columns are the same in both. The one statement that writes a
// partition and changes the columns is ALTER TABLE ADD of a column
// dropped before: it purges the old cells, copying the rows that had
// some, and the rows it did not copy show the cells written after the
// drop again. Like every ADD and DROP it changes the number of columns (a
// RENAME keeps it and writes no row), which ChangesBounded compares. So the
// rows that may differ are those one state holds and the other does not:
// the rows met once.
type narrowed struct {
	parts []*store.Partition
	// odd holds the rows met an odd number of times: those of one state
	// only (the type of store.Owner's set, already in the module).
	odd map[*store.Row]struct{}
}

// narrow marks bp and p, a partition before and after the statement, as
// compared on the rows they do not share.
func (n *narrowed) narrow(bp, p *store.Partition) {
	if n.odd == nil {
		n.odd = map[*store.Row]struct{}{}
	}
	n.parts = append(n.parts, bp, p)
	toggle := func(r *store.Row) bool {
		if _, ok := n.odd[r]; ok {
			delete(n.odd, r)
		} else {
			n.odd[r] = struct{}{}
		}
		return true
	}
	bp.AscendFrom(store.Bound{}, toggle)
	p.AscendFrom(store.Bound{}, toggle)
}

// keep reports whether row r of p is built for the comparison.
func (n *narrowed) keep(p *store.Partition, r *store.Row) bool {
	for _, q := range n.parts {
		if q == p {
			_, ok := n.odd[r]
			return ok
		}
	}
	return true
}

// storageEntries are a model's entries (see entries): their fingerprints
// by key, and the keys in storage order.
type storageEntries struct {
	prints map[string]string
	keys   []string
}

// entriesOf collects m's entries.
func entriesOf(m *Model) storageEntries {
	es := storageEntries{prints: map[string]string{}}
	entries(m, func(k, print string) {
		es.prints[k] = print
		es.keys = append(es.keys, k)
	})
	return es
}

// entries calls f for every cell, marker and tombstone of m, in storage
// order, with its key, the fields of the Change marking it joined by NUL
// (Kind, the kind it has when new: "written" or "tombstone"; Table,
// Partition, Clustering, Static "s" or "", Column, Path), and a
// fingerprint of what it holds.
func entries(m *Model, f func(key, print string)) {
	join := func(vs []Value) string {
		parts := make([]string, len(vs))
		for i, v := range vs {
			parts[i] = v.Text
		}
		return strings.Join(parts, ", ")
	}
	del := func(d *Deletion) string {
		return strconv.FormatInt(d.MarkedAt, 10) + "/" + strconv.FormatInt(d.LocalTime, 10)
	}
	for _, tb := range m.Tables {
		name := tb.Keyspace + "." + tb.Name
		for _, p := range tb.Partitions {
			prefix := name + "\x00" + join(p.Key) + "\x00"
			if p.Deletion != nil {
				f("tombstone\x00"+prefix+"\x00\x00@partition\x00", del(p.Deletion))
			}
			for _, rt := range p.Ranges {
				bound := func(b Bound, open, closed string) string {
					if b.Inclusive {
						return closed + join(b.Clustering)
					}
					return open + join(b.Clustering)
				}
				path := bound(rt.Start, "(", "[") + ".." + bound(rt.End, ")", "]")
				f("tombstone\x00"+prefix+"\x00\x00@range\x00"+path, del(&rt.Deletion))
			}
			rows := p.Rows
			if p.Static != nil {
				rows = append([]Row{*p.Static}, rows...)
			}
			for i := range rows {
				rw := &rows[i]
				static := ""
				if p.Static != nil && i == 0 {
					static = "s"
				}
				at := prefix + join(rw.Clustering) + "\x00" + static + "\x00"
				if rw.Marker != nil {
					f("written\x00"+at+"@marker\x00", strconv.FormatInt(rw.Marker.Timestamp, 10)+"/"+strconv.Itoa(int(rw.Marker.TTL)))
				}
				if rw.Deletion != nil {
					f("tombstone\x00"+at+"@row\x00", del(rw.Deletion))
				}
				for _, c := range rw.Cells {
					kind, path := "written\x00", ""
					if c.Path != nil {
						path = c.Path.Text
					}
					if c.Kind == Tombstone || c.Kind == CollectionTombstone {
						kind = "tombstone\x00"
					}
					print := c.Kind.String() + "/" + strconv.FormatInt(c.Timestamp, 10) + "/" + strconv.Itoa(int(c.TTL))
					if c.Value != nil {
						print += "/" + string(c.Value.Bytes)
					}
					f(kind+at+c.Column+"\x00"+path, print)
				}
			}
		}
	}
}

// changeOf is the Change an entries key names, of kind (or the key's own
// kind when kind is "").
func changeOf(key, kind string) Change {
	fs := strings.Split(key, "\x00")
	if kind == "" {
		kind = fs[0]
	}
	return Change{Kind: kind, Table: fs[1], Partition: fs[2], Clustering: fs[3], Static: fs[4] == "s", Column: fs[5], Path: fs[6]}
}

// diffEntries compares the entries before a statement with the model m of
// the storage after it, as Changes says.
func diffEntries(before storageEntries, m *Model) []Change {
	var changes []Change
	after := map[string]bool{}
	entries(m, func(k, print string) {
		after[k] = true
		old, ok := before.prints[k]
		if ok && old == print {
			return
		}
		if ok {
			changes = append(changes, changeOf(k, "shadowed"))
		}
		changes = append(changes, changeOf(k, ""))
	})
	// Entries gone altogether (a partition or row a tombstone dropped from
	// the model, an expiring write purged) were shadowed too, in the order
	// the model stored them.
	for _, k := range before.keys {
		if !after[k] {
			changes = append(changes, changeOf(k, "shadowed"))
		}
	}
	return changes
}
