package main

import (
	"runtime"
	"runtime/metrics"
	"time"
)

// gcPacer collects garbage on the bridge's schedule rather than the
// runtime's. Go's automatic collection does not work behind
// //go:wasmexport: a cycle starts when the heap reaches its goal, but its
// background mark workers are goroutines, and nothing in an exported call
// yields to the scheduler, so the cycle never finishes and every later
// allocation is new memory (measured: 2,000 W2 queries grew the module's
// memory by 50 MB a pass, with NumGC stuck). runtime.GC, a blocking
// stop-the-world collection, does finish there. So cqlplay.mjs starts the
// module with GOGC=off, and the bridge collects by itself.
//
// A collection is due once the program has allocated as much as the heap
// held live after the previous one (GOGC=100's rule), and at least
// minGrowth. Where it runs matters to the page: a collection inside a call
// delays that call's reply, which the reader is waiting for. So:
//
//   - within a call, tick (between statements) collects when due, once the
//     call has run longCall statements: a long script leaves no idle moment
//     to wait for, while a lesson-sized one (the reader's keystroke) ends
//     soon and leaves its collection to idle. Collecting inside such a call
//     made the replies of the keystrokes it landed on 4-10 ms late (what a
//     collection costs in Chromium);
//   - after a call, check only marks a due collection pending, and idle,
//     which cqlplay.mjs calls from a zero-delay timer once the caller has
//     its reply (the page is drawing it), runs it; unless the last
//     collection was slow (slowCollection), when idle waits for a pause in
//     the calls (cqlplay.mjs idleQuietMs): such a collection (59 ms with
//     lesson 08's 100,000 rows held, in a Chromium trace) would otherwise
//     run between two of a reader's keystrokes and delay the next one's
//     run;
//   - a caller that never yields (a benchmark's loop of calls) never lets
//     idle run, so check collects anyway when a collection has waited
//     through patientCalls calls, or once allocation passes the goal by as
//     much again (the hard limit).
//
// The pacer starts (takes its first look at the heap) lazily: the first
// runtime/metrics read builds the runtime's table of metrics, which cost
// about 10 ms of V8's lazy compilation in Chromium when it ran while the
// module started, on the way to the page's first live result. Unstarted, a
// call's end only asks idle to start it; a long script's tick starts it at
// once. Idle also collects when it starts the pacer: the first collection
// of a module's life costs 45 ms in Chromium (V8 compiles the collector's
// code on first use) against 4-5 ms for later ones, and after the first
// call is when the page is reading a result, not typing (a Chromium trace
// showed the first collection, left to the pacer, delaying a keystroke's
// run by 30 ms).
type gcPacer struct {
	samples []metrics.Sample
	started bool
	ticks   int
	inCall  int           // ticks since the last call ended (check)
	next    uint64        // allocated-bytes total at which a collection is due
	hard    uint64        // ... and past which check runs it at once
	pending bool          // a collection is due and waits for idle
	waited  int           // calls ended since it became due
	took    time.Duration // how long the last collection took
}

// What idle did.
const (
	idleNone      = 0 // nothing was due
	idleCollected = 1
	idleWait      = 2 // a collection is due and waits for a pause in the calls (the last one was slow)
)

const (
	// minGrowth is the least allocation between two collections.
	minGrowth = 4 << 20
	// tickEvery is how many ticks pass between two looks at the heap: a look
	// costs about a microsecond, a statement of W1 about ten.
	tickEvery = 32
	// longCall is how many statements a call runs before tick may collect
	// in it.
	longCall = 512
	// patientCalls is how many calls a due collection waits through for
	// idle: more than one request of the page's worker makes (open, the
	// prelude's runs, the script, an exercise's checks, the layouts), and,
	// after a slow collection, more than a burst of typing makes (two or three
	// calls a keystroke) before the pause idle waits for. The hard limit
	// bounds the memory meanwhile.
	patientCalls = 64
	// slowCollection is how long the last collection took past which idle
	// waits for a pause: a lesson's heap is collected in 4-5 ms in
	// Chromium, which the page's drawing of the reply hides; lesson 08's
	// 100,000 rows in 59 ms, which the reader's next keystroke would wait
	// for. (A threshold on the live heap did not tell them apart: a lesson
	// page's many sessions and their rerun states hold more than 16 MB.)
	slowCollection = 10 * time.Millisecond
)

func newGCPacer() *gcPacer {
	return &gcPacer{samples: []metrics.Sample{
		{Name: "/gc/heap/allocs:bytes"},
		{Name: "/gc/heap/live:bytes"},
	}}
}

// start takes the pacer's first look at the heap, if it has not yet.
func (p *gcPacer) start() {
	if !p.started {
		p.started = true
		p.collected()
	}
}

// tick is called after each statement: past a call's first longCall
// statements it looks at the heap every tickEvery calls and collects when a
// collection is due.
func (p *gcPacer) tick() {
	p.ticks++
	p.inCall++
	if p.inCall < longCall || p.ticks%tickEvery != 0 {
		return
	}
	p.start()
	if p.allocated() >= p.next {
		p.collect()
	}
}

// check is called at the end of each call: a due collection waits for
// idle, unless it has waited through patientCalls calls already, or
// allocation has gone past the hard limit.
func (p *gcPacer) check() {
	p.inCall = 0
	if !p.started {
		p.pending = true // idle starts it
		return
	}
	switch a := p.allocated(); {
	case a >= p.hard, a >= p.next && p.waited >= patientCalls:
		// Past the hard limit, or due through more calls than one request
		// of the page's worker makes, with no idle in between: the caller
		// does not yield (a loop of calls), and no one is drawing a reply
		// that a collection now would delay.
		p.collect()
	case a >= p.next:
		p.pending = true
		p.waited++
	}
}

// idle runs a pending collection, unless the last one was slow and the
// caller has not paused (quiet), and says what it did; an unstarted pacer
// collects once to start (see above).
func (p *gcPacer) idle(quiet bool) int32 {
	switch {
	case !p.pending:
		return idleNone
	case p.started && !quiet && p.took >= slowCollection:
		return idleWait
	}
	p.collect()
	return idleCollected
}

func (p *gcPacer) allocated() uint64 {
	metrics.Read(p.samples[:1])
	return p.samples[0].Value.Uint64()
}

func (p *gcPacer) collect() {
	began := time.Now()
	runtime.GC()
	// The module's first collection is slow whatever the heap (V8 compiles
	// the collector's code): it says nothing of the next ones.
	if p.started {
		p.took = time.Since(began)
	}
	p.started = true
	p.collected()
}

// collected sets the goals after a collection.
func (p *gcPacer) collected() {
	metrics.Read(p.samples)
	growth := max(p.samples[1].Value.Uint64(), minGrowth)
	p.next = p.samples[0].Value.Uint64() + growth
	p.hard = p.next + growth
	p.pending = false
	p.waited = 0
}
