package main

import "github.com/cqlplay/cqlplay/engine"

// layoutAt answers cqlplay.layoutAt: the storage layout in one of
// engine.LayoutForms of every table as it stood right after the statement
// that gave outcome statement (0-based) of the handle's last rerun, with
// what that statement changed, as the JSON object of
// engine.AppendLayoutAtJSON, or {"error":{...}}. The session and its
// rerun state are left as they were (engine.Session.LayoutAt).
func (b *bridge) layoutAt(handle int, form string, statement int) (out []byte) {
	s := b.sessions[handle]
	if s == nil {
		return errorObjectJSON(engine.ServerError, noSession(handle))
	}
	defer recoverObject(&out)
	text, changes, err := s.LayoutAt(form, "", statement)
	defer b.collect()
	if err != nil {
		return errorObjectJSON(engine.InvalidRequest, err.Error())
	}
	return engine.AppendLayoutAtJSON(make([]byte, 0, len(text)+64+64*len(changes)), form, "", text, statement, changes)
}
