package engine

import (
	"errors"
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
	text, changes, _, err := s.LayoutAtBounded(form, table, n, nil)
	return text, changes, err
}

// LayoutAtBounded is LayoutAt within bounds, as LayoutBounded renders.
func (s *Session) LayoutAtBounded(form, table string, n int, bounds *layout.Bounds) (string, []Change, []layout.Elision, error) {
	if n < 0 {
		return "", nil, nil, errors.New("statement index " + strconv.Itoa(n) + " is negative: the first statement is 0")
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
	if bounds != nil {
		return t.travelBounded(form, table, n, bounds, count == n, func() bool { runTo(n + 1); return count == n+1 })
	}
	var before storageEntries
	if tables, err := t.layoutTables(table); err == nil && count == n {
		before.prints = map[string]string{}
		entries(layout.Build(t.db, tables), func(k, print string) {
			before.prints[k] = print
			before.keys = append(before.keys, k)
		})
	}
	runTo(n + 1)
	out, elided, err := t.LayoutBounded(form, table, bounds)
	if err != nil {
		return "", nil, nil, err
	}
	var changes []Change
	if count == n+1 {
		changes = diffChanges(before, t, table)
	}
	return out, changes, elided, nil
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
			t.db, t.shell = sn.db.Resume(), sn.shell
			return t, cql.NewReaderAt(st.script, sn.mark), sn.outs, sn.executed
		}
	}
	t.db, t.shell = s.start()
	return t, cql.NewReader(st.script), 0, 0
}

// storageEntries are a model's entries (see entries): their fingerprints
// by key, and the keys in storage order.
type storageEntries struct {
	prints map[string]string
	keys   []string
}

// entries calls f for every cell, marker and tombstone of m, in storage
// order, with its key, the fields of the Change marking it joined by NUL
// (Kind, the kind it has when new: "written" or "tombstone"; Table,
// Partition, Clustering, Static "s" or "", Column, Path), and a
// fingerprint of what it holds.
func entries(m *layout.Model, f func(key, print string)) {
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
			prefix := name + "\x00" + join(p.Key) + "\x00"
			if p.Deletion != nil {
				f("tombstone\x00"+prefix+"\x00\x00@partition\x00", del(p.Deletion))
			}
			for _, rt := range p.Ranges {
				bound := func(b layout.Bound, open, closed string) string {
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
				rows = append([]layout.Row{*p.Static}, rows...)
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
					if c.Kind == layout.Tombstone || c.Kind == layout.CollectionTombstone {
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

// diffChanges compares the entries before a statement with t's storage
// after it: what is new or different was written (or laid, for a
// tombstone), and what it replaced or removed was shadowed.
func diffChanges(before storageEntries, t *Session, table string) []Change {
	tables, err := t.layoutTables(table)
	if err != nil {
		return nil
	}
	return diffEntries(before, layout.Build(t.db, tables))
}

// diffEntries compares the entries before a statement with the model m of
// the storage after it, as diffChanges says.
func diffEntries(before storageEntries, m *layout.Model) []Change {
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
