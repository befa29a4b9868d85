package layout

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// Bounds keep a storage view readable and quick when a partition holds
// many rows (a `-- @fill` of 100,000 rows gives 26 MB of "map" JSON, and
// the page would draw every row): a partition with more than Rows rows is
// summarised, listing its first Edge and last Edge rows, its row count and
// size, and where the rows in between were left out (an Elision). The zero
// Bounds list everything, as the unbounded views always did.
type Bounds struct {
	// Rows is the most rows a partition may hold and still be listed in
	// full; 0: no bound.
	Rows int
	// Edge is how many rows are listed at each end of a summarised
	// partition.
	Edge int
	// Open names the partitions the reader opened, by PartitionID, with
	// how many of their rows to list from the first, whatever their size
	// (one page after another); the rows after those are left out, and a
	// count past the partition's rows lists it in full.
	Open map[string]int
	// Partitions is the most partitions of a table a view lists (in token
	// order); the others are counted, not built. 0: no bound.
	Partitions int
	// Page, when set, names the table ("ks.t") of a partition, at token
	// PageToken, whose rows before its row From a view leaves out, and
	// the only one the "map" form builds: what the page puts in place of
	// a gap when the reader asks for more rows is the rest, byte for byte
	// what the whole view lists from there (engine's Session.Layout with a LayoutRequest's More).
	Page      string
	PageToken int64
	From      int
}

// page tells how a view lists the partition of table ks.t at token: from
// its row of index from on, and whether it is another partition than
// Bounds.Page's (other), which the "map" form leaves out.
func (b *Bounds) page(ks, t string, token int64) (from int, other bool) {
	if b == nil || b.Page == "" {
		return 0, false
	}
	if b.PageToken != token || b.Page != ks+"."+t {
		return 0, true
	}
	return b.From, false
}

// partitionsOr is Partitions, or n when partitions are not bounded.
func (b *Bounds) partitionsOr(n int) int {
	if b == nil || b.Partitions <= 0 {
		return n
	}
	return b.Partitions
}

// listed reports whether the i-th partition (from 0) of a table is listed.
func (b *Bounds) listed(i int) bool {
	return b == nil || b.Partitions <= 0 || i < b.Partitions
}

// PartitionID names a partition for Bounds.Open: its table, keyspace
// first, and its token, "ks.t 1234".
func PartitionID(table string, token int64) string {
	return table + " " + strconv.FormatInt(token, 10)
}

// Elision is one partition a bounded view summarised, or (Partitions set)
// the partitions of a table it left out past Bounds.Partitions.
type Elision struct {
	// Table is "keyspace.table".
	Table string
	Token int64
	// Key is the partition key's values as cqlsh prints them, joined with ", ".
	Key string
	// Rows is how many rows the partition stores (live or not), Left how
	// many of them the view left out, Bytes its estimated size.
	Rows, Left, Bytes int
	// At is where the rows were left out: in the "map" form, the index in
	// the partition's Rows of the first row after the gap; in a text form,
	// the index (from 0) of the line that stands for them.
	At int
	// Partitions, when set, is how many partitions of Table the view left
	// out after the ones it lists; At is the line that says so in a text
	// form, and Token, Key, Rows, Left and Bytes are unset. The "map" form
	// says it in the table's OmittedPartitions instead.
	Partitions int
}

// span tells which rows of p a view lists: all of them (ok false), or the
// first head and the rows from index tail on (none, for a partition opened
// a page at a time: tail is its row count).
func (b *Bounds) span(table string, p *store.Partition) (head, tail int, ok bool) {
	if b == nil || b.Rows <= 0 {
		return 0, 0, false
	}
	n, edge := p.Len(), max(b.Edge, 1)
	if open := b.Open[PartitionID(table, p.Token)]; open > 0 {
		if n <= open {
			return 0, 0, false
		}
		return open, n, true
	}
	if n <= b.Rows || n <= 2*edge {
		return 0, 0, false
	}
	return edge, n - edge, true
}

// elision is the Elision of a partition listed as span says, at now
// (seconds).
func elision(t *schema.Table, p *store.Partition, now int64, head, tail int) Elision {
	key := ""
	for i, v := range keyParts(t, p.Key) {
		if i > 0 {
			key += ", "
		}
		key += cqlshText(partitionKeyType(t, i), v)
	}
	return Elision{Table: t.Keyspace + "." + t.Name, Token: p.Token, Key: key, Rows: p.Len(), Left: tail - head, Bytes: totalsOf(p, now).bytes}
}

// listedRows calls row for each row of p a view lists, in storage order,
// from the row of index from on (skip, when set, for the rows before it).
// Bounded (span's head and tail), it calls
// gap, when set, in place of the rows from head to tail with the rows
// listed after them, and never walks the rows left out: a summarised
// partition is read at its ends (what the views say of it whole comes
// from totalsOf).
func listedRows(p *store.Partition, head, tail int, bounded bool, from int, skip, row func(*store.Row), gap func(after []*store.Row)) {
	i := 0
	p.AscendFrom(store.Bound{}, func(r *store.Row) bool {
		if bounded && i >= head {
			return false
		}
		if i >= from {
			row(r)
		} else if skip != nil {
			skip(r)
		}
		i++
		return true
	})
	if !bounded {
		return
	}
	after := lastRows(p, p.Len()-tail)
	if gap != nil {
		gap(after)
	}
	for _, r := range after {
		row(r)
	}
}

// lastRows returns the last n rows of p, in storage order.
func lastRows(p *store.Partition, n int) []*store.Row {
	if n <= 0 {
		return nil
	}
	out := make([]*store.Row, n)
	p.DescendFrom(store.Bound{}, func(r *store.Row) bool {
		n--
		out[n] = r
		return n > 0
	})
	return out
}

// gapText is the line a text view prints for the rows it left out.
func gapText(left int) string {
	return "... " + strconv.Itoa(left) + " rows left out ..."
}

// moreText is the line a text view prints for the partitions it left out.
func moreText(n int) string {
	return "... " + strconv.Itoa(n) + " more partitions ..."
}

// lineCount is the index of the line that starts after b.
func lineCount(b []byte) int {
	n := 0
	for _, c := range b {
		if c == '\n' {
			n++
		}
	}
	return n
}

// TextPage is what the page puts in place of a gap of a text view (cli,
// sstabledump) when the reader asks for more rows: old is the view before
// the click, with its gap on line line (an Elision's At), and text the view
// after it, rendered with Bounds.Page and From. The two are the same up to
// the gap's line and from the end of a line after it on; page is text from
// the gap's line, after its indentation, to the last line the two do not
// share, and replaces counts the lines of old it stands for.
func TextPage(old, text string, line int) (page string, replaces int) {
	p := 0
	for n := 0; n < line; p++ {
		if old[p] == '\n' {
			n++
		}
	}
	for old[p] == ' ' {
		p++
	}
	suffix := 0
	for end := len(old) - strings.IndexByte(old[p:]+"\n", '\n') - p; suffix < end && suffix < len(text)-p && old[len(old)-1-suffix] == text[len(text)-1-suffix]; {
		suffix++
	}
	for suffix > 0 && old[len(old)-suffix] != '\n' {
		suffix--
	}
	return text[p : len(text)-suffix], strings.Count(old[p:len(old)-suffix], "\n") + 1
}
