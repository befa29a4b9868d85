package main

import (
	"runtime"
	"runtime/debug"
	"testing"
)

var sink []byte

// TestGCPacerCollects runs with automatic collection off, as the module
// does, and checks that ticking the pacer while allocating collects, and so
// keeps the heap near what is live rather than near what was allocated.
func TestGCPacerCollects(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	p := newGCPacer()
	const chunk, chunks = 64 << 10, 8000 // 500 MiB allocated in all
	for range chunks {
		sink = make([]byte, chunk)
		p.tick()
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if after.NumGC == before.NumGC {
		t.Fatalf("no collection after %d MiB allocated", chunk*chunks>>20)
	}
	if grown := int64(after.HeapSys) - int64(before.HeapSys); grown > 64<<20 {
		t.Errorf("heap grew by %d MiB with the pacer ticking, want under 64 MiB", grown>>20)
	}
}

// TestGCPacerSpacesCollections checks that a small session is not collected
// on every call: below minGrowth of allocation, check does nothing.
func TestGCPacerSpacesCollections(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	p := newGCPacer()
	p.start()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 100 {
		sink = make([]byte, 1024)
		p.check()
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if after.NumGC != before.NumGC {
		t.Errorf("%d collections for 100 KiB allocated, want none", after.NumGC-before.NumGC)
	}
}

// TestGCPacerDefersToIdle checks where a due collection runs: after a call
// it waits for idle (the page is drawing the reply), unless allocation has
// gone past the hard limit or the caller went on making calls without
// letting idle run, as a loop of calls that never yields does.
func TestGCPacerDefersToIdle(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	p := newGCPacer()
	p.start()
	allocate := func(n uint64) {
		for range n / (64 << 10) {
			sink = make([]byte, 64<<10)
		}
	}
	allocate(p.next - p.allocated() + 1<<20) // past the goal, below the hard limit
	before := numGC()
	p.check()
	if numGC() != before || !p.pending {
		t.Fatalf("check past the goal: %d collections, pending %v; want none and pending", numGC()-before, p.pending)
	}
	if p.idle(false) != idleCollected || numGC() == before || p.pending {
		t.Fatalf("idle did not run the pending collection")
	}
	if p.idle(false) != idleNone {
		t.Errorf("idle collected again with nothing pending")
	}
	allocate(p.hard - p.allocated() + 1<<20) // past the hard limit
	before = numGC()
	p.check()
	if numGC() == before || p.pending {
		t.Errorf("check past the hard limit did not collect at once")
	}
	// A caller that does not yield: a due collection waits through the
	// calls of one request of the page's worker, then runs, idle or not.
	allocate(p.next - p.allocated() + 1<<20)
	before = numGC()
	for call := range patientCalls {
		sink = make([]byte, 1024)
		p.check()
		if numGC() != before || !p.pending {
			t.Fatalf("call %d past the goal: %d collections, pending %v; want none and pending", call, numGC()-before, p.pending)
		}
	}
	p.check()
	if numGC() == before || p.pending {
		t.Errorf("a collection pending through %d calls without idle did not run", patientCalls)
	}
}

// TestGCPacerLeavesShortCallsAlone checks that a call of a lesson's size
// never collects between its statements, however much it allocated: its
// due collection waits for the end of the call, and then for idle. A long
// call collects as it goes.
func TestGCPacerLeavesShortCallsAlone(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	p := newGCPacer()
	p.start()
	for call := range 3 {
		before := numGC()
		for range longCall - 1 {
			sink = make([]byte, 64<<10) // 32 MiB a call: past the hard limit
			p.tick()
		}
		if n := numGC() - before; n != 0 {
			t.Fatalf("call %d of %d statements: %d collections between its statements, want none", call, longCall-1, n)
		}
		p.check()
		if numGC() == before {
			t.Fatalf("call %d: the end of a call past the hard limit did not collect", call)
		}
	}
	before := numGC()
	for range 4 * longCall {
		sink = make([]byte, 64<<10)
		p.tick()
	}
	if numGC() == before {
		t.Errorf("a call of %d statements allocating 128 MiB never collected", 4*longCall)
	}
}

// TestGCPacerStartsLazily checks that a new pacer reads nothing until it must:
// the end of the first call leaves its start to idle, which collects once
// (the collector's first use is the slow one), and from then on the pacer
// works as a started one.
func TestGCPacerStartsLazily(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	p := newGCPacer()
	before := numGC()
	p.check()
	if p.started || !p.pending || p.next != 0 {
		t.Fatalf("after the first check: started %v, pending %v, next %d; want unstarted, pending, no goal", p.started, p.pending, p.next)
	}
	if p.idle(false) != idleCollected || numGC() == before {
		t.Fatalf("idle on an unstarted pacer did not collect")
	}
	if !p.started || p.pending || p.next < minGrowth {
		t.Fatalf("after idle: started %v, pending %v, next %d; want a started pacer with a goal", p.started, p.pending, p.next)
	}
	q := newGCPacer()
	for range longCall + tickEvery {
		q.tick()
	}
	if !q.started {
		t.Errorf("a long call's ticks did not start the pacer")
	}
}

// numGC is how many collections have completed.
func numGC() uint32 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.NumGC
}

// TestGCIdleWaitsForAPauseAfterASlowCollection: when the last collection
// took slowCollection or more, a due collection is not run by the idle that
// follows a call (a reader's next keystroke would wait behind it) but by
// the one after a pause; after a quick one it runs at once.
func TestGCIdleWaitsForAPauseAfterASlowCollection(t *testing.T) {
	for _, slow := range []bool{false, true} {
		p := newGCPacer()
		p.start()
		for range (p.next - p.allocated() + 1<<20) / (64 << 10) {
			sink = make([]byte, 64<<10)
		}
		p.check()
		p.took = slowCollection / 10
		if slow {
			p.took = slowCollection
		}
		before := numGC()
		got := p.idle(false)
		if want := map[bool]int32{false: idleCollected, true: idleWait}[slow]; got != want {
			t.Errorf("last collection %v: idle after a call answered %d, want %d", p.took, got, want)
		}
		if slow {
			if numGC() != before || !p.pending {
				t.Errorf("after a slow collection, idle after a call collected")
			}
			if p.idle(true) != idleCollected || numGC() == before || p.pending {
				t.Errorf("after a slow collection, idle after a pause did not collect")
			}
		}
	}
}
