package proto

import (
	"encoding/binary"
	"math"
)

// Reader decodes the notations of a body (spec section 3). Its first
// error sticks: every later read returns a zero value, and Err says what
// went wrong, so a decoder reads a whole message then checks once.
type Reader struct {
	b   []byte
	err error
}

// NewReader reads body.
func NewReader(body []byte) *Reader { return &Reader{b: body} }

// Err is the first error met, or nil.
func (r *Reader) Err() error { return r.err }

// Len is the number of bytes left.
func (r *Reader) Len() int { return len(r.b) }

func (r *Reader) take(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.b) {
		r.err = ErrShort
		r.b = nil
		return nil
	}
	v := r.b[:n:n]
	r.b = r.b[n:]
	return v
}

// Byte reads a [byte].
func (r *Reader) Byte() byte {
	if b := r.take(1); b != nil {
		return b[0]
	}
	return 0
}

// Short reads a [short] (unsigned).
func (r *Reader) Short() uint16 {
	if b := r.take(2); b != nil {
		return binary.BigEndian.Uint16(b)
	}
	return 0
}

// Int reads an [int].
func (r *Reader) Int() int32 {
	if b := r.take(4); b != nil {
		return int32(binary.BigEndian.Uint32(b))
	}
	return 0
}

// Long reads a [long].
func (r *Reader) Long() int64 {
	if b := r.take(8); b != nil {
		return int64(binary.BigEndian.Uint64(b))
	}
	return 0
}

// Str reads a [string] (not String, which go vet takes for a Stringer).
func (r *Reader) Str() string { return string(r.take(int(r.Short()))) }

// LongString reads a [long string].
func (r *Reader) LongString() string { return string(r.take(int(r.Int()))) }

// ShortBytes reads a [short bytes].
func (r *Reader) ShortBytes() []byte { return r.take(int(r.Short())) }

// Bytes reads a [bytes]: nil for a negative length (null).
func (r *Reader) Bytes() []byte {
	n := r.Int()
	if n < 0 {
		return nil
	}
	b := r.take(int(n))
	if b == nil && r.err == nil {
		b = []byte{}
	}
	return b
}

// Unset is the length of [value] that says "unset" (-2, v4 and later).
const Unset = -2

// Value reads a [value]: its bytes (nil for null) and whether it is unset.
// A length below -2 is an error.
func (r *Reader) Value() (v []byte, unset bool) {
	n := r.Int()
	switch {
	case n == -1:
		return nil, false
	case n == Unset:
		return nil, true
	case n < 0:
		if r.err == nil {
			r.err = ErrShort
		}
		return nil, false
	}
	b := r.take(int(n))
	if b == nil && r.err == nil {
		b = []byte{}
	}
	return b, false
}

// StringMap reads a [string map].
func (r *Reader) StringMap() map[string]string {
	n := int(r.Short())
	m := make(map[string]string, min(n, 16))
	for i := 0; i < n && r.err == nil; i++ {
		k := r.Str()
		m[k] = r.Str()
	}
	return m
}

// StringList reads a [string list].
func (r *Reader) StringList() []string {
	n := int(r.Short())
	var l []string
	for i := 0; i < n && r.err == nil; i++ {
		l = append(l, r.Str())
	}
	return l
}

// Writer appends the notations to a body.
type Writer struct{ B []byte }

// Byte appends a [byte].
func (w *Writer) Byte(b byte) { w.B = append(w.B, b) }

// Short appends a [short].
func (w *Writer) Short(n uint16) { w.B = binary.BigEndian.AppendUint16(w.B, n) }

// Int appends an [int].
func (w *Writer) Int(n int32) { w.B = binary.BigEndian.AppendUint32(w.B, uint32(n)) }

// Long appends a [long].
func (w *Writer) Long(n int64) { w.B = binary.BigEndian.AppendUint64(w.B, uint64(n)) }

// String appends a [string] (at most 65535 bytes: longer is cut).
func (w *Writer) String(s string) {
	if len(s) > math.MaxUint16 {
		s = s[:math.MaxUint16]
	}
	w.Short(uint16(len(s)))
	w.B = append(w.B, s...)
}

// LongString appends a [long string].
func (w *Writer) LongString(s string) {
	w.Int(int32(len(s)))
	w.B = append(w.B, s...)
}

// ShortBytes appends a [short bytes].
func (w *Writer) ShortBytes(b []byte) {
	w.Short(uint16(len(b)))
	w.B = append(w.B, b...)
}

// Bytes appends a [bytes]; nil is null.
func (w *Writer) Bytes(b []byte) {
	if b == nil {
		w.Int(-1)
		return
	}
	w.Int(int32(len(b)))
	w.B = append(w.B, b...)
}

// StringList appends a [string list].
func (w *Writer) StringList(l []string) {
	w.Short(uint16(len(l)))
	for _, s := range l {
		w.String(s)
	}
}

// StringMultimap appends a [string multimap] with its keys in the given
// order.
func (w *Writer) StringMultimap(keys []string, m map[string][]string) {
	w.Short(uint16(len(keys)))
	for _, k := range keys {
		w.String(k)
		w.StringList(m[k])
	}
}

// StringBytesMap appends a [bytes map] with string keys (custom payloads).
func (w *Writer) StringBytesMap(keys []string, m map[string][]byte) {
	w.Short(uint16(len(keys)))
	for _, k := range keys {
		w.String(k)
		w.Bytes(m[k])
	}
}
