package main

import (
	"runtime"
	"runtime/metrics"
)

// gcPacer collects garbage on the bridge's schedule rather than the
// runtime's. Go's automatic collection does not work behind
// //go:wasmexport: a cycle starts when the heap reaches its goal, but its
// background mark workers are goroutines, and nothing in an exported call
// yields to the scheduler, so the cycle never finishes and every later
// allocation is new memory (measured: 2,000 W2 queries grew the module's
// memory by 50 MB a pass, with NumGC stuck). runtime.GC, a blocking
// stop-the-world collection, does finish there. So main turns automatic
// collection off and the bridge calls tick between statements and after
// each call; tick collects once the program has allocated as much as the
// heap held live after the previous collection (GOGC=100's rule), and at
// least minGrowth, so that small sessions are not collected call after call.
type gcPacer struct {
	samples []metrics.Sample
	ticks   int
	next    uint64 // allocated-bytes total at which the next collection runs
}

const (
	// minGrowth is the least allocation between two collections.
	minGrowth = 4 << 20
	// tickEvery is how many ticks pass between two looks at the heap: a look
	// costs about a microsecond, a statement of W1 about ten.
	tickEvery = 32
)

func newGCPacer() *gcPacer {
	p := &gcPacer{samples: []metrics.Sample{
		{Name: "/gc/heap/allocs:bytes"},
		{Name: "/gc/heap/live:bytes"},
	}}
	p.collected()
	return p
}

// tick is called after each statement: it looks at the heap every
// tickEvery calls.
func (p *gcPacer) tick() {
	p.ticks++
	if p.ticks%tickEvery == 0 {
		p.check()
	}
}

// check collects if the program allocated past the goal.
func (p *gcPacer) check() {
	metrics.Read(p.samples[:1])
	if p.samples[0].Value.Uint64() >= p.next {
		runtime.GC()
		p.collected()
	}
}

// collected sets the goal after a collection.
func (p *gcPacer) collected() {
	metrics.Read(p.samples)
	p.next = p.samples[0].Value.Uint64() + max(p.samples[1].Value.Uint64(), minGrowth)
}
