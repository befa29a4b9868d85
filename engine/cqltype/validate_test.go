package cqltype

import "testing"

// TestValidate checks bound values as Cassandra's serializers do, with
// their exact messages, and that valid sets come back in stored order.
func TestValidate(t *testing.T) {
	udt := UserTypeOf("ks", "u", []string{"a"}, []*Type{IntType}, true)
	tests := []struct {
		typ  *Type
		v    []byte
		want string
	}{
		{IntType, []byte{1, 2, 3}, "Expected 4 or 0 byte int (3)"},
		{IntType, []byte{}, ""},
		{BigintType, []byte{1, 2, 3, 4, 5}, "Expected 8 or 0 byte long (5)"},
		{SmallintType, []byte{1}, "Expected 2 bytes for a smallint (1)"},
		{TinyintType, []byte{1, 2}, "Expected 1 byte for a tinyint (2)"},
		{DateType, []byte{1, 2, 3}, "Expected 4 byte long for date (3)"},
		{TimeType, []byte{1, 2, 3, 4}, "Expected 8 byte long for time (4)"},
		{TimestampType, make([]byte, 7), "Expected 8 or 0 byte long for date (7)"},
		{UUIDType, []byte{1, 2, 3}, "UUID should be 16 or 0 bytes (3)"},
		{TimeuuidType, make([]byte, 16), "Invalid version for TimeUUID type."},
		{TextType, []byte{0xff}, "String didn't validate."},
		{AsciiType, []byte{'a', 0xff}, "Invalid byte for ascii: -1"},
		{InetType, []byte{1, 2}, "Expected 4 or 16 byte inetaddress; got 0102"},
		{DecimalType, []byte{1, 2}, "Expected 0 or at least 4 bytes (2)"},
		{DurationType, []byte{1, 2}, "Expected at least 3 bytes for a duration (2)"},
		{DurationType, []byte{2, 1, 0}, "The duration months, days and nanoseconds must be all of the same sign (1, -1, 0)"},
		{FloatType, []byte{1}, "Expected 4 or 0 byte value for a float (1)"},
		{DoubleType, []byte{1}, "Expected 8 or 0 byte value for a double (1)"},
		{BooleanType, []byte{1, 1}, "Expected 1 or 0 byte value (2)"},
		{ListOf(IntType, false), []byte{0, 0, 0, 1}, "Not enough bytes to read a list"},
		{ListOf(IntType, false), []byte{0, 0, 0, 1, 0, 0, 0, 3, 1, 2, 3}, "Expected 4 or 0 byte int (3)"},
		{MapOf(IntType, IntType, false), []byte{0, 0, 0, 0, 9}, "Unexpected extraneous bytes after map value"},
		{MapOf(IntType, IntType, false), []byte{}, ""},
		{SetOf(IntType, false), []byte{0, 0}, "Not enough bytes to read a set"},
		{TupleOf(IntType), []byte{0, 0}, "Not enough bytes to read size of 0th component"},
		{TupleOf(IntType), []byte{0, 0, 0, 4, 0, 0, 0, 1, 9}, "Invalid remaining data after end of tuple value"},
		{udt, []byte{0, 0, 0, 9, 1}, "Not enough bytes to read 0th component"},
		{VarintType, []byte{}, ""},
	}
	for _, tt := range tests {
		_, err := tt.typ.Validate(tt.v)
		got := ""
		if err != nil {
			got = err.Message
		}
		if got != tt.want {
			t.Errorf("%s %x: got %q, want %q", tt.typ, tt.v, got, tt.want)
		}
	}
	set := SetOf(IntType, false)
	v, err := set.Validate(set.Join([]Value{Int32Value(2), Int32Value(1), Int32Value(2)}, nil))
	if keys, _ := set.Elements(v); err != nil || len(keys) != 2 || string(keys[0]) != string(Int32Value(1)) {
		t.Errorf("set not normalized: %x %v", v, err)
	}
}

// FuzzValidate: a client's bytes for any type are checked, never a panic;
// what passes the check is put in stored order and checks again.
func FuzzValidate(f *testing.F) {
	types := []*Type{IntType, TextType, DurationType, DecimalType, TimeuuidType, InetType,
		ListOf(IntType, false), SetOf(TextType, false), MapOf(TextType, ListOf(IntType, true), false),
		TupleOf(IntType, TextType), UserTypeOf("ks", "u", []string{"a", "b"}, []*Type{IntType, SetOf(IntType, true)}, true)}
	f.Add(uint8(6), []byte{0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1})
	f.Add(uint8(8), []byte{0, 0, 0, 1, 0, 0, 0, 1, 'a', 0, 0, 0, 4, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, k uint8, v []byte) {
		typ := types[int(k)%len(types)]
		out, err := typ.Validate(v)
		if err != nil {
			return
		}
		if _, err := typ.Validate(out); err != nil {
			t.Errorf("%s: %x validated, its stored form %x does not: %v", typ, v, out, err)
		}
	})
}
