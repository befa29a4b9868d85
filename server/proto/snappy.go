package proto

import "github.com/golang/snappy"

// Snappy compression, before v5 only (Cassandra 4.1's
// LegacySnappyFrameCompressor): a flagged body is a Snappy block, whose
// preamble says its uncompressed length.

// SnappyBody compresses a body; ok is false when that would not make it
// smaller.
func SnappyBody(body []byte) (out []byte, ok bool) {
	out = snappy.Encode(nil, body)
	return out, len(out) < len(body)
}

// UnsnappyBody reads a body flagged FlagCompression under Snappy.
func UnsnappyBody(b []byte) ([]byte, error) {
	n, err := snappy.DecodedLen(b)
	// A Snappy element expands at most 64 bytes from 2 (a copy): a length
	// beyond 32 times the input is refused before it is allocated.
	if err != nil || n > MaxFrame || n > 32*len(b)+64 {
		return nil, ErrBadCompression
	}
	out, err := snappy.Decode(make([]byte, n), b)
	if err != nil {
		return nil, ErrBadCompression
	}
	return out, nil
}
