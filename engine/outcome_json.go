package engine

import (
	"strconv"

	"github.com/cqlplay/cqlplay/engine/jsonenc"
)

// This file is the JSON form of the result contract, the one shape every
// surface gives: what `cqlplay run --json` prints a line at a time and what the
// WebAssembly bridge hands to the page. It is written by hand rather than with
// encoding/json, which would add about 136 KB of brotli to the .wasm and encode
// at half the speed.
//
// The bytes are exactly those encoding/json.Marshal produces for the same
// value (MarshalJSON is built on AppendJSON, and encoding/json only compacts
// and HTML-escapes what a Marshaler returns, which this encoder has already
// done), so Go code that marshals an Outcome inside its own structures gets the
// same text as the command line and the browser.
//
// Shape, keys always in this order:
//
//	{"statement":"...","line":12,
//	 "columns":[...],"rows":[[...]],   only when the outcome has a result set
//	 "nulls":[[0,1]],                  only when some value is null
//	 "text":"...",                     only when non-empty (DESCRIBE)
//	 "warnings":[...],                 always, possibly []
//	 "error":{"code":"...","message":"...",
//	          "line":L,"column":C,"offset":O,"length":N,   position only when known
//	          "why":"...","fix":"..."},                     explanation only when known
//	 "plan":{...},                     only when set
//	 "trace":{"session":"...","note":"...","text":"..."}}
//	                                   only under TRACING ON, for a read or
//	                                   write that ran: the simulated trace
//	                                   (session id, the note saying it is
//	                                   simulated, cqlsh's print_trace text)
//
// Row values are JSON strings as cqlsh prints them; a null is the string
// "null" in rows and is also listed in nulls. Positions are Go's: byte offsets
// and byte columns (the WebAssembly bridge converts them to UTF-16).
//
// Plan tokens (plan.partitions) are JSON strings of the decimal token: a
// Murmur3 token is a full 64-bit integer and JavaScript's JSON.parse would
// round it to the nearest double, showing the reader a token no node owns.

// AppendJSON appends o as one compact JSON object to dst and returns the
// extended buffer.
func (o *Outcome) AppendJSON(dst []byte) []byte {
	if o.isPlainWrite() {
		return o.appendPlainWriteJSON(dst)
	}
	return o.appendJSON(dst)
}

// appendJSON writes any outcome, key by key.
func (o *Outcome) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"statement":`...)
	dst = jsonenc.AppendString(dst, o.Statement)
	dst = append(dst, `,"line":`...)
	dst = strconv.AppendInt(dst, int64(o.Line), 10)
	if o.Columns != nil {
		dst = append(dst, `,"columns":`...)
		dst = appendJSONStrings(dst, o.Columns)
		dst = append(dst, `,"rows":[`...)
		for i, row := range o.Rows {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONStrings(dst, row)
		}
		dst = append(dst, ']')
	}
	if len(o.Nulls) > 0 {
		dst = append(dst, `,"nulls":[`...)
		for i, n := range o.Nulls {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, '[')
			dst = strconv.AppendInt(dst, int64(n[0]), 10)
			dst = append(dst, ',')
			dst = strconv.AppendInt(dst, int64(n[1]), 10)
			dst = append(dst, ']')
		}
		dst = append(dst, ']')
	}
	if o.Text != "" {
		dst = append(dst, `,"text":`...)
		dst = jsonenc.AppendString(dst, o.Text)
	}
	dst = append(dst, `,"warnings":`...)
	dst = appendJSONStrings(dst, o.Warnings)
	if o.Error != nil {
		dst = append(dst, `,"error":`...)
		dst = AppendErrorJSON(dst, o.Error)
	}
	if o.Plan != nil {
		dst = append(dst, `,"plan":`...)
		dst = appendPlanJSON(dst, o.Plan)
	}
	if t := o.Trace; t != nil {
		dst = append(dst, `,"trace":{"session":`...)
		dst = jsonenc.AppendString(dst, t.Session)
		dst = append(dst, `,"note":`...)
		dst = jsonenc.AppendString(dst, t.Note)
		dst = append(dst, `,"text":`...)
		dst = jsonenc.AppendString(dst, t.Text())
		dst = append(dst, '}')
	}
	return append(dst, '}')
}

// isPlainWrite reports whether o is a write that went well: no result set,
// nulls, text, warnings or error, and a plan that read nothing. A script of
// a hundred thousand INSERTs replies a hundred thousand of them.
func (o *Outcome) isPlainWrite() bool {
	return o.Columns == nil && len(o.Nulls) == 0 && o.Text == "" && len(o.Warnings) == 0 && o.Error == nil && o.Trace == nil &&
		o.Plan != nil && readNothing(o.Plan)
}

// appendPlainWriteJSON writes a plain write's outcome, the same bytes as
// appendJSON, with the constant text between its values in as few appends
// as it can: in WebAssembly each append of more than a byte is a
// memory.copy, a call out of the module's code, and appendJSON made
// seventeen of them for a W1 outcome, this ten.
func (o *Outcome) appendPlainWriteJSON(dst []byte) []byte {
	p := o.Plan
	dst = append(dst, `{"statement":"`...)
	dst = jsonenc.AppendStringContent(dst, o.Statement)
	dst = append(dst, `","line":`...)
	dst = appendSmallInt(dst, int64(o.Line))
	if p.Kind == "write" {
		dst = append(dst, `,"warnings":[],"plan":{"kind":"write","table":"`...)
	} else {
		dst = append(dst, `,"warnings":[],"plan":{"kind":"`...)
		dst = jsonenc.AppendStringContent(dst, p.Kind)
		dst = append(dst, `","table":"`...)
	}
	dst = jsonenc.AppendStringContent(dst, p.Table)
	dst = append(dst, `","partitionsRead":0,"rowsRead":0,"rowsReturned":0,"cellsRead":0,"tombstonesScanned":0,"filtering":false,"index":"","allPartitions":false,"partitions":[`...)
	dst = appendPlanLists(dst, p)
	return append(dst, "]}}"...)
}

// appendSmallInt is strconv.AppendInt in base 10, with a one-digit value
// (a node number, most lines of a lesson) written as one byte rather than
// copied from strconv's table of small numbers.
func appendSmallInt(dst []byte, v int64) []byte {
	if v >= 0 && v < 10 {
		return append(dst, byte('0'+v))
	}
	return strconv.AppendInt(dst, v, 10)
}

// MarshalJSON implements encoding/json.Marshaler with the same bytes as
// AppendJSON, so the engine's JSON has one definition.
func (o Outcome) MarshalJSON() ([]byte, error) {
	return o.AppendJSON(nil), nil
}

// sizeHint estimates the length of o's JSON (exact for ASCII text needing no
// escapes), so the reply is allocated once rather than grown a dozen times.
func (o *Outcome) sizeHint() int {
	n := 64 + len(o.Statement) + len(o.Text) + 8*len(o.Nulls)
	for _, c := range o.Columns {
		n += len(c) + 3
	}
	for _, row := range o.Rows {
		n += 3
		for _, v := range row {
			n += len(v) + 3
		}
	}
	for _, w := range o.Warnings {
		n += len(w) + 3
	}
	if o.Error != nil {
		n += 128 + len(o.Error.Message) + len(o.Error.Why) + len(o.Error.Fix)
	}
	if o.Trace != nil {
		n += 160 * (len(o.Trace.Events) + 4)
	}
	if o.Plan != nil {
		n += 256 + len(o.Plan.Table) + len(o.Plan.Index) + 21*len(o.Plan.Partitions) + 4*len(o.Plan.Nodes)
	}
	return n
}

// appendPlanJSON writes every Plan field, present or zero, so the page reads
// one fixed shape.
func appendPlanJSON(dst []byte, p *Plan) []byte {
	dst = append(dst, `{"kind":`...)
	dst = jsonenc.AppendString(dst, p.Kind)
	dst = append(dst, `,"table":`...)
	dst = jsonenc.AppendString(dst, p.Table)
	if readNothing(p) {
		// A write's plan, every time: one copy rather than sixteen.
		dst = append(dst, `,"partitionsRead":0,"rowsRead":0,"rowsReturned":0,"cellsRead":0,"tombstonesScanned":0,"filtering":false,"index":"","allPartitions":false`...)
		return appendPlanKeys(dst, p)
	}
	dst = appendIntField(dst, `,"partitionsRead":`, p.PartitionsRead)
	dst = appendIntField(dst, `,"rowsRead":`, p.RowsRead)
	dst = appendIntField(dst, `,"rowsReturned":`, p.RowsReturned)
	dst = appendIntField(dst, `,"cellsRead":`, p.CellsRead)
	dst = appendIntField(dst, `,"tombstonesScanned":`, p.TombstonesScanned)
	dst = append(dst, `,"filtering":`...)
	dst = strconv.AppendBool(dst, p.Filtering)
	dst = append(dst, `,"index":`...)
	dst = jsonenc.AppendString(dst, p.Index)
	dst = append(dst, `,"allPartitions":`...)
	dst = strconv.AppendBool(dst, p.AllPartitions)
	return appendPlanKeys(dst, p)
}

// readNothing reports whether every counter and flag of p is zero, as a
// write's plan's are.
func readNothing(p *Plan) bool {
	return p.PartitionsRead == 0 && p.RowsRead == 0 && p.RowsReturned == 0 && p.CellsRead == 0 && p.TombstonesScanned == 0 &&
		!p.Filtering && p.Index == "" && !p.AllPartitions
}

// appendPlanKeys ends a plan's JSON with its partitions and nodes.
func appendPlanKeys(dst []byte, p *Plan) []byte {
	dst = append(dst, `,"partitions":[`...)
	dst = appendPlanLists(dst, p)
	return append(dst, "]}"...)
}

// appendPlanLists writes the partitions' tokens (as strings: JavaScript
// numbers cannot hold every 64-bit token), `],"nodes":[` and the nodes,
// between the brackets its callers write.
func appendPlanLists(dst []byte, p *Plan) []byte {
	for i, t := range p.Partitions {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '"')
		dst = strconv.AppendInt(dst, t, 10)
		dst = append(dst, '"')
	}
	dst = append(dst, `],"nodes":[`...)
	for i, n := range p.Nodes {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendSmallInt(dst, int64(n))
	}
	return dst
}

func appendIntField(dst []byte, key string, v int) []byte {
	dst = append(dst, key...)
	return strconv.AppendInt(dst, int64(v), 10)
}

// appendJSONStrings writes ss as a JSON array of strings; nil is [].
func appendJSONStrings(dst []byte, ss []string) []byte {
	dst = append(dst, '[')
	for i, s := range ss {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = jsonenc.AppendString(dst, s)
	}
	return append(dst, ']')
}
