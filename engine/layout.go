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

// LayoutRequest asks Session.Layout for one view of the storage. The zero
// value but Form asks for the whole view of every table as the session
// stands now; the other fields ask for an earlier state, bounds, or the
// rows a reader's click adds.
type LayoutRequest struct {
	// Form is one of LayoutForms:
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
	Form string
	// Table "" means every user table, in keyspace then table name order
	// (views included); "t" is a table of the current keyspace and "ks.t"
	// one of any keyspace. With several tables, the cli and sstabledump
	// forms put each table's text under a header line of its own.
	Table string
	// Travel asks for the state right after the statement that gave
	// outcome At (0-based) of the last Rerun's script, with the changes
	// that statement made (time travel, travel.go); an At at or past the
	// last outcome gives the final state. Without a Rerun before it, the
	// script is empty and the state the fresh one. The session is left as
	// it was.
	Travel bool
	At     int
	// Fill, from 1, asks for the state right after the -- @fill on that
	// line of the last Rerun's script, and what the fill wrote (At is then
	// not read); it fails when no fill ran on that line.
	Fill int
	// Bounds, when set, bound the views that list rows (ViewBounds: the
	// page's, with the partitions the reader opened): in the "map", "cli"
	// and "sstabledump" forms a partition past them lists its first and
	// last rows only, and LayoutResult.Elided says which partitions were
	// summarised and where. The other forms do not list rows.
	Bounds *Bounds
	// More, from 1, with Partition (layout.PartitionID's "ks.t token"),
	// asks only for what the page puts in place of that partition's gap in
	// the view within ViewBounds(Bounds.Open) (at At when Travel) when More
	// more of its rows are listed (layoutMore); Table is not read.
	Partition string
	More      int
}

// LayoutResult is a view Session.Layout rendered, with what its request
// asked for beside it; AppendJSON writes it as the bridge answers.
type LayoutResult struct {
	Form, Table string
	// Layout is the view: the model as JSON in the "map" and "summary"
	// forms, text in the others.
	Layout string
	// Travel is set for a request that travelled: Statement is its At,
	// Changes what that statement changed.
	Travel    bool
	Statement int
	Changes   []Change
	// Fill is what the -- @fill a request named wrote, or nil.
	Fill *Fill
	// More is set for a request of More rows: Replaces counts the rows
	// after the old gap ("map") or the lines from the gap's on (text) that
	// Layout replaces.
	More     bool
	Replaces int
	// Bounded is set for a request within bounds: Elided lists the
	// partitions the view summarised.
	Bounded bool
	Elided  []Elision
}

// Bounds bound the views that list rows (layout.Bounds).
type Bounds = layout.Bounds

// layoutBounded renders the present state within bounds (nil: none); in a
// text form an Elision's At counts the lines of the whole text.
func (s *Session) layoutBounded(form, table string, bounds *layout.Bounds) (string, []layout.Elision, error) {
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
