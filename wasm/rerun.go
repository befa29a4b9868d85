package main

import "github.com/cqlplay/cqlplay/engine"

// rerunReply is what rerun keeps of a session's last reply: the JSON array
// without its closing bracket, where each outcome ends in it, and where the
// UTF-16 cursor stood in the script. The next rerun keeps the outcomes the
// engine reuses, as they were encoded, and appends the rest.
type rerunReply struct {
	buf    []byte // '[' and the outcomes, comma separated
	ends   []int  // len(buf) after each outcome
	script string
	cur    utf16Cursor
}

// rerun answers cqlplay.rerun: the JSON array of the Outcomes a fresh
// session (with this handle's options) gives for script, with error
// positions in UTF-16 code units, as run would give on a fresh handle. The
// statements before the first one the script changed since this handle's
// last rerun are not run again, and their outcomes are the last reply's
// (engine.Session.RerunEach). The reply is valid until the next call of
// rerun on the handle: its buffer is kept and reused.
func (b *bridge) rerun(handle int, script string) (out []byte) {
	s := b.sessions[handle]
	if s == nil {
		return failureJSON(engine.ServerError, noSession(handle))
	}
	st := b.reruns[handle]
	if st == nil {
		st = &rerunReply{buf: []byte{'['}}
		b.reruns[handle] = st
	}
	defer func() {
		if r := recover(); r != nil {
			// Neither the kept reply nor the session's snapshots can be
			// trusted: the next rerun starts afresh.
			delete(b.reruns, handle)
			s.ForgetRerun()
			out = failureJSON(engine.ServerError, bugMessage(r))
		}
	}()
	// The cursor goes on from where it stood if the script is the same up
	// to there: a long script's prefix is not counted again.
	if n := st.cur.byteOff; n > len(script) || n > len(st.script) || script[:n] != st.script[:n] {
		st.cur = utf16Cursor{}
	}
	st.cur.s, st.script = script, script
	b.rerunScript(s, script, func(n int) {
		if n > len(st.ends) {
			panic("rerun: the engine kept more outcomes than the last reply holds")
		}
		st.ends = st.ends[:n]
		st.buf = st.buf[:1]
		if n > 0 {
			st.buf = st.buf[:st.ends[n-1]]
		}
	}, func(o *engine.Outcome) {
		if len(st.buf) > 1 {
			st.buf = append(st.buf, ',')
		}
		st.cur.toUTF16(o)
		st.buf = o.AppendJSON(st.buf)
		st.ends = append(st.ends, len(st.buf))
	})
	out = append(st.buf, ']')
	st.buf = out[:len(out)-1]
	b.collect()
	return out
}

// base answers cqlplay.base: the state the session has reached becomes the
// start of its reruns (engine.Session.Base), so that a playground that
// continues earlier examples runs their scripts once and reruns only its
// own. It reports whether there was such a session.
func (b *bridge) base(handle int) bool {
	s := b.sessions[handle]
	if s == nil {
		return false
	}
	s.Base()
	delete(b.reruns, handle)
	return true
}
