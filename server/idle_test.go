package server_test

import (
	"runtime"
	"testing"

	"github.com/cqlplay/cqlplay/server"
	"github.com/cqlplay/cqlplay/server/proto"
)

// TestIdleConnections: 1,000 connections, each started (STARTUP answered)
// and then idle, are all held, and each still answers; what the server
// spends on one (its goroutines' stacks and its buffers, over the
// client's side, which this process holds too) is logged (-v) and kept
// under 128 KiB, twice issue 28's 64 KiB target, so that only a real
// regression fails.
func TestIdleConnections(t *testing.T) {
	const n = 1000
	srv := server.RunT(t)
	before := memInUse()
	clients := make([]*raw, n)
	for i := range clients {
		clients[i] = dialRaw(t, srv, 4)
		clients[i].startup()
	}
	after := memInUse()
	per := (after - before) / n
	t.Logf("%d idle connections: %.1f KiB each (server and client sides; the client's is about 5 KiB)", n, per/1024)
	if per > 128<<10 {
		t.Errorf("%.1f KiB per idle connection", per/1024)
	}
	for _, r := range clients {
		r.send(proto.OpOptions, nil)
		if _, op, _ := r.recv(); op != proto.OpSupported {
			t.Fatalf("an idle connection answered %#x", op)
		}
		r.c.Close()
	}
}

// memInUse is the heap and the goroutine stacks in use, after a GC.
func memInUse() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapInuse + m.StackInuse)
}
