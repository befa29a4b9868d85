package engine

// The calls Session.Layout's request replaced, under the names the tests
// written before it use.

// layoutText is Layout of the present state, unbounded.
func (s *Session) layoutText(form, table string) (string, error) {
	r, err := s.Layout(LayoutRequest{Form: form, Table: table})
	return r.Layout, err
}

// layoutAtAll is Layout travelled to outcome n, unbounded.
func (s *Session) layoutAtAll(form, table string, n int) (string, []Change, error) {
	text, changes, _, err := s.layoutAt(form, table, n, nil)
	return text, changes, err
}
