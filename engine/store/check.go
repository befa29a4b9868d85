package store

import (
	"bytes"
	"errors"
	"strconv"

	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// Check verifies the table's invariants, as bbolt's Tx.Check does for its
// pages: every partition sits under the token of its key, partitions are in
// token order, rows are sorted by clustering and unique, every row's cells
// are sorted by (Col, Path) and unique, collection tombstones are sorted and
// unique, no stored row is empty, no row deletion is superseded by a stored
// partition or range deletion, and no stored data is shadowed by a
// deletion that is stored too (writes purge what a deletion covers, so
// shadowed data is a bug in the write path), and no write left a key in the
// table's search keys, where it would be kept alive. It returns every
// violation found, joined, or nil. Tests and fuzzers run it after each statement.
func (t *Table) Check() error {
	var errs []error
	if t.shared.partProbe.Key != nil || t.shared.rowProbe.Clustering != nil {
		errs = append(errs, errors.New("a search key still holds a key after its write"))
	}
	var prev *Partition
	t.parts.Ascend(func(p *Partition) bool {
		where := "partition " + strconv.FormatInt(p.Token, 10) + " (key 0x" + hexString(p.Key) + ")"
		if tok := cqltype.Token(p.Key); tok != p.Token {
			errs = append(errs, errors.New(where+": stored under token "+strconv.FormatInt(p.Token, 10)+" but its key hashes to "+strconv.FormatInt(tok, 10)))
		}
		if prev != nil && !lessPartition(prev, p) {
			errs = append(errs, errors.New(where+": not after the previous partition in token order"))
		}
		prev = p
		errs = append(errs, p.check(where, t.Schema != nil && t.Schema.Compact)...)
		return true
	})
	return errors.Join(errs...)
}

// check verifies one partition; a COMPACT STORAGE table's rows may name a
// prefix of the clustering (CASSANDRA-7990).
func (p *Partition) check(where string, compact bool) []error {
	var errs []error
	if p.Static != nil {
		if p.Static.Clustering != nil {
			errs = append(errs, errors.New(where+": static row has a clustering key"))
		}
		errs = append(errs, p.Static.check(where+", static row", p.Deletion)...)
	}
	for i, rt := range p.Ranges {
		if p.Deletion.Deletes(rt.MarkedAt) {
			errs = append(errs, errors.New(where+": range tombstone "+strconv.Itoa(i)+" is shadowed by the partition deletion"))
		}
	}
	var prev *Row
	p.rows.Ascend(func(r *Row) bool {
		rw := where + ", row " + clusteringString(r.Clustering)
		if n := len(r.Clustering); n != len(p.cmp()) && !(compact && n > 0 && n < len(p.cmp())) {
			errs = append(errs, errors.New(rw+": has "+strconv.Itoa(len(r.Clustering))+" clustering values, the table has "+strconv.Itoa(len(p.cmp()))+" clustering columns"))
		}
		if prev != nil && p.cmp().Compare(prev.Clustering, r.Clustering) >= 0 {
			errs = append(errs, errors.New(rw+": not after the previous row in clustering order"))
		}
		prev = r
		if r.IsEmpty() {
			errs = append(errs, errors.New(rw+": is stored but empty"))
		}
		errs = append(errs, r.check(rw, p.DeletionAt(r.Clustering))...)
		return true
	})
	return errs
}

// check verifies one row against the deletion covering it from above (the
// partition's and the range tombstones').
func (r *Row) check(where string, above Deletion) []error {
	var errs []error
	rowDel := r.Deletion()
	del := above.Max(rowDel)
	if r.Marker.TS != NoTimestamp && del.Deletes(r.Marker.TS) {
		errs = append(errs, errors.New(where+": row marker at "+strconv.FormatInt(r.Marker.TS, 10)+" is shadowed by a stored deletion"))
	}
	if !rowDel.IsLive() && above.Supersedes(rowDel) {
		errs = append(errs, errors.New(where+": row deletion at "+strconv.FormatInt(rowDel.MarkedAt, 10)+" is shadowed by a stored partition or range deletion"))
	}
	for i := range r.Cells {
		c := &r.Cells[i]
		cw := where + ", cell col " + strconv.Itoa(int(c.Col))
		if c.Path() != nil {
			cw += " path 0x" + hexString(c.Path())
		}
		if i > 0 {
			pc := &r.Cells[i-1]
			if pc.Col > c.Col || pc.Col == c.Col && bytes.Compare(pc.Path(), c.Path()) >= 0 {
				errs = append(errs, errors.New(cw+": not after the previous cell in (Col, Path) order"))
			}
		}
		if del.Deletes(c.TS) {
			errs = append(errs, errors.New(cw+": written at "+strconv.FormatInt(c.TS, 10)+", shadowed by a stored deletion"))
		}
		if c.Path() != nil && r.complexDeletion(c.Col).Deletes(c.TS) {
			errs = append(errs, errors.New(cw+": shadowed by its collection's stored deletion"))
		}
	}
	if r.tombs != nil && r.tombs.deletion.IsLive() && len(r.tombs.complex) == 0 {
		errs = append(errs, errors.New(where+": holds an empty set of row tombstones"))
	}
	cx := r.ComplexDeletions()
	for i := range cx {
		if i > 0 && cx[i-1].Col >= cx[i].Col {
			errs = append(errs, errors.New(where+": collection deletions not sorted and unique by column"))
		}
		if del.Deletes(cx[i].MarkedAt) {
			errs = append(errs, errors.New(where+": collection deletion of col "+strconv.Itoa(int(cx[i].Col))+" is shadowed by a stored deletion"))
		}
	}
	return errs
}

func clusteringString(c [][]byte) string {
	if c == nil {
		return "static"
	}
	s := "("
	for i, v := range c {
		if i > 0 {
			s += ", "
		}
		s += "0x" + hexString(v)
	}
	return s + ")"
}

func hexString(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 2*len(b))
	for i, c := range b {
		out[2*i], out[2*i+1] = digits[c>>4], digits[c&15]
	}
	return string(out)
}
