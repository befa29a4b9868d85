package lesson

import "strconv"

// Error is a problem in a lesson file, located by line.
type Error struct {
	Path string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Path == "" {
		return "line " + strconv.Itoa(e.Line) + ": " + e.Msg
	}
	return e.Path + ":" + strconv.Itoa(e.Line) + ": " + e.Msg
}

func errorf(path string, line int, msg string) *Error {
	return &Error{Path: path, Line: line, Msg: msg}
}
