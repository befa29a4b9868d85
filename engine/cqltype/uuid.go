package cqltype

import (
	"encoding/binary"
	"time"
)

// UUIDs are 16 bytes in textual order. Version-1 (time) UUIDs carry a 60-bit
// count of 100 ns ticks since 1582-10-15, which is how now(), minTimeuuid,
// maxTimeuuid, toTimestamp and dateOf work.

// gregorianOffset is the number of 100 ns ticks from 1582-10-15 to 1970-01-01.
const gregorianOffset = 0x01B21DD213814000

const hexDigits = "0123456789abcdef"

// FormatUUID prints a 16-byte uuid in lowercase canonical form; other
// lengths print as hex.
func FormatUUID(v Value) string {
	if len(v) != 16 {
		return hexString(v)
	}
	b := make([]byte, 0, 36)
	for i, c := range v {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			b = append(b, '-')
		}
		b = append(b, hexDigits[c>>4], hexDigits[c&15])
	}
	return string(b)
}

// ParseUUID parses the canonical 8-4-4-4-12 hex form (any case), the only
// form UUIDType's pattern accepts.
func ParseUUID(s string) (Value, bool) {
	if len(s) != 36 {
		return nil, false
	}
	out := make([]byte, 0, 16)
	for i := 0; i < 36; {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if s[i] != '-' {
				return nil, false
			}
			i++
			continue
		}
		hi, ok1 := unhex(s[i])
		lo, ok2 := unhex(s[i+1])
		if !ok1 || !ok2 {
			return nil, false
		}
		out = append(out, hi<<4|lo)
		i += 2
	}
	return out, true
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// UUIDVersion returns the version nibble of a 16-byte uuid (-1 otherwise).
func UUIDVersion(v Value) int {
	if len(v) != 16 {
		return -1
	}
	return int(v[6] >> 4)
}

// TimeUUID builds a version-1 uuid from a count of 100 ns ticks since the
// Gregorian epoch (1582-10-15), a 14-bit clock sequence and a 48-bit node,
// with the IETF variant, as UUIDGen does.
func TimeUUID(ticks int64, clockSeq uint16, node uint64) Value {
	t := uint64(ticks) & (1<<60 - 1)
	msb := t<<32 | (t>>32&0xffff)<<16 | 0x1000 | t>>48&0x0fff
	lsb := uint64(0x80|(clockSeq>>8)&0x3f)<<56 | uint64(clockSeq&0xff)<<48 | node&(1<<48-1)
	v := make([]byte, 16)
	binary.BigEndian.PutUint64(v, msb)
	binary.BigEndian.PutUint64(v[8:], lsb)
	return v
}

// TimeUUIDAt builds a version-1 uuid for an instant given in Unix
// nanoseconds (truncated to 100 ns ticks).
func TimeUUIDAt(unixNanos int64, clockSeq uint16, node uint64) Value {
	return TimeUUID(unixNanos/100+gregorianOffset, clockSeq, node)
}

// UUIDTicks returns the 60-bit timestamp of a version-1 uuid: 100 ns ticks
// since 1582-10-15.
func UUIDTicks(v Value) (int64, bool) {
	if len(v) != 16 {
		return 0, false
	}
	msb := binary.BigEndian.Uint64(v)
	t := (msb&0x0fff)<<48 | (msb>>16&0xffff)<<32 | msb>>32
	return int64(t), true
}

// UUIDUnixMillis returns the instant of a version-1 uuid in milliseconds
// since the epoch (UUIDGen.unixTimestamp), as toTimestamp, dateOf and
// unixTimestampOf report it.
func UUIDUnixMillis(v Value) (int64, bool) {
	t, ok := UUIDTicks(v)
	if !ok {
		return 0, false
	}
	return FloorDiv(t-gregorianOffset, 10000), true
}

// MinTimeUUID is minTimeuuid(ms): the smallest timeuuid at that millisecond
// under Cassandra's comparator (clock sequence and node bytes 0x80 followed
// by zeros, the signed minimum, as UUIDGen.minTimeUUID).
func MinTimeUUID(ms int64) Value {
	v := TimeUUID(ms*10000+gregorianOffset, 0, 0)
	copy(v[8:], []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80})
	return v
}

// MaxTimeUUID is maxTimeuuid(ms): the largest timeuuid at that millisecond
// (last tick of it; clock sequence and node bytes 0x7f, the signed maximum).
func MaxTimeUUID(ms int64) Value {
	v := TimeUUID(ms*10000+gregorianOffset+9999, 0, 0)
	copy(v[8:], []byte{0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f})
	return v
}

// RandomUUID builds a version-4 uuid from 16 random bytes.
func RandomUUID(random [16]byte) Value {
	v := append([]byte(nil), random[:]...)
	v[6] = v[6]&0x0f | 0x40
	v[8] = v[8]&0x3f | 0x80
	return v
}

// UUIDTime returns the instant of a version-1 uuid.
func UUIDTime(v Value) (time.Time, bool) {
	t, ok := UUIDTicks(v)
	if !ok {
		return time.Time{}, false
	}
	n := t - gregorianOffset
	return time.Unix(FloorDiv(n, 1e7), FloorMod(n, 1e7)*100).UTC(), true
}
