package cqltype

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// Token is the Murmur3Partitioner token of a serialized partition key: the
// first 64-bit half of Cassandra's MurmurHash3 x64 128 (seed 0), with
// Long.MIN_VALUE mapped to Long.MAX_VALUE. Cassandra's hash is "*almost*
// MurmurHash 3.0" (utils/MurmurHash.java): tail bytes are sign-extended
// Java bytes, so a tail byte >= 0x80 XORs ones into every higher bit. An
// empty key is the minimum token.
func Token(key []byte) int64 {
	if len(key) == 0 {
		return math.MinInt64
	}
	h := int64(murmur3H1(key))
	if h == math.MinInt64 {
		return math.MaxInt64
	}
	return h
}

const (
	murmurC1 = 0x87c37b91114253d5
	murmurC2 = 0x4cf5ad432745937f
)

func murmur3H1(key []byte) uint64 {
	var h1, h2 uint64
	n := len(key)
	nblocks := n / 16
	for i := 0; i < nblocks; i++ {
		k1 := binary.LittleEndian.Uint64(key[i*16:])
		k2 := binary.LittleEndian.Uint64(key[i*16+8:])

		k1 *= murmurC1
		k1 = bits.RotateLeft64(k1, 31)
		k1 *= murmurC2
		h1 ^= k1
		h1 = bits.RotateLeft64(h1, 27)
		h1 += h2
		h1 = h1*5 + 0x52dce729

		k2 *= murmurC2
		k2 = bits.RotateLeft64(k2, 33)
		k2 *= murmurC1
		h2 ^= k2
		h2 = bits.RotateLeft64(h2, 31)
		h2 += h1
		h2 = h2*5 + 0x38495ab5
	}
	tail := key[nblocks*16:]
	// Sign-extended tail bytes: the quirk that makes Cassandra's tokens differ
	// from standard Murmur3 when a tail byte has its high bit set.
	sx := func(i int) uint64 { return uint64(int64(int8(tail[i]))) }
	var k1, k2 uint64
	switch len(tail) {
	case 15:
		k2 ^= sx(14) << 48
		fallthrough
	case 14:
		k2 ^= sx(13) << 40
		fallthrough
	case 13:
		k2 ^= sx(12) << 32
		fallthrough
	case 12:
		k2 ^= sx(11) << 24
		fallthrough
	case 11:
		k2 ^= sx(10) << 16
		fallthrough
	case 10:
		k2 ^= sx(9) << 8
		fallthrough
	case 9:
		k2 ^= sx(8)
		k2 *= murmurC2
		k2 = bits.RotateLeft64(k2, 33)
		k2 *= murmurC1
		h2 ^= k2
		fallthrough
	case 8:
		k1 ^= sx(7) << 56
		fallthrough
	case 7:
		k1 ^= sx(6) << 48
		fallthrough
	case 6:
		k1 ^= sx(5) << 40
		fallthrough
	case 5:
		k1 ^= sx(4) << 32
		fallthrough
	case 4:
		k1 ^= sx(3) << 24
		fallthrough
	case 3:
		k1 ^= sx(2) << 16
		fallthrough
	case 2:
		k1 ^= sx(1) << 8
		fallthrough
	case 1:
		k1 ^= sx(0)
		k1 *= murmurC1
		k1 = bits.RotateLeft64(k1, 31)
		k1 *= murmurC2
		h1 ^= k1
	}
	h1 ^= uint64(n)
	h2 ^= uint64(n)
	h1 += h2
	h2 += h1
	h1 = fmix64(h1)
	h2 = fmix64(h2)
	h1 += h2
	return h1
}

func fmix64(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	k ^= k >> 33
	return k
}

// CompositeKey serializes a multi-column partition key as CompositeType
// does: for each component a uint16 big-endian length, the bytes, and a 0x00
// end-of-component byte. A single-column key is just its value (callers
// use the value itself, not CompositeKey).
func CompositeKey(parts []Value) []byte {
	size := 0
	for _, p := range parts {
		size += 3 + len(p)
	}
	out := make([]byte, 0, size)
	for _, p := range parts {
		out = append(out, byte(len(p)>>8), byte(len(p)))
		out = append(out, p...)
		out = append(out, 0)
	}
	return out
}

// SplitComposite is the inverse of CompositeKey. Malformed input yields the
// components read before the damage.
func SplitComposite(key []byte) []Value {
	var parts []Value
	for len(key) >= 2 {
		n := int(key[0])<<8 | int(key[1])
		if len(key) < 2+n {
			break
		}
		parts = append(parts, key[2:2+n:2+n])
		key = key[2+n:]
		if len(key) > 0 {
			key = key[1:] // end-of-component byte
		}
	}
	return parts
}
