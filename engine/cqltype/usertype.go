package cqltype

// ReferencesUserType is AbstractType.referencesUserType: whether t is, or
// holds at any depth, the user type ks.name.
func (t *Type) ReferencesUserType(ks, name string) bool {
	if t.Kind == UDT && t.Keyspace == ks && t.Name == name {
		return true
	}
	for _, e := range t.Elems {
		if e.ReferencesUserType(ks, name) {
			return true
		}
	}
	return false
}

// WithUserType is AbstractType.withUpdatedUserType: t with every use of the
// user type u (same keyspace and name) replaced by u's new definition, each
// keeping its frozenness. It returns t itself when t does not use u.
func (t *Type) WithUserType(u *Type) *Type {
	if !t.ReferencesUserType(u.Keyspace, u.Name) {
		return t
	}
	if t.Kind == UDT && t.Keyspace == u.Keyspace && t.Name == u.Name {
		if t.Frozen {
			return u.Freeze()
		}
		return u
	}
	c := *t
	c.Elems = make([]*Type, len(t.Elems))
	for i, e := range t.Elems {
		c.Elems[i] = e.WithUserType(u)
	}
	return &c
}

// FieldPath is UserType.cellPathForField: a non-frozen user type stores
// field i in a cell whose path is i as a 2-byte short.
func FieldPath(i int) []byte { return []byte{byte(i >> 8), byte(i)} }

// FieldOfPath returns the field position a cell path names.
func FieldOfPath(p []byte) int {
	if len(p) != 2 {
		return -1
	}
	return int(p[0])<<8 | int(p[1])
}
