package proto

import (
	"errors"
	"hash/crc32"
	"io"
)

// Segments (native_protocol_v5.spec, section 2): from v5 on, once STARTUP
// is answered, envelopes travel inside segments. A segment is a 6-byte
// header (a 17-bit payload length, a self-contained flag, 6 bits of
// padding, all little-endian, then the CRC24 of those 3 bytes), the
// payload, and the CRC32 of the payload. A self-contained segment holds
// whole envelopes; a large envelope spans several segments that are not.

// MaxSegmentPayload is the largest payload a segment can carry.
const MaxSegmentPayload = 1<<17 - 1

const segmentHeaderSize = 6

// crc24 is Crc.crc24: the CRC24 of the len low-order bytes of b, read
// least significant byte first.
func crc24(b uint64, n int) uint32 {
	crc := uint32(0x875060)
	for ; n > 0; n-- {
		crc ^= uint32(b&0xff) << 16
		b >>= 8
		for i := 0; i < 8; i++ {
			crc <<= 1
			if crc&0x1000000 != 0 {
				crc ^= 0x1974F0B
			}
		}
	}
	return crc & 0xffffff
}

// crcPrefix are the bytes Crc.crc32 feeds the CRC32 before the payload.
var crcPrefix = []byte{0xFA, 0x2D, 0x55, 0xCA}

func payloadCRC(p []byte) uint32 {
	c := crc32.Update(0, crc32.IEEETable, crcPrefix)
	return crc32.Update(c, crc32.IEEETable, p)
}

// ErrCorruptSegment is returned for a segment whose header or payload
// fails its CRC: the connection cannot be read further.
var ErrCorruptSegment = errors.New("corrupt segment: CRC mismatch")

// SegmentReader reads the payloads of segments from R as one stream, so
// that envelopes are read from it as from a v4 connection. Its buffer is
// one payload, at most MaxSegmentPayload bytes.
type SegmentReader struct {
	R   io.Reader
	buf []byte
	pos int
	hdr [segmentHeaderSize]byte
}

// Read implements io.Reader.
func (s *SegmentReader) Read(p []byte) (int, error) {
	for s.pos >= len(s.buf) {
		if err := s.next(); err != nil {
			return 0, err
		}
	}
	n := copy(p, s.buf[s.pos:])
	s.pos += n
	return n, nil
}

func (s *SegmentReader) next() error {
	if _, err := io.ReadFull(s.R, s.hdr[:]); err != nil {
		return err
	}
	h := uint64(s.hdr[0]) | uint64(s.hdr[1])<<8 | uint64(s.hdr[2])<<16
	crc := uint32(s.hdr[3]) | uint32(s.hdr[4])<<8 | uint32(s.hdr[5])<<16
	if crc24(h, 3) != crc {
		return ErrCorruptSegment
	}
	n := int(h & MaxSegmentPayload)
	if cap(s.buf) < n+4 {
		s.buf = make([]byte, n+4)
	}
	s.buf = s.buf[:n+4]
	if _, err := io.ReadFull(s.R, s.buf); err != nil {
		return err
	}
	t := s.buf[n:]
	if payloadCRC(s.buf[:n]) != uint32(t[0])|uint32(t[1])<<8|uint32(t[2])<<16|uint32(t[3])<<24 {
		return ErrCorruptSegment
	}
	s.buf, s.pos = s.buf[:n], 0
	return nil
}

// AppendSegments appends data (whole envelopes) as segments: one
// self-contained segment when it fits, else as many as it takes, none
// self-contained.
func AppendSegments(dst, data []byte) []byte {
	self := len(data) <= MaxSegmentPayload
	for first := true; first || len(data) > 0; first = false {
		n := min(len(data), MaxSegmentPayload)
		dst = appendSegment(dst, data[:n], self)
		data = data[n:]
	}
	return dst
}

func appendSegment(dst, payload []byte, self bool) []byte {
	h := uint64(len(payload))
	if self {
		h |= 1 << 17
	}
	c := crc24(h, 3)
	dst = append(dst, byte(h), byte(h>>8), byte(h>>16), byte(c), byte(c>>8), byte(c>>16))
	dst = append(dst, payload...)
	p := payloadCRC(payload)
	return append(dst, byte(p), byte(p>>8), byte(p>>16), byte(p>>24))
}
