package server

import (
	"bytes"
	"encoding/binary"
	"slices"

	"github.com/cqlplay/cqlplay/engine"
)

// Paging. The engine pages a read by running it whole and cutting out the
// page the state's offset names; running it again for every page makes
// reading n rows in pages of p cost n²/p. So the server keeps the rows of
// the last few paged reads: a page after the first is cut from them. The
// state a client gets back is the engine's (an 8-byte offset) followed by
// the 8-byte key of the kept rows; a state whose rows are no longer kept
// (or that another server made) runs the read again from its offset.
// Between two pages of a kept read, writes are not seen: the read is a
// snapshot, which a real cluster's paging is not.

// maxKeptReads bounds the reads whose rows are kept, and maxKeptBytes the
// bytes of their values: past either, the oldest is forgotten (its next
// page runs the read again); a read larger than maxKeptBytes alone is not
// kept. A read is forgotten too once its last page is cut.
const (
	maxKeptReads = 32
	maxKeptBytes = 256 << 20
)

type keptRead struct {
	key uint64
	// statement, keyspace and values are the read's: a paging state is
	// only good for the request that made it.
	statement, keyspace string
	values              [][]byte
	res                 *engine.Result
	rows                [][][]byte
	bytes               int
}

// same reports whether req is the read k kept.
func (k *keptRead) same(req *engine.Request) bool {
	if k.statement != req.Statement || k.keyspace != req.Keyspace || len(k.values) != len(req.Values) {
		return false
	}
	for i, v := range req.Values {
		if !bytes.Equal(v, k.values[i]) || (v == nil) != (k.values[i] == nil) {
			return false
		}
	}
	return true
}

// pagedRun runs req a page at a time; the caller holds s.mu.
func (s *Server) pagedRun(req *engine.Request) (*engine.Result, *engine.Error) {
	size := req.PageSize
	if size <= 0 {
		return s.sess.Execute(req)
	}
	if st := req.PagingState; len(st) == 16 {
		key := binary.BigEndian.Uint64(st[8:])
		for _, k := range s.kept {
			if k.key == key && k.same(req) {
				return s.cut(k, int(min(binary.BigEndian.Uint64(st[:8]), uint64(len(k.rows)))), size), nil
			}
		}
		req.PagingState = st[:8]
	}
	offset := 0
	if len(req.PagingState) == 8 {
		// A client's bytes: an offset past any read (or past int) is the end.
		offset = int(min(binary.BigEndian.Uint64(req.PagingState), 1<<62))
	}
	req.PageSize, req.PagingState = 0, nil
	res, err := s.sess.Execute(req)
	if err != nil || res.Kind != engine.RowsResult || len(res.Rows) <= size {
		if err == nil && res.Kind == engine.RowsResult {
			res.Rows = res.Rows[min(offset, len(res.Rows)):]
		}
		return res, err
	}
	s.nextKey++
	k := &keptRead{key: s.nextKey, statement: req.Statement, keyspace: req.Keyspace, values: req.Values, res: res, rows: res.Rows}
	for _, row := range k.rows {
		for _, v := range row {
			k.bytes += len(v) + 24
		}
	}
	if k.bytes <= maxKeptBytes {
		for len(s.kept) > 0 && (len(s.kept) == maxKeptReads || s.keptBytes+k.bytes > maxKeptBytes) {
			s.forget(0)
		}
		s.kept = append(s.kept, k)
		s.keptBytes += k.bytes
	}
	return s.cut(k, min(offset, len(k.rows)), size), nil
}

// forget drops the i-th kept read.
func (s *Server) forget(i int) {
	s.keptBytes -= s.kept[i].bytes
	// slices.Delete clears the slot it frees: the forgotten read's rows
	// must not stay reachable from the slice's spare capacity.
	s.kept = slices.Delete(s.kept, i, i+1)
}

// cut returns the page of a kept read that starts at offset.
func (s *Server) cut(k *keptRead, offset, size int) *engine.Result {
	page := *k.res
	end := min(offset+size, len(k.rows))
	page.Rows = k.rows[offset:end]
	page.PagingState = nil
	page.TraceID = nil
	if end < len(k.rows) {
		st := binary.BigEndian.AppendUint64(nil, uint64(end))
		page.PagingState = binary.BigEndian.AppendUint64(st, k.key)
		return &page
	}
	// The last page: the rows are let go (a retry of it runs the read
	// again from its offset).
	for i, kept := range s.kept {
		if kept == k {
			s.forget(i)
			break
		}
	}
	return &page
}
