package engine

import (
	"errors"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/layout"
	"github.com/cqlplay/cqlplay/engine/query"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// LayoutForms are the forms Session.Layout renders, in the order the page
// offers them.
var LayoutForms = []string{"map", "tree", "cli", "sstabledump", "ring", "summary"}

// Layout renders what the session's cluster stores, after the scripts run so
// far, in one of LayoutForms:
//
//   - "map": the storage model as JSON (layout.Model: tables, partitions in
//     token order, rows, cells and tombstones, and the ring), which the page draws;
//   - "tree": the same model as an indented text tree;
//   - "cli": the legacy cassandra-cli `list` output;
//   - "sstabledump": the JSON sstabledump prints for a flush of each table;
//   - "ring": the nodes, their token ranges and the load each carries, as text;
//   - "summary": the "map" model without rows and cells: the tables and their
//     columns, each partition's key, token, replicas, live rows and size, and
//     the ring. What a view of the schema or of sizes needs, at a size that
//     does not grow with the rows (35 MB of "map" for 100,000 rows).
//
// table "" means every user table, in keyspace then table name order (views
// included); "t" is a table of the current keyspace and "ks.t" one of any
// keyspace. An unknown form or table is an error that names what exists.
// With several tables, the cli and sstabledump forms put each table's text
// under a header line of its own. A form that lists every row (map, tree,
// cli, sstabledump; tree even within bounds) of tables holding more than
// maxLayoutRows is an error too, which names what to ask for instead.
func (s *Session) Layout(form, table string) (string, error) {
	text, _, err := s.LayoutBounded(form, table, nil)
	return text, err
}

// LayoutBounded is Layout within bounds (nil: none): in the "map", "cli"
// and "sstabledump" forms a partition past them lists its first and last
// rows only, and the Elisions say which partitions were summarised and
// where (in a text form, At counts the lines of the whole text). The other
// forms do not list rows and are Layout's.
func (s *Session) LayoutBounded(form, table string, bounds *layout.Bounds) (string, []layout.Elision, error) {
	known := false
	for _, f := range LayoutForms {
		known = known || f == form
	}
	if !known {
		return "", nil, errors.New(`unknown layout form "` + form + `" (known: ` + strings.Join(LayoutForms, ", ") + ")")
	}
	tables, err := s.layoutTables(table)
	if err != nil {
		return "", nil, err
	}
	db := s.db
	if form == "tree" || bounds == nil && form != "summary" && form != "ring" {
		if layout.ListedRows(stateOf(db), tables, maxLayoutRows) > maxLayoutRows {
			return "", nil, errors.New("the " + form + " layout lists every row, and these tables hold more than " + strconv.Itoa(maxLayoutRows) + ": too many to list. Ask for the bounded layout (cqlplay.layoutBounded), the summary or ring form, or one table.")
		}
	}
	switch form {
	case "map":
		m, elided := layout.BuildBounded(stateOf(db), tables, bounds)
		return string(m.JSON()), elided, nil
	case "summary":
		return string(layout.BuildSummary(stateOf(db), tables).JSON()), nil, nil
	case "tree":
		return layout.Build(stateOf(db), tables).Tree(), nil, nil
	case "ring":
		return layout.BuildRing(stateOf(db), tables).Text(), nil, nil
	}
	data := db.Tables()
	var b strings.Builder
	var elided []layout.Elision
	// lines counts the lines written so far, to place the tables' Elisions.
	lines := 0
	add := func(text string, es []layout.Elision) {
		for _, e := range es {
			e.At += lines
			elided = append(elided, e)
		}
		b.WriteString(text)
		lines += strings.Count(text, "\n")
	}
	for i, t := range tables {
		if form == "cli" {
			if i > 0 {
				add("\n", nil)
			}
			add(layout.CLIBounded(t, data[t], db.NowSeconds(), bounds))
			continue
		}
		if len(tables) > 1 || table == "" {
			if i > 0 {
				add("\n", nil)
			}
			add("$ sstabledump "+t.Keyspace+"/"+t.Name+"/nb-1-big-Data.db\n", nil)
		}
		add(layout.SstabledumpBounded(t, data[t], db.NowSeconds(), bounds))
	}
	return b.String(), elided, nil
}

// maxLayoutRows bounds the rows a layout that lists every row may list.
// The map of 1,000,000 rows took 14.7 s and 1.4 GB of the WebAssembly
// module's memory, and a 256 MB reply (docs/performance-history.md, "The whole
// layout of big data"); at this bound, twice lesson 08's 100,000 rows,
// it takes about 3 s. A variable for the tests.
var maxLayoutRows = 200_000

// stateOf is what the views draw of db.
func stateOf(db *query.DB) layout.State {
	return layout.State{Clock: db.Clock, Ring: db.Ring, Data: db.Tables()}
}

// layoutTables resolves Layout's table argument.
func (s *Session) layoutTables(name string) ([]*schema.Table, error) {
	all := s.userTables()
	if name == "" {
		return all, nil
	}
	ks, tn := s.db.Keyspace, name
	if i := strings.IndexByte(name, '.'); i >= 0 {
		ks, tn = name[:i], name[i+1:]
	}
	for _, cand := range []string{tn, strings.ToLower(tn), strings.Trim(tn, `"`)} {
		for _, t := range all {
			if t.Keyspace == ks && t.Name == cand || t.Keyspace == strings.ToLower(ks) && t.Name == cand {
				return []*schema.Table{t}, nil
			}
		}
	}
	if len(all) == 0 {
		return nil, errors.New(`unknown table "` + name + `": no table has been created`)
	}
	names := make([]string, len(all))
	for i, t := range all {
		names[i] = t.Qualified()
	}
	return nil, errors.New(`unknown table "` + name + `" (tables: ` + strings.Join(names, ", ") + ")")
}

// userTables lists the tables and views of every non-system keyspace, in
// keyspace then table name order.
func (s *Session) userTables() []*schema.Table { return s.db.Schema.UserTables() }
