//go:build js && wasm

package main

import "unsafe"

// The fast path: functions exported to JavaScript with //go:wasmexport, which
// cost about 0.02 µs a call against about 10 µs for a js.FuncOf callback
// (docs/performance-history.md, "WebAssembly"). They take only numbers, so strings travel
// through the module's linear memory: cqlplay.mjs encodes the script into the
// input buffer with TextEncoder.encodeInto, calls cqlplay_run, and decodes
// the reply in place with TextDecoder. cqlplay.mjs installs the same
// globalThis.cqlplay API on top of these.
//
// The exports share the bridge main_js.go serves, so a handle from either
// path works with both.

var (
	fastBridge *bridge
	// input is the buffer JavaScript writes a script or options into. It is
	// reused between calls; the engine gets a copy, since a session keeps
	// pieces of the scripts it ran (names, statement texts).
	input []byte
	// output holds the last reply until the next call, so the memory stays
	// valid while JavaScript decodes it.
	output []byte
)

// bigInput is the input buffer size past which it is dropped after use
// rather than kept for the next call (JavaScript asks for 3 bytes per UTF-16
// unit, so a 10 MB script asks for 30 MB).
const bigInput = 1 << 20

// cqlplay_input returns the address of a buffer of at least n bytes for the
// next cqlplay_open or cqlplay_run to read.
//
//go:wasmexport cqlplay_input
func cqlplay_input(n uint32) uint32 {
	if uint32(cap(input)) < n || input == nil {
		input = make([]byte, max(n, 4096))
	}
	return uint32(uintptr(unsafe.Pointer(unsafe.SliceData(input))))
}

// cqlplay_open opens a session with the n bytes of options JSON in the input
// buffer and returns its handle, or 0 when the options are invalid (the
// reason is then the output, as text).
//
//go:wasmexport cqlplay_open
func cqlplay_open(n uint32) int32 {
	h, err := fastBridge.open(string(input[:min(n, uint32(len(input)))]))
	if err != nil {
		output = append(output[:0], err.Error()...)
		return 0
	}
	return int32(h)
}

// cqlplay_run runs the n bytes of script in the input buffer in the session
// and returns the length of the JSON reply, found at cqlplay_output().
//
//go:wasmexport cqlplay_run
func cqlplay_run(handle int32, n uint32) uint32 {
	script := string(input[:min(n, uint32(len(input)))])
	if cap(input) > bigInput {
		input = nil // sized for one huge script: let the heap reuse it
	}
	output = fastBridge.run(int(handle), script)
	return uint32(len(output))
}

// cqlplay_rerun is cqlplay_run for bridge.rerun: the n bytes of script in
// the input buffer rerun in the session, reusing what its last rerun ran;
// it returns the length of the JSON reply, found at cqlplay_output().
//
//go:wasmexport cqlplay_rerun
func cqlplay_rerun(handle int32, n uint32) uint32 {
	script := string(input[:min(n, uint32(len(input)))])
	if cap(input) > bigInput {
		input = nil
	}
	output = fastBridge.rerun(int(handle), script)
	return uint32(len(output))
}

// cqlplay_layout answers bridge.request, every layout call of cqlplay.mjs:
// the n bytes of the request's JSON in the input buffer; it returns the
// length of the JSON reply, found at cqlplay_output().
//
//go:wasmexport cqlplay_layout
func cqlplay_layout(handle int32, n uint32) uint32 {
	request := string(input[:min(n, uint32(len(input)))])
	output = fastBridge.request(int(handle), request)
	return uint32(len(output))
}

// cqlplay_output returns the address of the last reply (or of an empty
// buffer when there is none).
//
//go:wasmexport cqlplay_output
func cqlplay_output() uint32 {
	if cap(output) == 0 {
		output = make([]byte, 0, 64)
	}
	return uint32(uintptr(unsafe.Pointer(unsafe.SliceData(output))))
}

// cqlplay_output_len returns the length of the last reply.
//
//go:wasmexport cqlplay_output_len
func cqlplay_output_len() uint32 { return uint32(len(output)) }

// cqlplay_idle runs a garbage collection the last calls left pending (see
// gcPacer); cqlplay.mjs calls it from a zero-delay timer after a call, so
// the collection runs while the caller uses the reply. It answers 0 with
// nothing due, 1 when it collected, and 2 when the collection waits for a
// pause (the last one was slow): cqlplay.mjs then calls it with quiet 1
// once the caller has made no call for a while.
//
//go:wasmexport cqlplay_idle
func cqlplay_idle(quiet int32) int32 {
	if fastBridge.gc == nil {
		return idleNone
	}
	return fastBridge.gc.idle(quiet != 0)
}

// cqlplay_close closes the session; it returns 1 if there was one.
//
//go:wasmexport cqlplay_close
func cqlplay_close(handle int32) int32 {
	if fastBridge.close(int(handle)) {
		return 1
	}
	return 0
}
