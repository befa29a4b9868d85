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
// With LZ4 the header is 8 bytes: the payload's length, then its length
// uncompressed (0: the payload is stored uncompressed), then the flag, in
// 5 bytes, and their CRC24; the CRC32 is the compressed payload's.

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
	R io.Reader
	// LZ4: the segments are compressed.
	LZ4 bool
	buf []byte
	pos int
	hdr [segmentHeaderSize + 2]byte
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
	size := 3
	if s.LZ4 {
		size = 5
	}
	hdr := s.hdr[:size+3]
	if _, err := io.ReadFull(s.R, hdr); err != nil {
		return err
	}
	var h uint64
	for i := size - 1; i >= 0; i-- {
		h = h<<8 | uint64(hdr[i])
	}
	crc := uint32(hdr[size]) | uint32(hdr[size+1])<<8 | uint32(hdr[size+2])<<16
	if crc24(h, size) != crc {
		return ErrCorruptSegment
	}
	n := int(h & MaxSegmentPayload)
	uncompressed := 0
	if s.LZ4 {
		uncompressed = int(h >> 17 & MaxSegmentPayload)
	}
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
	if uncompressed > 0 {
		out, err := uncompressBlock(s.buf, uncompressed)
		if err != nil {
			return err
		}
		s.buf = out
	}
	return nil
}

// AppendSegments appends data (whole envelopes) as segments: one
// self-contained segment when it fits, else as many as it takes, none
// self-contained; with useLZ4, each compressed when that makes it smaller.
func AppendSegments(dst, data []byte, useLZ4 bool) []byte {
	self := len(data) <= MaxSegmentPayload
	for first := true; first || len(data) > 0; first = false {
		n := min(len(data), MaxSegmentPayload)
		dst = appendSegment(dst, data[:n], self, useLZ4)
		data = data[n:]
	}
	return dst
}

func appendSegment(dst, payload []byte, self, useLZ4 bool) []byte {
	h := uint64(len(payload))
	size, flag := 3, uint(17)
	if useLZ4 {
		size, flag = 5, 34
		if block := compressBlock(payload); block != nil && len(block) < len(payload) {
			h = uint64(len(block)) | uint64(len(payload))<<17
			payload = block
		}
	}
	if self {
		h |= 1 << flag
	}
	c := crc24(h, size)
	for i := 0; i < size; i++ {
		dst = append(dst, byte(h>>(8*i)))
	}
	dst = append(dst, byte(c), byte(c>>8), byte(c>>16))
	dst = append(dst, payload...)
	p := payloadCRC(payload)
	return append(dst, byte(p), byte(p>>8), byte(p>>16), byte(p>>24))
}
