package cqltype

import (
	"encoding/binary"
	"strconv"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// Validate checks v, a value a client bound to a receiver of type t, as
// Cassandra's TypeSerializer.validate does (serializers/*Serializer.java),
// and returns it in the form the engine stores: sets sorted and
// deduplicated, maps sorted by key, at every depth. A value that does not
// fit gives an InvalidRequest with the serializer's MarshalException
// message, as Constants.Marker.bindAndGet reports it. nil (null) is valid.
func (t *Type) Validate(v Value) (Value, *cqlerr.Error) {
	if v == nil {
		return nil, nil
	}
	if msg := t.validate(v); msg != "" {
		return nil, cqlerr.Invalid(msg)
	}
	return t.normalizeDeep(v), nil
}

// validate returns the MarshalException message for v, or "".
func (t *Type) validate(v Value) string {
	n := len(v)
	size := "(" + strconv.Itoa(n) + ")"
	switch t.Kind {
	case Int:
		if n != 4 && n != 0 {
			return "Expected 4 or 0 byte int " + size
		}
	case Bigint, Counter:
		if n != 8 && n != 0 {
			return "Expected 8 or 0 byte long " + size
		}
	case Smallint:
		if n != 2 {
			return "Expected 2 bytes for a smallint " + size
		}
	case Tinyint:
		if n != 1 {
			return "Expected 1 byte for a tinyint " + size
		}
	case Float:
		if n != 4 && n != 0 {
			return "Expected 4 or 0 byte value for a float " + size
		}
	case Double:
		if n != 8 && n != 0 {
			return "Expected 8 or 0 byte value for a double " + size
		}
	case Boolean:
		if n != 1 && n != 0 {
			return "Expected 1 or 0 byte value " + size
		}
	case UUID:
		if n != 16 && n != 0 {
			return "UUID should be 16 or 0 bytes " + size
		}
	case Timeuuid:
		if n != 16 && n != 0 {
			return "UUID should be 16 or 0 bytes " + size
		}
		if n != 0 && v[6]&0xf0 != 0x10 {
			return "Invalid version for TimeUUID type."
		}
	case Timestamp:
		if n != 8 && n != 0 {
			return "Expected 8 or 0 byte long for date " + size
		}
	case Date:
		if n != 4 {
			return "Expected 4 byte long for date " + size
		}
	case Time:
		if n != 8 {
			return "Expected 8 byte long for time " + size
		}
	case Inet:
		if n != 0 && n != 4 && n != 16 {
			return "Expected 4 or 16 byte inetaddress; got " + hexString(v)[2:] // ByteBufferUtil.bytesToHex: no 0x
		}
	case Decimal:
		if n != 0 && n < 4 {
			return "Expected 0 or at least 4 bytes " + size
		}
	case Duration:
		return validateDuration(v)
	case Ascii:
		for _, b := range v {
			if b >= 0x80 {
				return "Invalid byte for ascii: " + strconv.Itoa(int(int8(b)))
			}
		}
	case Text:
		if !validUTF8(v) {
			return "String didn't validate."
		}
	case List, Set, Map:
		return t.validateCollection(v)
	case Tuple, UDT:
		return t.validateTuple(v)
	}
	return ""
}

// validateDuration is DurationSerializer.validate.
func validateDuration(v Value) string {
	if len(v) < 3 {
		return "Expected at least 3 bytes for a duration (" + strconv.Itoa(len(v)) + ")"
	}
	var parts [3]int64
	rest := v
	for i := range parts {
		n, used, ok := readVInt(rest)
		if !ok {
			return "Expected at least 3 bytes for a duration (" + strconv.Itoa(len(v)) + ")"
		}
		parts[i], rest = n, rest[used:]
	}
	months, days, nanos := parts[0], parts[1], parts[2]
	if int64(int32(months)) != months {
		return "The duration months must be a 32 bits integer but was: " + strconv.FormatInt(months, 10)
	}
	if int64(int32(days)) != days {
		return "The duration days must be a 32 bits integer but was: " + strconv.FormatInt(days, 10)
	}
	if !(months >= 0 && days >= 0 && nanos >= 0 || months <= 0 && days <= 0 && nanos <= 0) {
		return "The duration months, days and nanoseconds must be all of the same sign (" +
			strconv.FormatInt(months, 10) + ", " + strconv.FormatInt(days, 10) + ", " + strconv.FormatInt(nanos, 10) + ")"
	}
	return ""
}

// validateCollection is ListSerializer's, SetSerializer's and
// MapSerializer's validateForNativeProtocol (v3+ format).
func (t *Type) validateCollection(v Value) string {
	name := t.Kind.String()
	if t.Kind == Map && len(v) == 0 {
		return "" // MapSerializer: "Empty values are still valid."
	}
	short := "Not enough bytes to read a " + name
	if len(v) < 4 {
		return short
	}
	n := int32(binary.BigEndian.Uint32(v))
	rest := v[4:]
	per := 1
	if t.Kind == Map {
		per = 2
	}
	for i := 0; i < int(n); i++ {
		for j := 0; j < per; j++ {
			if len(rest) < 4 {
				return short
			}
			l := int32(binary.BigEndian.Uint32(rest))
			rest = rest[4:]
			if l < 0 {
				continue // a null element: the statement says what it makes of it
			}
			if int(l) > len(rest) {
				return short
			}
			et := t.ElemType()
			if t.Kind == Map && j == 0 {
				et = t.KeyType()
			}
			if msg := et.validate(rest[:l]); msg != "" {
				return msg
			}
			rest = rest[l:]
		}
	}
	if len(rest) > 0 {
		return "Unexpected extraneous bytes after " + name + " value"
	}
	return ""
}

// validateTuple is TupleSerializer.validate (user types too): fewer fields
// than declared are allowed, more are not.
func (t *Type) validateTuple(v Value) string {
	rest := v
	for i, ft := range t.Elems {
		if len(rest) == 0 {
			return ""
		}
		if len(rest) < 4 {
			return "Not enough bytes to read size of " + strconv.Itoa(i) + "th component"
		}
		l := int32(binary.BigEndian.Uint32(rest))
		rest = rest[4:]
		if l < 0 {
			continue
		}
		if int(l) > len(rest) {
			return "Not enough bytes to read " + strconv.Itoa(i) + "th component"
		}
		if msg := ft.validate(rest[:l]); msg != "" {
			return msg
		}
		rest = rest[l:]
	}
	if len(rest) != 0 {
		return "Invalid remaining data after end of tuple value"
	}
	return ""
}

// normalizeDeep puts a valid bound value in the engine's stored form: the
// elements of sets and the keys of maps in the type's order without
// duplicates, at every depth (a driver sends them in its own order).
func (t *Type) normalizeDeep(v Value) Value {
	switch t.Kind {
	case List, Set, Map:
		if len(v) == 0 {
			return v
		}
		keys, vals := t.Elements(v)
		for i := range keys {
			keys[i] = t.Elems[0].normalizeDeep(keys[i])
		}
		for i := range vals {
			vals[i] = t.ElemType().normalizeDeep(vals[i])
		}
		keys, vals = t.Normalize(keys, vals)
		return t.Join(keys, vals)
	case Tuple, UDT:
		fields, ok := t.Fields(v)
		if !ok {
			return v
		}
		for i := range fields {
			if i < len(t.Elems) && fields[i] != nil {
				fields[i] = t.Elems[i].normalizeDeep(fields[i])
			}
		}
		return JoinFields(fields)
	}
	return v
}
