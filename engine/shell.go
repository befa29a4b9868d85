package engine

import "github.com/cqlplay/cqlplay/engine/internal/shell"

// Subshell runs run as cqlsh's SOURCE runs a file (do_source): in a new
// Shell on the same connection, which starts in the current keyspace with
// tracing as it is and every other setting at its default (expand off,
// paging on with pages of 100, consistency ONE), and whose USE and settings
// end with it. The caller (cqlplay run, which reads files) runs the file's
// statements inside run.
func (s *Session) Subshell(run func()) {
	sh, ks, pageSize := s.shell, s.db.Keyspace, s.db.PageSize
	s.shell = shell.New()
	s.shell.Tracing = sh.Tracing
	s.db.PageSize = s.shell.PageSize
	defer func() { s.shell, s.db.Keyspace, s.db.PageSize = sh, ks, pageSize }()
	run()
}

// ErrSourceUnreadable is do_source's refusal ('Could not open %r: %s'):
// quoted is the file's name as Python's repr prints it, ioErr Python's str
// of the IOError (shell.ErrSourceUnreadable).
func ErrSourceUnreadable(quoted, ioErr string) *Error {
	return shell.ErrSourceUnreadable(quoted, ioErr)
}

// ErrCaptureUnwritable is do_capture's refusal of a file it cannot open for
// append ('Could not open %r for append: %s') (shell.ErrCaptureUnwritable).
func ErrCaptureUnwritable(quoted, ioErr string) *Error {
	return shell.ErrCaptureUnwritable(quoted, ioErr)
}

// ErrNotCapturing is do_capture's CAPTURE OFF when not capturing.
func ErrNotCapturing() *Error { return shell.ErrNotCapturing() }

// ErrAlreadyCapturing is do_capture's refusal of a second CAPTURE '<file>'
// (the file's name as %s prints it) (shell.ErrAlreadyCapturing).
func ErrAlreadyCapturing(name string) *Error { return shell.ErrAlreadyCapturing(name) }
