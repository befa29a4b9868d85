package engine

import (
	"strconv"

	"github.com/cqlplay/cqlplay/engine/jsonenc"
	"github.com/cqlplay/cqlplay/engine/layout"
)

// Elision is one partition a bounded layout summarised (layout.Elision),
// for the packages outside engine/.
type Elision = layout.Elision

// AppendJSON appends r as the WebAssembly bridge's cqlplay.layout and
// `cqlplay run --json --layout` give it, one object whose keys say what the
// request asked for:
//
//	{"form":"map","table":"","map":{...}}     the "map" (or "summary") form's model, as JSON
//	{"form":"cli","table":"t","text":"..."}    every other form, as text
//
// (so a reader parses one object and the model is not JSON inside a
// string), then, as they apply:
//
//	,"statement":3,"changes":[{"kind":"tombstone","table":"ks.t","partition":"1","clustering":"2","column":"@row"},...]
//	    a request that travelled: a Change's "static" and "path" only when set;
//	,"fill":{"line":70,"table":"ks.t","rows":100000},"changes":[]
//	    a request after a -- @fill: what it wrote, no changes listed;
//	,"replaces":3
//	    a request of more rows: what the page replaces;
//	,"elided":[{"table":"ks.t","token":"-42","key":"sensor-01","rows":2500,"left":2494,"bytes":90000,"at":3}]
//	    a request within bounds: at is the index in the partition's rows of
//	    the first row after the gap in the "map" form, the line standing for
//	    the gap in a text form; an entry with "partitions": N is the line of
//	    a text form saying that N partitions of the table were left out, its
//	    other fields zero.
func (r *LayoutResult) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"form":`...)
	dst = jsonenc.AppendString(dst, r.Form)
	dst = append(dst, `,"table":`...)
	dst = jsonenc.AppendString(dst, r.Table)
	if r.Form == "map" || r.Form == "summary" {
		dst = append(dst, `,"map":`...)
		dst = append(dst, r.Layout...)
	} else {
		dst = append(dst, `,"text":`...)
		dst = jsonenc.AppendString(dst, r.Layout)
	}
	if r.Travel {
		dst = append(dst, `,"statement":`...)
		dst = strconv.AppendInt(dst, int64(r.Statement), 10)
		dst = appendChanges(dst, r.Changes)
	}
	if f := r.Fill; f != nil {
		dst = append(dst, `,"fill":{"line":`...)
		dst = strconv.AppendInt(dst, int64(f.Line), 10)
		dst = append(dst, `,"table":`...)
		dst = jsonenc.AppendString(dst, f.Table)
		dst = append(dst, `,"rows":`...)
		dst = strconv.AppendInt(dst, int64(f.Rows), 10)
		dst = append(dst, `},"changes":[]`...)
	}
	if r.More {
		dst = append(dst, `,"replaces":`...)
		dst = strconv.AppendInt(dst, int64(r.Replaces), 10)
	}
	if r.Bounded {
		dst = appendElisions(dst, r.Elided)
	}
	return append(dst, '}')
}

// appendChanges appends ,"changes":[...].
func appendChanges(dst []byte, changes []Change) []byte {
	dst = append(dst, `,"changes":[`...)
	for i, c := range changes {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"kind":`...)
		dst = jsonenc.AppendString(dst, c.Kind)
		dst = append(dst, `,"table":`...)
		dst = jsonenc.AppendString(dst, c.Table)
		dst = append(dst, `,"partition":`...)
		dst = jsonenc.AppendString(dst, c.Partition)
		dst = append(dst, `,"clustering":`...)
		dst = jsonenc.AppendString(dst, c.Clustering)
		if c.Static {
			dst = append(dst, `,"static":true`...)
		}
		dst = append(dst, `,"column":`...)
		dst = jsonenc.AppendString(dst, c.Column)
		if c.Path != "" {
			dst = append(dst, `,"path":`...)
			dst = jsonenc.AppendString(dst, c.Path)
		}
		dst = append(dst, '}')
	}
	return append(dst, ']')
}

// appendElisions appends ,"elided":[...].
func appendElisions(dst []byte, elided []Elision) []byte {
	dst = append(dst, `,"elided":[`...)
	for i, e := range elided {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"table":`...)
		dst = jsonenc.AppendString(dst, e.Table)
		dst = append(dst, `,"token":"`...)
		dst = strconv.AppendInt(dst, e.Token, 10)
		dst = append(dst, `","key":`...)
		dst = jsonenc.AppendString(dst, e.Key)
		dst = append(dst, `,"rows":`...)
		dst = strconv.AppendInt(dst, int64(e.Rows), 10)
		dst = append(dst, `,"left":`...)
		dst = strconv.AppendInt(dst, int64(e.Left), 10)
		dst = append(dst, `,"bytes":`...)
		dst = strconv.AppendInt(dst, int64(e.Bytes), 10)
		dst = append(dst, `,"at":`...)
		dst = strconv.AppendInt(dst, int64(e.At), 10)
		if e.Partitions > 0 {
			dst = append(dst, `,"partitions":`...)
			dst = strconv.AppendInt(dst, int64(e.Partitions), 10)
		}
		dst = append(dst, '}')
	}
	return append(dst, ']')
}
