package proto

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"testing"
	"testing/iotest"
)

// TestCRCs pins the checksums to the Python driver's (cassandra/segment.py,
// an implementation independent of this one): compute_crc24 and
// compute_crc32 seeded with the bytes FA 2D 55 CA.
func TestCRCs(t *testing.T) {
	for _, tt := range []struct {
		in   uint64
		want uint32
	}{{0x20005, 0x9a9919}, {0x3ffff, 0x474025}} {
		if got := crc24(tt.in, 3); got != tt.want {
			t.Errorf("crc24(%#x) = %#x, want %#x", tt.in, got, tt.want)
		}
	}
	if got := payloadCRC([]byte("hello")); got != 0xb60e8074 {
		t.Errorf("crc32(hello) = %#x", got)
	}
}

// TestSegments round-trips data of several sizes through segments, and a
// flipped bit in the header or payload is caught.
func TestSegments(t *testing.T) {
	for _, n := range []int{0, 1, MaxSegmentPayload, MaxSegmentPayload + 1, 3*MaxSegmentPayload + 7} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(i * 7)
		}
		segs := AppendSegments(nil, data, false)
		got, err := io.ReadAll(&SegmentReader{R: bytes.NewReader(segs)})
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%d bytes: got %d back, %v", n, len(got), err)
		}
		self := segs[2]&0x02 != 0
		if self != (n <= MaxSegmentPayload) {
			t.Errorf("%d bytes: self-contained %v", n, self)
		}
	}
	for _, at := range []int{1, 4, 8} {
		segs := AppendSegments(nil, []byte("payload"), false)
		segs[at] ^= 0x10
		if _, err := io.ReadAll(&SegmentReader{R: bytes.NewReader(segs)}); !errors.Is(err, ErrCorruptSegment) {
			t.Errorf("bit flipped at %d: %v", at, err)
		}
	}
}

// TestLZ4 round-trips bodies and compressed segments, and refuses bytes
// that do not decompress or announce too much.
func TestLZ4(t *testing.T) {
	data := bytes.Repeat([]byte("cassandra "), 50_000)
	z, ok := CompressBody(data)
	if !ok || len(z) >= len(data) {
		t.Fatalf("compressed %d bytes to %d (%v)", len(data), len(z), ok)
	}
	if back, err := DecompressBody(z); err != nil || !bytes.Equal(back, data) {
		t.Errorf("body round trip: %v", err)
	}
	if _, ok := CompressBody([]byte{1, 2, 3}); ok {
		t.Error("3 bytes compressed")
	}
	for _, bad := range [][]byte{{0, 0}, {0, 0, 0, 9, 0xff}, {0x7f, 0xff, 0xff, 0xff, 0}} {
		if _, err := DecompressBody(bad); !errors.Is(err, ErrBadCompression) {
			t.Errorf("%x: %v", bad, err)
		}
	}
	for _, d := range [][]byte{data, []byte("tiny"), nil} {
		segs := AppendSegments(nil, d, true)
		got, err := io.ReadAll(&SegmentReader{R: bytes.NewReader(segs), LZ4: true})
		if err != nil || !bytes.Equal(got, d) {
			t.Errorf("%d bytes through LZ4 segments: %d back, %v", len(d), len(got), err)
		}
	}
}

// TestSnappy round-trips a body and refuses one that is no Snappy block.
func TestSnappy(t *testing.T) {
	data := bytes.Repeat([]byte("cassandra "), 10_000)
	z, ok := SnappyBody(data)
	if !ok {
		t.Fatal("not compressed")
	}
	if back, err := UnsnappyBody(z); err != nil || !bytes.Equal(back, data) {
		t.Errorf("round trip: %v", err)
	}
	if _, err := UnsnappyBody([]byte{0xff, 0xff, 0xff, 0xff, 0x7f}); !errors.Is(err, ErrBadCompression) {
		t.Errorf("bad block: %v", err)
	}
}

// TestReadEnvelope: a body within the limit is read; one over it is
// skipped without being allocated, and the next envelope is read.
func TestReadEnvelope(t *testing.T) {
	var in []byte
	in = AppendEnvelope(in, 4, 0, 3, OpQuery, []byte("body"))
	var h [HeaderSize]byte
	hd, body, err := ReadEnvelope(bytes.NewReader(in), &h)
	if err != nil || hd.Stream != 3 || hd.Opcode != OpQuery || string(body) != "body" || hd.Version != 4 {
		t.Errorf("%+v %q %v", hd, body, err)
	}
	big := MaxFrame - HeaderSize + 1
	r := io.MultiReader(bytes.NewReader([]byte{4, 0, 0, 5, OpQuery, byte(big >> 24), byte(big >> 16), byte(big >> 8), byte(big)}),
		io.LimitReader(zeros{}, int64(big)), bytes.NewReader(in))
	_, _, err = ReadEnvelope(r, &h)
	var tb *ErrTooBig
	if !errors.As(err, &tb) || tb.Stream != 5 || err.Error() != "Request is too big: length 16777217 exceeds maximum allowed length 16777216." {
		t.Errorf("too big: %v", err)
	}
	if _, body, err := ReadEnvelope(r, &h); err != nil || string(body) != "body" {
		t.Errorf("after: %q %v", body, err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestReader: each notation, and a short body is an error, not a panic.
func TestReader(t *testing.T) {
	var w Writer
	w.String("ks")
	w.LongString("select")
	w.Int(-2)
	w.Int(-1)
	w.Bytes([]byte{7})
	w.StringList([]string{"a", "b"})
	r := NewReader(w.B)
	if r.Str() != "ks" || r.LongString() != "select" {
		t.Fatal("strings")
	}
	if v, unset := r.Value(); v != nil || !unset {
		t.Error("unset")
	}
	if v, unset := r.Value(); v != nil || unset {
		t.Error("null")
	}
	if v := r.Bytes(); !bytes.Equal(v, []byte{7}) {
		t.Error("bytes")
	}
	if l := r.StringList(); len(l) != 2 || l[1] != "b" || r.Err() != nil {
		t.Errorf("list %q %v", l, r.Err())
	}
	for _, short := range [][]byte{{0, 5, 'a'}, {0, 0, 0, 9, 1}, {0xff, 0xff, 0xff, 0xfd}} {
		r := NewReader(short)
		if r.Str(); r.Err() == nil && len(short) == 3 {
			t.Errorf("%x: no error", short)
		}
		r = NewReader(short)
		if r.Value(); r.Err() == nil && len(short) > 3 {
			t.Errorf("%x: no error", short)
		}
	}
}

// FuzzEnvelopes feeds arbitrary bytes to the readers a request goes
// through: they return errors, never panic, and never allocate past the
// limit.
func FuzzEnvelopes(f *testing.F) {
	f.Add(AppendEnvelope(nil, 4, 0, 1, OpQuery, []byte{0, 0, 0, 1, 'x', 0, 1, 0}))
	f.Add(AppendSegments(nil, AppendEnvelope(nil, 5, 0, 1, OpOptions, nil), false))
	f.Add(AppendSegments(nil, AppendEnvelope(nil, 5, 0, 1, OpQuery, bytes.Repeat([]byte("abcd"), 100)), true))
	f.Fuzz(func(t *testing.T, in []byte) {
		var h [HeaderSize]byte
		DecompressBody(in)
		UnsnappyBody(in)
		for _, src := range []io.Reader{bytes.NewReader(in), &SegmentReader{R: bytes.NewReader(in)}, &SegmentReader{R: bytes.NewReader(in), LZ4: true}} {
			for i := 0; i < 4; i++ {
				_, body, err := ReadEnvelope(src, &h)
				if err != nil {
					break
				}
				r := NewReader(body)
				r.LongString()
				r.Value()
				r.StringMap()
				r.StringList()
			}
		}
	})
}

// stall gives what it holds, then blocks no more: it reports io.EOF
// (a client gone mid-frame).
type stall struct{ b []byte }

func (s *stall) Read(p []byte) (int, error) {
	if len(s.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p, s.b)
	s.b = s.b[n:]
	return n, nil
}

// TestBodyGrowsWithWhatArrives: an envelope announcing the largest body
// allowed, of which the client sends 1 KiB, makes ReadEnvelope allocate
// about its first chunk, not 16 MiB; a body that does arrive is read
// whole, across many buffer growths.
func TestBodyGrowsWithWhatArrives(t *testing.T) {
	n := MaxFrame - HeaderSize
	in := append([]byte{4, 0, 0, 1, OpQuery, byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}, make([]byte, 1024)...)
	var h [HeaderSize]byte
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _, err := ReadEnvelope(&stall{b: in}, &h)
	runtime.ReadMemStats(&after)
	if err != io.ErrUnexpectedEOF {
		t.Errorf("cut body: %v", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Errorf("a 1 KiB start of a 16 MiB body allocated %d bytes", grew)
	}
	whole := AppendEnvelope(nil, 4, 0, 2, OpQuery, bytes.Repeat([]byte("0123456789abcdef"), 300_000))
	_, body, err := ReadEnvelope(iotest.OneByteReader(bytes.NewReader(whole[:HeaderSize+200_000])), &h)
	if err != io.ErrUnexpectedEOF || body != nil {
		t.Errorf("cut at 200 KB: %v", err)
	}
	_, body, err = ReadEnvelope(bytes.NewReader(whole), &h)
	if err != nil || !bytes.Equal(body, whole[HeaderSize:]) {
		t.Errorf("4.8 MB body: %d bytes, %v", len(body), err)
	}
}

// TestCompressionBombs: a compressed body announcing more than its bytes
// can hold is refused before the announced size is allocated.
func TestCompressionBombs(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := DecompressBody([]byte{0, 0xff, 0xff, 0xff, 0x10, 0}); err != ErrBadCompression {
		t.Errorf("lz4: %v", err)
	}
	if _, err := UnsnappyBody([]byte{0xff, 0xff, 0xff, 0x07, 0}); err != ErrBadCompression {
		t.Errorf("snappy: %v", err)
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Errorf("allocated %d bytes", grew)
	}
	big := bytes.Repeat([]byte{'a'}, 1<<20)
	z, _ := CompressBody(big)
	if out, err := DecompressBody(z); err != nil || !bytes.Equal(out, big) {
		t.Errorf("a real 1 MiB of one byte: %v", err)
	}
	s, _ := SnappyBody(big)
	if out, err := UnsnappyBody(s); err != nil || !bytes.Equal(out, big) {
		t.Errorf("snappy, a real 1 MiB of one byte: %v", err)
	}
}
