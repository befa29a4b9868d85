package cql

import (
	"reflect"
	"testing"
)

// checkRoundTrip prints stmt, parses the text again and checks that the new
// tree prints the same and equals the old one (positions and source texts
// aside): the printer is the parser's oracle.
func checkRoundTrip(t *testing.T, stmt Statement) {
	t.Helper()
	s1 := stmt.String()
	items := Parse(s1)
	if len(items) != 1 || items[0].Err != nil {
		msg := ""
		if len(items) > 0 && items[0].Err != nil {
			msg = items[0].Err.Message
		}
		t.Errorf("printed %q does not parse back as one statement (%d items) %s", s1, len(items), msg)
		return
	}
	if s2 := items[0].Stmt.String(); s2 != s1 {
		t.Errorf("reprint differs:\n first %q\nsecond %q", s1, s2)
	}
	if path, ok := equalTrees(reflect.ValueOf(stmt), reflect.ValueOf(items[0].Stmt), "stmt"); !ok {
		t.Errorf("trees differ at %s for %q", path, s1)
	}
}

var posType = reflect.TypeOf(Pos{})

// equalTrees compares two syntax trees, ignoring positions, statement source
// texts and the as-written Text of relations and assignments.
func equalTrees(a, b reflect.Value, path string) (string, bool) {
	if a.Kind() != b.Kind() || a.Type() != b.Type() {
		return path + " (type)", false
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return path + " (nil)", a.IsNil() == b.IsNil()
		}
		return equalTrees(a.Elem(), b.Elem(), path)
	case reflect.Slice:
		if a.Len() != b.Len() {
			return path + " (len)", false
		}
		for i := 0; i < a.Len(); i++ {
			if p, ok := equalTrees(a.Index(i), b.Index(i), path+"["+itoa(i)+"]"); !ok {
				return p, false
			}
		}
		return "", true
	case reflect.Struct:
		if a.Type() == posType {
			return "", true
		}
		for i := 0; i < a.NumField(); i++ {
			f := a.Type().Field(i)
			if f.Name == "Src" || f.Name == "Text" && (a.Type() == reflect.TypeOf(Relation{}) || a.Type() == reflect.TypeOf(Assignment{})) {
				continue
			}
			if p, ok := equalTrees(a.Field(i), b.Field(i), path+"."+f.Name); !ok {
				return p, false
			}
		}
		return "", true
	default:
		if a.Interface() != b.Interface() {
			return path, false
		}
		return "", true
	}
}
