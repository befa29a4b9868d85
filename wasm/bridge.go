package main

import (
	"runtime"
	"strconv"

	"github.com/cqlplay/cqlplay/engine"
)

// bridge is the state behind globalThis.cqlplay: the open sessions by handle.
// It holds no syscall/js, so its behaviour is tested natively; main_js.go
// only moves strings between JavaScript and these methods.
//
// Every method returns a result, never a panic: a panic that reached
// JavaScript would stop the Go program, and every later call on the module
// would fail until the page reloads it.
type bridge struct {
	sessions map[int]*engine.Session
	// reruns are, by handle, the replies of the sessions' last rerun, whose
	// leading outcomes the next rerun keeps.
	reruns map[int]*rerunReply
	next   int
	// runScript is (*engine.Session).RunEach; tests replace it to prove that
	// an engine panic comes back as an outcome.
	runScript func(*engine.Session, string, func(*engine.Outcome))
	// rerunScript is (*engine.Session).RerunEach, replaced by tests as
	// runScript is.
	rerunScript func(*engine.Session, string, func(int), func(*engine.Outcome))
	// reply is the buffer of the last reply of run, reused by the next run
	// when at most maxKeptReply: the caller copies a reply out (a string for
	// js.FuncOf, TextDecoder for the exports) before it calls again.
	reply []byte
	// gc, when set, collects garbage between statements and after each call
	// (see gcPacer: automatic collection does not work behind wasmexport).
	gc *gcPacer
}

func newBridge() *bridge {
	return &bridge{sessions: map[int]*engine.Session{}, reruns: map[int]*rerunReply{},
		runScript: (*engine.Session).RunEach, rerunScript: (*engine.Session).RerunEach}
}

// open starts a session with the options JSON and returns its handle, from 1
// up and never reused. It returns 0 and the reason when the options are
// invalid.
func (b *bridge) open(optionsJSON string) (handle int, err error) {
	defer func() {
		if r := recover(); r != nil {
			handle, err = 0, &engine.Error{Code: engine.ServerError, Message: bugMessage(r)}
		}
	}()
	opts, err := parseOptions(optionsJSON)
	if err != nil {
		return 0, err
	}
	b.next++
	s := engine.NewSession(opts)
	if b.gc != nil {
		s.AfterStatement(b.gc.tick)
	}
	b.sessions[b.next] = s
	return b.next, nil
}

// run runs script in the session and returns the JSON array of its Outcomes,
// with error positions in UTF-16 code units. The reply is valid until the
// next call of run: its buffer is reused.
func (b *bridge) run(handle int, script string) (out []byte) {
	s := b.sessions[handle]
	if s == nil {
		return failureJSON(engine.ServerError, noSession(handle))
	}
	defer func() {
		if r := recover(); r != nil {
			out = failureJSON(engine.ServerError, bugMessage(r))
		}
	}()
	// Each outcome is encoded as soon as its statement has run, so a long
	// script's outcomes are never all alive at once.
	cur := &utf16Cursor{s: script}
	// A script of writes replies about 3.5 bytes per byte of script (each
	// outcome repeats its statement and adds a plan): sized so, the reply
	// is not copied as it grows. Small replies reuse the last one's buffer,
	// which its caller has copied out by now.
	if want := min(4*len(script), maxFirstReply) + 256; cap(b.reply) >= want {
		out = b.reply[:0]
	} else {
		out = make([]byte, 0, max(want, 4096))
	}
	out = append(out, '[')
	b.runScript(s, script, func(o *engine.Outcome) {
		if len(out) > 1 {
			out = append(out, ',')
		}
		cur.toUTF16(o)
		out = o.AppendJSON(out)
	})
	out = append(out, ']')
	b.reply = nil
	if cap(out) <= maxKeptReply {
		b.reply = out
	}
	b.collect()
	return out
}

const (
	// maxKeptReply bounds the reply buffer kept between calls.
	maxKeptReply = 1 << 20
	// maxFirstReply bounds the reply buffer allocated before a run: a huge
	// script of statements that print little must not reserve four times
	// its size; past it the reply grows as it needs.
	maxFirstReply = 64 << 20
)

// collect gives the pacer, if any, its look at the heap after a call.
func (b *bridge) collect() {
	if b.gc != nil {
		b.gc.check()
	}
}

// close forgets the session; it reports whether there was one.
func (b *bridge) close(handle int) bool {
	_, ok := b.sessions[handle]
	delete(b.sessions, handle)
	delete(b.reruns, handle)
	return ok
}

func noSession(handle int) string {
	return "cqlplay: no open session has handle " + strconv.Itoa(handle) + " (call cqlplay.open first; a closed handle is not reused)"
}

// failureJSON is the reply of run when no statement could run: an array of
// one Outcome carrying the error, so the page draws it like any other.
func failureJSON(code engine.ErrorCode, msg string) []byte {
	o := engine.Outcome{Error: &engine.Error{Code: code, Message: msg}}
	return engine.OutcomesJSON([]engine.Outcome{o})
}

// errorObjectJSON is {"error":{"code":...,"message":...}}.
// recoverObject, deferred by a call that answers a JSON object, turns a
// panic in the engine (a bug) into that call's {"error": ...} reply, so the
// page goes on.
func recoverObject(out *[]byte) {
	if r := recover(); r != nil {
		*out = errorObjectJSON(engine.ServerError, bugMessage(r))
	}
}

func errorObjectJSON(code engine.ErrorCode, msg string) []byte {
	b := append(make([]byte, 0, 64+len(msg)), `{"error":`...)
	b = engine.AppendErrorJSON(b, &engine.Error{Code: code, Message: msg})
	return append(b, '}')
}

// bugMessage turns a recovered panic into the text the reader sees.
func bugMessage(r any) string {
	return "cqlplay hit a bug in its engine and stopped this run (" + bugText(r) + "). " +
		"The session may be inconsistent: open a new one. Please report the script."
}

// bugText describes a recovered panic value without fmt, which the module
// does not link.
func bugText(r any) string {
	switch v := r.(type) {
	case runtime.Error:
		return v.Error()
	case error:
		return v.Error()
	case string:
		return v
	}
	return "a panic of an unexpected kind"
}
