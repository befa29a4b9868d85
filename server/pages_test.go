package server

import (
	"encoding/binary"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cqlplay/cqlplay/engine"
)

// TestKeptReadsLetGo: a paged read's rows are kept for its next pages and
// let go once its last page is cut; a state whose rows are gone runs the
// read again from its offset, with the same rows.
func TestKeptReadsLetGo(t *testing.T) {
	s, err := New(Options{Init: `CREATE TABLE kv (k int PRIMARY KEY);
		INSERT INTO kv (k) VALUES (1); INSERT INTO kv (k) VALUES (2); INSERT INTO kv (k) VALUES (3);`})
	if err != nil {
		t.Fatal(err)
	}
	read := func(state []byte) *engine.Result {
		t.Helper()
		res, e := s.pagedRun(&engine.Request{Statement: "SELECT k FROM kv", Keyspace: engine.DefaultKeyspace, PageSize: 2, PagingState: state, Now: time.Now()})
		if e != nil {
			t.Fatal(e)
		}
		return res
	}
	first := read(nil)
	if len(first.Rows) != 2 || len(first.PagingState) != 16 || len(s.kept) != 1 || s.keptBytes == 0 {
		t.Fatalf("first page: %d rows, state %x, %d kept (%d bytes)", len(first.Rows), first.PagingState, len(s.kept), s.keptBytes)
	}
	last := read(first.PagingState)
	if len(last.Rows) != 1 || last.PagingState != nil || len(s.kept) != 0 || s.keptBytes != 0 {
		t.Fatalf("last page: %d rows, state %x, %d kept (%d bytes)", len(last.Rows), last.PagingState, len(s.kept), s.keptBytes)
	}
	again := read(first.PagingState) // a retry: its rows are gone, the read runs again
	if len(again.Rows) != 1 || string(again.Rows[0][0]) != string(last.Rows[0][0]) {
		t.Errorf("retried last page: %d rows", len(again.Rows))
	}
	if binary.BigEndian.Uint64(first.PagingState) != 2 {
		t.Errorf("state offset %x", first.PagingState)
	}
	// A client's state is bytes: offsets past the rows, or past int, are
	// the end (once a panic: an offset of 2^64-1 became a negative int).
	for _, st := range [][]byte{
		{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
		{0x80, 0, 0, 0, 0, 0, 0, 0},
		{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
	} {
		if res := read(st); len(res.Rows) != 0 || res.PagingState != nil {
			t.Errorf("state %x: %d rows, next %x", st, len(res.Rows), res.PagingState)
		}
	}
}

// TestForgottenReadIsFreed: once its last page is sent, a large paged
// read's rows are garbage (a forgotten read once stayed reachable from the
// kept reads' spare capacity: 9 MiB for 100,000 rows).
func TestForgottenReadIsFreed(t *testing.T) {
	var script strings.Builder
	script.WriteString("CREATE TABLE kv (k int PRIMARY KEY, v text);\n")
	for i := 0; i < 100_000; i++ {
		script.WriteString("INSERT INTO kv (k, v) VALUES (" + strconv.Itoa(i) + ", 'some value here');\n")
	}
	s, err := New(Options{Init: script.String()})
	if err != nil {
		t.Fatal(err)
	}
	before := heapAlloc()
	var state []byte
	for pages := 0; pages == 0 || state != nil; pages++ {
		res, e := s.pagedRun(&engine.Request{Statement: "SELECT k, v FROM kv", Keyspace: engine.DefaultKeyspace, PageSize: 5000, PagingState: state, Now: time.Now()})
		if e != nil {
			t.Fatal(e)
		}
		state = res.PagingState
	}
	grew := (heapAlloc() - before) / (1 << 20)
	if grew > 2 {
		t.Errorf("%.1f MiB still held after the last page of a 100,000-row read", grew)
	}
	runtime.KeepAlive(s)
}

func heapAlloc() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc)
}
