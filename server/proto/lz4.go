package proto

import (
	"encoding/binary"
	"errors"

	"github.com/pierrec/lz4/v4"
)

// LZ4 compression, the one algorithm offered (STARTUP's COMPRESSION
// "lz4"). Before v5 it compresses an envelope's body, flagged
// FlagCompression: the body becomes the uncompressed length (a big-endian
// int, as Cassandra's and the drivers' LZ4 compressors write it) and an
// LZ4 block. From v5 it compresses segments instead (SegmentReader.LZ4,
// AppendSegments).

// ErrBadCompression is returned for a compressed body or segment that
// does not decompress, or announces more than MaxFrame bytes.
var ErrBadCompression = errors.New("invalid LZ4 compressed data")

func compressBlock(src []byte) []byte {
	dst := make([]byte, lz4.CompressBlockBound(len(src)))
	n, err := lz4.CompressBlock(src, dst, nil)
	if err != nil || n == 0 {
		return nil
	}
	return dst[:n]
}

func uncompressBlock(src []byte, size int) ([]byte, error) {
	// An LZ4 block expands at most 255 times (a match's length grows by 255
	// per byte): a size beyond that is refused before it is allocated.
	if size < 0 || size > MaxFrame || size > 255*len(src)+64 {
		return nil, ErrBadCompression
	}
	dst := make([]byte, size)
	n, err := lz4.UncompressBlock(src, dst)
	if err != nil || n != size {
		return nil, ErrBadCompression
	}
	return dst, nil
}

// CompressBody compresses a body for an envelope flagged FlagCompression;
// ok is false when compressing would not make it smaller (the envelope
// then goes uncompressed, unflagged).
func CompressBody(body []byte) (out []byte, ok bool) {
	block := compressBlock(body)
	if block == nil || len(block)+4 >= len(body) {
		return nil, false
	}
	out = binary.BigEndian.AppendUint32(make([]byte, 0, 4+len(block)), uint32(len(body)))
	return append(out, block...), true
}

// DecompressBody reads a body flagged FlagCompression.
func DecompressBody(b []byte) ([]byte, error) {
	if len(b) < 4 {
		return nil, ErrBadCompression
	}
	size := binary.BigEndian.Uint32(b)
	if size > MaxFrame {
		return nil, ErrBadCompression
	}
	if size == 0 {
		return []byte{}, nil
	}
	return uncompressBlock(b[4:], int(size))
}
