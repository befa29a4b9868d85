// Package proto is Cassandra's native protocol on the wire, versions 3 to 5,
// as doc/native_protocol_v4.spec and native_protocol_v5.spec describe it:
// envelopes (the spec's "frames" before v5), v5's segments with their CRC24
// header and CRC32 payload checks (net/FrameEncoderCrc.java, net/Crc.java),
// the notations ([string], [long string], [bytes], [value], [string map],
// ...) and the option ids of types in result and prepared metadata.
//
// What it is not: it knows no statements and no engine. The server package
// reads requests with it and answers them; values are already in
// Cassandra's serialized form (the engine's), so they pass through as bytes.
//
// Bounds: an envelope's body is allocated only after its length is checked
// against MaxFrame (native_transport_max_frame_size, 16 MiB in 4.1); a
// segment's payload is at most MaxSegmentPayload by construction (17 bits).
// No decoder panics on bad bytes: a short or malformed body is an error.
package proto
