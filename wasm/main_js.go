//go:build js && wasm

// Command wasm is cqlplay's engine for the browser (and for node): built with
// GOOS=js GOARCH=wasm and started by Go's wasm_exec.js, it installs
//
//	globalThis.cqlplay = {
//	  open(optionsJSON?: string): number   // a new session's handle; 0 if the options are invalid
//	  run(handle: number, script: string): string      // JSON array of Outcomes
//	  rerun(handle: number, script: string): string    // the same for a fresh session, re-running only what changed since the last rerun
//	  layout(handle: number, request: object | string): string  // the layout a request object (or its JSON) asks for: {form, table?, at?, fill?, bounded?, open?, partition?, more?} (bridge.request)
//	  layout(handle: number, form: string, table?: string): string  // JSON: {"form","table","map"|"text"} or {"error"}
//	  layoutAt(handle: number, form: string, statement: number): string  // layout's JSON as it stood after outcome statement of the last rerun, with "statement" and "changes"
//	  layoutBounded(handle: number, form: string, open: string, at?: number, fill?: number): string  // layout's JSON (layoutAt's with at) within the page's bounds, with "elided"; open: the partitions listed in full, "ks.t token" one a line; fill: the state after the -- @fill on that line, with "fill"
//	  layoutMore(handle: number, form: string, open: string, partition: string, rows: number, at?: number): string  // what goes in place of partition's gap in layoutBounded(handle, form, open, at)'s view when rows more of its rows are listed, with "replaces" and "elided"
//	  base(handle: number): boolean  // reruns start from the session's present state (after the scripts run so far), not a fresh one
//	  close(handle: number): boolean
//	}
//
// and then calls globalThis.onCqlplayReady() if the page defined it. Strings
// cross the boundary, not object trees: one JSON string is 2-4 times cheaper
// than building JavaScript objects value by value (measured in node and
// Chromium: about 0.8 µs per js.Value Set, against one string copy and one
// JSON.parse).
// Error positions in the JSON are UTF-16 code units, JavaScript's own.
//
// Calls run synchronously on the caller's thread; the page runs the module in a
// Web Worker so a long script never freezes the tab, and bounds each session
// with open's options (maxStatements, maxRows, timeoutMs).
package main

import (
	"strings"
	"syscall/js"
)

func main() {
	b := newBridge()
	// The bridge collects garbage itself: see gcPacer. cqlplay.mjs also
	// starts the module with GOGC=off, so that no automatic cycle starts and
	// stalls (runtime/debug.SetGCPercent would do it here, but links fmt).
	b.gc = newGCPacer()
	fastBridge = b
	api := js.Global().Get("Object").New()
	api.Set("open", js.FuncOf(func(_ js.Value, args []js.Value) any { return jsOpen(b, args) }))
	api.Set("run", js.FuncOf(func(_ js.Value, args []js.Value) any { return jsRun(b, args) }))
	api.Set("rerun", js.FuncOf(func(_ js.Value, args []js.Value) any { return jsRerun(b, args) }))
	api.Set("layout", js.FuncOf(func(_ js.Value, args []js.Value) any { return jsLayout(b, args) }))
	api.Set("layoutAt", js.FuncOf(func(_ js.Value, args []js.Value) any { return jsLayoutAt(b, args) }))
	api.Set("layoutBounded", js.FuncOf(func(_ js.Value, args []js.Value) any { return jsLayoutBounded(b, args, false) }))
	api.Set("layoutMore", js.FuncOf(func(_ js.Value, args []js.Value) any { return jsLayoutBounded(b, args, true) }))
	api.Set("base", js.FuncOf(func(_ js.Value, args []js.Value) any { return jsBase(b, args) }))
	api.Set("close", js.FuncOf(func(_ js.Value, args []js.Value) any { return jsClose(b, args) }))
	// The functions live as long as the module: they are never released.
	js.Global().Set("cqlplay", api) // last: its presence means ready
	notifyReady()
	select {} // keep the Go program alive to serve calls
}

// notifyReady calls globalThis.onCqlplayReady, if defined. An exception
// thrown by the page's callback arrives here as a panic and is reported on the
// console rather than allowed to end the Go program.
func notifyReady() {
	defer func() {
		if r := recover(); r != nil {
			consoleError("cqlplay: onCqlplayReady threw: " + bugText(r))
		}
	}()
	if f := js.Global().Get("onCqlplayReady"); f.Type() == js.TypeFunction {
		f.Invoke()
	}
}

func jsOpen(b *bridge, args []js.Value) any {
	opts := ""
	if len(args) > 0 {
		switch args[0].Type() {
		case js.TypeString:
			opts = args[0].String()
		case js.TypeUndefined, js.TypeNull:
		default:
			consoleError("cqlplay.open: options must be a JSON string, such as JSON.stringify({maxStatements: 500})")
			return 0
		}
	}
	h, err := b.open(opts)
	if err != nil {
		consoleError("cqlplay.open: " + err.Error())
		return 0
	}
	return h
}

func jsRun(b *bridge, args []js.Value) any {
	h, ok := handleArg(args)
	if !ok {
		return string(failureJSON("ServerError", "cqlplay.run: the first argument must be a handle from cqlplay.open"))
	}
	if len(args) < 2 || args[1].Type() != js.TypeString {
		return string(failureJSON("ServerError", "cqlplay.run: the second argument must be the script, a string"))
	}
	return string(b.run(h, args[1].String()))
}

func jsRerun(b *bridge, args []js.Value) any {
	h, ok := handleArg(args)
	if !ok {
		return string(failureJSON("ServerError", "cqlplay.rerun: the first argument must be a handle from cqlplay.open"))
	}
	if len(args) < 2 || args[1].Type() != js.TypeString {
		return string(failureJSON("ServerError", "cqlplay.rerun: the second argument must be the script, a string"))
	}
	return string(b.rerun(h, args[1].String()))
}

// jsLayout answers cqlplay.layout(handle, request), the request an object
// or its JSON, and cqlplay.layout(handle, form, table?), the call before it.
func jsLayout(b *bridge, args []js.Value) any {
	h, ok := handleArg(args)
	if !ok {
		return string(errorObjectJSON("ServerError", "cqlplay.layout: the first argument must be a handle from cqlplay.open"))
	}
	if len(args) > 1 && args[1].Type() == js.TypeObject {
		return string(b.request(h, js.Global().Get("JSON").Call("stringify", args[1]).String()))
	}
	form, table := stringArg(args, 1), stringArg(args, 2)
	if strings.HasPrefix(form, "{") {
		return string(b.request(h, form))
	}
	return string(b.layout(h, form, table))
}

func jsLayoutAt(b *bridge, args []js.Value) any {
	h, ok := handleArg(args)
	if !ok {
		return string(errorObjectJSON("ServerError", "cqlplay.layoutAt: the first argument must be a handle from cqlplay.open"))
	}
	if len(args) < 3 || args[2].Type() != js.TypeNumber || args[2].Float() != float64(int(args[2].Float())) {
		return string(errorObjectJSON("ServerError", "cqlplay.layoutAt: the third argument must be a statement index, a whole number (0 is the first outcome of the last rerun)"))
	}
	return string(b.layoutAt(h, stringArg(args, 1), args[2].Int()))
}

// jsLayoutBounded answers cqlplay.layoutBounded(handle, form, open, at?)
// and, more set, cqlplay.layoutMore(handle, form, open, partition, rows,
// at?): the same call, with the partition and rows before at.
func jsLayoutBounded(b *bridge, args []js.Value, more bool) any {
	name, i, nth, rows := "cqlplay.layoutBounded: ", 3, "fourth", 0
	if more {
		name, i, nth, rows = "cqlplay.layoutMore: ", 5, "sixth", -1
		if len(args) > 4 && args[4].Type() == js.TypeNumber && args[4].Float() >= 1 && args[4].Float() == float64(int(args[4].Float())) {
			rows = args[4].Int()
		}
	}
	h, ok := handleArg(args)
	if !ok {
		return string(errorObjectJSON("ServerError", name+"the first argument must be a handle from cqlplay.open"))
	}
	if rows < 0 {
		return string(errorObjectJSON("ServerError", name+"the fifth argument must be how many more rows to list, a whole number from 1"))
	}
	at := -1
	if len(args) > i && args[i].Type() != js.TypeUndefined && args[i].Type() != js.TypeNull {
		if args[i].Type() != js.TypeNumber || args[i].Float() < 0 || args[i].Float() != float64(int(args[i].Float())) {
			return string(errorObjectJSON("ServerError", name+"the "+nth+" argument, when given, must be a statement index, a whole number from 0"))
		}
		at = args[i].Int()
	}
	// A line with no fill that ran is refused by the engine, with its
	// message; 0 or less asks for no fill (layoutMore has none).
	fill := 0
	if !more && len(args) > 4 && args[4].Type() == js.TypeNumber {
		fill = args[4].Int()
	}
	return string(b.layoutBounded(h, stringArg(args, 1), stringArg(args, 2), at, fill, stringArg(args, 3), rows))
}

func jsBase(b *bridge, args []js.Value) any {
	h, ok := handleArg(args)
	return ok && b.base(h)
}

func jsClose(b *bridge, args []js.Value) any {
	h, ok := handleArg(args)
	return ok && b.close(h)
}

// handleArg reads args[0] as a handle: a whole number. Anything else (NaN, a
// string, nothing) is no handle, reported rather than panicking in Int().
func handleArg(args []js.Value) (int, bool) {
	if len(args) == 0 || args[0].Type() != js.TypeNumber {
		return 0, false
	}
	f := args[0].Float()
	if f != f || f < 1 || f > 1<<31 || f != float64(int(f)) {
		return 0, false
	}
	return int(f), true
}

func stringArg(args []js.Value, i int) string {
	if i < len(args) && args[i].Type() == js.TypeString {
		return args[i].String()
	}
	return ""
}

func consoleError(msg string) {
	defer func() { recover() }() // a missing or broken console must not end the module
	js.Global().Get("console").Call("error", msg)
}
