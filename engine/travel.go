package engine

import (
	"cmp"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/layout"
)

// Time travel. The page shows the storage as it stood after the statement
// under the reader's caret, not only after the whole script. LayoutAt
// rebuilds that state from the last Rerun's snapshots: it resumes a copy
// of the nearest snapshot at or before the statement and replays the
// statements up to it. The copy is its own (query.DB.Resume): the live
// session and the snapshots are left as they were, so the next Rerun and
// Run go on as if LayoutAt had never been called.

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

// LayoutAt renders, in one of LayoutForms, the state of the cluster right
// after the statement that gave outcome n (0-based) of the last Rerun's
// script, with the changes that statement made; an n at or past the last
// outcome gives the final state. The table argument is Layout's. Without a
// Rerun before it, the script is empty and the state the fresh one.
func (s *Session) LayoutAt(form, table string, n int) (string, []Change, error) {
	if n < 0 {
		return "", nil, errors.New("statement index " + strconv.Itoa(n) + " is negative: the first statement is 0")
	}
	t, r, count, executed := s.resumeBefore(n)
	deadline := t.startRun()
	defer t.db.EndRun()
	// Run the statements before n, take the storage as it stood, then run
	// statement n.
	emit := func(*Outcome) { count++ }
	runTo := func(want int) {
		if count >= want {
			return
		}
		t.runFrom(r, executed, deadline, emit, func(_ *cql.Reader, ex int) bool {
			executed = ex
			return count >= want
		})
	}
	runTo(n)
	before := map[string]entry{}
	if tables, err := t.layoutTables(table); err == nil && count == n {
		entries(layout.Build(t.db, tables), func(k string, e entry) { before[k] = e })
	}
	runTo(n + 1)
	out, err := t.Layout(form, table)
	if err != nil {
		return "", nil, err
	}
	var changes []Change
	if count == n+1 {
		changes = diffChanges(before, t, table)
	}
	return out, changes, nil
}

// resumeBefore returns a session of its own holding a copy of the state
// after the last Rerun's snapshot with at most n outcomes before it, the
// reader of the script from there, and the outcomes and executed
// statements before it.
func (s *Session) resumeBefore(n int) (t *Session, r *cql.Reader, count, executed int) {
	t = &Session{opts: s.opts, noPrepared: s.noPrepared}
	st := s.rerunState()
	for i := len(st.snaps) - 1; i >= 0; i-- {
		if sn := &st.snaps[i]; sn.outs <= n {
			t.db = sn.db.Resume()
			return t, cql.NewReaderAt(st.script, sn.mark), sn.outs, sn.executed
		}
	}
	t.db = s.freshDB()
	return t, cql.NewReader(st.script), 0, 0
}

// entry is one storage entry of a layout.Model, as diffChanges compares
// them: the change it would be marked as, and a fingerprint of what it
// holds.
type entry struct {
	change Change
	print  string
}

// entries calls f for every cell, marker and tombstone of m, keyed by
// where it is stored.
func entries(m *layout.Model, f func(key string, e entry)) {
	join := func(vs []layout.Value) string {
		parts := make([]string, len(vs))
		for i, v := range vs {
			parts[i] = v.Text
		}
		return strings.Join(parts, ", ")
	}
	del := func(d *layout.Deletion) string {
		return strconv.FormatInt(d.MarkedAt, 10) + "/" + strconv.FormatInt(d.LocalTime, 10)
	}
	for _, tb := range m.Tables {
		name := tb.Keyspace + "." + tb.Name
		for _, p := range tb.Partitions {
			pk := join(p.Key)
			put := func(c Change, print string) {
				c.Table, c.Partition = name, pk
				if c.Kind == "" {
					c.Kind = "written"
				}
				key := c.Table + "\x00" + c.Partition + "\x00" + c.Clustering + "\x00" + strconv.FormatBool(c.Static) + "\x00" + c.Column + "\x00" + c.Path
				f(key, entry{change: c, print: print})
			}
			if p.Deletion != nil {
				put(Change{Kind: "tombstone", Column: "@partition"}, del(p.Deletion))
			}
			for _, rt := range p.Ranges {
				bound := func(b layout.Bound, open, closed string) string {
					if b.Inclusive {
						return closed + join(b.Clustering)
					}
					return open + join(b.Clustering)
				}
				path := bound(rt.Start, "(", "[") + ".." + bound(rt.End, ")", "]")
				put(Change{Kind: "tombstone", Column: "@range", Path: path}, del(&rt.Deletion))
			}
			row := func(rw *layout.Row, static bool) {
				ck := join(rw.Clustering)
				if rw.Marker != nil {
					put(Change{Clustering: ck, Static: static, Column: "@marker"}, strconv.FormatInt(rw.Marker.Timestamp, 10)+"/"+strconv.Itoa(int(rw.Marker.TTL)))
				}
				if rw.Deletion != nil {
					put(Change{Kind: "tombstone", Clustering: ck, Static: static, Column: "@row"}, del(rw.Deletion))
				}
				for _, c := range rw.Cells {
					ch := Change{Clustering: ck, Static: static, Column: c.Column}
					if c.Path != nil {
						ch.Path = c.Path.Text
					}
					if c.Kind == layout.Tombstone || c.Kind == layout.CollectionTombstone {
						ch.Kind = "tombstone"
					}
					print := c.Kind.String() + "/" + strconv.FormatInt(c.Timestamp, 10) + "/" + strconv.Itoa(int(c.TTL))
					if c.Value != nil {
						print += "/" + string(c.Value.Bytes)
					}
					put(ch, print)
				}
			}
			if p.Static != nil {
				row(p.Static, true)
			}
			for i := range p.Rows {
				row(&p.Rows[i], false)
			}
		}
	}
}

// diffChanges compares the entries before a statement with t's storage
// after it: what is new or different was written (or laid, for a
// tombstone), and what it replaced or removed was shadowed.
func diffChanges(before map[string]entry, t *Session, table string) []Change {
	tables, err := t.layoutTables(table)
	if err != nil {
		return nil
	}
	var changes []Change
	after := map[string]bool{}
	entries(layout.Build(t.db, tables), func(k string, e entry) {
		after[k] = true
		old, ok := before[k]
		if ok && old.print == e.print {
			return
		}
		if ok {
			sh := old.change
			sh.Kind = "shadowed"
			changes = append(changes, sh)
		}
		changes = append(changes, e.change)
	})
	// Entries gone altogether (a partition or row a tombstone dropped from
	// the model, an expiring write purged) were shadowed too, in the order
	// the model stored them.
	entriesGone := []Change{}
	for k, e := range before {
		if !after[k] {
			sh := e.change
			sh.Kind = "shadowed"
			entriesGone = append(entriesGone, sh)
		}
	}
	sortChanges(entriesGone)
	return append(changes, entriesGone...)
}

// sortChanges puts changes in storage order as far as their text goes:
// table, partition, clustering, column, path.
func sortChanges(cs []Change) {
	slices.SortFunc(cs, func(a, b Change) int {
		return cmp.Or(cmp.Compare(a.Table, b.Table), cmp.Compare(a.Partition, b.Partition),
			cmp.Compare(a.Clustering, b.Clustering), cmp.Compare(a.Column, b.Column), cmp.Compare(a.Path, b.Path))
	})
}
